package io.gpuasync.backend.vulkan;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.vulkan.internal.Commands;
import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkCommandBufferAllocateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkCommandBufferBeginInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkCommandPoolCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkMemoryBarrier;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkSemaphoreCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkSemaphoreSignalInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkSemaphoreTypeCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkSemaphoreWaitInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkSubmitInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkTimelineSemaphoreSubmitInfo;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A line's stream on Vulkan: one {@code VkQueue} of a {@link VulkanDevice}, as
 * {@link VulkanDevice#queue(int)} gives it (one object per queue, so its lock is the queue's).
 *
 * <p>Vulkan queues are externally synchronized: {@code vkQueueSubmit} must never run on one queue
 * from two threads at once (spec: Fundamentals, "Threading Behavior", the {@code queue} parameter of
 * {@code vkQueueSubmit}). Every submission this backend makes (a line's store, busy work, a gate)
 * holds {@link #lock()}; an application that submits its own work to the same queue submits it
 * with {@link #submit} or holds {@link #lock()} around its own {@code vkQueueSubmit} (or
 * {@code vkQueueWaitIdle}, {@code vkQueueBindSparse}, {@code vkQueuePresentKHR}: every command whose
 * queue parameter is externally synchronized). Nothing is refused: a submission made past the
 * lock is the application's data race, which Vulkan does not detect.
 *
 * <p>The queue keeps one timeline semaphore, which each of the backend's submissions and each
 * {@link #submit} signals with the next value; its counter says which of them finished (spec:
 * Synchronization, "Semaphore Signaling": the signal's first synchronization scope holds every
 * command of its batch and every command earlier in submission order), so the command buffers
 * they used can be recorded again, and a line's settle waits for a value that follows everything
 * submitted to the queue before the line's close began: the application's work that uses the
 * line's device address, as much as the line's stores ({@link #coveringValue}).
 */
public final class VulkanQueue {
    // The most iterations one busy dispatch runs: lavapipe ends a shader's loops after 65535.
    private static final long LOOP = 65535;
    // Bound by recordSignal around the line's signal: the command buffer its store goes into.
    private static final ScopedValue<Recording> RECORDING = ScopedValue.newInstance();
    // How many of the latest stores storeSignal finds by their word and value.
    private static final int STORES_KEPT = 16;
    private final VulkanDevice device;
    private final MemorySegment handle;
    private final int index;
    private final ReentrantLock lock = new ReentrantLock();

    private final long pool;
    private final long timeline;
    private final Arena arena;
    private final Lock applicationLock = new ApplicationLock();

    // Guarded by lock: the backend's last signalled value, the command buffers its pending
    // submissions use (a ring in submission order, with the value each signals) and the free
    // ones, and native scratch for recording and submitting, so that a store allocates nothing
    // once the queue has enough command buffers.
    private long submitted;
    // Set once the device is destroyed (guarded by lock): its handles are gone, and nothing may
    // reach the driver through them.
    private boolean retired;
    // Whether work may have reached the queue that no signal of the backend's follows: the
    // application took lock() (and may have called vkQueueSubmit itself) after the last signal.
    private boolean uncovered;
    // How many holds of lock() the application has now (only one thread holds the lock).
    private int applicationHolds;
    private MemorySegment[] pending = new MemorySegment[8];
    private long[] pendingValue = new long[8];
    private int head;
    private int pendingCount;
    private MemorySegment[] free = new MemorySegment[8];
    private int freeCount;
    // Guarded by lock: the latest stores' words, values and the timeline values their
    // submissions signal, a ring newest at storeNext - 1, for storeSignal.
    private final long[] storeAddress = new long[STORES_KEPT];
    private final long[] storeValue = new long[STORES_KEPT];
    private final long[] storeSignalled = new long[STORES_KEPT];
    private int storeNext;
    private final MemorySegment beginInfo;
    private final MemorySegment toCompute;
    private final MemorySegment toHost;
    private final MemorySegment push;
    private final MemorySegment submitInfo;
    private final MemorySegment timelineInfo;
    private final MemorySegment commandBuffers;
    private final MemorySegment semaphores;
    private final MemorySegment values;
    private final MemorySegment waitStages;
    private final MemorySegment counter;
    private final MemorySegment allocateInfo;
    // An empty batch signalling the timeline at coverValue, appended to the application's batches
    // in submit, and submitted alone to cover what the application submitted itself.
    private final MemorySegment coverInfo;
    private final MemorySegment coverValue;
    private MemorySegment batches;
    // The highest timeline value the driver said was reached (a counter read, a wait that
    // succeeded): what is known to have finished, also once the device is lost and the driver
    // answers nothing more.
    private volatile long reached;

    private static final java.lang.invoke.VarHandle REACHED;

    static {
        try {
            REACHED = java.lang.invoke.MethodHandles.lookup().findVarHandle(VulkanQueue.class, "reached", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private VulkanQueue(VulkanDevice device, MemorySegment handle, int index, long pool, long timeline, Arena arena) {
        this.device = device;
        this.handle = handle;
        this.index = index;
        this.pool = pool;
        this.timeline = timeline;
        this.arena = arena;
        beginInfo = arena.allocate(VkCommandBufferBeginInfo.LAYOUT);
        VkCommandBufferBeginInfo.sType(beginInfo, Vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
        VkCommandBufferBeginInfo.flags(beginInfo, Vk.VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT);
        toCompute = arena.allocate(VkMemoryBarrier.LAYOUT);
        VkMemoryBarrier.sType(toCompute, Vk.VK_STRUCTURE_TYPE_MEMORY_BARRIER);
        VkMemoryBarrier.srcAccessMask(toCompute, Vk.VK_ACCESS_MEMORY_WRITE_BIT);
        VkMemoryBarrier.dstAccessMask(toCompute, Vk.VK_ACCESS_SHADER_READ_BIT | Vk.VK_ACCESS_SHADER_WRITE_BIT);
        toHost = arena.allocate(VkMemoryBarrier.LAYOUT);
        VkMemoryBarrier.sType(toHost, Vk.VK_STRUCTURE_TYPE_MEMORY_BARRIER);
        VkMemoryBarrier.srcAccessMask(toHost, Vk.VK_ACCESS_SHADER_WRITE_BIT);
        VkMemoryBarrier.dstAccessMask(toHost, Vk.VK_ACCESS_HOST_READ_BIT);
        push = arena.allocate(VulkanDevice.PUSH_BYTES, 8);
        commandBuffers = arena.allocate(Vk.C_POINTER);
        semaphores = arena.allocate(Vk.C_LONG, 2);
        values = arena.allocate(Vk.C_LONG, 2);
        waitStages = arena.allocate(Vk.C_INT);
        waitStages.set(ValueLayout.JAVA_INT, 0, Vk.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT);
        counter = arena.allocate(Vk.C_LONG);
        timelineInfo = arena.allocate(VkTimelineSemaphoreSubmitInfo.LAYOUT);
        VkTimelineSemaphoreSubmitInfo.sType(timelineInfo, Vk.VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO);
        VkTimelineSemaphoreSubmitInfo.signalSemaphoreValueCount(timelineInfo, 1);
        VkTimelineSemaphoreSubmitInfo.pSignalSemaphoreValues(timelineInfo, values);
        VkTimelineSemaphoreSubmitInfo.pWaitSemaphoreValues(timelineInfo, values.asSlice(8));
        submitInfo = arena.allocate(VkSubmitInfo.LAYOUT);
        VkSubmitInfo.sType(submitInfo, Vk.VK_STRUCTURE_TYPE_SUBMIT_INFO);
        VkSubmitInfo.pNext(submitInfo, timelineInfo);
        VkSubmitInfo.commandBufferCount(submitInfo, 1);
        VkSubmitInfo.pCommandBuffers(submitInfo, commandBuffers);
        VkSubmitInfo.signalSemaphoreCount(submitInfo, 1);
        VkSubmitInfo.pSignalSemaphores(submitInfo, semaphores);
        VkSubmitInfo.pWaitSemaphores(submitInfo, semaphores.asSlice(8));
        VkSubmitInfo.pWaitDstStageMask(submitInfo, waitStages);
        semaphores.set(ValueLayout.JAVA_LONG, 0, timeline);
        allocateInfo = arena.allocate(VkCommandBufferAllocateInfo.LAYOUT);
        VkCommandBufferAllocateInfo.sType(allocateInfo, Vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
        VkCommandBufferAllocateInfo.commandPool(allocateInfo, pool);
        VkCommandBufferAllocateInfo.level(allocateInfo, Vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY);
        VkCommandBufferAllocateInfo.commandBufferCount(allocateInfo, 1);
        coverValue = arena.allocate(Vk.C_LONG);
        MemorySegment coverTimeline = arena.allocate(VkTimelineSemaphoreSubmitInfo.LAYOUT);
        VkTimelineSemaphoreSubmitInfo.sType(coverTimeline, Vk.VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO);
        VkTimelineSemaphoreSubmitInfo.signalSemaphoreValueCount(coverTimeline, 1);
        VkTimelineSemaphoreSubmitInfo.pSignalSemaphoreValues(coverTimeline, coverValue);
        coverInfo = arena.allocate(VkSubmitInfo.LAYOUT);
        VkSubmitInfo.sType(coverInfo, Vk.VK_STRUCTURE_TYPE_SUBMIT_INFO);
        VkSubmitInfo.pNext(coverInfo, coverTimeline);
        VkSubmitInfo.signalSemaphoreCount(coverInfo, 1);
        VkSubmitInfo.pSignalSemaphores(coverInfo, semaphores);
        batches = arena.allocate(VkSubmitInfo.LAYOUT, 4);
    }

    static VulkanQueue open(VulkanDevice device, int index) throws LineException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(Vk.C_LONG);
            Vk.vkGetDeviceQueue(device.vk, device.handle, device.family, index, out);
            MemorySegment queue = out.get(ValueLayout.ADDRESS, 0);
            MemorySegment poolInfo = arena.allocate(VkCommandPoolCreateInfo.LAYOUT);
            VkCommandPoolCreateInfo.sType(poolInfo, Vk.VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
            // Each command buffer is recorded again once its submission finished.
            VkCommandPoolCreateInfo.flags(poolInfo, Vk.VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT);
            VkCommandPoolCreateInfo.queueFamilyIndex(poolInfo, device.family);
            VulkanStatus.NAMES.check(device.noteStatus(Vk.vkCreateCommandPool(device.vk, device.handle, poolInfo,
                    MemorySegment.NULL, out)), "vkCreateCommandPool");
            long pool = out.get(ValueLayout.JAVA_LONG, 0);
            long semaphore;
            try {
                semaphore = createTimeline(device, 0, arena);
            } catch (LineException | RuntimeException e) {
                Vk.vkDestroyCommandPool(device.vk, device.handle, pool, MemorySegment.NULL);
                throw e;
            }
            // Lives as long as the queue object: freed with the JVM's automatic arena once unreachable.
            return new VulkanQueue(device, queue, index, pool, semaphore, Arena.ofAuto());
        }
    }

    static long createTimeline(VulkanDevice device, long initial, Arena arena) throws LineException {
        return createTimeline(device.vk, device.handle, initial, arena);
    }

    /** A timeline semaphore of {@code device}, its counter at {@code initial}. */
    static long createTimeline(Commands vk, MemorySegment device, long initial, Arena arena) throws LineException {
        MemorySegment type = arena.allocate(VkSemaphoreTypeCreateInfo.LAYOUT);
        VkSemaphoreTypeCreateInfo.sType(type, Vk.VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO);
        VkSemaphoreTypeCreateInfo.semaphoreType(type, Vk.VK_SEMAPHORE_TYPE_TIMELINE);
        VkSemaphoreTypeCreateInfo.initialValue(type, initial);
        MemorySegment info = arena.allocate(VkSemaphoreCreateInfo.LAYOUT);
        VkSemaphoreCreateInfo.sType(info, Vk.VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO);
        VkSemaphoreCreateInfo.pNext(info, type);
        MemorySegment out = arena.allocate(Vk.C_LONG);
        // vkCreateSemaphore cannot answer VK_ERROR_DEVICE_LOST: nothing here to note.
        VulkanStatus.NAMES.check(Vk.vkCreateSemaphore(vk, device, info, MemorySegment.NULL, out), "vkCreateSemaphore(timeline)");
        return out.get(ValueLayout.JAVA_LONG, 0);
    }

    /** The device this queue belongs to. */
    public VulkanDevice device() {
        return device;
    }

    /** The queue's index in its family. */
    int index() {
        return index;
    }

    /** The raw {@code VkQueue}. */
    public long handle() {
        return handle.address();
    }

    /**
     * The queue's external-synchronization lock, which every submission of this backend holds:
     * hold it around any call of your own whose {@code queue} parameter Vulkan says is externally
     * synchronized. Reentrant, so {@link #submit} may be called while holding it. While you hold
     * it the backend takes it that you may submit work it cannot see (work that uses a line's
     * device address among it): a line's close then submits an empty batch that signals the
     * queue's timeline behind that work, and waits for it before freeing the page; so do not
     * hold it across a line's close (the close would wait for it until its settle bound, then
     * keep the page). Its {@code newCondition} is not offered.
     */
    public Lock lock() {
        return applicationLock;
    }

    /**
     * {@code vkQueueSubmit(queue, submitCount, pSubmits, fence)} under {@link #lock()}: how an
     * application submits its own work to a queue the backend's lines also store through. The
     * same call carries one more batch, with no command buffers, that signals the queue's timeline
     * semaphore: a line's close waits for it, so for this work, before freeing its page.
     *
     * @param submits     {@code submitCount} {@code VkSubmitInfo} structs (LWJGL's {@code VkSubmitInfo.address()},
     *                    or a segment of your own)
     * @param fence       a {@code VkFence} handle, or 0
     * @throws GpuException of kind {@link GpuException.Kind#DRIVER_STATUS} with the {@code VkResult} if it fails,
     *     or of kind {@link GpuException.Kind#CLOSED} once the device is destroyed (its maker closed it
     *     and no line holds it): then nothing reaches the driver, and the batches are left as they were
     * @throws IllegalArgumentException if {@code submitCount} is negative
     */
    public void submit(MemorySegment submits, int submitCount, long fence) {
        if (submitCount < 0) {
            throw new IllegalArgumentException("submitCount " + submitCount + " < 0");
        }
        long bytes = VkSubmitInfo.LAYOUT.byteSize();
        int status;
        lock.lock();
        try {
            refuseIfRetired("vkQueueSubmit of " + submitCount + " batches");
            if (batches.byteSize() < (submitCount + 1L) * bytes) {
                batches = arena.allocate(VkSubmitInfo.LAYOUT, Math.max(submitCount + 1L, 2 * batches.byteSize() / bytes));
            }
            MemorySegment given = submits.byteSize() >= submitCount * bytes ? submits : submits.reinterpret(submitCount * bytes);
            MemorySegment.copy(given, 0, batches, 0, submitCount * bytes);
            MemorySegment.copy(coverInfo, 0, batches, submitCount * bytes, bytes);
            long next = submitted + 1;
            coverValue.set(ValueLayout.JAVA_LONG, 0, next);
            status = device.noteStatus(Vk.vkQueueSubmit(device.vk, handle, submitCount + 1, batches, fence));
            if (status == Vk.VK_SUCCESS) {
                signalled(next);
            }
        } finally {
            lock.unlock();
        }
        if (status != Vk.VK_SUCCESS) {
            throw VulkanStatus.NAMES.failure(status, "vkQueueSubmit(" + this + ", " + submitCount + " batches)")
                    .toGpuException("submitting to " + this);
        }
    }

    /**
     * A timeline value that follows every submission made to this queue so far, whoever made
     * it: the backend's last, where nothing can have been submitted past its signals since;
     * otherwise that of an empty batch submitted now, whose signal's first synchronization
     * scope holds every command earlier in submission order (spec: Synchronization,
     * "Semaphore Signaling"). Waits for the lock until {@code deadlineNanos}.
     *
     * @return the value, or -1 where the lock was not free by the deadline
     * @throws LineException the {@code VkResult} of a submission that failed
     */
    long coveringValue(long deadlineNanos) throws LineException {
        try {
            if (!lock.tryLock(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                return -1;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
        try {
            if (uncovered && !retired) {
                long next = submitted + 1;
                coverValue.set(ValueLayout.JAVA_LONG, 0, next);
                VulkanStatus.NAMES.check(device.noteStatus(Vk.vkQueueSubmit(device.vk, handle, 1, coverInfo, 0)),
                        "vkQueueSubmit(an empty batch signalling " + next + " on " + this + ")");
                signalled(next);
            }
            return submitted;
        } finally {
            lock.unlock();
        }
    }

    // Holding lock: value was signalled behind everything submitted before it.
    private void signalled(long value) {
        submitted = value;
        if (applicationHolds == 0) {
            uncovered = false;
        }
    }

    // The lock as the application holds it: counts its holds, during which it may submit work
    // of its own that no signal of the backend's follows.
    private final class ApplicationLock implements Lock {
        @Override
        public void lock() {
            lock.lock();
            held();
        }

        @Override
        public void lockInterruptibly() throws InterruptedException {
            lock.lockInterruptibly();
            held();
        }

        @Override
        public boolean tryLock() {
            if (lock.tryLock()) {
                held();
                return true;
            }
            return false;
        }

        @Override
        public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
            if (lock.tryLock(time, unit)) {
                held();
                return true;
            }
            return false;
        }

        private void held() {
            applicationHolds++;
            uncovered = true;
        }

        @Override
        public void unlock() {
            if (lock.isHeldByCurrentThread() && applicationHolds > 0) {
                applicationHolds--;
            }
            lock.unlock();
        }

        @Override
        public Condition newCondition() {
            throw new UnsupportedOperationException("the lock of " + VulkanQueue.this + " offers no condition");
        }

        @Override
        public String toString() {
            return "the lock of " + VulkanQueue.this;
        }
    }

    // ------------------------------------------------------------------ the backend's submissions

    /**
     * Queues the store of {@code value} into the 64-bit word at device address {@code address}:
     * one command buffer of
     * <ol>
     * <li>a pipeline barrier from {@code ALL_COMMANDS} / {@code MEMORY_WRITE} to the compute stage's
     *     shader reads and writes. Spec: Synchronization, "Pipeline Barriers": recorded outside a
     *     render pass, its first synchronization scope holds every command earlier in submission
     *     order, which spans every earlier batch and submission on this queue ("Implicit
     *     Synchronization Guarantees", submission order), whoever submitted them; so the store runs
     *     after all of the queue's earlier work, and after what a semaphore wait earlier on the
     *     queue held back, as far as commands of that batch wait on it;
     * <li>the store shader, dispatched once (one invocation): a 64-bit atomic store of the push
     *     constant into the word, through its buffer device address;
     * <li>a pipeline barrier from the compute stage's shader writes to {@code HOST} /
     *     {@code HOST_READ}, which makes the store available to the host memory domain.
     * </ol>
     * The submission signals the queue's timeline semaphore with its next value, which this
     * returns: once the timeline reaches it, the store is done ({@code vkWaitSemaphores} on it is
     * the driver's own blocking wait for the store). Inside {@link #recordSignal} the commands go
     * into the application's command buffer instead, and this returns 0: the store's value is
     * known only to the application's submit.
     *
     * <p>What the memory model promises, and what it does not: a device write is visible to a host
     * read only after the host waited for a fence or semaphore that the write's batch signalled,
     * with a memory dependency to {@code HOST} such as the barrier above (spec: Synchronization,
     * "Fence Waiting" and "Host Write Ordering Guarantees"; Appendix "Memory Model", which orders
     * only operations its availability chains connect). The line reads the word instead, with an
     * acquire load and no wait: nothing in the spec says when that load sees the store. In
     * practice the page is host-coherent memory (the backend refuses others): on lavapipe the
     * shader stores straight into the page with a CPU atomic, and on discrete GPUs the store
     * crosses PCIe into system memory once the dispatch completes, as the host-mapped stores of
     * CUDA's {@code cuStreamWriteValue64} do. The word may land late, never early: the barrier
     * before the dispatch keeps it behind the queue's earlier work.
     */
    long store(long address, long value) throws LineException {
        Recording recording = RECORDING.isBound() ? RECORDING.get() : null;
        lock.lock();
        try {
            if (recording != null && recording.queue == this) {
                recordStore(recording.commandBuffer, address, value);
                recording.recorded = true;
                return 0;
            }
            MemorySegment buffer = nextBuffer();
            int status = Vk.vkBeginCommandBuffer(device.vk, buffer, beginInfo);
            if (status == Vk.VK_SUCCESS) {
                recordStore(buffer, address, value);
                status = Vk.vkEndCommandBuffer(device.vk, buffer);
            }
            if (status == Vk.VK_SUCCESS) {
                status = submitLocked(buffer, 0, 0, 0);
            }
            if (status != Vk.VK_SUCCESS) {
                free(buffer);
                throw VulkanStatus.NAMES.failure(status, "queueing the store of " + value + " at 0x" + Long.toHexString(address)
                        + " on " + this);
            }
            int at = storeNext++ & (STORES_KEPT - 1);
            storeAddress[at] = address;
            storeValue[at] = value;
            storeSignalled[at] = submitted;
            return submitted;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The timeline value whose signal follows the store of {@code value} at {@code address} that
     * this thread queued last through {@link #store}: the value its submission signals, or, once
     * more than 16 stores followed it, the value of the backend's latest submission (later in
     * submission order, so it follows the store too); 0 if the store went into the application's
     * command buffer ({@link #recordSignal} on this thread), which no value of the timeline is
     * known to follow before the application submits it.
     */
    long storeSignal(long address, long value) {
        if (RECORDING.isBound() && RECORDING.get().queue == this) {
            return 0;
        }
        lock.lock();
        try {
            for (int i = 1; i <= STORES_KEPT; i++) {
                int at = (storeNext - i) & (STORES_KEPT - 1);
                if (storeAddress[at] == address && storeValue[at] == value && storeSignalled[at] != 0) {
                    return storeSignalled[at];
                }
            }
            return submitted;
        } finally {
            lock.unlock();
        }
    }

    // Holding lock (push is the queue's scratch): the store's commands, into buffer in the recording state.
    private void recordStore(MemorySegment buffer, long address, long value) {
        Vk.vkCmdPipelineBarrier(device.vk, buffer, Vk.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                Vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, toCompute, 0, MemorySegment.NULL, 0, MemorySegment.NULL);
        Vk.vkCmdBindPipeline(device.vk, buffer, Vk.VK_PIPELINE_BIND_POINT_COMPUTE, device.storePipeline);
        push.set(ValueLayout.JAVA_LONG, 0, address);
        push.set(ValueLayout.JAVA_LONG, 8, value);
        Vk.vkCmdPushConstants(device.vk, buffer, device.pipelineLayout, Vk.VK_SHADER_STAGE_COMPUTE_BIT, 0,
                VulkanDevice.PUSH_BYTES, push);
        Vk.vkCmdDispatch(device.vk, buffer, 1, 1, 1);
        Vk.vkCmdPipelineBarrier(device.vk, buffer, Vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                Vk.VK_PIPELINE_STAGE_HOST_BIT, 0, 1, toHost, 0, MemorySegment.NULL, 0, MemorySegment.NULL);
    }

    /**
     * Records {@code line}'s signal into {@code slot} into a command buffer of yours instead of
     * submitting it: the same commands as {@link #store} (the barriers, the store shader) go into
     * {@code commandBuffer}, and the store runs when you submit it to this queue, with no
     * submission of its own. The line's rules hold as for {@link Line#signal}: this queue must be
     * of the line's device, the slot serves one queue at a time, and the line takes this queue as
     * its own, so its close waits for everything submitted to the queue before the close began.
     * What is yours to keep:
     * <ul>
     * <li>{@code commandBuffer} is a primary command buffer of this queue's device, from a pool of
     *     its family ({@link VulkanDevice#queueFamily()}), in the recording state, outside a render
     *     pass; the backend records into it under this queue's lock, so record nothing into it
     *     from another thread meanwhile;
     * <li>the recorded commands bind the backend's compute pipeline and set its push constants:
     *     bind yours again before your next dispatch in the same command buffer;
     * <li>submit it once, to this queue, through {@link #submit} or under {@link #lock()}, and
     *     before the line's close: a store submitted after the close began, to another queue, or
     *     again later, is not waited for and would write a freed page, or move the word back;
     * <li>the ticket lands only once you submit it; the line's prediction counts from now.
     * </ul>
     *
     * @return the ticket of the recorded store
     * @throws GpuException as {@link Line#signal} throws it ({@code FOREIGN_STREAM}, {@code SLOT_BUSY},
     *     {@code CLOSED}); nothing is recorded then
     * @throws IllegalArgumentException for a null command buffer, or a line whose driver is not
     *     this backend's (nothing was recorded; such a line may have submitted its store)
     */
    public Ticket recordSignal(Line<VulkanQueue> line, Slot slot, long commandBuffer) {
        Objects.requireNonNull(line, "line");
        Objects.requireNonNull(slot, "slot");
        if (commandBuffer == 0) {
            throw new IllegalArgumentException("commandBuffer is VK_NULL_HANDLE");
        }
        Recording recording = new Recording(this, MemorySegment.ofAddress(commandBuffer));
        Ticket ticket = ScopedValue.where(RECORDING, recording).call(() -> line.signal(this, slot));
        if (!recording.recorded) {
            throw new IllegalArgumentException(line + " did not store through the Vulkan backend's driver: nothing was"
                    + " recorded into command buffer 0x" + Long.toHexString(commandBuffer));
        }
        return ticket;
    }

    // One recordSignal call: where its store goes, and whether it went there.
    private static final class Recording {
        final VulkanQueue queue;
        final MemorySegment commandBuffer;
        boolean recorded;

        Recording(VulkanQueue queue, MemorySegment commandBuffer) {
            this.queue = queue;
            this.commandBuffer = commandBuffer;
        }
    }

    /**
     * Queues the busy shader for {@code iterations} loop iterations (in dispatches of at most
     * 65535 each, one command buffer), optionally behind a wait for {@code gate} to reach
     * {@code gateValue} (0: no wait). Returns the timeline value its submission signals.
     */
    long busy(long iterations, long gate, long gateValue) throws LineException {
        return busy(device.sinkAddress, iterations, gate, gateValue, 0);
    }

    /** As {@link #busy(long, long, long)}, storing into {@code sink} if ever, and signalling {@code fence} (0: none). */
    long busy(long sink, long iterations, long gate, long gateValue, long fence) throws LineException {
        lock.lock();
        try {
            refuseIfRetired("queueing " + iterations + " busy iterations");
            MemorySegment buffer = nextBuffer();
            int status = Vk.vkBeginCommandBuffer(device.vk, buffer, beginInfo);
            if (status == Vk.VK_SUCCESS) {
                Vk.vkCmdBindPipeline(device.vk, buffer, Vk.VK_PIPELINE_BIND_POINT_COMPUTE, device.busyPipeline);
                // One dispatch runs at most LOOP iterations (see busy.comp); each waits for the
                // one before (an execution dependency), so that a GPU does not run them side by side.
                long left = Math.max(0, iterations);
                int seed = 1;
                do {
                    int now = (int) Math.min(left, LOOP);
                    if (seed > 1) {
                        Vk.vkCmdPipelineBarrier(device.vk, buffer, Vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                Vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, MemorySegment.NULL, 0, MemorySegment.NULL,
                                0, MemorySegment.NULL);
                    }
                    push.set(ValueLayout.JAVA_LONG, 0, sink);
                    push.set(ValueLayout.JAVA_INT, 8, now);
                    push.set(ValueLayout.JAVA_INT, 12, seed++);
                    Vk.vkCmdPushConstants(device.vk, buffer, device.pipelineLayout, Vk.VK_SHADER_STAGE_COMPUTE_BIT, 0,
                            VulkanDevice.PUSH_BYTES, push);
                    Vk.vkCmdDispatch(device.vk, buffer, 1, 1, 1);
                    left -= now;
                } while (left > 0);
                status = Vk.vkEndCommandBuffer(device.vk, buffer);
            }
            if (status == Vk.VK_SUCCESS) {
                status = submitLocked(buffer, gate, gateValue, fence);
            }
            if (status != Vk.VK_SUCCESS) {
                free(buffer);
                throw VulkanStatus.NAMES.failure(status, "queueing " + iterations + " busy iterations on " + this);
            }
            return submitted;
        } finally {
            lock.unlock();
        }
    }

    // Holding lock: a queue of a destroyed device has dangling handles (its pool, its semaphore,
    // the VkDevice itself), so a call through them would reach freed driver memory.
    private void refuseIfRetired(String what) {
        if (retired) {
            throw new GpuException(GpuException.Kind.CLOSED, what + " on " + this + " refused: the device was destroyed"
                    + " (its maker closed it and no line holds it); nothing was submitted");
        }
    }

    // Submits buffer, signalling the timeline's next value (and fence, if not 0), behind a wait
    // for gate (if not 0).
    private int submitLocked(MemorySegment buffer, long gate, long gateValue, long fence) {
        long next = submitted + 1;
        commandBuffers.set(ValueLayout.ADDRESS, 0, buffer);
        values.set(ValueLayout.JAVA_LONG, 0, next);
        int waits = gate == 0 ? 0 : 1;
        semaphores.set(ValueLayout.JAVA_LONG, 8, gate);
        values.set(ValueLayout.JAVA_LONG, 8, gateValue);
        VkSubmitInfo.waitSemaphoreCount(submitInfo, waits);
        VkTimelineSemaphoreSubmitInfo.waitSemaphoreValueCount(timelineInfo, waits);
        int status = device.noteStatus(Vk.vkQueueSubmit(device.vk, handle, 1, submitInfo, fence));
        if (status == Vk.VK_SUCCESS) {
            signalled(next);
            enqueuePending(buffer, next);
        }
        return status;
    }

    private MemorySegment nextBuffer() throws LineException {
        if (freeCount == 0 && pendingCount > 0) {
            int status = device.noteStatus(Vk.vkGetSemaphoreCounterValue(device.vk, device.handle, timeline, counter));
            if (status != Vk.VK_SUCCESS) {
                throw VulkanStatus.NAMES.failure(status, "vkGetSemaphoreCounterValue(the timeline of " + this + ")");
            }
            long done = counter.get(ValueLayout.JAVA_LONG, 0);
            noteReached(done);
            while (pendingCount > 0 && pendingValue[head] <= done) {
                free(pending[head]);
                pending[head] = null;
                head = (head + 1) % pending.length;
                pendingCount--;
            }
        }
        if (freeCount > 0) {
            MemorySegment buffer = free[--freeCount];
            free[freeCount] = null;
            return buffer;
        }
        MemorySegment out = commandBuffers;
        VulkanStatus.NAMES.check(device.noteStatus(Vk.vkAllocateCommandBuffers(device.vk, device.handle, allocateInfo, out)),
                "vkAllocateCommandBuffers on " + this);
        return out.get(ValueLayout.ADDRESS, 0);
    }

    private void free(MemorySegment buffer) {
        if (freeCount == free.length) {
            free = java.util.Arrays.copyOf(free, free.length * 2);
        }
        free[freeCount++] = buffer;
    }

    private void enqueuePending(MemorySegment buffer, long value) {
        if (pendingCount == pending.length) {
            MemorySegment[] grown = new MemorySegment[pending.length * 2];
            long[] grownValues = new long[pending.length * 2];
            for (int i = 0; i < pendingCount; i++) {
                grown[i] = pending[(head + i) % pending.length];
                grownValues[i] = pendingValue[(head + i) % pending.length];
            }
            pending = grown;
            pendingValue = grownValues;
            head = 0;
        }
        int tail = (head + pendingCount) % pending.length;
        pending[tail] = buffer;
        pendingValue[tail] = value;
        pendingCount++;
    }

    // ------------------------------------------------------------------ settle and health

    /** The timeline value of the last submission through the backend on this queue (0 before the first). */
    long lastSubmitted() {
        lock.lock();
        try {
            return submitted;
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@code vkWaitSemaphores} for the timeline to reach {@code value}, giving up at
     * {@code deadlineNanos} ({@link System#nanoTime()}): the call's own timeout is that bound.
     * Returns the {@code VkResult}: success, {@code VK_TIMEOUT}, or a failure.
     */
    int awaitValue(long value, long deadlineNanos) {
        try (Arena arena = Arena.ofConfined()) {
            return awaitValue(value, Math.max(0, deadlineNanos - System.nanoTime()), arena);
        }
    }

    int awaitValue(long value, long timeoutNanos, Arena arena) {
        MemorySegment semaphore = arena.allocateFrom(ValueLayout.JAVA_LONG, timeline);
        MemorySegment target = arena.allocateFrom(ValueLayout.JAVA_LONG, value);
        MemorySegment info = arena.allocate(VkSemaphoreWaitInfo.LAYOUT);
        VkSemaphoreWaitInfo.sType(info, Vk.VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO);
        VkSemaphoreWaitInfo.semaphoreCount(info, 1);
        VkSemaphoreWaitInfo.pSemaphores(info, semaphore);
        VkSemaphoreWaitInfo.pValues(info, target);
        int status = device.noteStatus(Vk.vkWaitSemaphores(device.vk, device.handle, info, timeoutNanos));
        if (status == Vk.VK_SUCCESS) {
            noteReached(value);
        }
        return status;
    }

    /** {@code vkGetSemaphoreCounterValue} of the timeline into {@code out}; the {@code VkResult}. */
    int completed(MemorySegment out) {
        int status = device.noteStatus(Vk.vkGetSemaphoreCounterValue(device.vk, device.handle, timeline, out));
        if (status == Vk.VK_SUCCESS) {
            noteReached(out.get(ValueLayout.JAVA_LONG, 0));
        }
        return status;
    }

    /** Whether the driver already said the timeline reached {@code value}. */
    boolean seenReached(long value) {
        return value <= reached;
    }

    /** Records that the driver said the timeline reached {@code value}. */
    void noteReached(long value) {
        // Racing readers only ever raise it; a lower value read late is dropped.
        long seen;
        while (value > (seen = reached)) {
            if (REACHED.compareAndSet(this, seen, value)) {
                return;
            }
        }
    }

    long timeline() {
        return timeline;
    }

    /**
     * Refuses submissions from now on, waits (within {@code bound}) for the backend's submissions
     * to finish, then destroys the pool and the semaphore; returns false, destroying nothing, if
     * they did not finish.
     */
    boolean destroy(Duration bound) {
        long last;
        lock.lock();
        try {
            // From here on nothing more is submitted, so the wait below covers every submission.
            retired = true;
            last = submitted;
        } finally {
            lock.unlock();
        }
        int status = last == 0 ? Vk.VK_SUCCESS : awaitValue(last, System.nanoTime() + bound.toNanos());
        if (status != Vk.VK_SUCCESS && status != Vk.VK_ERROR_DEVICE_LOST) {
            VulkanStatus.NAMES.log("waiting for the backend's work on " + this + " before destroying its pool", status);
            return false;
        }
        Vk.vkDestroyCommandPool(device.vk, device.handle, pool, MemorySegment.NULL);
        Vk.vkDestroySemaphore(device.vk, device.handle, timeline, MemorySegment.NULL);
        return true;
    }

    /** Signals {@code semaphore}, a timeline semaphore of this queue's device, to {@code value} from the host. */
    void signalFromHost(long semaphore, long value) throws LineException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(VkSemaphoreSignalInfo.LAYOUT);
            VkSemaphoreSignalInfo.sType(info, Vk.VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO);
            VkSemaphoreSignalInfo.semaphore(info, semaphore);
            VkSemaphoreSignalInfo.value(info, value);
            VulkanStatus.NAMES.check(device.noteStatus(Vk.vkSignalSemaphore(device.vk, device.handle, info)),
                    "vkSignalSemaphore(" + value + ")");
        }
    }

    @Override
    public String toString() {
        return "VkQueue 0x" + Long.toHexString(handle.address()) + " (family " + device.family + " index " + index + " of "
                + device + ")";
    }
}
