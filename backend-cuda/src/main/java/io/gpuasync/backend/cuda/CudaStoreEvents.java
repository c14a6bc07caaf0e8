package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.spi.EventStoreWaits;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The CUDA events behind a line's stores ({@link EventStoreWaits}): made with
 * {@code CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING}, so that {@code cuEventSynchronize}
 * blocks its thread "until the event has been completed by the device" instead of busy-waiting
 * (cuda.h), and records no time. Each call runs in the line's primary context
 * ({@link CudaDriver#inContext}); a syncer makes that context current for its life
 * ({@code cuCtxSetCurrent}).
 */
final class CudaStoreEvents implements EventStoreWaits.Events<CudaStream, CudaContext> {
    // Output arguments, one per thread (the signalling threads'): freed with the thread.
    private static final ThreadLocal<MemorySegment> OUT = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(16, 8));

    @Override
    public long create(CudaContext context) throws LineException {
        int status = CudaDriver.inContext(context.handle(), () -> Cuda.cuEventCreate(OUT.get(),
                Cuda.CU_EVENT_BLOCKING_SYNC | Cuda.CU_EVENT_DISABLE_TIMING));
        CudaDriver.check(status, "cuEventCreate(BLOCKING_SYNC | DISABLE_TIMING) for a store wait");
        return OUT.get().get(ValueLayout.JAVA_LONG, 0);
    }

    /**
     * Refuses a stream that is capturing a graph: an event recorded there would stand for a
     * point of the graph, not for the store (which the line refuses on a capturing stream too).
     */
    @Override
    public void record(CudaContext context, long event, CudaStream stream) throws LineException {
        int status = CudaDriver.inContext(context.handle(), () -> {
            MemorySegment out = OUT.get();
            int capturing = Cuda.cuStreamIsCapturing(stream.segment(), out);
            if (capturing != Cuda.CUDA_SUCCESS) {
                return capturing;
            }
            if (out.get(ValueLayout.JAVA_INT, 0) != Cuda.CU_STREAM_CAPTURE_STATUS_NONE) {
                return Cuda.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
            }
            return Cuda.cuEventRecord(MemorySegment.ofAddress(event), stream.segment());
        });
        if (status != Cuda.CUDA_SUCCESS) {
            throw new LineException(LineError.ofStatus(status), CudaStatus.NAMES.describe("cuEventRecord behind a store on "
                    + stream, status));
        }
    }

    @Override
    public void enter(CudaContext context) throws LineException {
        CudaDriver.check(Cuda.cuCtxSetCurrent(MemorySegment.ofAddress(context.handle())),
                "cuCtxSetCurrent(" + context + ") on a store-wait syncer");
    }

    @Override
    public void leave(CudaContext context) {
        Cuda.cuCtxSetCurrent(MemorySegment.NULL);
    }

    @Override
    public int synchronize(long event) {
        int status = Cuda.cuEventSynchronize(MemorySegment.ofAddress(event));
        // Recorded into a capture begun after the record's check: it says nothing of the store.
        return CudaDriver.isCaptureError(status) ? EventStoreWaits.UNKNOWN : status;
    }

    @Override
    public void destroy(CudaContext context, long event) {
        int status;
        try {
            status = CudaDriver.inContext(context.handle(), () -> Cuda.cuEventDestroy_v2(MemorySegment.ofAddress(event)));
        } catch (LineException e) {
            status = e.error().status();
        }
        if (status != Cuda.CUDA_SUCCESS) {
            CudaStatus.NAMES.log("cuEventDestroy of a store-wait event", status);
        }
    }

    @Override
    public LineException failure(int status, String call) {
        return CudaDriver.failure(status, call);
    }
}
