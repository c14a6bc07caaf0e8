package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The CUDA driver table of a mapped line.
 *
 * <p>The line's domain is the primary context of the calling thread's current device
 * ({@code cuCtxGetCurrent}, {@code cuCtxGetDevice}, {@code cuDevicePrimaryCtxRetain}), retained
 * for the line's life: the context the runtime API, JCuda, JavaCPP and most applications use.
 * When the current context is not that primary context (an application's own {@code
 * cuCtxCreate} context), the line still lives in the device's primary context, and a stream of
 * the application's context is refused as foreign: closing the line can only wait for work of
 * the context it holds.
 *
 * <p>Every call that needs a context pushes the line's own and pops it after
 * ({@code cuCtxPushCurrent} / {@code cuCtxPopCurrent}), so a line can be closed, and checked, from
 * any thread, and the caller's current context is left as it was.
 */
final class CudaDriver implements LineDriver<CudaStream, CudaContext> {

    @Override
    public CudaContext retainCurrent() throws LineException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment current = arena.allocate(Cuda.C_POINTER);
            check(Cuda.cuCtxGetCurrent(current), "cuCtxGetCurrent");
            if (current.get(ValueLayout.ADDRESS, 0).equals(MemorySegment.NULL)) {
                throw new LineException(LineError.NO_DOMAIN, "cuCtxGetCurrent");
            }
            MemorySegment device = arena.allocate(Cuda.C_INT);
            check(Cuda.cuCtxGetDevice(device), "cuCtxGetDevice");
            int ordinal = device.get(ValueLayout.JAVA_INT, 0);
            MemorySegment supported = arena.allocate(Cuda.C_INT);
            check(Cuda.cuDeviceGetAttribute(supported, Cuda.CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, ordinal),
                    "cuDeviceGetAttribute(CAN_USE_64_BIT_STREAM_MEM_OPS, device " + ordinal + ")");
            if (supported.get(ValueLayout.JAVA_INT, 0) == 0) {
                // Without it every store a line queues would fail: say so before a page exists.
                throw new LineException(LineError.ofStatus(Cuda.CUDA_ERROR_NOT_SUPPORTED), "device " + ordinal
                        + " cannot run 64-bit stream memory operations (cuStreamWriteValue64); see the driver's "
                        + "NVreg_EnableStreamMemOPs on older drivers");
            }
            MemorySegment primary = arena.allocate(Cuda.C_POINTER);
            check(Cuda.cuDevicePrimaryCtxRetain(primary, ordinal), "cuDevicePrimaryCtxRetain(device " + ordinal + ")");
            return new CudaContext(primary.get(ValueLayout.ADDRESS, 0).address(), ordinal);
        }
    }

    @Override
    public void release(CudaContext context) {
        int status = Cuda.cuDevicePrimaryCtxRelease_v2(context.device());
        if (status != Cuda.CUDA_SUCCESS) {
            CudaStatus.log("cuDevicePrimaryCtxRelease(device " + context.device() + ")", status);
        }
    }

    @Override
    public MemorySegment allocHost(CudaContext context, long bytes) throws LineException {
        try (Arena arena = Arena.ofConfined(); Pushed pushed = push(context)) {
            MemorySegment pointer = arena.allocate(Cuda.C_POINTER);
            check(Cuda.cuMemHostAlloc(pointer, bytes, Cuda.CU_MEMHOSTALLOC_PORTABLE | Cuda.CU_MEMHOSTALLOC_DEVICEMAP),
                    "cuMemHostAlloc(" + bytes + " bytes, PORTABLE | DEVICEMAP)");
            return pointer.get(ValueLayout.ADDRESS, 0);
        }
    }

    @Override
    public long deviceAddress(CudaContext context, MemorySegment host) throws LineException {
        try (Arena arena = Arena.ofConfined(); Pushed pushed = push(context)) {
            MemorySegment device = arena.allocate(Cuda.C_LONG_LONG);
            check(Cuda.cuMemHostGetDevicePointer_v2(device, host, 0), "cuMemHostGetDevicePointer");
            return device.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    @Override
    public void freeHost(CudaContext context, MemorySegment host) {
        try (Pushed pushed = push(context)) {
            int status = Cuda.cuMemFreeHost(host);
            if (status != Cuda.CUDA_SUCCESS) {
                CudaStatus.log("cuMemFreeHost(0x" + Long.toHexString(host.address()) + ")", status);
            }
        } catch (LineException e) {
            CudaStatus.log("cuCtxPushCurrent before cuMemFreeHost", e.error().status());
        }
    }

    @Override
    public boolean streamIn(CudaStream stream, CudaContext context) throws LineException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment owner = arena.allocate(Cuda.C_POINTER);
            int status = Cuda.cuStreamGetCtx(stream.segment(), owner);
            if (status == Cuda.CUDA_ERROR_INVALID_CONTEXT) {
                // A default-stream handle (0, legacy, per-thread) means the calling thread's
                // context, and this thread has none.
                throw new LineException(LineError.NO_DOMAIN, CudaStatus.describe("cuStreamGetCtx(" + stream + ")", status));
            }
            if (status != Cuda.CUDA_SUCCESS) {
                throw failure(status, "cuStreamGetCtx(" + stream + ")");
            }
            return owner.get(ValueLayout.ADDRESS, 0).address() == context.handle();
        }
    }

    // Every signal comes here: the message is built only when there is a failure to describe.
    @Override
    public void writeValue(CudaStream stream, long address, long value) throws LineException {
        int status = Cuda.cuStreamWriteValue64_v2(stream.segment(), address, value, 0);
        if (status != Cuda.CUDA_SUCCESS) {
            throw failure(status, "cuStreamWriteValue64(" + stream + ", 0x" + Long.toHexString(address) + ", " + value + ")");
        }
    }

    /**
     * Waits for the context's work. Unbounded here ({@code cuCtxSynchronize} never returns if a
     * stream waits on the device for a word nothing will store): the line calls it on a thread
     * of its own and bounds the close itself.
     */
    @Override
    public boolean settle(CudaContext context, java.util.List<CudaStream> streams, long deadlineNanos) {
        try (Pushed pushed = push(context)) {
            int status = Cuda.cuCtxSynchronize();
            if (status != Cuda.CUDA_SUCCESS) {
                CudaStatus.log("cuCtxSynchronize while closing a line", status);
                return false;
            }
            return true;
        } catch (LineException e) {
            return false;
        }
    }

    /** Whether the context still works: a query of its work answers, or returns its sticky error. */
    @Override
    public void checkHealth(CudaContext context) throws LineException {
        try (Pushed pushed = push(context)) {
            int status = Cuda.cuStreamQuery(MemorySegment.NULL);
            if (status != Cuda.CUDA_SUCCESS && status != Cuda.CUDA_ERROR_NOT_READY) {
                throw new LineException(LineError.ofStatus(status), CudaStatus.describe("cuStreamQuery", status));
            }
        }
    }

    /** Queues on {@code stream} a device-side wait until the word at {@code address} reaches {@code value}. */
    @Override
    public void waitValue(CudaStream stream, long address, long value) throws LineException {
        check(Cuda.cuStreamWaitValue64_v2(stream.segment(), address, value, Cuda.CU_STREAM_WAIT_VALUE_GEQ),
                "cuStreamWaitValue64(" + stream + ", 0x" + Long.toHexString(address) + ", GEQ " + value + ")");
    }

    @Override
    public String name() {
        return "cuda";
    }

    static void check(int status, String call) throws LineException {
        if (status != Cuda.CUDA_SUCCESS) {
            throw failure(status, call);
        }
    }

    static LineException failure(int status, String call) {
        return new LineException(LineError.ofStatus(status), CudaStatus.describe(call, status));
    }

    /** The line's context made current for a call, the caller's restored after. */
    private static Pushed push(CudaContext context) throws LineException {
        check(Cuda.cuCtxPushCurrent_v2(MemorySegment.ofAddress(context.handle())), "cuCtxPushCurrent");
        return new Pushed();
    }

    private static final class Pushed implements AutoCloseable {
        @Override
        public void close() {
            int status = Cuda.cuCtxPopCurrent_v2(MemorySegment.NULL);
            if (status != Cuda.CUDA_SUCCESS) {
                CudaStatus.log("cuCtxPopCurrent", status);
            }
        }
    }
}
