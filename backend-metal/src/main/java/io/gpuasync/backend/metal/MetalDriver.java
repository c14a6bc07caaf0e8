package io.gpuasync.backend.metal;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.gpuasync.backend.metal.internal.Block;
import io.gpuasync.backend.metal.internal.Foundation;
import io.gpuasync.backend.metal.internal.MTLSize;
import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.ObjC;
import io.gpuasync.backend.metal.internal.Pool;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.MappedLine;
import io.gpuasync.spi.StoreWaits;
import io.gpuasync.spi.ffm.DeadlinePoll;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The Metal driver table of a mapped line. Domain: an {@code id<MTLDevice>}, retained by the
 * line. Page: the line's own page-aligned page (one system page: 16 KiB on Apple silicon),
 * wrapped as a shared-storage {@code MTLBuffer} without a copy ({@link #allocHost}); Metal has no device address a command could store to, so
 * the line's "device address" is that host address, and a store finds its buffer and offset from
 * it. Stream: an {@code MTLCommandQueue}, of the line's domain when {@code [queue device]} is the
 * line's device.
 *
 * <p>A store of N into slot k on a queue is one command buffer that
 * <ol>
 * <li>orders itself behind the work queued before it: it signals the line's private {@code
 *     MTLEvent} for that queue with the queue's next fence value, then waits for that value.
 *     Metal signals an event only once all commands scheduled before the signal have finished,
 *     and runs nothing after a wait before the value is reached. Without the fence, only hazard
 *     tracking (commands sharing a resource) would order the kernel, and the user's work shares
 *     none with the line's buffer, so the store could land before the work it follows;
 * <li>runs a one-thread kernel storing N into the word ({@link MetalKernels}); and is committed.
 * </ol>
 * <p>A second command buffer then signals, past the store's command buffer boundary: the
 * queue's store event with the count of the line's stores on that queue, where the driver's
 * own store wait is on ({@link MetalStoreWaits}: macOS 12, iOS 15); and, only for a slot some
 * queue waits on ({@link #waitValue}), slot k's {@code MTLSharedEvent} with N.
 *
 * <p>Known risks, none of which the fake on Linux can settle for real hardware:
 * <ul>
 * <li>Metal makes shared storage coherent only at command buffer boundaries: the word may become
 *     visible to the host only when its command buffer completes: late, never early. A memory
 *     fence in the kernel could make it visible sooner (Apple's MLX signals that way), but it
 *     relies on a memory scope Metal does not document. Settling therefore waits for the last
 *     store's command buffer to complete, not only for its event.
 * <li>Two command buffers per store (the store's, and the signal after it): a queue holds at
 *     most 64 uncompleted command buffers by default ({@code maxCommandBufferCount}), so 32
 *     stores, after which {@code commandBuffer} "blocks the calling CPU thread when the queue
 *     doesn't have any free command buffers" until one completes. A line signalled faster than
 *     its queue drains therefore throttles its caller; batching stores into fewer command
 *     buffers is not done. The blocked caller holds no lock
 *     of the driver's and not the line's own lock (only {@code MappedLine}'s queueing lock, which
 *     orders stores): the health check, {@code lastSignalled} and a close (within its bound,
 *     keeping the page while that store is on its way) do not wait for it. A settle's own
 *     command buffer ({@link #settle}) can block the same way, on the line's settler thread,
 *     which the line stops listening to at its deadline.
 * <li>On GPUs without 64-bit atomics the store is a plain 64-bit store (see {@link MetalKernels}).
 * <li>A user's command buffer that fails does not fail the tickets behind it: the fence's event is
 *     signalled after it all the same, and {@link #checkHealth} reads only the line's own buffers
 *     (see {@link MetalBackend}).
 * <li>That the user's results are visible to the CPU once the word is: Apple guarantees shared
 *     storage coherent "only at command buffer boundaries", and the store's command buffer starts
 *     after the user's work finished; no page says more ({@code MetalUserDataVisibilityTest}).
 * </ul>
 */
final class MetalDriver implements LineDriver<MetalQueue, MetalDomain> {
    private static final long STATUS_COMPLETED = 4;
    private static final long STATUS_ERROR = 5;

    // Every device's kernels, compiled once for the process and kept, as the devices are: a
    // cache per driver (per MetalBackend.load()) would compile them again, and keep another
    // 8-byte buffer, for each backend loaded.
    private static final Map<Long, MetalKernels> KERNELS = new ConcurrentHashMap<>();

    private final LongSupplier currentDevice;
    // The live lines' buffers by their contents: a store names only an address.
    private final Map<Long, MetalDomain> pages = new ConcurrentHashMap<>();
    // Whether shared events answer waitUntilSignaledValue:timeoutMS:, asked of the first one
    // made: 0 before, 1 yes, -1 no. One system, one answer.
    private volatile int sharedEventWaits;
    private final MetalStoreWaits storeWaits = new MetalStoreWaits();

    MetalDriver(LongSupplier currentDevice) {
        this.currentDevice = currentDevice;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Where shared events can be waited on ({@link #sharedEventWaits}, macOS 12, iOS 15): each
     * store then costs a second command buffer, which signals its queue's store event. Null
     * before, and where no shared event can be made to ask: hosts poll.
     */
    @Override
    public StoreWaits<MetalQueue, MetalDomain> storeWaits() {
        try {
            return sharedEventWaits(currentDevice.getAsLong()) ? storeWaits : null;
        } catch (LineException noEvent) {
            return null;
        }
    }

    // Whether storeWaits() said yes: the stores then signal their queue's store event.
    private boolean storeWaitsOn() {
        return sharedEventWaits > 0;
    }

    /**
     * Whether this system's shared events have {@code waitUntilSignaledValue:timeoutMS:}, which
     * MTLEvent.h declares {@code API_AVAILABLE(macos(12.0), ios(15.0))} on a protocol older than
     * that: asked once, of a shared event made on {@code device} for the question.
     */
    boolean sharedEventWaits(long device) throws LineException {
        int known = sharedEventWaits;
        if (known == 0) {
            long event = Msg.word(device, Sel.NEW_SHARED_EVENT);
            if (event == 0) {
                throw MetalStatus.nil("newSharedEvent");
            }
            try {
                known = Msg.responds(event, Sel.WAIT_UNTIL_SIGNALED_VALUE_TIMEOUT_MS) ? 1 : -1;
            } finally {
                ObjC.objc_release(event);
            }
            sharedEventWaits = known;
        }
        return known > 0;
    }

    @Override
    public MetalDomain retainCurrent() throws LineException {
        long device = currentDevice.getAsLong();
        if (device == 0) {
            throw new LineException(LineError.NO_DOMAIN, "MTLCreateSystemDefaultDevice");
        }
        MetalKernels compiled = kernelsFor(device);
        String name;
        try (Pool pool = Pool.push()) {
            name = Foundation.text(Msg.word(device, Sel.NAME));
        }
        ObjC.objc_retain(device);
        return new MetalDomain(device, name, compiled);
    }

    static MetalKernels kernelsFor(long device) throws LineException {
        return kernelsFor(KERNELS, device);
    }

    /** The kernels of {@code device} in {@code cache}, compiled on the first call; a failed compile is not kept. */
    static MetalKernels kernelsFor(Map<Long, MetalKernels> cache, long device) throws LineException {
        MetalKernels compiled = cache.get(device);
        if (compiled == null) {
            // Never inside a pool: a virtual thread blocked on this monitor may resume on
            // another carrier (see Pool). compile pushes its own.
            synchronized (cache) {
                compiled = cache.get(device);
                if (compiled == null) {
                    compiled = MetalKernels.compile(device);
                    cache.put(device, compiled);
                }
            }
        }
        return compiled;
    }

    @Override
    public void release(MetalDomain domain) {
        synchronized (domain.lock) {
            for (MetalDomain.QueueUse use : domain.queues.values()) {
                releaseIfSet(use.lastStore);
                releaseIfSet(use.fence);
                releaseIfSet(use.storeEvent);
                use.storeEvent = 0;
            }
            domain.queues.clear();
            domain.indexed = new MetalDomain.QueueUse[0];
            for (int k = 0; k < domain.landed.length; k++) {
                releaseIfSet(domain.landed[k]);
                domain.landed[k] = 0;
            }
            domain.value.close();
        }
        ObjC.objc_release(domain.device);
    }

    private static final long SETTLE_SLICE_MILLIS = 10;

    private static void releaseIfSet(long object) {
        if (object != 0) {
            ObjC.objc_release(object);
        }
    }

    /**
     * The line's own page: {@code bytes} rounded up to the system's page size, page-aligned,
     * zeroed, wrapped without a copy as a shared-storage buffer ({@code
     * newBufferWithBytesNoCopy:length:options:deallocator:}), as CUDA and HIP register the line's
     * own page. Apple promises the alignment the line and the stores' {@code address & -PAGE}
     * lookup need only there: "A page-aligned pointer to the starting memory address", and a
     * length "that results in a page-aligned region of memory"; of {@code newBufferWithLength:}'s
     * contents it promises nothing. The deallocator block frees the allocation once Metal
     * deallocates the buffer, which it does only after the last command buffer that uses it let
     * go, so the page is never freed under a pending store.
     */
    @Override
    public MemorySegment allocHost(MetalDomain domain, long bytes) throws LineException {
        long pageSize = ObjC.getpagesize();
        long length = (bytes + pageSize - 1) / pageSize * pageSize;
        long allocation = Native.malloc(length + pageSize - 1);
        if (allocation == 0) {
            throw new LineException(LineError.ofStatus(MetalStatus.NIL_RESULT), "malloc(" + (length + pageSize - 1)
                    + ") for the page of a line returned NULL");
        }
        long page = (allocation + pageSize - 1) & -pageSize;
        new Pointer(page).setMemory(0, length, (byte) 0);
        long buffer;
        try (Memory deallocator = PageDeallocator.BLOCK.literal(allocation)) {
            buffer = Msg.word(domain.device, Sel.NEW_BUFFER_WITH_BYTES_NO_COPY, page, length,
                    MetalKernels.STORAGE_MODE_SHARED, Pointer.nativeValue(deallocator));
        }
        if (buffer == 0) {
            Native.free(allocation);
            throw MetalStatus.nil("newBufferWithBytesNoCopy:0x" + Long.toHexString(page) + " length:" + length
                    + " options:MTLResourceStorageModeShared deallocator:");
        }
        long contents = Msg.word(buffer, Sel.CONTENTS);
        if (contents != page) {
            // Releasing it runs the deallocator, which frees the allocation.
            ObjC.objc_release(buffer);
            throw new LineException(LineError.ofStatus(MetalStatus.NIL_RESULT), "newBufferWithBytesNoCopy: made a buffer"
                    + " whose contents are at 0x" + Long.toHexString(contents) + ", not the line's page at 0x"
                    + Long.toHexString(page));
        }
        synchronized (domain.lock) {
            domain.buffer = buffer;
            domain.contents = contents;
        }
        pages.put(contents, domain);
        return MemorySegment.ofAddress(contents);
    }

    /**
     * The one deallocator block of the process ({@code void (^)(void *pointer, NSUInteger
     * length)}), capturing the allocation that holds the page: Metal calls its copy, on whatever
     * thread lets the buffer go, once.
     */
    private static final class PageDeallocator {
        static final Block BLOCK = new Block((block, pointer, length) -> Native.free(Block.captured(block)),
                "metal-page-deallocator");
    }

    @Override
    public long deviceAddress(MetalDomain domain, MemorySegment host) {
        return host.address();
    }

    @Override
    public void freeHost(MetalDomain domain, MemorySegment host) {
        synchronized (domain.lock) {
            pages.remove(host.address());
            if (domain.buffer != 0 && domain.contents == host.address()) {
                // Metal deallocates the buffer once no command buffer holds it any more; its
                // deallocator frees the page then.
                ObjC.objc_release(domain.buffer);
                domain.buffer = 0;
                domain.contents = 0;
            } else {
                MetalStatus.NAMES.warn("freeHost of 0x" + Long.toHexString(host.address()) + ", not the buffer of " + domain);
            }
        }
    }

    // In a pool: an atomic property's getter may hand back its object retained and autoreleased.
    @Override
    public boolean streamIn(MetalQueue queue, MetalDomain domain) {
        try (Pool pool = Pool.push()) {
            return Msg.word(queue.handle(), Sel.DEVICE) == domain.device;
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>Holds no lock of the driver's while it talks to the queue: {@code [queue commandBuffer]}
     * "blocks the calling CPU thread when the queue doesn't have any free command buffers"
     * (Apple, {@code makeCommandBuffer()}; 64 uncompleted by default), and a health check must
     * not wait behind it. The line calls this for one store or wait at a time, so what it keeps
     * per queue (the fence's next value) needs no lock; the domain's lock guards only what the
     * health check reads, and is held for a few field updates, never across a send that can block.
     */
    @Override
    public void writeValue(MetalQueue queue, long address, long value) throws LineException {
        MetalDomain domain = lineOf(address, "a store into 0x");
        int slot = slotOf(domain, address);
        MetalDomain.QueueUse use = use(domain, queue);
        long commands;
        try (Pool pool = Pool.push()) {
            commands = fencedCommandBuffer(queue, use);
            long encoder = Msg.word(commands, Sel.COMPUTE_COMMAND_ENCODER);
            if (encoder == 0) {
                throw MetalStatus.nil("computeCommandEncoder");
            }
            domain.value.setLong(0, value);
            Msg.send(encoder, Sel.SET_COMPUTE_PIPELINE_STATE, domain.kernels.store);
            Msg.send(encoder, Sel.SET_BUFFER_OFFSET_AT_INDEX, domain.buffer, address - domain.contents, 0);
            Msg.send(encoder, Sel.SET_BYTES_LENGTH_AT_INDEX, Pointer.nativeValue(domain.value), Long.BYTES, 1);
            Msg.send(encoder, Sel.DISPATCH_THREADGROUPS_THREADS_PER_THREADGROUP, domain.one, domain.one);
            Msg.send(encoder, Sel.END_ENCODING);
            Msg.send(commands, Sel.COMMIT);
            // Kept beyond the pool: settle and the health check read its status.
            ObjC.objc_retain(commands);
        }
        synchronized (domain.lock) {
            domain.committed[slot] = Math.max(domain.committed[slot], value);
            domain.storeQueue[slot] = queue;
        }
        keepAsLast(domain, use, commands);
        boolean counted = storeWaitsOn() && storeEvent(domain, use) != 0;
        if (domain.waitedOn[slot] || counted) {
            signalBehind(domain, queue, slot, value, domain.waitedOn[slot], counted ? use : null);
        }
    }

    /**
     * From one command buffer of its own, committed on {@code queue} after the store of {@code
     * value} into {@code slot}, signals: with {@code announce} (a queue waits on the device for
     * the slot), the slot's shared event with {@code value}; with {@code counted} (the driver's
     * store waits, {@link MetalStoreWaits}), the queue's store event with its next count. So past
     * that store's command buffer boundary, the only point at which Apple guarantees shared
     * storage coherent ("coherency is only guaranteed at command buffer boundaries",
     * MTLResource.h), and after every command before it finished ("a signal command after
     * encoding the producing workload", MTLEvent): whoever waits for either event runs on only
     * once the word, and the user's work before the store, are there for the CPU too. Not kept
     * as the queue's last buffer of the line: the health check reads the store's own status,
     * which a signal after it does not share, and a settle's own command buffer ({@link
     * #settle}) completes only after this one did. A store whose count could not be signalled
     * (no command buffer, and nothing to announce) has no store wait token: hosts poll for it.
     */
    private static void signalBehind(MetalDomain domain, MetalQueue queue, int slot, long value, boolean announce,
                                     MetalDomain.QueueUse counted) throws LineException {
        long landed = announce ? landedEvent(domain, slot) : 0;
        long signals = counted == null ? 0 : counted.storeSignals + 1;
        long commands;
        try (Pool pool = Pool.push()) {
            commands = Msg.word(queue.handle(), Sel.COMMAND_BUFFER);
            if (commands == 0) {
                if (announce) {
                    throw MetalStatus.nil("-[" + queue + " commandBuffer]");
                }
                return;
            }
            if (announce) {
                Msg.send(commands, Sel.ENCODE_SIGNAL_EVENT_VALUE, landed, value);
            }
            if (counted != null) {
                Msg.send(commands, Sel.ENCODE_SIGNAL_EVENT_VALUE, counted.storeEvent, signals);
            }
            Msg.send(commands, Sel.COMMIT);
        }
        if (announce) {
            synchronized (domain.lock) {
                domain.announced[slot] = Math.max(domain.announced[slot], value);
            }
        }
        if (counted != null) {
            counted.signalledAddress = domain.contents + (long) slot * Long.BYTES;
            counted.signalledValue = value;
            counted.storeSignals = signals;
        }
    }

    /**
     * A command buffer of {@code queue} (inside the caller's pool) that runs nothing before the
     * work committed on the queue ahead of it has finished: it signals the line's private event
     * for the queue with the next fence value, then waits for that value. Metal signals an event
     * only once all commands scheduled before the signal have finished. A fence value is never
     * reused, even if the buffer is never committed: a later buffer's wait still follows its own
     * signal.
     */
    private static long fencedCommandBuffer(MetalQueue queue, MetalDomain.QueueUse use) throws LineException {
        long commands = Msg.word(queue.handle(), Sel.COMMAND_BUFFER);
        if (commands == 0) {
            throw MetalStatus.nil("-[" + queue + " commandBuffer]");
        }
        long fence = ++use.fenceValue;
        Msg.send(commands, Sel.ENCODE_SIGNAL_EVENT_VALUE, use.fence, fence);
        Msg.send(commands, Sel.ENCODE_WAIT_FOR_EVENT_VALUE, use.fence, fence);
        return commands;
    }

    // commands (retained) becomes the queue's last buffer of the line, which settle waits for
    // and the health check reads; the previous one is released outside the lock, where no
    // health check can still be reading it.
    private static void keepAsLast(MetalDomain domain, MetalDomain.QueueUse use, long commands) {
        long previous;
        synchronized (domain.lock) {
            previous = use.lastStore;
            use.lastStore = commands;
        }
        releaseIfSet(previous);
    }

    private MetalDomain lineOf(long address, String what) throws LineException {
        MetalDomain domain = pages.get(address & -MappedLine.PAGE);
        if (domain == null) {
            throw new LineException(LineError.ofStatus(MetalStatus.NOT_A_LINE_WORD), what
                    + Long.toHexString(address) + ", which is no word of a live Metal line");
        }
        return domain;
    }

    private static int slotOf(MetalDomain domain, long address) throws LineException {
        long offset = address - domain.contents;
        if (offset < 0 || offset >= (long) Long.BYTES * domain.landed.length || offset % Long.BYTES != 0) {
            throw new LineException(LineError.ofStatus(MetalStatus.NOT_A_LINE_WORD), "0x" + Long.toHexString(address)
                    + " is not one of the 8 words of the line at 0x" + Long.toHexString(domain.contents));
        }
        return (int) (offset / Long.BYTES);
    }

    // Made on a slot's first store or wait, by the one caller the line lets in at a time; under
    // the lock only so that release and the health check see the arrays and map whole.
    // newSharedEvent and newEvent make an object; neither waits for the device.
    private static long landedEvent(MetalDomain domain, int slot) throws LineException {
        synchronized (domain.lock) {
            if (domain.landed[slot] == 0) {
                long event = Msg.word(domain.device, Sel.NEW_SHARED_EVENT);
                if (event == 0) {
                    throw MetalStatus.nil("newSharedEvent");
                }
                domain.landed[slot] = event;
            }
            return domain.landed[slot];
        }
    }

    private static MetalDomain.QueueUse use(MetalDomain domain, MetalQueue queue) throws LineException {
        synchronized (domain.lock) {
            MetalDomain.QueueUse use = domain.queues.get(queue);
            if (use == null) {
                long fence = Msg.word(domain.device, Sel.NEW_EVENT);
                if (fence == 0) {
                    throw MetalStatus.nil("newEvent");
                }
                MetalDomain.QueueUse[] indexed = domain.indexed;
                use = new MetalDomain.QueueUse(indexed.length, fence);
                domain.queues.put(queue, use);
                indexed = Arrays.copyOf(indexed, indexed.length + 1);
                indexed[use.index] = use;
                domain.indexed = indexed;
            }
            return use;
        }
    }

    // The queue's store event, made on its first store: 0 if Metal made none (hosts then poll
    // for its stores). newSharedEvent makes an object and does not wait for the device.
    private static long storeEvent(MetalDomain domain, MetalDomain.QueueUse use) {
        synchronized (domain.lock) {
            if (use.storeEvent == 0) {
                use.storeEvent = Msg.word(domain.device, Sel.NEW_SHARED_EVENT);
            }
            return use.storeEvent;
        }
    }

    /**
     * Waits, until the line's deadline, for every store and device-side wait committed into
     * the line: for each queue's last command buffer of the line (a store's or a wait's) to
     * complete, since only then is a stored word sure to be visible (see the class comment) and
     * a waiting queue past its wait; each queue runs its buffers in order, so its last one
     * completing means all did. Then, on each queue the line used, one command buffer more
     * that signals an event of its own, waited for ({@code waitUntilSignaledValue:timeoutMS:},
     * macOS 12; polled before) in short slices: Metal signals only after every command buffer
     * committed before it on the queue completed, so whatever the queue ran behind the line's
     * last buffer (work another line queued after a device-side wait on this one) is done as
     * well when the settle returns. A
     * failed command buffer fails the settle at once; the deadline passing fails it too: the line
     * keeps its buffer and its device reference.
     */
    @Override
    public boolean settle(MetalDomain domain, List<MetalQueue> streams, long deadline) {
        // Waited for outside the domain's lock, so a health check is not held up by a settle.
        // Nothing is released meanwhile: the line calls release only after settle returned, and
        // queues no store while it settles.
        List<Map.Entry<MetalQueue, Long>> lastStores = new ArrayList<>();
        synchronized (domain.lock) {
            // A queue whose every store or wait of the line failed before its commit (no command
            // buffer, no encoder) holds nothing of the line's: [nil status] would read 0,
            // NotEnqueued, until the deadline, and the line would be leaked for nothing.
            domain.queues.forEach((queue, use) -> {
                if (use.lastStore != 0) {
                    lastStores.add(Map.entry(queue, use.lastStore));
                }
            });
        }
        // Each queue's last command buffer of the line first: one that failed fails the settle
        // at once. Each of the line's buffers starts after those before it on its queue finished
        // (the fence, or a signal's own rule), so the last one completing means all did.
        for (Map.Entry<MetalQueue, Long> last : lastStores) {
            if (!completed(last.getValue(), deadline, last.getKey(), domain)) {
                return false;
            }
        }
        // Then whatever each queue committed since (line19): without it, a queue that waited on
        // the device for this line's word could run the work behind that wait after the close
        // returned, since the wait's own buffer completing says nothing of the buffers after it.
        for (Map.Entry<MetalQueue, Long> last : lastStores) {
            if (!drained(last.getKey(), domain, deadline)) {
                return false;
            }
        }
        return true;
    }

    // One command buffer that signals a shared event of its own, after (as Metal signals) every
    // buffer committed before it on the queue completed; waited for until the deadline, in short
    // slices so that a buffer that failed ends the wait at once; polled where the system has no
    // waitUntilSignaledValue:timeoutMS:.
    private boolean drained(MetalQueue queue, MetalDomain domain, long deadline) {
        boolean waits;
        try {
            waits = sharedEventWaits(domain.device);
        } catch (LineException noEvent) {
            waits = false;
        }
        long event = Msg.word(domain.device, Sel.NEW_SHARED_EVENT);
        if (event == 0) {
            MetalStatus.NAMES.warn("no shared event to settle " + queue + " of a line on " + domain + ": the line keeps its buffer");
            return false;
        }
        long commands;
        try (Pool pool = Pool.push()) {
            commands = Msg.word(queue.handle(), Sel.COMMAND_BUFFER);
            if (commands != 0) {
                ObjC.objc_retain(commands);
                Msg.send(commands, Sel.ENCODE_SIGNAL_EVENT_VALUE, event, 1L);
                Msg.send(commands, Sel.COMMIT);
            }
        }
        if (commands == 0) {
            ObjC.objc_release(event);
            MetalStatus.NAMES.warn("no command buffer to settle " + queue + " of a line on " + domain + ": the line keeps its buffer");
            return false;
        }
        try {
            DeadlinePoll poll = new DeadlinePoll(deadline);
            while (true) {
                long left = deadline - System.nanoTime();
                long millis = left <= 0 ? 0 : Math.max(1, Math.min(SETTLE_SLICE_MILLIS, Duration.ofNanos(left).toMillis()));
                boolean signalled = waits ? Msg.bool(event, Sel.WAIT_UNTIL_SIGNALED_VALUE_TIMEOUT_MS, 1L, millis)
                        : Msg.word(event, Sel.SIGNALED_VALUE) >= 1;
                if (signalled) {
                    return true;
                }
                if (Msg.word(commands, Sel.STATUS) == STATUS_ERROR) {
                    MetalStatus.NAMES.warn("the settle's command buffer on " + queue + " for a line on " + domain + " failed: "
                            + commandBufferError(commands) + "; the line keeps its buffer");
                    return false;
                }
                if (System.nanoTime() - deadline > 0) {
                    MetalStatus.NAMES.warn("the work queued on " + queue + " before a line on " + domain
                            + " closed did not complete by the line's settle deadline: the line keeps its buffer");
                    return false;
                }
                if (!waits) {
                    poll.pause();
                }
            }
        } finally {
            ObjC.objc_release(commands);
            ObjC.objc_release(event);
        }
    }

    // No blocks here, so no completion handler: the status is polled, rarely, as the event
    // wait above has usually outlasted the command buffer already.
    private static boolean completed(long commands, long deadline, MetalQueue queue, MetalDomain domain) {
        DeadlinePoll poll = new DeadlinePoll(deadline);
        while (true) {
            long status = Msg.word(commands, Sel.STATUS);
            if (status == STATUS_COMPLETED) {
                return true;
            }
            if (status == STATUS_ERROR) {
                MetalStatus.NAMES.warn("the last store on " + queue + " into a line on " + domain + " failed: "
                        + commandBufferError(commands) + "; the line keeps its buffer");
                return false;
            }
            if (!poll.pause()) {
                MetalStatus.NAMES.warn("the last store on " + queue + " into a line on " + domain
                        + " did not complete by the line's settle deadline: the line keeps its buffer");
                return false;
            }
        }
    }

    private static String commandBufferError(long commands) {
        try (Pool pool = Pool.push()) {
            return Foundation.describeError(Msg.word(commands, Sel.ERROR));
        }
    }

    /**
     * Whether the line's stores can still run: throws the error of a failed command buffer.
     * Sends only {@code status} (and {@code error}), which read a property and never wait for
     * the device, under the domain's lock, which a signaller holds only for a few field updates,
     * never while it waits in {@code commandBuffer}: the watchdog that asks is never held up
     * behind a full queue.
     */
    @Override
    public void checkHealth(MetalDomain domain) throws LineException {
        synchronized (domain.lock) {
            for (Map.Entry<MetalQueue, MetalDomain.QueueUse> entry : domain.queues.entrySet()) {
                long commands = entry.getValue().lastStore;
                if (commands != 0 && Msg.word(commands, Sel.STATUS) == STATUS_ERROR) {
                    try (Pool pool = Pool.push()) {
                        throw MetalStatus.error("the last store on " + entry.getKey(), Msg.word(commands, Sel.ERROR));
                    }
                }
            }
        }
    }

    /**
     * Queues on {@code queue} a wait, on the device, until the word at {@code address} reaches
     * {@code value}: an {@code encodeWaitForEvent:value:} on the slot's shared event, which the
     * line signals with each sequence right after storing it. Exact because a slot's sequences
     * only grow (a slot serves one queue at a time) and Metal compares event values as {@code
     * uint64_t}, as the line's sequences are compared until they wrap past 2^63.
     */
    @Override
    public void waitValue(MetalQueue queue, long address, long value) throws LineException {
        MetalDomain domain = lineOf(address, "a device-side wait on 0x");
        int slot = slotOf(domain, address);
        long landed = landedEvent(domain, slot);
        MetalQueue storedOn;
        long committed;
        synchronized (domain.lock) {
            domain.waitedOn[slot] = true;
            storedOn = domain.storeQueue[slot];
            committed = domain.committed[slot] > domain.announced[slot] ? domain.committed[slot] : 0;
        }
        // Stores of the slot committed before any queue waited on it signalled nothing: the last
        // of them is announced now, behind itself on its own queue.
        if (committed != 0) {
            signalBehind(domain, storedOn, slot, committed, true, null);
        }
        MetalDomain.QueueUse use = use(domain, queue);
        long commands;
        try (Pool pool = Pool.push()) {
            // Fenced like a store: a later buffer of the queue starts only after this one
            // finished, so the queue's last buffer completing means this wait is over too, even
            // where buffers could complete out of order.
            commands = fencedCommandBuffer(queue, use);
            Msg.send(commands, Sel.ENCODE_WAIT_FOR_EVENT_VALUE, landed, value);
            Msg.send(commands, Sel.COMMIT);
            ObjC.objc_retain(commands);
        }
        // The queue's last command buffer of the line, as a store's is: settle waits for it to
        // complete, so the page outlives the device's wait on it.
        keepAsLast(domain, use, commands);
    }

    /** What a caller adds to the busy kernel's command buffer before it is committed. */
    @FunctionalInterface
    interface BeforeCommit {
        BeforeCommit NOTHING = commands -> { };

        /** Encodes into (or registers with) {@code commands}, inside the sender's pool. */
        void encode(long commands) throws LineException;
    }

    /**
     * Queues on {@code queue} the busy kernel for {@code iterations}: device work of a chosen
     * length; with {@code wait}, returns once it completed ({@code waitUntilCompleted}), or
     * throws its {@code NSError} if it failed.
     */
    void enqueueBusy(MetalQueue queue, long iterations, boolean wait) throws LineException {
        enqueueBusy(queue, iterations, BeforeCommit.NOTHING, wait);
    }

    /** As {@link #enqueueBusy(MetalQueue, long, boolean)}, with {@code before} sent to the command buffer last. */
    void enqueueBusy(MetalQueue queue, long iterations, BeforeCommit before, boolean wait) throws LineException {
        long device;
        try (Pool pool = Pool.push()) {
            device = Msg.word(queue.handle(), Sel.DEVICE);
        }
        // Before the pool: the kernels' cache may wait on its monitor, the Memory and the MTLSize
        // take JNA's locks as they are made (see Pool).
        MetalKernels compiled = kernelsFor(device);
        MTLSize.ByValue one = MTLSize.one();
        try (Memory count = new Memory(Long.BYTES)) {
            count.setLong(0, iterations);
            try (Pool pool = Pool.push()) {
                long commands = Msg.word(queue.handle(), Sel.COMMAND_BUFFER);
                if (commands == 0) {
                    throw MetalStatus.nil("-[" + queue + " commandBuffer]");
                }
                long encoder = Msg.word(commands, Sel.COMPUTE_COMMAND_ENCODER);
                if (encoder == 0) {
                    throw MetalStatus.nil("computeCommandEncoder");
                }
                Msg.send(encoder, Sel.SET_COMPUTE_PIPELINE_STATE, compiled.busy);
                Msg.send(encoder, Sel.SET_BUFFER_OFFSET_AT_INDEX, compiled.sink, 0, 0);
                Msg.send(encoder, Sel.SET_BYTES_LENGTH_AT_INDEX, Pointer.nativeValue(count), Long.BYTES, 1);
                Msg.send(encoder, Sel.DISPATCH_THREADGROUPS_THREADS_PER_THREADGROUP, one, one);
                Msg.send(encoder, Sel.END_ENCODING);
                before.encode(commands);
                Msg.send(commands, Sel.COMMIT);
                if (wait) {
                    // A native call: a virtual thread stays on its carrier while Metal blocks it.
                    Msg.send(commands, Sel.WAIT_UNTIL_COMPLETED);
                    // It returns for a failed command buffer too: only the status tells the two apart.
                    if (Msg.word(commands, Sel.STATUS) == STATUS_ERROR) {
                        throw MetalStatus.error("the busy kernel's command buffer", Msg.word(commands, Sel.ERROR));
                    }
                }
            }
        }
    }

    @Override
    public String name() {
        return "metal";
    }
}
