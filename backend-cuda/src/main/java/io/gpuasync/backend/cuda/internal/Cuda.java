package io.gpuasync.backend.cuda.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
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
    /** {@code <cuda.h>}: CU_STREAM_NON_BLOCKING. */
    public static final int CU_STREAM_NON_BLOCKING = 0x1;

    private Cuda() {
    }

    /** One binding: the library symbol, the name the header declares, and the C signature. */
    public record Function(String symbol, String declaredAs, FunctionDescriptor descriptor) {
    }

    private static MethodHandle downcall(Function function) {
        return Linker.nativeLinker().downcallHandle(function.descriptor());
    }

    private static MemorySegment address(Function function) {
        MemorySegment address = CudaLibrary.find(function.symbol());
        if (address.equals(MemorySegment.NULL)) {
            throw new UnsatisfiedLinkError("unresolved symbol: " + function.symbol()
                    + CudaLibrary.loadFailure().map(t -> " (" + t.getMessage() + ")").orElse(""));
        }
        return address;
    }

    private static FunctionDescriptor returnsInt(MemoryLayout... parameters) {
        return FunctionDescriptor.of(C_INT, parameters);
    }

    /** {@code cuInit}: Initializes the driver API. */
    public static final Function F_cuInit = new Function("cuInit", "cuInit", returnsInt(C_INT));

    private static final class cuInit {
        static final MemorySegment ADDRESS = address(F_cuInit);
        static final MethodHandle HANDLE = downcall(F_cuInit);
    }

    /** Initializes the driver API. */
    public static int cuInit(int flags) {
        try {
            return (int) cuInit.HANDLE.invokeExact(cuInit.ADDRESS, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuGetErrorName}: The name of a status, such as CUDA_ERROR_INVALID_VALUE. */
    public static final Function F_cuGetErrorName = new Function("cuGetErrorName", "cuGetErrorName", returnsInt(C_INT, C_POINTER));

    private static final class cuGetErrorName {
        static final MemorySegment ADDRESS = address(F_cuGetErrorName);
        static final MethodHandle HANDLE = downcall(F_cuGetErrorName);
    }

    /** The name of a status, such as CUDA_ERROR_INVALID_VALUE. */
    public static int cuGetErrorName(int error, MemorySegment pStr) {
        try {
            return (int) cuGetErrorName.HANDLE.invokeExact(cuGetErrorName.ADDRESS, error, pStr);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuDeviceGet}: The device handle of an ordinal. */
    public static final Function F_cuDeviceGet = new Function("cuDeviceGet", "cuDeviceGet", returnsInt(C_POINTER, C_INT));

    private static final class cuDeviceGet {
        static final MemorySegment ADDRESS = address(F_cuDeviceGet);
        static final MethodHandle HANDLE = downcall(F_cuDeviceGet);
    }

    /** The device handle of an ordinal. */
    public static int cuDeviceGet(MemorySegment device, int ordinal) {
        try {
            return (int) cuDeviceGet.HANDLE.invokeExact(cuDeviceGet.ADDRESS, device, ordinal);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuCtxGetCurrent}: The calling thread's current context (NULL if none). */
    public static final Function F_cuCtxGetCurrent = new Function("cuCtxGetCurrent", "cuCtxGetCurrent", returnsInt(C_POINTER));

    private static final class cuCtxGetCurrent {
        static final MemorySegment ADDRESS = address(F_cuCtxGetCurrent);
        static final MethodHandle HANDLE = downcall(F_cuCtxGetCurrent);
    }

    /** The calling thread's current context (NULL if none). */
    public static int cuCtxGetCurrent(MemorySegment pctx) {
        try {
            return (int) cuCtxGetCurrent.HANDLE.invokeExact(cuCtxGetCurrent.ADDRESS, pctx);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuCtxSetCurrent}: Binds a context to the calling thread. */
    public static final Function F_cuCtxSetCurrent = new Function("cuCtxSetCurrent", "cuCtxSetCurrent", returnsInt(C_POINTER));

    private static final class cuCtxSetCurrent {
        static final MemorySegment ADDRESS = address(F_cuCtxSetCurrent);
        static final MethodHandle HANDLE = downcall(F_cuCtxSetCurrent);
    }

    /** Binds a context to the calling thread. */
    public static int cuCtxSetCurrent(MemorySegment ctx) {
        try {
            return (int) cuCtxSetCurrent.HANDLE.invokeExact(cuCtxSetCurrent.ADDRESS, ctx);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuCtxGetDevice}: The device of the current context. */
    public static final Function F_cuCtxGetDevice = new Function("cuCtxGetDevice", "cuCtxGetDevice", returnsInt(C_POINTER));

    private static final class cuCtxGetDevice {
        static final MemorySegment ADDRESS = address(F_cuCtxGetDevice);
        static final MethodHandle HANDLE = downcall(F_cuCtxGetDevice);
    }

    /** The device of the current context. */
    public static int cuCtxGetDevice(MemorySegment device) {
        try {
            return (int) cuCtxGetDevice.HANDLE.invokeExact(cuCtxGetDevice.ADDRESS, device);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuDevicePrimaryCtxRetain}: Retains a device's primary context. */
    public static final Function F_cuDevicePrimaryCtxRetain = new Function("cuDevicePrimaryCtxRetain", "cuDevicePrimaryCtxRetain", returnsInt(C_POINTER, C_INT));

    private static final class cuDevicePrimaryCtxRetain {
        static final MemorySegment ADDRESS = address(F_cuDevicePrimaryCtxRetain);
        static final MethodHandle HANDLE = downcall(F_cuDevicePrimaryCtxRetain);
    }

    /** Retains a device's primary context. */
    public static int cuDevicePrimaryCtxRetain(MemorySegment pctx, int dev) {
        try {
            return (int) cuDevicePrimaryCtxRetain.HANDLE.invokeExact(cuDevicePrimaryCtxRetain.ADDRESS, pctx, dev);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuDevicePrimaryCtxRelease}: Releases a device's primary context. */
    public static final Function F_cuDevicePrimaryCtxRelease_v2 = new Function("cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease", returnsInt(C_INT));

    private static final class cuDevicePrimaryCtxRelease_v2 {
        static final MemorySegment ADDRESS = address(F_cuDevicePrimaryCtxRelease_v2);
        static final MethodHandle HANDLE = downcall(F_cuDevicePrimaryCtxRelease_v2);
    }

    /** Releases a device's primary context. */
    public static int cuDevicePrimaryCtxRelease_v2(int dev) {
        try {
            return (int) cuDevicePrimaryCtxRelease_v2.HANDLE.invokeExact(cuDevicePrimaryCtxRelease_v2.ADDRESS, dev);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuCtxPushCurrent}: Pushes a context onto the calling thread's stack. */
    public static final Function F_cuCtxPushCurrent_v2 = new Function("cuCtxPushCurrent_v2", "cuCtxPushCurrent", returnsInt(C_POINTER));

    private static final class cuCtxPushCurrent_v2 {
        static final MemorySegment ADDRESS = address(F_cuCtxPushCurrent_v2);
        static final MethodHandle HANDLE = downcall(F_cuCtxPushCurrent_v2);
    }

    /** Pushes a context onto the calling thread's stack. */
    public static int cuCtxPushCurrent_v2(MemorySegment ctx) {
        try {
            return (int) cuCtxPushCurrent_v2.HANDLE.invokeExact(cuCtxPushCurrent_v2.ADDRESS, ctx);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuCtxPopCurrent}: Pops the calling thread's current context. */
    public static final Function F_cuCtxPopCurrent_v2 = new Function("cuCtxPopCurrent_v2", "cuCtxPopCurrent", returnsInt(C_POINTER));

    private static final class cuCtxPopCurrent_v2 {
        static final MemorySegment ADDRESS = address(F_cuCtxPopCurrent_v2);
        static final MethodHandle HANDLE = downcall(F_cuCtxPopCurrent_v2);
    }

    /** Pops the calling thread's current context. */
    public static int cuCtxPopCurrent_v2(MemorySegment pctx) {
        try {
            return (int) cuCtxPopCurrent_v2.HANDLE.invokeExact(cuCtxPopCurrent_v2.ADDRESS, pctx);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuMemHostGetDevicePointer}: The device address of mapped host memory. */
    public static final Function F_cuMemHostGetDevicePointer_v2 = new Function("cuMemHostGetDevicePointer_v2", "cuMemHostGetDevicePointer", returnsInt(C_POINTER, C_POINTER, C_INT));

    private static final class cuMemHostGetDevicePointer_v2 {
        static final MemorySegment ADDRESS = address(F_cuMemHostGetDevicePointer_v2);
        static final MethodHandle HANDLE = downcall(F_cuMemHostGetDevicePointer_v2);
    }

    /** The device address of mapped host memory. */
    public static int cuMemHostGetDevicePointer_v2(MemorySegment pdptr, MemorySegment p, int flags) {
        try {
            return (int) cuMemHostGetDevicePointer_v2.HANDLE.invokeExact(cuMemHostGetDevicePointer_v2.ADDRESS, pdptr, p, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuStreamCreate}: Creates a stream in the current context. */
    public static final Function F_cuStreamCreate = new Function("cuStreamCreate", "cuStreamCreate", returnsInt(C_POINTER, C_INT));

    private static final class cuStreamCreate {
        static final MemorySegment ADDRESS = address(F_cuStreamCreate);
        static final MethodHandle HANDLE = downcall(F_cuStreamCreate);
    }

    /** Creates a stream in the current context. */
    public static int cuStreamCreate(MemorySegment phStream, int flags) {
        try {
            return (int) cuStreamCreate.HANDLE.invokeExact(cuStreamCreate.ADDRESS, phStream, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuStreamDestroy}: Destroys a stream once its work is done. */
    public static final Function F_cuStreamDestroy_v2 = new Function("cuStreamDestroy_v2", "cuStreamDestroy", returnsInt(C_POINTER));

    private static final class cuStreamDestroy_v2 {
        static final MemorySegment ADDRESS = address(F_cuStreamDestroy_v2);
        static final MethodHandle HANDLE = downcall(F_cuStreamDestroy_v2);
    }

    /** Destroys a stream once its work is done. */
    public static int cuStreamDestroy_v2(MemorySegment hStream) {
        try {
            return (int) cuStreamDestroy_v2.HANDLE.invokeExact(cuStreamDestroy_v2.ADDRESS, hStream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuStreamGetCtx}: The context a stream belongs to. */
    public static final Function F_cuStreamGetCtx = new Function("cuStreamGetCtx", "cuStreamGetCtx", returnsInt(C_POINTER, C_POINTER));

    private static final class cuStreamGetCtx {
        static final MemorySegment ADDRESS = address(F_cuStreamGetCtx);
        static final MethodHandle HANDLE = downcall(F_cuStreamGetCtx);
    }

    /** The context a stream belongs to. */
    public static int cuStreamGetCtx(MemorySegment hStream, MemorySegment pctx) {
        try {
            return (int) cuStreamGetCtx.HANDLE.invokeExact(cuStreamGetCtx.ADDRESS, hStream, pctx);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuStreamGetFlags}: A stream's creation flags (CU_STREAM_NON_BLOCKING or not). */
    public static final Function F_cuStreamGetFlags = new Function("cuStreamGetFlags", "cuStreamGetFlags", returnsInt(C_POINTER, C_POINTER));

    private static final class cuStreamGetFlags {
        static final MemorySegment ADDRESS = address(F_cuStreamGetFlags);
        static final MethodHandle HANDLE = downcall(F_cuStreamGetFlags);
    }

    /** A stream's creation flags (CU_STREAM_NON_BLOCKING or not). */
    public static int cuStreamGetFlags(MemorySegment hStream, MemorySegment flags) {
        try {
            return (int) cuStreamGetFlags.HANDLE.invokeExact(cuStreamGetFlags.ADDRESS, hStream, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuStreamQuery}: Whether a stream's work is done (CUDA_ERROR_NOT_READY if not). */
    public static final Function F_cuStreamQuery = new Function("cuStreamQuery", "cuStreamQuery", returnsInt(C_POINTER));

    private static final class cuStreamQuery {
        static final MemorySegment ADDRESS = address(F_cuStreamQuery);
        static final MethodHandle HANDLE = downcall(F_cuStreamQuery);
    }

    /** Whether a stream's work is done (CUDA_ERROR_NOT_READY if not). */
    public static int cuStreamQuery(MemorySegment hStream) {
        try {
            return (int) cuStreamQuery.HANDLE.invokeExact(cuStreamQuery.ADDRESS, hStream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuStreamWriteValue64}: Queues a 64-bit store on a stream. */
    public static final Function F_cuStreamWriteValue64_v2 = new Function("cuStreamWriteValue64_v2", "cuStreamWriteValue64", returnsInt(C_POINTER, C_LONG_LONG, C_LONG_LONG, C_INT));

    private static final class cuStreamWriteValue64_v2 {
        static final MemorySegment ADDRESS = address(F_cuStreamWriteValue64_v2);
        static final MethodHandle HANDLE = downcall(F_cuStreamWriteValue64_v2);
    }

    /** Queues a 64-bit store on a stream. */
    public static int cuStreamWriteValue64_v2(MemorySegment stream, long addr, long value, int flags) {
        try {
            return (int) cuStreamWriteValue64_v2.HANDLE.invokeExact(cuStreamWriteValue64_v2.ADDRESS, stream, addr, value, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuStreamWaitValue64}: Queues a wait for a 64-bit word on a stream. */
    public static final Function F_cuStreamWaitValue64_v2 = new Function("cuStreamWaitValue64_v2", "cuStreamWaitValue64", returnsInt(C_POINTER, C_LONG_LONG, C_LONG_LONG, C_INT));

    private static final class cuStreamWaitValue64_v2 {
        static final MemorySegment ADDRESS = address(F_cuStreamWaitValue64_v2);
        static final MethodHandle HANDLE = downcall(F_cuStreamWaitValue64_v2);
    }

    /** Queues a wait for a 64-bit word on a stream. */
    public static int cuStreamWaitValue64_v2(MemorySegment stream, long addr, long value, int flags) {
        try {
            return (int) cuStreamWaitValue64_v2.HANDLE.invokeExact(cuStreamWaitValue64_v2.ADDRESS, stream, addr, value, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuMemAlloc}: Allocates device memory (the bench's work). */
    public static final Function F_cuMemAlloc_v2 = new Function("cuMemAlloc_v2", "cuMemAlloc", returnsInt(C_POINTER, C_SIZE_T));

    private static final class cuMemAlloc_v2 {
        static final MemorySegment ADDRESS = address(F_cuMemAlloc_v2);
        static final MethodHandle HANDLE = downcall(F_cuMemAlloc_v2);
    }

    /** Allocates device memory (the bench's work). */
    public static int cuMemAlloc_v2(MemorySegment dptr, long bytesize) {
        try {
            return (int) cuMemAlloc_v2.HANDLE.invokeExact(cuMemAlloc_v2.ADDRESS, dptr, bytesize);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuMemFree}: Frees device memory. */
    public static final Function F_cuMemFree_v2 = new Function("cuMemFree_v2", "cuMemFree", returnsInt(C_LONG_LONG));

    private static final class cuMemFree_v2 {
        static final MemorySegment ADDRESS = address(F_cuMemFree_v2);
        static final MethodHandle HANDLE = downcall(F_cuMemFree_v2);
    }

    /** Frees device memory. */
    public static int cuMemFree_v2(long dptr) {
        try {
            return (int) cuMemFree_v2.HANDLE.invokeExact(cuMemFree_v2.ADDRESS, dptr);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuMemsetD32Async}: Queues a memset of 32-bit words on a stream: device work of a size-bound duration. */
    public static final Function F_cuMemsetD32Async = new Function("cuMemsetD32Async", "cuMemsetD32Async", returnsInt(C_LONG_LONG, C_INT, C_SIZE_T, C_POINTER));

    private static final class cuMemsetD32Async {
        static final MemorySegment ADDRESS = address(F_cuMemsetD32Async);
        static final MethodHandle HANDLE = downcall(F_cuMemsetD32Async);
    }

    /** Queues a memset of 32-bit words on a stream: device work of a size-bound duration. */
    public static int cuMemsetD32Async(long dstDevice, int ui, long n, MemorySegment hStream) {
        try {
            return (int) cuMemsetD32Async.HANDLE.invokeExact(cuMemsetD32Async.ADDRESS, dstDevice, ui, n, hStream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuStreamSynchronize}: Blocks until a stream's work is done (a bench peer). */
    public static final Function F_cuStreamSynchronize = new Function("cuStreamSynchronize", "cuStreamSynchronize", returnsInt(C_POINTER));

    private static final class cuStreamSynchronize {
        static final MemorySegment ADDRESS = address(F_cuStreamSynchronize);
        static final MethodHandle HANDLE = downcall(F_cuStreamSynchronize);
    }

    /** Blocks until a stream's work is done (a bench peer). */
    public static int cuStreamSynchronize(MemorySegment hStream) {
        try {
            return (int) cuStreamSynchronize.HANDLE.invokeExact(cuStreamSynchronize.ADDRESS, hStream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuEventCreate}: Creates an event. */
    public static final Function F_cuEventCreate = new Function("cuEventCreate", "cuEventCreate", returnsInt(C_POINTER, C_INT));

    private static final class cuEventCreate {
        static final MemorySegment ADDRESS = address(F_cuEventCreate);
        static final MethodHandle HANDLE = downcall(F_cuEventCreate);
    }

    /** Creates an event. */
    public static int cuEventCreate(MemorySegment phEvent, int flags) {
        try {
            return (int) cuEventCreate.HANDLE.invokeExact(cuEventCreate.ADDRESS, phEvent, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuEventRecord}: Records an event behind a stream's work. */
    public static final Function F_cuEventRecord = new Function("cuEventRecord", "cuEventRecord", returnsInt(C_POINTER, C_POINTER));

    private static final class cuEventRecord {
        static final MemorySegment ADDRESS = address(F_cuEventRecord);
        static final MethodHandle HANDLE = downcall(F_cuEventRecord);
    }

    /** Records an event behind a stream's work. */
    public static int cuEventRecord(MemorySegment hEvent, MemorySegment hStream) {
        try {
            return (int) cuEventRecord.HANDLE.invokeExact(cuEventRecord.ADDRESS, hEvent, hStream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuEventSynchronize}: Blocks until an event completes (a bench peer). */
    public static final Function F_cuEventSynchronize = new Function("cuEventSynchronize", "cuEventSynchronize", returnsInt(C_POINTER));

    private static final class cuEventSynchronize {
        static final MemorySegment ADDRESS = address(F_cuEventSynchronize);
        static final MethodHandle HANDLE = downcall(F_cuEventSynchronize);
    }

    /** Blocks until an event completes (a bench peer). */
    public static int cuEventSynchronize(MemorySegment hEvent) {
        try {
            return (int) cuEventSynchronize.HANDLE.invokeExact(cuEventSynchronize.ADDRESS, hEvent);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuEventDestroy}: Destroys an event. */
    public static final Function F_cuEventDestroy_v2 = new Function("cuEventDestroy_v2", "cuEventDestroy", returnsInt(C_POINTER));

    private static final class cuEventDestroy_v2 {
        static final MemorySegment ADDRESS = address(F_cuEventDestroy_v2);
        static final MethodHandle HANDLE = downcall(F_cuEventDestroy_v2);
    }

    /** Destroys an event. */
    public static int cuEventDestroy_v2(MemorySegment hEvent) {
        try {
            return (int) cuEventDestroy_v2.HANDLE.invokeExact(cuEventDestroy_v2.ADDRESS, hEvent);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuLaunchHostFunc}: Queues a host function on a stream (a bench peer). */
    public static final Function F_cuLaunchHostFunc = new Function("cuLaunchHostFunc", "cuLaunchHostFunc", returnsInt(C_POINTER, C_POINTER, C_POINTER));

    private static final class cuLaunchHostFunc {
        static final MemorySegment ADDRESS = address(F_cuLaunchHostFunc);
        static final MethodHandle HANDLE = downcall(F_cuLaunchHostFunc);
    }

    /** Queues a host function on a stream (a bench peer). */
    public static int cuLaunchHostFunc(MemorySegment hStream, MemorySegment fn, MemorySegment userData) {
        try {
            return (int) cuLaunchHostFunc.HANDLE.invokeExact(cuLaunchHostFunc.ADDRESS, hStream, fn, userData);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuDeviceGetAttribute}: A device attribute, such as whether it runs 64-bit stream memory operations. */
    public static final Function F_cuDeviceGetAttribute = new Function("cuDeviceGetAttribute", "cuDeviceGetAttribute", returnsInt(C_POINTER, C_INT, C_INT));

    private static final class cuDeviceGetAttribute {
        static final MemorySegment ADDRESS = address(F_cuDeviceGetAttribute);
        static final MethodHandle HANDLE = downcall(F_cuDeviceGetAttribute);
    }

    /** A device attribute, such as whether it runs 64-bit stream memory operations. */
    public static int cuDeviceGetAttribute(MemorySegment pi, int attrib, int dev) {
        try {
            return (int) cuDeviceGetAttribute.HANDLE.invokeExact(cuDeviceGetAttribute.ADDRESS, pi, attrib, dev);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuDevicePrimaryCtxGetState}: Whether a device's primary context is active, and its flags: 0 while retained means another owner reset it. */
    public static final Function F_cuDevicePrimaryCtxGetState = new Function("cuDevicePrimaryCtxGetState", "cuDevicePrimaryCtxGetState", returnsInt(C_INT, C_POINTER, C_POINTER));

    private static final class cuDevicePrimaryCtxGetState {
        static final MemorySegment ADDRESS = address(F_cuDevicePrimaryCtxGetState);
        static final MethodHandle HANDLE = downcall(F_cuDevicePrimaryCtxGetState);
    }

    /** Whether a device's primary context is active, and its flags: 0 while retained means another owner reset it. */
    public static int cuDevicePrimaryCtxGetState(int dev, MemorySegment flags, MemorySegment active) {
        try {
            return (int) cuDevicePrimaryCtxGetState.HANDLE.invokeExact(cuDevicePrimaryCtxGetState.ADDRESS, dev, flags, active);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuMemHostRegister}: Page-locks and maps the caller's host memory for the current context's device. */
    public static final Function F_cuMemHostRegister_v2 = new Function("cuMemHostRegister_v2", "cuMemHostRegister", returnsInt(C_POINTER, C_SIZE_T, C_INT));

    private static final class cuMemHostRegister_v2 {
        static final MemorySegment ADDRESS = address(F_cuMemHostRegister_v2);
        static final MethodHandle HANDLE = downcall(F_cuMemHostRegister_v2);
    }

    /** Page-locks and maps the caller's host memory for the current context's device. */
    public static int cuMemHostRegister_v2(MemorySegment p, long bytesize, int flags) {
        try {
            return (int) cuMemHostRegister_v2.HANDLE.invokeExact(cuMemHostRegister_v2.ADDRESS, p, bytesize, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuMemHostUnregister}: Ends a registration; the memory stays the caller's. */
    public static final Function F_cuMemHostUnregister = new Function("cuMemHostUnregister", "cuMemHostUnregister", returnsInt(C_POINTER));

    private static final class cuMemHostUnregister {
        static final MemorySegment ADDRESS = address(F_cuMemHostUnregister);
        static final MethodHandle HANDLE = downcall(F_cuMemHostUnregister);
    }

    /** Ends a registration; the memory stays the caller's. */
    public static int cuMemHostUnregister(MemorySegment p) {
        try {
            return (int) cuMemHostUnregister.HANDLE.invokeExact(cuMemHostUnregister.ADDRESS, p);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuThreadExchangeStreamCaptureMode}: Sets the calling thread's stream capture mode, returning the previous one in place. */
    public static final Function F_cuThreadExchangeStreamCaptureMode = new Function("cuThreadExchangeStreamCaptureMode", "cuThreadExchangeStreamCaptureMode", returnsInt(C_POINTER));

    private static final class cuThreadExchangeStreamCaptureMode {
        static final MemorySegment ADDRESS = address(F_cuThreadExchangeStreamCaptureMode);
        static final MethodHandle HANDLE = downcall(F_cuThreadExchangeStreamCaptureMode);
    }

    /** Sets the calling thread's stream capture mode, returning the previous one in place. */
    public static int cuThreadExchangeStreamCaptureMode(MemorySegment mode) {
        try {
            return (int) cuThreadExchangeStreamCaptureMode.HANDLE.invokeExact(cuThreadExchangeStreamCaptureMode.ADDRESS, mode);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuStreamIsCapturing}: Whether a stream is capturing a graph (legal during a capture). */
    public static final Function F_cuStreamIsCapturing = new Function("cuStreamIsCapturing", "cuStreamIsCapturing", returnsInt(C_POINTER, C_POINTER));

    private static final class cuStreamIsCapturing {
        static final MemorySegment ADDRESS = address(F_cuStreamIsCapturing);
        static final MethodHandle HANDLE = downcall(F_cuStreamIsCapturing);
    }

    /** Whether a stream is capturing a graph (legal during a capture). */
    public static int cuStreamIsCapturing(MemorySegment hStream, MemorySegment captureStatus) {
        try {
            return (int) cuStreamIsCapturing.HANDLE.invokeExact(cuStreamIsCapturing.ADDRESS, hStream, captureStatus);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
    }

    /** {@code cuEventQuery}: Whether an event's work is done (CUDA_ERROR_NOT_READY if not). */
    public static final Function F_cuEventQuery = new Function("cuEventQuery", "cuEventQuery", returnsInt(C_POINTER));

    private static final class cuEventQuery {
        static final MemorySegment ADDRESS = address(F_cuEventQuery);
        static final MethodHandle HANDLE = downcall(F_cuEventQuery);
    }

    /** Whether an event's work is done (CUDA_ERROR_NOT_READY if not). */
    public static int cuEventQuery(MemorySegment hEvent) {
        try {
            return (int) cuEventQuery.HANDLE.invokeExact(cuEventQuery.ADDRESS, hEvent);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("a downcall threw a checked exception", t);
        }
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
