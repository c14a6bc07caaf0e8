package io.gpuasync.backend.cuda.internal;

import io.gpuasync.spi.ffm.Downcalls;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * The CUDA driver API entry points this backend calls, in jextract's shape: each C function has
 * a holder class whose method handle is made when the function is first called, and a static
 * method that calls it with {@code invokeExact}. A missing library or symbol throws
 * {@code UnsatisfiedLinkError("unresolved symbol: ...")} at the call, never at class load; the
 * provider checks {@link #FUNCTIONS} up front so that users see a stored cause instead.
 *
 * <p>Names are the symbols the CUDA header maps its API names to ({@code #define
 * cuMemHostGetDevicePointer cuMemHostGetDevicePointer_v2}): {@link Function#declaredAs} keeps the
 * header's name, and {@code CudaHeaderTest} checks both against {@code cuda.h}.
 */
public final class Cuda {
    /** {@code int}, {@code unsigned int}, {@code CUresult}, {@code CUdevice}. */
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    /** {@code size_t} on a 64-bit host. */
    public static final ValueLayout.OfLong C_SIZE_T = ValueLayout.JAVA_LONG;
    /** {@code unsigned long long}, {@code CUdeviceptr}, {@code cuuint64_t}. */
    public static final ValueLayout.OfLong C_LONG_LONG = ValueLayout.JAVA_LONG;
    /** Any pointer, and the opaque handles {@code CUcontext} and {@code CUstream}. */
    public static final ValueLayout C_POINTER = ValueLayout.ADDRESS;

    /** {@code <cuda.h>}: CUDA_SUCCESS. */
    public static final int CUDA_SUCCESS = 0;
    /** {@code <cuda.h>}: CUDA_ERROR_INVALID_VALUE, also what asking for an unregistered page's device address returns. */
    public static final int CUDA_ERROR_INVALID_VALUE = 1;
    /** {@code <cuda.h>}: CUDA_ERROR_NOT_READY, what a query of unfinished work returns (not a failure). */
    public static final int CUDA_ERROR_NOT_READY = 600;
    /** {@code <cuda.h>}: CU_MEMHOSTREGISTER_PORTABLE: the registration serves every context. */
    public static final int CU_MEMHOSTREGISTER_PORTABLE = 0x01;
    /** {@code <cuda.h>}: CU_MEMHOSTREGISTER_DEVICEMAP: the memory gets a device address. */
    public static final int CU_MEMHOSTREGISTER_DEVICEMAP = 0x02;
    /** {@code <cuda.h>}: CU_STREAM_LEGACY, the legacy default stream of the calling thread's current context (as is 0). */
    public static final long CU_STREAM_LEGACY = 0x1;
    /** {@code <cuda.h>}: CU_STREAM_PER_THREAD, the calling thread's own default stream in its current context. */
    public static final long CU_STREAM_PER_THREAD = 0x2;
    /** {@code <cuda.h>}: CU_STREAM_CAPTURE_MODE_RELAXED: this thread's calls never invalidate another thread's capture. */
    public static final int CU_STREAM_CAPTURE_MODE_RELAXED = 2;
    /** {@code <cuda.h>}: CU_STREAM_CAPTURE_STATUS_NONE. */
    public static final int CU_STREAM_CAPTURE_STATUS_NONE = 0;
    /** {@code <cuda.h>}: CU_STREAM_CAPTURE_STATUS_ACTIVE: what is pushed into the stream is captured, not run. */
    public static final int CU_STREAM_CAPTURE_STATUS_ACTIVE = 1;
    /** {@code <cuda.h>}: CU_STREAM_CAPTURE_STATUS_INVALIDATED: capturing, broken by an error, until cuStreamEndCapture. */
    public static final int CU_STREAM_CAPTURE_STATUS_INVALIDATED = 2;
    /** {@code <cuda.h>}: CUDA_ERROR_STREAM_CAPTURE_INVALIDATED. */
    public static final int CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901;
    /** {@code <cuda.h>}: CUDA_ERROR_STREAM_CAPTURE_IMPLICIT: the legacy stream, while a blocking stream captures. */
    public static final int CUDA_ERROR_STREAM_CAPTURE_IMPLICIT = 906;
    /** {@code <cuda.h>}: CUDA_ERROR_CAPTURED_EVENT: the event was last recorded in a capturing stream. */
    public static final int CUDA_ERROR_CAPTURED_EVENT = 907;
    /** {@code <cuda.h>}: CUDA_ERROR_CONTEXT_IS_DESTROYED. */
    public static final int CUDA_ERROR_CONTEXT_IS_DESTROYED = 709;
    /** {@code <cuda.h>}: CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED, what unregistering after a reset returns. */
    public static final int CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713;
    /** {@code <cuda.h>}: CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, the first of the capture errors (900-908). */
    public static final int CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900;
    /** {@code <cuda.h>}: CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD, the last of the capture errors. */
    public static final int CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD = 908;
    /** {@code <cuda.h>}: CU_STREAM_WAIT_VALUE_GEQ, the wrap-safe greater-or-equal wait. */
    public static final int CU_STREAM_WAIT_VALUE_GEQ = 0x0;
    /** {@code <cuda.h>}: CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, what cuStreamWriteValue64 needs. */
    public static final int CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS = 122;
    /** {@code <cuda.h>}: CUDA_ERROR_INVALID_CONTEXT, also what a call needing a current context returns without one. */
    public static final int CUDA_ERROR_INVALID_CONTEXT = 201;
    /** {@code <cuda.h>}: CUDA_ERROR_NOT_SUPPORTED. */
    public static final int CUDA_ERROR_NOT_SUPPORTED = 801;
    /** {@code <cuda.h>}: CU_EVENT_BLOCKING_SYNC: a waiting thread sleeps instead of spinning. */
    public static final int CU_EVENT_BLOCKING_SYNC = 0x1;
    /** {@code <cuda.h>}: CU_EVENT_DISABLE_TIMING. */
    public static final int CU_EVENT_DISABLE_TIMING = 0x2;
    /**
     * CUDA 13.2's {@code CUhostTaskSyncMode} CU_HOST_TASK_BLOCKING: "The execution thread will
     * block until new host tasks are ready to run" (NVIDIA's driver API reference).
     */
    public static final int CU_HOST_TASK_BLOCKING = 0x0;
    /** CUDA 13.2's CU_HOST_TASK_SPINWAIT: "The execution thread will spin wait until new host tasks are ready to run". */
    public static final int CU_HOST_TASK_SPINWAIT = 0x1;
    /** {@code <cuda.h>}: CU_STREAM_NON_BLOCKING. */
    public static final int CU_STREAM_NON_BLOCKING = 0x1;

    private Cuda() {
    }

    /** One binding: the library symbol, the name the header declares, and the C signature. */
    public record Function(String symbol, String declaredAs, FunctionDescriptor descriptor) {
    }

    private static FunctionDescriptor returnsInt(MemoryLayout... parameters) {
        return FunctionDescriptor.of(C_INT, parameters);
    }

    /** {@code cuInit}: Initializes the driver API. */
    public static final Function F_cuInit = new Function("cuInit", "cuInit", returnsInt(C_INT));

    private static final class cuInit {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuInit.symbol(), F_cuInit.descriptor());
    }

    /** Initializes the driver API. */
    public static int cuInit(int flags) {
        try {
            return (int) cuInit.HANDLE.invokeExact(flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuGetErrorName}: The name of a status, such as CUDA_ERROR_INVALID_VALUE. */
    public static final Function F_cuGetErrorName = new Function("cuGetErrorName", "cuGetErrorName", returnsInt(C_INT, C_POINTER));

    private static final class cuGetErrorName {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuGetErrorName.symbol(), F_cuGetErrorName.descriptor());
    }

    /** The name of a status, such as CUDA_ERROR_INVALID_VALUE. */
    public static int cuGetErrorName(int error, MemorySegment pStr) {
        try {
            return (int) cuGetErrorName.HANDLE.invokeExact(error, pStr);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuDeviceGet}: The device handle of an ordinal. */
    public static final Function F_cuDeviceGet = new Function("cuDeviceGet", "cuDeviceGet", returnsInt(C_POINTER, C_INT));

    private static final class cuDeviceGet {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuDeviceGet.symbol(), F_cuDeviceGet.descriptor());
    }

    /** The device handle of an ordinal. */
    public static int cuDeviceGet(MemorySegment device, int ordinal) {
        try {
            return (int) cuDeviceGet.HANDLE.invokeExact(device, ordinal);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuCtxGetCurrent}: The calling thread's current context (NULL if none). */
    public static final Function F_cuCtxGetCurrent = new Function("cuCtxGetCurrent", "cuCtxGetCurrent", returnsInt(C_POINTER));

    private static final class cuCtxGetCurrent {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuCtxGetCurrent.symbol(), F_cuCtxGetCurrent.descriptor());
    }

    /** The calling thread's current context (NULL if none). */
    public static int cuCtxGetCurrent(MemorySegment pctx) {
        try {
            return (int) cuCtxGetCurrent.HANDLE.invokeExact(pctx);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuCtxSetCurrent}: Binds a context to the calling thread. */
    public static final Function F_cuCtxSetCurrent = new Function("cuCtxSetCurrent", "cuCtxSetCurrent", returnsInt(C_POINTER));

    private static final class cuCtxSetCurrent {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuCtxSetCurrent.symbol(), F_cuCtxSetCurrent.descriptor());
    }

    /** Binds a context to the calling thread. */
    public static int cuCtxSetCurrent(MemorySegment ctx) {
        try {
            return (int) cuCtxSetCurrent.HANDLE.invokeExact(ctx);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuCtxGetDevice}: The device of the current context. */
    public static final Function F_cuCtxGetDevice = new Function("cuCtxGetDevice", "cuCtxGetDevice", returnsInt(C_POINTER));

    private static final class cuCtxGetDevice {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuCtxGetDevice.symbol(), F_cuCtxGetDevice.descriptor());
    }

    /** The device of the current context. */
    public static int cuCtxGetDevice(MemorySegment device) {
        try {
            return (int) cuCtxGetDevice.HANDLE.invokeExact(device);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuDevicePrimaryCtxRetain}: Retains a device's primary context. */
    public static final Function F_cuDevicePrimaryCtxRetain = new Function("cuDevicePrimaryCtxRetain", "cuDevicePrimaryCtxRetain", returnsInt(C_POINTER, C_INT));

    private static final class cuDevicePrimaryCtxRetain {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuDevicePrimaryCtxRetain.symbol(), F_cuDevicePrimaryCtxRetain.descriptor());
    }

    /** Retains a device's primary context. */
    public static int cuDevicePrimaryCtxRetain(MemorySegment pctx, int dev) {
        try {
            return (int) cuDevicePrimaryCtxRetain.HANDLE.invokeExact(pctx, dev);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuDevicePrimaryCtxRelease}: Releases a device's primary context. */
    public static final Function F_cuDevicePrimaryCtxRelease_v2 = new Function("cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease", returnsInt(C_INT));

    private static final class cuDevicePrimaryCtxRelease_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuDevicePrimaryCtxRelease_v2.symbol(), F_cuDevicePrimaryCtxRelease_v2.descriptor());
    }

    /** Releases a device's primary context. */
    public static int cuDevicePrimaryCtxRelease_v2(int dev) {
        try {
            return (int) cuDevicePrimaryCtxRelease_v2.HANDLE.invokeExact(dev);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuCtxPushCurrent}: Pushes a context onto the calling thread's stack. */
    public static final Function F_cuCtxPushCurrent_v2 = new Function("cuCtxPushCurrent_v2", "cuCtxPushCurrent", returnsInt(C_POINTER));

    private static final class cuCtxPushCurrent_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuCtxPushCurrent_v2.symbol(), F_cuCtxPushCurrent_v2.descriptor());
    }

    /** Pushes a context onto the calling thread's stack. */
    public static int cuCtxPushCurrent_v2(MemorySegment ctx) {
        try {
            return (int) cuCtxPushCurrent_v2.HANDLE.invokeExact(ctx);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuCtxPopCurrent}: Pops the calling thread's current context. */
    public static final Function F_cuCtxPopCurrent_v2 = new Function("cuCtxPopCurrent_v2", "cuCtxPopCurrent", returnsInt(C_POINTER));

    private static final class cuCtxPopCurrent_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuCtxPopCurrent_v2.symbol(), F_cuCtxPopCurrent_v2.descriptor());
    }

    /** Pops the calling thread's current context. */
    public static int cuCtxPopCurrent_v2(MemorySegment pctx) {
        try {
            return (int) cuCtxPopCurrent_v2.HANDLE.invokeExact(pctx);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuMemHostGetDevicePointer}: The device address of mapped host memory. */
    public static final Function F_cuMemHostGetDevicePointer_v2 = new Function("cuMemHostGetDevicePointer_v2", "cuMemHostGetDevicePointer", returnsInt(C_POINTER, C_POINTER, C_INT));

    private static final class cuMemHostGetDevicePointer_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuMemHostGetDevicePointer_v2.symbol(), F_cuMemHostGetDevicePointer_v2.descriptor());
    }

    /** The device address of mapped host memory. */
    public static int cuMemHostGetDevicePointer_v2(MemorySegment pdptr, MemorySegment p, int flags) {
        try {
            return (int) cuMemHostGetDevicePointer_v2.HANDLE.invokeExact(pdptr, p, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuStreamCreate}: Creates a stream in the current context. */
    public static final Function F_cuStreamCreate = new Function("cuStreamCreate", "cuStreamCreate", returnsInt(C_POINTER, C_INT));

    private static final class cuStreamCreate {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuStreamCreate.symbol(), F_cuStreamCreate.descriptor());
    }

    /** Creates a stream in the current context. */
    public static int cuStreamCreate(MemorySegment phStream, int flags) {
        try {
            return (int) cuStreamCreate.HANDLE.invokeExact(phStream, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuStreamDestroy}: Destroys a stream once its work is done. */
    public static final Function F_cuStreamDestroy_v2 = new Function("cuStreamDestroy_v2", "cuStreamDestroy", returnsInt(C_POINTER));

    private static final class cuStreamDestroy_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuStreamDestroy_v2.symbol(), F_cuStreamDestroy_v2.descriptor());
    }

    /** Destroys a stream once its work is done. */
    public static int cuStreamDestroy_v2(MemorySegment hStream) {
        try {
            return (int) cuStreamDestroy_v2.HANDLE.invokeExact(hStream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuStreamGetCtx}: The context a stream belongs to. */
    public static final Function F_cuStreamGetCtx = new Function("cuStreamGetCtx", "cuStreamGetCtx", returnsInt(C_POINTER, C_POINTER));

    private static final class cuStreamGetCtx {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuStreamGetCtx.symbol(), F_cuStreamGetCtx.descriptor());
    }

    /** The context a stream belongs to. */
    public static int cuStreamGetCtx(MemorySegment hStream, MemorySegment pctx) {
        try {
            return (int) cuStreamGetCtx.HANDLE.invokeExact(hStream, pctx);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuStreamGetFlags}: A stream's creation flags (CU_STREAM_NON_BLOCKING or not). */
    public static final Function F_cuStreamGetFlags = new Function("cuStreamGetFlags", "cuStreamGetFlags", returnsInt(C_POINTER, C_POINTER));

    private static final class cuStreamGetFlags {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuStreamGetFlags.symbol(), F_cuStreamGetFlags.descriptor());
    }

    /** A stream's creation flags (CU_STREAM_NON_BLOCKING or not). */
    public static int cuStreamGetFlags(MemorySegment hStream, MemorySegment flags) {
        try {
            return (int) cuStreamGetFlags.HANDLE.invokeExact(hStream, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuStreamQuery}: Whether a stream's work is done (CUDA_ERROR_NOT_READY if not). */
    public static final Function F_cuStreamQuery = new Function("cuStreamQuery", "cuStreamQuery", returnsInt(C_POINTER));

    private static final class cuStreamQuery {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuStreamQuery.symbol(), F_cuStreamQuery.descriptor());
    }

    /** Whether a stream's work is done (CUDA_ERROR_NOT_READY if not). */
    public static int cuStreamQuery(MemorySegment hStream) {
        try {
            return (int) cuStreamQuery.HANDLE.invokeExact(hStream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuStreamWriteValue64}: Queues a 64-bit store on a stream. */
    public static final Function F_cuStreamWriteValue64_v2 = new Function("cuStreamWriteValue64_v2", "cuStreamWriteValue64", returnsInt(C_POINTER, C_LONG_LONG, C_LONG_LONG, C_INT));

    private static final class cuStreamWriteValue64_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuStreamWriteValue64_v2.symbol(), F_cuStreamWriteValue64_v2.descriptor());
    }

    /** Queues a 64-bit store on a stream. */
    public static int cuStreamWriteValue64_v2(MemorySegment stream, long addr, long value, int flags) {
        try {
            return (int) cuStreamWriteValue64_v2.HANDLE.invokeExact(stream, addr, value, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuStreamWaitValue64}: Queues a wait for a 64-bit word on a stream. */
    public static final Function F_cuStreamWaitValue64_v2 = new Function("cuStreamWaitValue64_v2", "cuStreamWaitValue64", returnsInt(C_POINTER, C_LONG_LONG, C_LONG_LONG, C_INT));

    private static final class cuStreamWaitValue64_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuStreamWaitValue64_v2.symbol(), F_cuStreamWaitValue64_v2.descriptor());
    }

    /** Queues a wait for a 64-bit word on a stream. */
    public static int cuStreamWaitValue64_v2(MemorySegment stream, long addr, long value, int flags) {
        try {
            return (int) cuStreamWaitValue64_v2.HANDLE.invokeExact(stream, addr, value, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuMemAlloc}: Allocates device memory (the bench's work). */
    public static final Function F_cuMemAlloc_v2 = new Function("cuMemAlloc_v2", "cuMemAlloc", returnsInt(C_POINTER, C_SIZE_T));

    private static final class cuMemAlloc_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuMemAlloc_v2.symbol(), F_cuMemAlloc_v2.descriptor());
    }

    /** Allocates device memory (the bench's work). */
    public static int cuMemAlloc_v2(MemorySegment dptr, long bytesize) {
        try {
            return (int) cuMemAlloc_v2.HANDLE.invokeExact(dptr, bytesize);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuMemFree}: Frees device memory. */
    public static final Function F_cuMemFree_v2 = new Function("cuMemFree_v2", "cuMemFree", returnsInt(C_LONG_LONG));

    private static final class cuMemFree_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuMemFree_v2.symbol(), F_cuMemFree_v2.descriptor());
    }

    /** Frees device memory. */
    public static int cuMemFree_v2(long dptr) {
        try {
            return (int) cuMemFree_v2.HANDLE.invokeExact(dptr);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuMemsetD32Async}: Queues a memset of 32-bit words on a stream: device work of a size-bound duration. */
    public static final Function F_cuMemsetD32Async = new Function("cuMemsetD32Async", "cuMemsetD32Async", returnsInt(C_LONG_LONG, C_INT, C_SIZE_T, C_POINTER));

    private static final class cuMemsetD32Async {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuMemsetD32Async.symbol(), F_cuMemsetD32Async.descriptor());
    }

    /** Queues a memset of 32-bit words on a stream: device work of a size-bound duration. */
    public static int cuMemsetD32Async(long dstDevice, int ui, long n, MemorySegment hStream) {
        try {
            return (int) cuMemsetD32Async.HANDLE.invokeExact(dstDevice, ui, n, hStream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuStreamSynchronize}: Blocks until a stream's work is done (a bench peer). */
    public static final Function F_cuStreamSynchronize = new Function("cuStreamSynchronize", "cuStreamSynchronize", returnsInt(C_POINTER));

    private static final class cuStreamSynchronize {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuStreamSynchronize.symbol(), F_cuStreamSynchronize.descriptor());
    }

    /** Blocks until a stream's work is done (a bench peer). */
    public static int cuStreamSynchronize(MemorySegment hStream) {
        try {
            return (int) cuStreamSynchronize.HANDLE.invokeExact(hStream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuEventCreate}: Creates an event. */
    public static final Function F_cuEventCreate = new Function("cuEventCreate", "cuEventCreate", returnsInt(C_POINTER, C_INT));

    private static final class cuEventCreate {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuEventCreate.symbol(), F_cuEventCreate.descriptor());
    }

    /** Creates an event. */
    public static int cuEventCreate(MemorySegment phEvent, int flags) {
        try {
            return (int) cuEventCreate.HANDLE.invokeExact(phEvent, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuEventRecord}: Records an event behind a stream's work. */
    public static final Function F_cuEventRecord = new Function("cuEventRecord", "cuEventRecord", returnsInt(C_POINTER, C_POINTER));

    private static final class cuEventRecord {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuEventRecord.symbol(), F_cuEventRecord.descriptor());
    }

    /** Records an event behind a stream's work. */
    public static int cuEventRecord(MemorySegment hEvent, MemorySegment hStream) {
        try {
            return (int) cuEventRecord.HANDLE.invokeExact(hEvent, hStream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuEventSynchronize}: Blocks until an event completes (a bench peer). */
    public static final Function F_cuEventSynchronize = new Function("cuEventSynchronize", "cuEventSynchronize", returnsInt(C_POINTER));

    private static final class cuEventSynchronize {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuEventSynchronize.symbol(), F_cuEventSynchronize.descriptor());
    }

    /** Blocks until an event completes (a bench peer). */
    public static int cuEventSynchronize(MemorySegment hEvent) {
        try {
            return (int) cuEventSynchronize.HANDLE.invokeExact(hEvent);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuEventDestroy}: Destroys an event. */
    public static final Function F_cuEventDestroy_v2 = new Function("cuEventDestroy_v2", "cuEventDestroy", returnsInt(C_POINTER));

    private static final class cuEventDestroy_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuEventDestroy_v2.symbol(), F_cuEventDestroy_v2.descriptor());
    }

    /** Destroys an event. */
    public static int cuEventDestroy_v2(MemorySegment hEvent) {
        try {
            return (int) cuEventDestroy_v2.HANDLE.invokeExact(hEvent);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuLaunchHostFunc}: Queues a host function on a stream (a bench peer). */
    public static final Function F_cuLaunchHostFunc = new Function("cuLaunchHostFunc", "cuLaunchHostFunc", returnsInt(C_POINTER, C_POINTER, C_POINTER));

    private static final class cuLaunchHostFunc {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuLaunchHostFunc.symbol(), F_cuLaunchHostFunc.descriptor());
    }

    /** Queues a host function on a stream (a bench peer). */
    public static int cuLaunchHostFunc(MemorySegment hStream, MemorySegment fn, MemorySegment userData) {
        try {
            return (int) cuLaunchHostFunc.HANDLE.invokeExact(hStream, fn, userData);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /**
     * {@code cuLaunchHostFunc_v2(CUstream hStream, CUhostFn fn, void *userData, unsigned int
     * syncMode)}: a host function with the sync mode of the driver's thread that runs it (a bench
     * peer). CUDA 13.2 and later: not in the 13.0 header this module is checked against, nor in
     * {@link #FUNCTIONS}; bound only where the driver exports it ({@link #OPTIONAL}).
     */
    public static final Function F_cuLaunchHostFunc_v2 = new Function("cuLaunchHostFunc_v2", "cuLaunchHostFunc_v2",
            returnsInt(C_POINTER, C_POINTER, C_POINTER, C_INT));

    private static final class cuLaunchHostFunc_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuLaunchHostFunc_v2.symbol(), F_cuLaunchHostFunc_v2.descriptor());
    }

    /** Queues a host function on a stream, run by a driver thread in {@code syncMode} (a bench peer). */
    public static int cuLaunchHostFunc_v2(MemorySegment hStream, MemorySegment fn, MemorySegment userData, int syncMode) {
        try {
            return (int) cuLaunchHostFunc_v2.HANDLE.invokeExact(hStream, fn, userData, syncMode);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuDeviceGetAttribute}: A device attribute, such as whether it runs 64-bit stream memory operations. */
    public static final Function F_cuDeviceGetAttribute = new Function("cuDeviceGetAttribute", "cuDeviceGetAttribute", returnsInt(C_POINTER, C_INT, C_INT));

    private static final class cuDeviceGetAttribute {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuDeviceGetAttribute.symbol(), F_cuDeviceGetAttribute.descriptor());
    }

    /** A device attribute, such as whether it runs 64-bit stream memory operations. */
    public static int cuDeviceGetAttribute(MemorySegment pi, int attrib, int dev) {
        try {
            return (int) cuDeviceGetAttribute.HANDLE.invokeExact(pi, attrib, dev);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuDevicePrimaryCtxGetState}: Whether a device's primary context is active, and its flags: 0 while retained means another owner reset it. */
    public static final Function F_cuDevicePrimaryCtxGetState = new Function("cuDevicePrimaryCtxGetState", "cuDevicePrimaryCtxGetState", returnsInt(C_INT, C_POINTER, C_POINTER));

    private static final class cuDevicePrimaryCtxGetState {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuDevicePrimaryCtxGetState.symbol(), F_cuDevicePrimaryCtxGetState.descriptor());
    }

    /** Whether a device's primary context is active, and its flags: 0 while retained means another owner reset it. */
    public static int cuDevicePrimaryCtxGetState(int dev, MemorySegment flags, MemorySegment active) {
        try {
            return (int) cuDevicePrimaryCtxGetState.HANDLE.invokeExact(dev, flags, active);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuMemHostRegister}: Page-locks and maps the caller's host memory for the current context's device. */
    public static final Function F_cuMemHostRegister_v2 = new Function("cuMemHostRegister_v2", "cuMemHostRegister", returnsInt(C_POINTER, C_SIZE_T, C_INT));

    private static final class cuMemHostRegister_v2 {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuMemHostRegister_v2.symbol(), F_cuMemHostRegister_v2.descriptor());
    }

    /** Page-locks and maps the caller's host memory for the current context's device. */
    public static int cuMemHostRegister_v2(MemorySegment p, long bytesize, int flags) {
        try {
            return (int) cuMemHostRegister_v2.HANDLE.invokeExact(p, bytesize, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuMemHostUnregister}: Ends a registration; the memory stays the caller's. */
    public static final Function F_cuMemHostUnregister = new Function("cuMemHostUnregister", "cuMemHostUnregister", returnsInt(C_POINTER));

    private static final class cuMemHostUnregister {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuMemHostUnregister.symbol(), F_cuMemHostUnregister.descriptor());
    }

    /** Ends a registration; the memory stays the caller's. */
    public static int cuMemHostUnregister(MemorySegment p) {
        try {
            return (int) cuMemHostUnregister.HANDLE.invokeExact(p);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuThreadExchangeStreamCaptureMode}: Sets the calling thread's stream capture mode, returning the previous one in place. */
    public static final Function F_cuThreadExchangeStreamCaptureMode = new Function("cuThreadExchangeStreamCaptureMode", "cuThreadExchangeStreamCaptureMode", returnsInt(C_POINTER));

    private static final class cuThreadExchangeStreamCaptureMode {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuThreadExchangeStreamCaptureMode.symbol(), F_cuThreadExchangeStreamCaptureMode.descriptor());
    }

    /** Sets the calling thread's stream capture mode, returning the previous one in place. */
    public static int cuThreadExchangeStreamCaptureMode(MemorySegment mode) {
        try {
            return (int) cuThreadExchangeStreamCaptureMode.HANDLE.invokeExact(mode);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuStreamIsCapturing}: Whether a stream is capturing a graph (legal during a capture). */
    public static final Function F_cuStreamIsCapturing = new Function("cuStreamIsCapturing", "cuStreamIsCapturing", returnsInt(C_POINTER, C_POINTER));

    private static final class cuStreamIsCapturing {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuStreamIsCapturing.symbol(), F_cuStreamIsCapturing.descriptor());
    }

    /** Whether a stream is capturing a graph (legal during a capture). */
    public static int cuStreamIsCapturing(MemorySegment hStream, MemorySegment captureStatus) {
        try {
            return (int) cuStreamIsCapturing.HANDLE.invokeExact(hStream, captureStatus);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code cuEventQuery}: Whether an event's work is done (CUDA_ERROR_NOT_READY if not). */
    public static final Function F_cuEventQuery = new Function("cuEventQuery", "cuEventQuery", returnsInt(C_POINTER));

    private static final class cuEventQuery {
        static final MethodHandle HANDLE = CudaLibrary.LIBRARY.downcall(F_cuEventQuery.symbol(), F_cuEventQuery.descriptor());
    }

    /** Whether an event's work is done (CUDA_ERROR_NOT_READY if not). */
    public static int cuEventQuery(MemorySegment hEvent) {
        try {
            return (int) cuEventQuery.HANDLE.invokeExact(hEvent);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** Bindings used where the driver exports them, and said to be absent where it does not. */
    public static final List<Function> OPTIONAL = List.of(F_cuLaunchHostFunc_v2);

    /** Whether the driver exports {@code function}. */
    public static boolean has(Function function) {
        return CudaLibrary.LIBRARY.has(function.symbol());
    }

    /** Every binding, for the availability check and the header test. */
    public static final List<Function> FUNCTIONS = List.of(
            F_cuInit,
            F_cuGetErrorName,
            F_cuDeviceGet,
            F_cuCtxGetCurrent,
            F_cuCtxSetCurrent,
            F_cuCtxGetDevice,
            F_cuDevicePrimaryCtxRetain,
            F_cuDevicePrimaryCtxRelease_v2,
            F_cuCtxPushCurrent_v2,
            F_cuCtxPopCurrent_v2,
            F_cuMemHostGetDevicePointer_v2,
            F_cuStreamCreate,
            F_cuStreamDestroy_v2,
            F_cuStreamGetCtx,
            F_cuStreamGetFlags,
            F_cuStreamQuery,
            F_cuStreamWriteValue64_v2,
            F_cuStreamWaitValue64_v2,
            F_cuMemAlloc_v2,
            F_cuMemFree_v2,
            F_cuMemsetD32Async,
            F_cuStreamSynchronize,
            F_cuEventCreate,
            F_cuEventRecord,
            F_cuEventSynchronize,
            F_cuEventDestroy_v2,
            F_cuLaunchHostFunc,
            F_cuDeviceGetAttribute,
            F_cuDevicePrimaryCtxGetState,
            F_cuMemHostRegister_v2,
            F_cuMemHostUnregister,
            F_cuThreadExchangeStreamCaptureMode,
            F_cuStreamIsCapturing,
            F_cuEventQuery);
}
