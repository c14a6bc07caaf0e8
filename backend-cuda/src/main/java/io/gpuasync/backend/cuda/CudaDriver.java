package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.Cuda;
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
import java.util.List;
import java.util.function.IntSupplier;

/**
 * The CUDA driver table of a mapped line.
 *
 * <p>The line's domain is the primary context of a device named by number ({@link #retainDevice})
 * or of the calling thread's current device ({@code cuCtxGetCurrent}, {@code cuCtxGetDevice};
 * never from a virtual thread), retained ({@code cuDevicePrimaryCtxRetain}) for the line's life:
 * the context the runtime API, JCuda, JavaCPP and most applications use.
 * When the current context is not that primary context (an application's own {@code
 * cuCtxCreate} context), opening there is refused, saying so, without creating an inactive
 * primary context: a line can only wait for work of the context it holds, so every stream of the
 * current one would be foreign to it.
 *
 * <p>The page is the line's own memory (a page of the JVM's native memory), registered with
 * the context ({@code cuMemHostRegister} PORTABLE | DEVICEMAP, which the stream memory
 * operations accept), not memory the driver allocated: another owner resetting the primary
 * context ({@code cuDevicePrimaryCtxReset}, {@code cudaDeviceReset}) ends the device's view of
 * it but can never unmap the host's. A reset is seen (the context inactive while the line holds
 * it, or the page's registration gone) by the health check, which then fails the line's waits
 * with {@code CUDA_ERROR_CONTEXT_IS_DESTROYED} and says why.
 *
 * <p>Calls a line makes from threads of its own (opening, the health check, settling, freeing)
 * run with the thread's stream capture mode relaxed ({@code cuThreadExchangeStreamCaptureMode}),
 * so they never invalidate a graph another thread captures in the global mode, and touch only
 * the line's own streams, never the whole context. A capture error (900-908) is never taken for
 * a failed device. Every call that needs a context pushes the line's own and pops it after
 * ({@code cuCtxPushCurrent} / {@code cuCtxPopCurrent}), leaving the caller's as it was; nothing
 * between a push and its pop logs, locks or parks, so a virtual thread cannot change carriers
 * in between.
 *
 * <p>Stream handles: an explicit stream's store runs with the line's context pushed. The legacy
 * default stream (0, {@code CU_STREAM_LEGACY}) means the calling OS thread's current context:
 * accepted from a platform thread whose current context is the line's, refused from a virtual
 * thread (whose carrier, and so whose context, may change between any two calls). The
 * per-thread default stream ({@code CU_STREAM_PER_THREAD}) is refused: it is the signalling
 * thread's own, and a line settles from a thread of its own. A stream that is capturing a graph
 * is refused for stores and device-side waits alike (they would be recorded, and replayed at
 * every launch), and so is the legacy stream while a blocking stream captures; device-side
 * waits are refused on the legacy stream and on blocking streams, and everywhere when
 * {@code CUDA_DEVICE_MAX_CONNECTIONS} is 1 (see {@link #waitValue}).
 */
final class CudaDriver implements LineDriver<CudaStream, CudaContext> {
    // A whole page: the registration pins pages, and no other allocation may share the line's.
    private static final long PAGE_ALIGNMENT = 4096;

