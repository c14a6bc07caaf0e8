package io.gpuasync.backend.hip;

import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.spi.EventStoreWaits;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.ffm.DeadlinePoll;
import io.gpuasync.spi.ffm.HostPages;
import io.gpuasync.spi.ffm.Libc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The HIP driver table of a mapped line. The domain is a device named by number
 * ({@link #retainDevice}) or the calling thread's current device ({@code hipGetDevice}; never
 * from a virtual thread), with a reference to its primary context taken for the line's life
 * ({@code hipDevicePrimaryCtxRetain} / {@code Release}, deprecated). Unlike CUDA's, HIP's primary
 * context is never torn down by a release (its header says so): the reference keeps the rule's
 * shape. With no device at all, {@code hipGetDevice} fails and the line reports no domain, with
 * HIP's status and name.
 *
 * <p>The page is the line's own memory (a page of the JVM's native memory), registered with the
 * runtime ({@code hipHostRegister}, portable and mapped), not memory the runtime allocated:
 * another owner's {@code hipDeviceReset} can end the device's view of it, never the host's.
 *
 * <p>Streams are identified by the runtime, not by the device their wrapper names:
 * {@code hipGetStreamDeviceId} knows every live stream and answers -1 for any other handle. HIP
 * 5.2.3's stream calls dereference a handle without validating it (validation came in 5.3), so
 * a destroyed or foreign handle is refused here before it reaches them, and so are the special
 * handles the runtime cannot validate: the per-thread default stream (0x2, which
 * {@code hipGetStreamDeviceId} itself resolves unchecked, and which crashes 5.2.3 without a
 * device) and 0x1 (the legacy stream of later HIP). The null stream (0) means the calling OS
 * thread's current device: accepted from a platform thread whose device is the line's, refused
 * from a virtual thread, which may run on another carrier at every call.
 *
 * <p>What HIP 5.2.3 cannot tell: {@code hipDeviceSynchronize} returns success whatever happened,
 * and {@code hipStreamQuery} and {@code hipEventQuery} report no device fault (a fault aborts
 * the process instead). So the health check cannot fire and keeps the default (healthy): a dead
 * device shows as a process abort, not as {@code DEVICE_FAILED}. The settle waits by events
 * recorded behind the line's work on its own streams, polled until its deadline, never by a
 * whole-device synchronize.
 *
 * <p>Calls that act on a device make the line's device current for the call and restore the
 * caller's ({@code hipGetDevice} / {@code hipSetDevice}), so a line closes from any thread.
 *
 * <p>Stores and device-side waits into a capturing stream are refused; so is every device-side
 * wait HIP could order in front of the store it waits for: one ahead of its store (streams share
 * {@code GPU_MAX_HW_QUEUES} hardware queues), on the null stream or a blocking stream, and any
 * with direct dispatch turned off ({@link #waitValue}, {@link #checkWaitAheadOfStore}).
 */
final class HipDriver implements LineDriver<HipStream, HipDevice> {
    // A whole page: the registration pins pages, and no other allocation may share the line's.
    private static final long PAGE_ALIGNMENT = 4096;

    // Each line's page, by address: freed by freeHost only.
    private final HostPages pages = new HostPages();
    // Whether each device can wait on a word (hipDeviceAttributeCanUseStreamWaitValue), once asked.
    private final Map<Integer, Boolean> canWait = new ConcurrentHashMap<>();
    // Null unless the backend was asked for store waits.
    private final EventStoreWaits<HipStream, HipDevice> storeWaits;

    /** The events the lines of one device keep for their store waits: more stores pending at once are polled for. */
    static final int STORE_EVENTS = 1024;

    /** A driver table; with {@code storeWaits}, one that records a blocking-sync event behind every store. */
    HipDriver(boolean storeWaits) {
        this.storeWaits = storeWaits ? new EventStoreWaits<>("hip", new HipStoreEvents(), STORE_EVENTS) : null;
    }

    /**
     * Retains the primary context of the calling thread's current device. Refused on a virtual
     * thread: HIP's current device belongs to the OS thread, the carrier, which a virtual thread
     * may change between any two calls ({@link #retainDevice} names the device instead).
     */
    @Override
    public HipDevice retainCurrent() throws LineException {
        if (Thread.currentThread().isVirtual()) {
            throw new LineException(LineError.NO_DOMAIN, "no line opens on the current device of a virtual thread ("
                    + Thread.currentThread() + "): HIP's current device (hipSetDevice) is its carrier's, an OS thread it"
                    + " may leave at any call, so the device it made current may not be the one current now. Open the line"
                    + " on its device: HipBackend.openLine(device)");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment device = arena.allocate(Hip.C_INT);
            int status = Hip.hipGetDevice(device);
            if (status == Hip.HIP_ERROR_NO_DEVICE || status == Hip.HIP_ERROR_INVALID_DEVICE) {
                throw new LineException(LineError.NO_DOMAIN, HipStatus.NAMES.describe("hipGetDevice", status));
            }
            HipStatus.NAMES.check(status, "hipGetDevice");
            return retainDevice(device.get(ValueLayout.JAVA_INT, 0));
        }
    }

    /** Retains device {@code ordinal}'s primary context, whatever device is current on the calling thread. */
    HipDevice retainDevice(int ordinal) throws LineException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment context = arena.allocate(Hip.C_POINTER);
            HipStatus.NAMES.check(Hip.hipDevicePrimaryCtxRetain(context, ordinal), "hipDevicePrimaryCtxRetain(" + ordinal + ")");
            HipDevice domain = new HipDevice(ordinal, context.get(ValueLayout.ADDRESS, 0).address());
            if (storeWaits != null) {
                storeWaits.open(domain);
            }
            return domain;
        }
    }

    @Override
    public void release(HipDevice device) {
        if (storeWaits != null) {
            storeWaits.close(device);
        }
        int status = Hip.hipDevicePrimaryCtxRelease(device.ordinal());
        if (status != Hip.HIP_SUCCESS) {
            HipStatus.NAMES.log("hipDevicePrimaryCtxRelease(" + device.ordinal() + ")", status);
        }
    }

    @Override
    public MemorySegment allocHost(HipDevice device, long bytes) throws LineException {
        MemorySegment page = pages.allocate(bytes, PAGE_ALIGNMENT);
        boolean registered = false;
        try (OnDevice on = OnDevice.make(device)) {
            HipStatus.NAMES.check(relaxed(() -> Hip.hipHostRegister(page, bytes,
                    Hip.HIP_HOST_REGISTER_PORTABLE | Hip.HIP_HOST_REGISTER_MAPPED)), "hipHostRegister(" + bytes + " bytes, Portable | Mapped)");
            registered = true;
            return HostPages.unscoped(page);
        } finally {
            if (!registered) {
                pages.free(page);
            }
        }
    }

    @Override
    public long deviceAddress(HipDevice device, MemorySegment host) throws LineException {
        try (Arena arena = Arena.ofConfined(); OnDevice on = OnDevice.make(device)) {
            MemorySegment pointer = arena.allocate(Hip.C_POINTER);
            HipStatus.NAMES.check(Hip.hipHostGetDevicePointer(pointer, host, 0), "hipHostGetDevicePointer");
            return pointer.get(ValueLayout.ADDRESS, 0).address();
        }
    }

    /**
     * Yes: {@code hipHostUnregister} first finishes every stream of the device, other owners'
     * and non-blocking ones included (ROCm clr, {@code ihipHostUnregister}:
     * {@code g_devices[...]->SyncAllStreams()}; hipamd 5.2.3 finishes every device's null
     * stream, which first waits for the blocking streams), so a stalled stream of anyone's
     * holds it without bound. The line runs it within its settle bound, on a thread of its own.
     */
    @Override
    public boolean freeWaitsForDevice() {
        return true;
    }

    @Override
    public void freeHost(HipDevice device, MemorySegment host) {
        int status;
        try (OnDevice on = OnDevice.make(device)) {
            status = relaxed(() -> Hip.hipHostUnregister(host));
        } catch (LineException e) {
            HipStatus.NAMES.log("hipSetDevice before hipHostUnregister", e.error().status());
            return;
        }
        if (status != Hip.HIP_SUCCESS && status != Hip.HIP_ERROR_HOST_MEMORY_NOT_REGISTERED) {
            // Still registered, as far as anyone can tell: keep the memory rather than hand the
            // allocator a range the runtime may still map.
            HipStatus.NAMES.log("hipHostUnregister(0x" + Long.toHexString(host.address()) + "); the page is kept", status);
            return;
        }
        // NOT_REGISTERED: another owner's hipDeviceReset took the device's view; the page is ours.
        pages.free(host);
    }

    @Override
    public boolean streamIn(HipStream stream, HipDevice device) throws LineException {
        long handle = stream.handle();
        if (handle == Hip.HIP_STREAM_PER_THREAD || handle == 1) {
            throw new LineException(LineError.FOREIGN_STREAM, stream + " is a special handle HIP 5.2 cannot validate"
                    + " (0x2 is hipStreamPerThread, the calling thread's own stream, which hipGetStreamDeviceId resolves"
                    + " unchecked and a line could not settle from its own thread): pass an explicit stream");
        }
        if (handle == 0 && Thread.currentThread().isVirtual()) {
            throw new LineException(LineError.NO_DOMAIN, stream + " is the null stream of the calling OS thread's"
                    + " current device, and a virtual thread (" + Thread.currentThread() + ") may run on another"
                    + " carrier, with another device, at every call. Pass an explicit stream");
        }
        int owner = Hip.hipGetStreamDeviceId(stream.segment());
        if (owner < 0) {
            throw new LineException(LineError.FOREIGN_STREAM, stream + " is not a stream the HIP runtime knows"
                    + " (destroyed, never created, or another library's): hipGetStreamDeviceId returned " + owner);
        }
        if (handle != 0 && owner != stream.device()) {
            throw new IllegalArgumentException(stream + " was wrapped with device " + stream.device()
                    + ", but the runtime says it belongs to device " + owner);
        }
        return owner == device.ordinal();
    }

    // Every signal comes here: the message is built only when there is a failure to describe.
    @Override
    public void writeValue(HipStream stream, long address, long value) throws LineException {
        refuseIfCapturing(stream, "a store");
        int status = Hip.hipStreamWriteValue64(stream.segment(), MemorySegment.ofAddress(address), value, 0);
        if (status != Hip.HIP_SUCCESS) {
            throw HipStatus.NAMES.failure(status, "hipStreamWriteValue64(" + stream + ", 0x" + Long.toHexString(address) + ")");
        }
    }

    // The capture status's output, one per thread: a signal allocates nothing for it after a
    // thread's first. Freed with the thread (an automatic arena).
    private static final ThreadLocal<MemorySegment> SCRATCH = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(Hip.C_INT));

    /**
     * Refuses {@code what} on a stream that is capturing a graph ({@code hipStreamIsCapturing}),
     * and on the null stream while a blocking stream captures. ROCm 5.2 to 6.2 queue a stream
     * operation at once during a capture (clr, {@code ihipStreamOperation} asks nothing about
     * one): the store lands ahead of the captured work it should follow, a wrong answer. A ROCm
     * that records it as a graph node would store at every launch of the graph, also after the
     * line freed its page. Asked right before the operation, on the signalling thread: a capture
     * another thread begins on the stream in between is that stream's owner's race.
     */
    static void refuseIfCapturing(HipStream stream, String what) throws LineException {
        MemorySegment out = SCRATCH.get();
        int status = Hip.hipStreamIsCapturing(stream.segment(), out);
        if (status == Hip.HIP_ERROR_STREAM_CAPTURE_IMPLICIT) {
            throw new LineException(LineError.ofStatus(status), what + " into " + stream + " refused: a blocking stream of"
                    + " the device is capturing a graph, and until that capture ends the null stream is unusable"
                    + " (hipStreamIsCapturing: hipErrorStreamCaptureImplicit). Queue it after hipStreamEndCapture, or on"
                    + " a stream of its own");
        }
        HipStatus.NAMES.check(status, "hipStreamIsCapturing(" + stream + ")");
        int capture = out.get(ValueLayout.JAVA_INT, 0);
        if (capture != Hip.HIP_STREAM_CAPTURE_STATUS_NONE) {
            boolean invalidated = capture == Hip.HIP_STREAM_CAPTURE_STATUS_INVALIDATED;
            throw new LineException(LineError.ofStatus(invalidated ? Hip.HIP_ERROR_STREAM_CAPTURE_INVALIDATED
                    : Hip.HIP_ERROR_STREAM_CAPTURE_UNSUPPORTED), what + " into " + stream + " refused: the stream is"
                    + " capturing a graph (hipStreamIsCapturing: " + (invalidated ? "hipStreamCaptureStatusInvalidated"
                    : "hipStreamCaptureStatusActive") + "). ROCm queues a stream operation at once even so (clr,"
                    + " ihipStreamOperation), so the line's ticket would land ahead of the captured work it should follow;"
                    + " a ROCm that records it in the graph would write the line's page at every launch, also after the"
                    + " line is closed and its page freed. Queue it after hipStreamEndCapture, or on a stream that is not"
                    + " capturing");
        }
    }

    /**
     * Waits by an event recorded behind the line's work on each of its streams, polled
     * ({@code hipEventQuery}) until it completes or {@code deadlineNanos} passes: bounded, and
     * never waiting for other owners' work on the device. An event recorded into a stream that
     * is capturing joins the graph and reads as done (clr, {@code hipEventRecord},
     * {@code hip::Event::query}); the free after it ({@code hipHostUnregister}) still waits for
     * every stream of the device, so the page is never freed under the line's work.
     */
    @Override
    public boolean settle(HipDevice device, List<HipStream> streams, long deadlineNanos) {
        List<MemorySegment> events = new ArrayList<>(streams.size());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(Hip.C_POINTER);
            for (HipStream stream : streams) {
                if (stream.handle() != 0 && Hip.hipGetStreamDeviceId(stream.segment()) < 0) {
                    // Destroyed before the line closed (or by a reset): its work cannot be waited
                    // for, and 5.2.3 would dereference the stale handle.
                    HipStatus.NAMES.warn(stream + " no longer exists, so a line that queued work on it cannot tell when"
                            + " that work is done; close lines before destroying their streams");
                    return false;
                }
                int status;
                try (OnDevice on = OnDevice.make(device)) {
                    status = Hip.hipEventCreateWithFlags(out, Hip.HIP_EVENT_DISABLE_TIMING);
                    if (status == Hip.HIP_SUCCESS) {
                        MemorySegment event = out.get(ValueLayout.ADDRESS, 0);
                        events.add(event);
                        status = Hip.hipEventRecord(event, stream.segment());
                    }
                }
                if (status != Hip.HIP_SUCCESS) {
                    HipStatus.NAMES.log("recording an event behind the line's work on " + stream + " while closing a line", status);
                    return false;
                }
            }
            for (MemorySegment event : events) {
                DeadlinePoll poll = new DeadlinePoll(deadlineNanos);
                for (;;) {
                    int status = Hip.hipEventQuery(event);
                    if (status == Hip.HIP_SUCCESS) {
                        break;
                    }
                    if (status != Hip.HIP_ERROR_NOT_READY) {
                        HipStatus.NAMES.log("hipEventQuery while closing a line", status);
                        return false;
                    }
                    if (!poll.pause()) {
                        return false;
                    }
                }
            }
            return true;
        } catch (LineException e) {
            HipStatus.NAMES.log("hipSetDevice while closing a line", e.error().status());
            return false;
        } finally {
            for (MemorySegment event : events) {
                // An event still pending is released by the runtime once its work is done.
                Hip.hipEventDestroy(event);
            }
        }
    }

    /**
     * Queues on {@code stream} a device-side wait until the word at {@code address} reaches
     * {@code value}: HIP's GTE compares plainly, not cyclically, which is the same until a line
     * has taken 2^63 signals. In HIP these waits are marked beta and run as a spinning kernel
     * that holds its hardware queue until the word moves (clr, {@code streamOpsWait}); a wait for
     * a store never queued stalls its stream for good, and the line's close then keeps the page.
     * Refused ({@code UNAVAILABLE}, saying why) where the device itself would order the store it
     * waits for behind it: on the null stream and on a blocking stream, which HIP synchronizes
     * with each other both ways (clr, {@code hip::getStream}); and everywhere when
     * {@code AMD_DIRECT_DISPATCH} turns direct dispatch off, as a store queued first may then
     * reach a shared hardware queue after the wait. A wait for a value not queued yet is refused
     * by {@link #checkWaitAheadOfStore}; so is one into a capturing stream, and on a device whose
     * {@code hipDeviceAttributeCanUseStreamWaitValue} is 0.
     */
    @Override
    public void waitValue(HipStream stream, long address, long value) throws LineException {
        if (stream.handle() == 0) {
            throw new LineException(LineError.UNAVAILABLE, "no device-side wait on " + stream + ", the null stream: HIP's"
                    + " null stream first waits for every blocking stream of the device, and every blocking stream for it"
                    + " (clr, hip::getStream), so a store queued later on any of them would wait behind this wait for"
                    + " good. Wait on a stream made with hipStreamNonBlocking");
        }
        refuseIfCapturing(stream, "a device-side wait");
        MemorySegment out = SCRATCH.get();
        HipStatus.NAMES.check(Hip.hipStreamGetFlags(stream.segment(), out), "hipStreamGetFlags(" + stream + ")");
        if ((out.get(ValueLayout.JAVA_INT, 0) & Hip.HIP_STREAM_NON_BLOCKING) == 0) {
            throw new LineException(LineError.UNAVAILABLE, "no device-side wait on " + stream + ": it is a blocking stream"
                    + " (made without hipStreamNonBlocking), which HIP makes wait for the null stream, and the null stream"
                    + " for it (clr, hip::getStream): a store queued later on the null stream, or on any blocking stream"
                    + " behind that, would wait behind this wait for good. Wait on a stream made with hipStreamNonBlocking");
        }
        String dispatch = Libc.environment(DIRECT_DISPATCH);
        if (dispatch != null && !rocclrTrue(dispatch)) {
            throw new LineException(LineError.UNAVAILABLE, "no device-side wait on " + stream + ": the process environment"
                    + " sets " + DIRECT_DISPATCH + "=" + dispatch + ", which turns direct dispatch off, so each stream's"
                    + " commands reach the hardware queues from a runtime thread of that stream's, in that thread's own"
                    + " time: a store queued before this wait may still be submitted after it to a hardware queue the two"
                    + " streams share (" + HW_QUEUES + "), and run only after it, which is never. Leave "
                    + DIRECT_DISPATCH + " unset (HIP submits on the calling thread by default on Linux)");
        }
        int owner = Hip.hipGetStreamDeviceId(stream.segment());
        if (owner >= 0 && !canWait.computeIfAbsent(owner, HipDriver::askCanWait)) {
            throw new LineException(LineError.UNAVAILABLE, "device " + owner + " cannot wait on a word"
                    + " (hipDeviceAttributeCanUseStreamWaitValue is 0): no device-side wait on " + stream);
        }
        HipStatus.NAMES.check(Hip.hipStreamWaitValue64(stream.segment(), MemorySegment.ofAddress(address), value,
                Hip.HIP_STREAM_WAIT_VALUE_GTE, -1L), "hipStreamWaitValue64(" + stream + ", GTE " + value + ")");
    }

    private static final String DIRECT_DISPATCH = "AMD_DIRECT_DISPATCH";
    private static final String HW_QUEUES = "GPU_MAX_HW_QUEUES";

    /**
     * Always refused: a device's streams share its hardware queues beyond
     * {@code GPU_MAX_HW_QUEUES} of them (clr, rocclr's {@code Device::acquireQueue}: the least
     * used one, whatever the streams; the null stream and other libraries' streams count too),
     * and a wait holds its queue (every AQL packet HIP submits carries the barrier bit), so a
     * store submitted after the wait, on any stream, may run only after it: never. No setting
     * makes that safe, since the line cannot count the process's streams.
     */
    @Override
    public void checkWaitAheadOfStore(HipStream stream) throws LineException {
        String set = Libc.environment(HW_QUEUES);
        throw new LineException(LineError.UNAVAILABLE, "no device-side wait on " + stream + " for a value whose store is"
                + " not queued yet: HIP gives a device's streams at most " + HW_QUEUES + " hardware queues ("
                + (set == null ? "4, the default" : atoi(set) + ", as the environment sets it") + ") and shares them"
                + " beyond that, whichever streams they are (clr, rocclr Device::acquireQueue), and the wait runs as a"
                + " kernel that holds its queue until the word moves: a store submitted after it to a queue it shares"
                + " would wait for it for good. Queue the store first (line.signal), then the wait");
    }

    // rocclr's reading of a Boolean flag (rocclr/utils/flags.cpp, Flag::setValue): "true", or a
    // number atoi reads as other than 0.
    private static boolean rocclrTrue(String value) {
        return value.equals("true") || atoi(value) != 0;
    }

    // C's atoi: leading blanks, a sign, the digits that follow; 0 where there are none.
    private static long atoi(String value) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\s*([+-]?\\d{1,18})").matcher(value);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    private static boolean askCanWait(int device) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(Hip.C_INT);
            int status = Hip.hipDeviceGetAttribute(value, Hip.HIP_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE, device);
            // A runtime that cannot answer may still wait: let the wait itself say so.
            return status != Hip.HIP_SUCCESS || value.get(ValueLayout.JAVA_INT, 0) != 0;
        }
    }

    /**
     * The store waits of a backend asked for them ({@link HipBackend#builder()}): a
     * {@code hipEventBlockingSync} event recorded behind each store, and a syncer thread per
     * device and stream with events pending, blocked in {@code hipEventSynchronize}; null
     * otherwise. The lines of one device share its pool (their domains are equal).
     */
    @Override
    public EventStoreWaits<HipStream, HipDevice> storeWaits() {
        return storeWaits;
    }

    @Override
    public String name() {
        return "hip";
    }

    /**
     * {@code call} with the calling thread's stream capture mode relaxed, restored after: from a
     * thread in the global (default) or thread-local mode, {@code hipHostRegister} and
     * {@code hipHostUnregister} fail with {@code hipErrorStreamCaptureUnsupported} while a capture
     * is under way (hipamd 5.2.3 and clr, {@code CHECK_STREAM_CAPTURE_SUPPORTED}: in the global
     * mode any global capture in the process), and clr also invalidates those captures.
     */
    private static int relaxed(java.util.function.IntSupplier call) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mode = arena.allocate(Hip.C_INT);
            mode.set(ValueLayout.JAVA_INT, 0, Hip.HIP_STREAM_CAPTURE_MODE_RELAXED);
            boolean relaxed = Hip.hipThreadExchangeStreamCaptureMode(mode) == Hip.HIP_SUCCESS;
            try {
                return call.getAsInt();
            } finally {
                if (relaxed) {
                    // mode now holds the thread's previous mode: put it back.
                    Hip.hipThreadExchangeStreamCaptureMode(mode);
                }
            }
        }
    }

    /** The line's device made current for a call, the caller's restored after. */
    static final class OnDevice implements AutoCloseable {
        private final int previous;

        private OnDevice(int previous) {
            this.previous = previous;
        }

        static OnDevice make(HipDevice device) throws LineException {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment current = arena.allocate(Hip.C_INT);
                HipStatus.NAMES.check(Hip.hipGetDevice(current), "hipGetDevice");
                int previous = current.get(ValueLayout.JAVA_INT, 0);
                if (previous != device.ordinal()) {
                    HipStatus.NAMES.check(Hip.hipSetDevice(device.ordinal()), "hipSetDevice(" + device.ordinal() + ")");
                }
                return new OnDevice(previous);
            }
        }

        @Override
        public void close() {
            int status = Hip.hipSetDevice(previous);
            if (status != Hip.HIP_SUCCESS) {
                HipStatus.NAMES.log("hipSetDevice(" + previous + ") restoring the caller's device", status);
            }
        }
    }
}