    // Output arguments of the calls, one per thread: the signal path allocates nothing after a
    // thread's first call. Freed with the thread (an automatic arena).
    private static final ThreadLocal<MemorySegment> SCRATCH =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(16, 8));
    private static final ThreadLocal<MemorySegment> CAPTURE_MODE =
            ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(Cuda.C_INT));

    /** The events one line keeps for its store waits: more stores pending at once are polled for. */
    static final int STORE_EVENTS = 256;

    // Each line's page, by address: freed by freeHost only.
    private final HostPages pages = new HostPages();
    // Null unless the backend was asked for store waits.
    private final EventStoreWaits<CudaStream, CudaContext> storeWaits;

    /** A driver table; with {@code storeWaits}, one that records a blocking-sync event behind every store. */
    CudaDriver(boolean storeWaits) {
        this.storeWaits = storeWaits ? new EventStoreWaits<>("cuda", new CudaStoreEvents(), STORE_EVENTS) : null;
    }

    /**
     * Retains the primary context of the calling thread's current device. Refused on a virtual
     * thread: CUDA's current context belongs to the OS thread, the carrier, which a virtual
     * thread may change between any two calls, so the context it made current may not be the
     * one found here ({@link #retainDevice} names the device instead).
     */
    @Override
    public CudaContext retainCurrent() throws LineException {
        if (Thread.currentThread().isVirtual()) {
            throw new LineException(LineError.NO_DOMAIN, "no line opens on the current context of a virtual thread ("
                    + Thread.currentThread() + "): CUDA's current context is its carrier's, an OS thread it may leave at"
                    + " any call, so the context it made current may not be the one current now, and stays current on the"
                    + " old carrier for whatever runs there next. Open the line on its device: CudaBackend.openLine(device)");
        }
        MemorySegment out = SCRATCH.get();
        check(Cuda.cuCtxGetCurrent(out), "cuCtxGetCurrent");
        long current = out.get(ValueLayout.ADDRESS, 0).address();
        if (current == 0) {
            throw new LineException(LineError.NO_DOMAIN, "cuCtxGetCurrent");
        }
        check(Cuda.cuCtxGetDevice(out), "cuCtxGetDevice");
        int ordinal = out.get(ValueLayout.JAVA_INT, 0);
        // A primary context that is not active cannot be the current one: retaining it would
        // create it (memory on the device for a context nothing else uses). Said before that.
        check(Cuda.cuDevicePrimaryCtxGetState(ordinal, out, out.asSlice(8)), "cuDevicePrimaryCtxGetState(device " + ordinal + ")");
        if (out.get(ValueLayout.JAVA_INT, 8) == 0) {
            throw notPrimary(current, ordinal, "which is not active, and a line would create it");
        }
        return retainPrimary(ordinal, current);
    }

    // The current context is another than the device's primary one (cuCtxCreate's, a green
    // context): every stream of it would be foreign to a line in the primary context.
    private static LineException notPrimary(long current, int ordinal, String primary) {
        return new LineException(LineError.NO_DOMAIN, "the calling thread's current context 0x" + Long.toHexString(current)
                + " is not device " + ordinal + "'s primary context (" + primary + "): a line lives in a device's primary"
                + " context, and would refuse every stream of the current one as foreign. Make the primary context current"
                + " (CudaBackend.makePrimaryContextCurrent(" + ordinal + ")), or open the line on the device:"
                + " CudaBackend.openLine(" + ordinal + ")");
    }

    /**
     * Retains the primary context of device {@code ordinal} ({@code cuDeviceGet}), whatever is
     * current on the calling thread, which it leaves as it was.
     */
    CudaContext retainDevice(int ordinal) throws LineException {
        MemorySegment out = SCRATCH.get();
        check(Cuda.cuDeviceGet(out, ordinal), "cuDeviceGet(" + ordinal + ")");
        return retainPrimary(out.get(ValueLayout.JAVA_INT, 0), 0);
    }

    // Retains device ordinal's primary context, which must be current (0: whatever is).
    private CudaContext retainPrimary(int ordinal, long current) throws LineException {
        MemorySegment out = SCRATCH.get();
        check(Cuda.cuDeviceGetAttribute(out, Cuda.CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, ordinal),
                "cuDeviceGetAttribute(CAN_USE_64_BIT_STREAM_MEM_OPS, device " + ordinal + ")");
        if (out.get(ValueLayout.JAVA_INT, 0) == 0) {
            // The stores and device-side waits are both 64-bit stream memory operations: without
            // them every store a line queues would fail. Say so before a page exists.
            // No NVreg_EnableStreamMemOPs hint here: the drivers that needed it lack the v2 entry
            // points and never get this far (CudaLibrary says so when it finds them missing).
            throw new LineException(LineError.ofStatus(Cuda.CUDA_ERROR_NOT_SUPPORTED), "device " + ordinal
                    + " cannot run 64-bit stream memory operations (CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS is 0:"
                    + " cuStreamWriteValue64 and cuStreamWaitValue64 are unsupported on it), and a line's stores and"
                    + " device-side waits are both such operations");
        }
        check(Cuda.cuDevicePrimaryCtxRetain(out, ordinal), "cuDevicePrimaryCtxRetain(device " + ordinal + ")");
        long primary = out.get(ValueLayout.ADDRESS, 0).address();
        if (current != 0 && current != primary) {
            releasePrimary(ordinal);
            throw notPrimary(current, ordinal, "0x" + Long.toHexString(primary));
        }
        try {
            // The stream the health check queries: the line's own, so the check waits for and
            // disturbs nobody's work (and no capture).
            check(inContext(primary, () -> Cuda.cuStreamCreate(SCRATCH.get(), Cuda.CU_STREAM_NON_BLOCKING)),
                    "cuStreamCreate(NON_BLOCKING) for the line's health checks");
            CudaContext context = new CudaContext(primary, ordinal, SCRATCH.get().get(ValueLayout.ADDRESS, 0).address());
            if (storeWaits != null) {
                storeWaits.open(context);
            }
            return context;
        } catch (LineException | RuntimeException e) {
            releasePrimary(ordinal);
            throw e;
        }
    }

    @Override
    public void release(CudaContext context) {
        if (storeWaits != null) {
            // First: its events are destroyed in the context, which the release below may end.
            storeWaits.close(context);
        }
        // A reset destroyed the line's stream with the rest: its handle may now name another's.
        if (!resetSince(context)) {
            // With the line's context pushed: the closing thread may have none (cuda.h lists
            // CUDA_ERROR_INVALID_CONTEXT for cuStreamDestroy).
            int status;
            try {
                status = inContext(context.handle(), () -> Cuda.cuStreamDestroy_v2(MemorySegment.ofAddress(context.healthStream())));
            } catch (LineException e) {
                status = e.error().status();
            }
            if (status != Cuda.CUDA_SUCCESS) {
                CudaStatus.NAMES.log("cuStreamDestroy of the line's health-check stream", status);
            }
        }
        releasePrimary(context.device());
    }

    private static void releasePrimary(int device) {
        int status = Cuda.cuDevicePrimaryCtxRelease_v2(device);
        if (status != Cuda.CUDA_SUCCESS) {
            CudaStatus.NAMES.log("cuDevicePrimaryCtxRelease(device " + device + ")", status);
        }
    }

    @Override
    public MemorySegment allocHost(CudaContext context, long bytes) throws LineException {
        MemorySegment page = pages.allocate(bytes, PAGE_ALIGNMENT);
        int status;
        try {
            status = inContext(context.handle(), () -> Cuda.cuMemHostRegister_v2(page, bytes,
                    Cuda.CU_MEMHOSTREGISTER_PORTABLE | Cuda.CU_MEMHOSTREGISTER_DEVICEMAP));
        } catch (LineException | RuntimeException e) {
            pages.free(page);
            throw e;
        }
        if (status != Cuda.CUDA_SUCCESS) {
            pages.free(page);
            // NVIDIA's confidential-computing release notes (R550 TRD1 onwards, limitations):
            // "CUDA APIs which utilize pinned host memory are not supported", since the GPU may not
            // reach the guest VM's memory directly. A line is a registered host page, so none opens there.
            throw new LineException(LineError.ofStatus(status), CudaStatus.NAMES.describe("cuMemHostRegister(" + bytes
                    + " bytes, PORTABLE | DEVICEMAP)", status) + ". A line is a page of host memory the device writes"
                    + " into; where the driver refuses to register one (a GPU in confidential-computing mode, such as"
                    + " Hopper's or Blackwell's, where CUDA APIs that use pinned host memory are not supported), no line"
                    + " can be opened: wait for work on the host by other means (cuEventSynchronize)");
        }
        MemorySegment raw = HostPages.unscoped(page);
        context.page(raw);
        return raw;
    }

    @Override
    public long deviceAddress(CudaContext context, MemorySegment host) throws LineException {
        check(inContext(context.handle(), () -> Cuda.cuMemHostGetDevicePointer_v2(SCRATCH.get(), host, 0)),
                "cuMemHostGetDevicePointer");
        return SCRATCH.get().get(ValueLayout.JAVA_LONG, 0);
    }

    /**
     * Yes: NVIDIA does not say whether {@code cuMemHostUnregister} waits for the device, and the
     * CUDA programming guide counts page-locked host allocation among the implicit
     * synchronizations. So the line frees on a thread of its own within its settle bound, and a
     * stream held at a device-side wait (the line's, or the application's) cannot hang the close.
     */
    @Override
    public boolean freeWaitsForDevice() {
        return true;
    }

    @Override
    public void freeHost(CudaContext context, MemorySegment host) {
        // From here the page is no longer the line's to check a reset by: a health check that
        // runs beside the free must not take the unregistered page for another owner's reset.
        context.page(null);
        int status;
        try {
            status = inContext(context.handle(), () -> Cuda.cuMemHostUnregister(host));
        } catch (LineException e) {
            CudaStatus.NAMES.log("cuCtxPushCurrent before cuMemHostUnregister", e.error().status());
            return;
        }
        if (status == Cuda.CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED) {
            // Another owner reset the context: the device's view went with it; the page is ours.
            context.markReset();
        } else if (status != Cuda.CUDA_SUCCESS) {
            // Still registered, as far as anyone can tell: keep the memory rather than hand the
            // allocator a range the driver may still map.
            CudaStatus.NAMES.log("cuMemHostUnregister(0x" + Long.toHexString(host.address()) + "); the page is kept", status);
            return;
        }
        pages.free(host);
    }

    @Override
    public boolean streamIn(CudaStream stream, CudaContext context) throws LineException {
        long handle = stream.handle();
        if (handle == Cuda.CU_STREAM_PER_THREAD) {
            throw new LineException(LineError.FOREIGN_STREAM, stream + " is CU_STREAM_PER_THREAD, the calling thread's own"
                    + " default stream: a line settles from a thread of its own, which cannot wait for it. Pass an"
                    + " explicit stream (cuStreamCreate)");
        }
        if (isThreadDefault(handle) && Thread.currentThread().isVirtual()) {
            throw new LineException(LineError.NO_DOMAIN, stream + " is the legacy default stream of the calling OS"
                    + " thread's current context, and a virtual thread (" + Thread.currentThread() + ") may run on"
                    + " another carrier, with another context, at every call. Pass an explicit stream");
        }
        MemorySegment owner = SCRATCH.get();
        int status = Cuda.cuStreamGetCtx(stream.segment(), owner);
        if (status == Cuda.CUDA_ERROR_INVALID_CONTEXT) {
            // A default-stream handle means the calling thread's context, and this thread has none.
            throw new LineException(LineError.NO_DOMAIN, CudaStatus.NAMES.describe("cuStreamGetCtx(" + stream + ")", status));
        }
        if (status != Cuda.CUDA_SUCCESS) {
            throw failure(status, "cuStreamGetCtx(" + stream + ")");
        }
        return owner.get(ValueLayout.ADDRESS, 0).address() == context.handle();
    }

    /** 0 or {@code CU_STREAM_LEGACY}: a stream chosen by the calling thread's current context. */
    private static boolean isThreadDefault(long handle) {
        return handle == 0 || handle == Cuda.CU_STREAM_LEGACY;
    }

    // Every signal comes here: the message is built only when there is a failure to describe.
    @Override
    public void writeValue(CudaStream stream, long address, long value) throws LineException {
        int status = memoryOperation(stream, address, value, WRITE);
        if (status != Cuda.CUDA_SUCCESS) {
            String call = "cuStreamWriteValue64(" + stream + ", 0x" + Long.toHexString(address) + ", " + value + ")";
            throw isRefusal(status) ? refusal(status, stream, "a store") : failure(status, call);
        }
    }

    /**
     * Queues on {@code stream} a device-side wait until the word at {@code address} reaches
     * {@code value}. cuda.h warns that ordering made with stream memory operations is invisible
     * to CUDA ("improper use of these APIs may deadlock the application"): the device may
     * serialize the wait in front of the store it waits for. So a wait is refused where the
     * device orders streams behind one another whatever the line does: on the legacy stream and
     * on a blocking stream (made without {@code CU_STREAM_NON_BLOCKING}), which the legacy
     * stream synchronizes with, and everywhere when {@code CUDA_DEVICE_MAX_CONNECTIONS} is 1
     * (one hardware queue for every stream). A wait for a store never queued stalls its stream
     * for good, and the line's close then keeps the page. The device's support was checked when
     * the line was opened ({@code CAN_USE_64_BIT_STREAM_MEM_OPS}).
     */
    @Override
    public void waitValue(CudaStream stream, long address, long value) throws LineException {
        if (isThreadDefault(stream.handle())) {
            // NVIDIA, "Stream synchronization behavior": an action in the legacy stream waits
            // for every blocking stream, and every blocking stream then waits for it.
            throw new LineException(LineError.UNAVAILABLE, "no device-side wait on " + stream + ", the legacy default"
                    + " stream: it synchronizes with every blocking stream of the context (NVIDIA's stream"
                    + " synchronization behaviour), so a store queued later on any of them would wait behind this wait"
                    + " for good. Wait on a stream made with CU_STREAM_NON_BLOCKING");
        }
        int connections = maxConnections();
        if (connections == 1) {
            throw new LineException(LineError.UNAVAILABLE, "no device-side wait on " + stream + ": the process"
                    + " environment sets CUDA_DEVICE_MAX_CONNECTIONS=1, so every stream of the device feeds one hardware"
                    + " queue, in which a wait runs in front of every store submitted after it, the one it waits for"
                    + " included (cuda.h: ordering by stream memory operations is invisible to CUDA and may deadlock)");
        }
        queueWait(stream, address, value, WAIT);
    }

    /**
     * A wait for a word the host stores ({@link CudaGate}): no store of the device can be
     * ordered behind it, so only a capture refuses it. It still holds up what the device orders
     * behind its stream until the host stores.
     */
    void waitForHost(CudaStream stream, long address, long value) throws LineException {
        queueWait(stream, address, value, WAIT_FOR_HOST);
    }

    private static void queueWait(CudaStream stream, long address, long value, int kind) throws LineException {
        int status = memoryOperation(stream, address, value, kind);
        if (status != Cuda.CUDA_SUCCESS) {
            String call = "cuStreamWaitValue64(" + stream + ", 0x" + Long.toHexString(address) + ", GEQ " + value + ")";
            throw isRefusal(status) ? refusal(status, stream, "a device-side wait") : failure(status, call);
        }
    }

    // What memoryOperation queues.
    private static final int WRITE = 0;
    private static final int WAIT = 1;
    private static final int WAIT_FOR_HOST = 2;

    // Refusals memoryOperation returns instead of a driver status (which is never negative).
    private static final int REFUSED_CAPTURING = -1;
    private static final int REFUSED_INVALIDATED = -2;
    private static final int REFUSED_LEGACY_CAPTURE = -3;
    private static final int REFUSED_BLOCKING = -4;

    private static boolean isRefusal(int status) {
        return status < 0;
    }

    private static LineException refusal(int status, CudaStream stream, String what) {
        return switch (status) {
            case REFUSED_CAPTURING, REFUSED_INVALIDATED -> new LineException(LineError.ofStatus(
                    status == REFUSED_CAPTURING ? Cuda.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED : Cuda.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED),
                    what + " into " + stream + " refused: the stream is capturing a graph (cuStreamIsCapturing: "
                    + (status == REFUSED_CAPTURING ? "CU_STREAM_CAPTURE_STATUS_ACTIVE" : "CU_STREAM_CAPTURE_STATUS_INVALIDATED")
                    + "). cuda.h, cuStreamBeginCapture: operations pushed into a capturing stream \"will not be executed,"
                    + " but will instead be captured into a graph\": the line's ticket would never land, and every launch"
                    + " of the graph would write the line's page again, also after it is closed and freed. Queue it"
                    + " after cuStreamEndCapture, or on a stream that is not capturing");
            case REFUSED_LEGACY_CAPTURE -> new LineException(LineError.ofStatus(Cuda.CUDA_ERROR_STREAM_CAPTURE_IMPLICIT),
                    what + " into " + stream + " refused: a blocking stream of the context is capturing a graph, and"
                    + " until that capture ends the legacy stream is unusable (cuda.h, cuStreamIsCapturing:"
                    + " CUDA_ERROR_STREAM_CAPTURE_IMPLICIT). Queue it after cuStreamEndCapture, or on an explicit stream");
            case REFUSED_BLOCKING -> new LineException(LineError.UNAVAILABLE, "no device-side wait on " + stream
                    + ": it is a blocking stream (made without CU_STREAM_NON_BLOCKING), which synchronizes with the legacy"
                    + " stream (NVIDIA's stream synchronization behaviour): anything queued on the legacy stream after"
                    + " this wait, a store it waits for included, would wait behind it for good, and every blocking"
                    + " stream behind that. Wait on a stream made with CU_STREAM_NON_BLOCKING");
            default -> throw new IllegalArgumentException("not a refusal: " + status);
        };
    }

    // An explicit stream's operation runs with the stream's context (the line's: the line
    // checked it) pushed; a default-stream handle in the calling thread's own, which the line
    // checked is its. Nothing between the push and the pop but the calls.
    private static int memoryOperation(CudaStream stream, long address, long value, int kind) {
        MemorySegment handle = stream.segment();
        if (isThreadDefault(stream.handle())) {
            return queueUnlessCapturing(handle, address, value, kind);
        }
        MemorySegment owner = SCRATCH.get();
        int status = Cuda.cuStreamGetCtx(handle, owner);
        if (status != Cuda.CUDA_SUCCESS) {
            return status;
        }
        status = Cuda.cuCtxPushCurrent_v2(owner.get(ValueLayout.ADDRESS, 0));
        if (status != Cuda.CUDA_SUCCESS) {
            return status;
        }
        try {
            return queueUnlessCapturing(handle, address, value, kind);
        } finally {
            popQuietly();
        }
    }

    // Asked right before the operation, on the signalling thread: a capture only that thread
    // or the stream's owner could begin in between is the owner's own race with its stream.
    // cuStreamIsCapturing is legal during a capture and invalidates none.
    private static int queueUnlessCapturing(MemorySegment handle, long address, long value, int kind) {
        MemorySegment out = SCRATCH.get();
        int status = Cuda.cuStreamIsCapturing(handle, out);
        if (status == Cuda.CUDA_ERROR_STREAM_CAPTURE_IMPLICIT) {
            return REFUSED_LEGACY_CAPTURE;
        }
        if (status != Cuda.CUDA_SUCCESS) {
            return status;
        }
        int capture = out.get(ValueLayout.JAVA_INT, 0);
        if (capture != Cuda.CU_STREAM_CAPTURE_STATUS_NONE) {
            return capture == Cuda.CU_STREAM_CAPTURE_STATUS_INVALIDATED ? REFUSED_INVALIDATED : REFUSED_CAPTURING;
        }
        if (kind == WRITE) {
            return Cuda.cuStreamWriteValue64_v2(handle, address, value, 0);
        }
        if (kind == WAIT_FOR_HOST) {
            return Cuda.cuStreamWaitValue64_v2(handle, address, value, Cuda.CU_STREAM_WAIT_VALUE_GEQ);
        }
        status = Cuda.cuStreamGetFlags(handle, out);
        if (status != Cuda.CUDA_SUCCESS) {
            return status;
        }
        if ((out.get(ValueLayout.JAVA_INT, 0) & Cuda.CU_STREAM_NON_BLOCKING) == 0) {
            return REFUSED_BLOCKING;
        }
        return Cuda.cuStreamWaitValue64_v2(handle, address, value, Cuda.CU_STREAM_WAIT_VALUE_GEQ);
    }

    /**
     * {@code CUDA_DEVICE_MAX_CONNECTIONS} as the driver reads it: from the C library's
     * environment ({@link Libc#environment}); 0 when unset or not a number. The driver reads it
     * when it creates a context, so a change after that is not seen by it.
     */
    static int maxConnections() {
        String value = Libc.environment("CUDA_DEVICE_MAX_CONNECTIONS");
        try {
            return value == null ? 0 : Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Waits until every operation the line queued on {@code streams} is done: an event recorded
     * behind them on each stream ({@code cuEventRecord}), polled ({@code cuEventQuery}) until it
     * completes or {@code deadlineNanos} passes. Only these streams, never the whole context:
     * other owners' work (a long NCCL collective, another library's kernels) is not waited for,
     * and no other thread's graph capture is disturbed. A stream being captured is not touched
     * (an event recorded into it would join the graph); it is asked again until its capture
     * ends or the deadline passes. A capture that begins between that question and the record
     * takes the event into the graph instead; its query then says so
     * ({@code CUDA_ERROR_CAPTURED_EVENT}), and the event is recorded again once the capture
     * ended, so the answer is never read from a captured event. After a reset by another owner
     * nothing of the device can touch the page any more, and the answer is yes at once.
     *
     * <p>Not avoidable on the legacy stream (handle 0): any action queued on it, this event's
     * record included, first waits for every blocking stream of the context (NVIDIA's stream
     * synchronization behaviour), so a line that signalled on stream 0 settles behind the
     * blocking streams' work queued before its close.
     */
    @Override
    public boolean settle(CudaContext context, List<CudaStream> streams, long deadlineNanos) {
        String failure = null;
        int failedStatus = 0;
        MemorySegment[] events = new MemorySegment[streams.size()];
        try {
            for (int i = 0; i < events.length && failure == null; i++) {
                int status = recordWhenNotCapturing(context, streams.get(i), events, i, deadlineNanos);
                if (status == SETTLED_BY_RESET) {
                    return true;
                }
                if (status == Cuda.CUDA_ERROR_NOT_READY) {
                    return false;
                }
                if (status != Cuda.CUDA_SUCCESS) {
                    failure = "recording an event behind the line's work on " + streams.get(i);
                    failedStatus = status;
                }
            }
            for (int i = 0; i < events.length && failure == null; i++) {
                DeadlinePoll poll = new DeadlinePoll(deadlineNanos);
                for (;;) {
                    MemorySegment event = events[i];
                    int status = inContext(context.handle(), () -> Cuda.cuEventQuery(event));
                    if (status == Cuda.CUDA_SUCCESS) {
                        break;
                    }
                    if (status == Cuda.CUDA_ERROR_CAPTURED_EVENT) {
                        // The record joined a capture begun after the stream said it had none:
                        // it stands for a point of the graph, not for the stream's work. Record
                        // it again once the capture has ended.
                        status = recordWhenNotCapturing(context, streams.get(i), events, i, deadlineNanos);
                        if (status == SETTLED_BY_RESET) {
                            return true;
                        }
                        if (status == Cuda.CUDA_SUCCESS) {
                            continue;
                        }
                    }
                    if (status != Cuda.CUDA_ERROR_NOT_READY && !isCaptureError(status)) {
                        if (resetSince(context)) {
                            return true;
                        }
                        failure = "cuEventQuery behind the line's work on " + streams.get(i);
                        failedStatus = status;
                        break;
                    }
                    if (!poll.pause()) {
                        return false;
                    }
                }
            }
        } catch (LineException e) {
            failure = "cuCtxPushCurrent while settling";
            failedStatus = e.error().status();
        } finally {
            destroyEvents(context, events);
        }
        if (failure != null) {
            CudaStatus.NAMES.log(failure + " while closing a line", failedStatus);
            return false;
        }
        return true;
    }

    // What recordWhenNotCapturing returns when another owner's reset settled everything.
    private static final int SETTLED_BY_RESET = -100;

    // Records events[i] (made if null) behind the work on stream, once the stream is not
    // capturing: CUDA_SUCCESS; NOT_READY at the deadline; SETTLED_BY_RESET; or the failure.
    private static int recordWhenNotCapturing(CudaContext context, CudaStream stream, MemorySegment[] events, int i,
                                              long deadlineNanos) throws LineException {
        DeadlinePoll poll = new DeadlinePoll(deadlineNanos);
        for (;;) {
            if (resetSince(context)) {
                return SETTLED_BY_RESET;
            }
            MemorySegment reuse = events[i];
            int status = inContext(context.handle(), () -> recordBehind(stream.segment(), reuse));
            if (status == Cuda.CUDA_SUCCESS) {
                events[i] = SCRATCH.get().get(ValueLayout.ADDRESS, 0);
                return status;
            }
            if (!isCaptureError(status) && status != Cuda.CUDA_ERROR_NOT_READY) {
                return status;
            }
            if (!poll.pause()) {
                return Cuda.CUDA_ERROR_NOT_READY;
            }
        }
    }

    // With the line's context pushed (cuda.h lists CUDA_ERROR_INVALID_CONTEXT for
    // cuEventDestroy, and a settler thread has no context of its own), logging after the pop.
    // An event still pending is released by the driver once its work is done.
    private static void destroyEvents(CudaContext context, MemorySegment[] events) {
        int[] failed = new int[1];
        int status;
        try {
            status = inContext(context.handle(), () -> {
                for (MemorySegment event : events) {
                    if (event != null) {
                        int destroyed = Cuda.cuEventDestroy_v2(event);
                        if (destroyed != Cuda.CUDA_SUCCESS && failed[0] == 0) {
                            failed[0] = destroyed;
                        }
                    }
                }
                return failed[0];
            });
        } catch (LineException e) {
            status = e.error().status();
        }
        if (status != Cuda.CUDA_SUCCESS) {
            CudaStatus.NAMES.log("cuEventDestroy of the events a line settled by", status);
        }
    }

    // Inside a pushed context: an event recorded behind the stream's queued work (reuse, or a
    // fresh one), left in SCRATCH. Refuses a stream that is capturing, whose record would join
    // the graph.
    private static int recordBehind(MemorySegment stream, MemorySegment reuse) {
        MemorySegment out = SCRATCH.get();
        int status = Cuda.cuStreamIsCapturing(stream, out);
        if (status != Cuda.CUDA_SUCCESS) {
            return status;
        }
        if (out.get(ValueLayout.JAVA_INT, 0) != Cuda.CU_STREAM_CAPTURE_STATUS_NONE) {
            return Cuda.CUDA_ERROR_NOT_READY;
        }
        MemorySegment event = reuse;
        if (event == null) {
            status = Cuda.cuEventCreate(out, Cuda.CU_EVENT_DISABLE_TIMING);
            if (status != Cuda.CUDA_SUCCESS) {
                return status;
            }
            event = out.get(ValueLayout.ADDRESS, 0);
        }
        status = Cuda.cuEventRecord(event, stream);
        if (status != Cuda.CUDA_SUCCESS) {
            if (reuse == null) {
                Cuda.cuEventDestroy_v2(event);
            }
            return status;
        }
        out.set(ValueLayout.ADDRESS, 0, event);
        return Cuda.CUDA_SUCCESS;
    }

    /**
     * Whether the context still works: a reset by another owner fails it with
     * {@code CUDA_ERROR_CONTEXT_IS_DESTROYED}; otherwise a query of the line's own stream
     * answers, or returns the context's sticky error. A capture error (900-908) says nothing
     * of the device, and reads as healthy.
     */
    @Override
    public void checkHealth(CudaContext context) throws LineException {
        if (resetSince(context)) {
            throw new LineException(LineError.ofStatus(Cuda.CUDA_ERROR_CONTEXT_IS_DESTROYED), "the primary context of"
                    + " device " + context.device() + " was reset by another owner (cuDevicePrimaryCtxReset,"
                    + " cudaDeviceReset) while this line held it: the device's view of the line's page, and every"
                    + " store and wait queued into it, are gone. The page itself is still the line's; closing frees it");
        }
        int status = inContext(context.handle(), () -> Cuda.cuStreamQuery(MemorySegment.ofAddress(context.healthStream())));
        if (status != Cuda.CUDA_SUCCESS && status != Cuda.CUDA_ERROR_NOT_READY && !isCaptureError(status)) {
            throw failure(status, "cuStreamQuery(the line's own stream)");
        }
    }

    /**
     * Whether another owner reset the primary context since the line retained it: the context
     * is inactive while the line holds a reference, or the page's registration is gone.
     */
    private static boolean resetSince(CudaContext context) {
        if (context.wasReset()) {
            return true;
        }
        MemorySegment out = SCRATCH.get();
        if (Cuda.cuDevicePrimaryCtxGetState(context.device(), out, out.asSlice(8)) == Cuda.CUDA_SUCCESS
                && out.get(ValueLayout.JAVA_INT, 8) == 0) {
            context.markReset();
            return true;
        }
        MemorySegment page = context.page();
        if (page != null) {
            int status;
            try {
                status = inContext(context.handle(), () -> Cuda.cuMemHostGetDevicePointer_v2(SCRATCH.get(), page, 0));
            } catch (LineException e) {
                return false;
            }
            if (status == Cuda.CUDA_ERROR_INVALID_VALUE) {
                context.markReset();
                return true;
            }
        }
        return false;
    }

    static boolean isCaptureError(int status) {
        return status >= Cuda.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED && status <= Cuda.CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD;
    }

    /**
     * The store waits of a backend asked for them ({@link CudaBackend#builder()}): a
     * {@code CU_EVENT_BLOCKING_SYNC} event recorded behind each store, and a syncer thread per
     * line and stream with events pending, blocked in {@code cuEventSynchronize}; null otherwise.
     */
    @Override
    public EventStoreWaits<CudaStream, CudaContext> storeWaits() {
        return storeWaits;
    }

    @Override
    public String name() {
        return "cuda";
    }

    /** Blocks until {@code stream}'s work is done ({@code cuStreamSynchronize}). */
    static void synchronize(CudaStream stream) {
        int status = Cuda.cuStreamSynchronize(stream.segment());
        if (status != Cuda.CUDA_SUCCESS) {
            throw failure(status, "cuStreamSynchronize(" + stream + ")").toGpuException("synchronizing a stream");
        }
    }

    static void check(int status, String call) throws LineException {
        CudaStatus.NAMES.check(status, call);
    }

    static LineException failure(int status, String call) {
        return CudaStatus.NAMES.failure(status, call);
    }

    /**
     * Runs {@code call} with {@code context} pushed and this thread's capture mode relaxed,
     * restoring both after; returns the call's status. Only a failed push throws. The call must
     * not log, lock or park.
     */
    static int inContext(long context, IntSupplier call) throws LineException {
        MemorySegment mode = CAPTURE_MODE.get();
        mode.set(ValueLayout.JAVA_INT, 0, Cuda.CU_STREAM_CAPTURE_MODE_RELAXED);
        boolean relaxed = Cuda.cuThreadExchangeStreamCaptureMode(mode) == Cuda.CUDA_SUCCESS;
        try {
            check(Cuda.cuCtxPushCurrent_v2(MemorySegment.ofAddress(context)), "cuCtxPushCurrent");
            try {
                return call.getAsInt();
            } finally {
                popQuietly();
            }
        } finally {
            if (relaxed) {
                // mode now holds the thread's previous mode: put it back.
                Cuda.cuThreadExchangeStreamCaptureMode(mode);
            }
        }
    }

    // A failed pop leaves the line's context on this thread's stack; nothing can be done about
    // it here, and logging would park between the push and the caller's next call.
    private static void popQuietly() {
        Cuda.cuCtxPopCurrent_v2(MemorySegment.NULL);
    }
}
