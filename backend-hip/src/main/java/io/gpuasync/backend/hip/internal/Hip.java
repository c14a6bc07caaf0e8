package io.gpuasync.backend.hip.internal;

import io.gpuasync.spi.ffm.Downcalls;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * The HIP runtime entry points this backend calls ({@code hip_runtime_api.h}, HIP 5.2 and
 * later), in jextract's shape: a holder class per C function, made on first call, called with
 * {@code invokeExact}; a missing symbol throws {@code UnsatisfiedLinkError("unresolved symbol:
 * ...")} at the call, and the provider checks {@link #FUNCTIONS} up front.
 */
public final class Hip {
    /** {@code int}, {@code unsigned int}, {@code hipError_t}, {@code hipDevice_t}. */
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    /** {@code size_t} on a 64-bit host. */
    public static final ValueLayout.OfLong C_SIZE_T = ValueLayout.JAVA_LONG;
    /** {@code uint64_t}. */
    public static final ValueLayout.OfLong C_LONG_LONG = ValueLayout.JAVA_LONG;
    /** Any pointer, and the opaque handles {@code hipCtx_t} and {@code hipStream_t}. */
    public static final ValueLayout C_POINTER = ValueLayout.ADDRESS;

    /** hip_runtime_api.h: hipSuccess. */
    public static final int HIP_SUCCESS = 0;
    /** hip_runtime_api.h: hipErrorNoDevice. */
    public static final int HIP_ERROR_NO_DEVICE = 100;
    /** hip_runtime_api.h: hipErrorInvalidDevice. */
    public static final int HIP_ERROR_INVALID_DEVICE = 101;
    /** hip_runtime_api.h: hipErrorNotReady, what a query of unfinished work returns. */
    public static final int HIP_ERROR_NOT_READY = 600;
    /** hip_runtime_api.h: hipErrorInvalidValue, also what asking for an unregistered page's device address returns. */
    public static final int HIP_ERROR_INVALID_VALUE = 1;
    /** hip_runtime_api.h: hipErrorHostMemoryNotRegistered, what unregistering after a reset returns. */
    public static final int HIP_ERROR_HOST_MEMORY_NOT_REGISTERED = 713;
    /** hip_runtime_api.h: hipErrorNotSupported. */
    public static final int HIP_ERROR_NOT_SUPPORTED = 801;
    /** hip_runtime_api.h: hipHostRegisterPortable: the registration serves every device. */
    public static final int HIP_HOST_REGISTER_PORTABLE = 0x1;
    /**
     * hip_runtime_api.h: hipHostRegisterMapped: the memory gets a device address. Registered
     * memory is fine-grained (coherent) unless hipExtHostRegisterCoarseGrained is asked for, so
     * a host polling the word sees a store as it lands.
     */
    public static final int HIP_HOST_REGISTER_MAPPED = 0x2;
    /** hip_runtime_api.h: hipEventDisableTiming. */
    public static final int HIP_EVENT_DISABLE_TIMING = 0x2;
    /** hip_runtime_api.h: hipEventBlockingSync: a thread synchronizing on the event sleeps, it does not spin. */
    public static final int HIP_EVENT_BLOCKING_SYNC = 0x1;
    /** hip_runtime_api.h: hipStreamPerThread, the calling thread's own default stream. */
    public static final long HIP_STREAM_PER_THREAD = 0x2;
    /**
     * hip_runtime_api.h: hipDeviceAttributeCanUseStreamWaitValue (hipDeviceAttributeAmdSpecificBegin
     * + 13): whether hipStreamWaitValue32/64 work on the device.
     */
    public static final int HIP_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE = 10013;
    /** hip_runtime_api.h: hipStreamWaitValueGte. */
    public static final int HIP_STREAM_WAIT_VALUE_GTE = 0x0;
    /** hip_runtime_api.h: hipStreamNonBlocking. */
    public static final int HIP_STREAM_NON_BLOCKING = 0x1;
    /** {@code <hip_runtime_api.h>}: hipStreamCaptureModeRelaxed: this thread's calls never refuse or break a capture. */
    public static final int HIP_STREAM_CAPTURE_MODE_RELAXED = 2;
    /** hip_runtime_api.h: hipStreamCaptureStatusNone, a stream that is not capturing. */
    public static final int HIP_STREAM_CAPTURE_STATUS_NONE = 0;
    /** hip_runtime_api.h: hipStreamCaptureStatusActive. */
    public static final int HIP_STREAM_CAPTURE_STATUS_ACTIVE = 1;
    /** hip_runtime_api.h: hipStreamCaptureStatusInvalidated: capturing, into a capture something broke. */
    public static final int HIP_STREAM_CAPTURE_STATUS_INVALIDATED = 2;
    /** hip_runtime_api.h: hipErrorStreamCaptureUnsupported. */
    public static final int HIP_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900;
    /** hip_runtime_api.h: hipErrorStreamCaptureInvalidated. */
    public static final int HIP_ERROR_STREAM_CAPTURE_INVALIDATED = 901;
    /** hip_runtime_api.h: hipErrorStreamCaptureImplicit: the null stream, while a blocking stream captures (later HIP). */
    public static final int HIP_ERROR_STREAM_CAPTURE_IMPLICIT = 906;

    private Hip() {
    }

    /** One binding: the library symbol and its C signature. */
    public record Function(String symbol, FunctionDescriptor descriptor) {
    }

    private static FunctionDescriptor returnsInt(MemoryLayout... parameters) {
        return FunctionDescriptor.of(C_INT, parameters);
    }

    /** {@code const char* hipGetErrorName(hipError_t)}: the name of a status. */
    public static final Function F_hipGetErrorName = new Function("hipGetErrorName", FunctionDescriptor.of(C_POINTER, C_INT));

    private static final class hipGetErrorName {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipGetErrorName.symbol(), F_hipGetErrorName.descriptor());
    }

    /** The name of a status, such as hipErrorNoDevice (a static string of the runtime's). */
    public static MemorySegment hipGetErrorName(int error) {
        try {
            return (MemorySegment) hipGetErrorName.HANDLE.invokeExact(error);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipInit}: Initializes the runtime. */
    public static final Function F_hipInit = new Function("hipInit", returnsInt(C_INT));

    private static final class hipInit {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipInit.symbol(), F_hipInit.descriptor());
    }

    /** Initializes the runtime. */
    public static int hipInit(int flags) {
        try {
            return (int) hipInit.HANDLE.invokeExact(flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipGetDeviceCount}: How many devices there are (hipErrorNoDevice if none). */
    public static final Function F_hipGetDeviceCount = new Function("hipGetDeviceCount", returnsInt(C_POINTER));

    private static final class hipGetDeviceCount {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipGetDeviceCount.symbol(), F_hipGetDeviceCount.descriptor());
    }

    /** How many devices there are (hipErrorNoDevice if none). */
    public static int hipGetDeviceCount(MemorySegment count) {
        try {
            return (int) hipGetDeviceCount.HANDLE.invokeExact(count);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipGetDevice}: The calling thread's current device. */
    public static final Function F_hipGetDevice = new Function("hipGetDevice", returnsInt(C_POINTER));

    private static final class hipGetDevice {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipGetDevice.symbol(), F_hipGetDevice.descriptor());
    }

    /** The calling thread's current device. */
    public static int hipGetDevice(MemorySegment deviceId) {
        try {
            return (int) hipGetDevice.HANDLE.invokeExact(deviceId);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipSetDevice}: Makes a device current on the calling thread. */
    public static final Function F_hipSetDevice = new Function("hipSetDevice", returnsInt(C_INT));

    private static final class hipSetDevice {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipSetDevice.symbol(), F_hipSetDevice.descriptor());
    }

    /** Makes a device current on the calling thread. */
    public static int hipSetDevice(int deviceId) {
        try {
            return (int) hipSetDevice.HANDLE.invokeExact(deviceId);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipDevicePrimaryCtxRetain}: Retains a device's primary context, which keeps the device's state alive. */
    public static final Function F_hipDevicePrimaryCtxRetain = new Function("hipDevicePrimaryCtxRetain", returnsInt(C_POINTER, C_INT));

    private static final class hipDevicePrimaryCtxRetain {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipDevicePrimaryCtxRetain.symbol(), F_hipDevicePrimaryCtxRetain.descriptor());
    }

    /** Retains a device's primary context, which keeps the device's state alive. */
    public static int hipDevicePrimaryCtxRetain(MemorySegment pctx, int dev) {
        try {
            return (int) hipDevicePrimaryCtxRetain.HANDLE.invokeExact(pctx, dev);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipDevicePrimaryCtxRelease}: Releases a device's primary context. */
    public static final Function F_hipDevicePrimaryCtxRelease = new Function("hipDevicePrimaryCtxRelease", returnsInt(C_INT));

    private static final class hipDevicePrimaryCtxRelease {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipDevicePrimaryCtxRelease.symbol(), F_hipDevicePrimaryCtxRelease.descriptor());
    }

    /** Releases a device's primary context. */
    public static int hipDevicePrimaryCtxRelease(int dev) {
        try {
            return (int) hipDevicePrimaryCtxRelease.HANDLE.invokeExact(dev);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipHostGetDevicePointer}: The device address of mapped host memory. */
    public static final Function F_hipHostGetDevicePointer = new Function("hipHostGetDevicePointer", returnsInt(C_POINTER, C_POINTER, C_INT));

    private static final class hipHostGetDevicePointer {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipHostGetDevicePointer.symbol(), F_hipHostGetDevicePointer.descriptor());
    }

    /** The device address of mapped host memory. */
    public static int hipHostGetDevicePointer(MemorySegment devPtr, MemorySegment hstPtr, int flags) {
        try {
            return (int) hipHostGetDevicePointer.HANDLE.invokeExact(devPtr, hstPtr, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipStreamCreateWithFlags}: Creates a stream on the current device. */
    public static final Function F_hipStreamCreateWithFlags = new Function("hipStreamCreateWithFlags", returnsInt(C_POINTER, C_INT));

    private static final class hipStreamCreateWithFlags {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipStreamCreateWithFlags.symbol(), F_hipStreamCreateWithFlags.descriptor());
    }

    /** Creates a stream on the current device. */
    public static int hipStreamCreateWithFlags(MemorySegment stream, int flags) {
        try {
            return (int) hipStreamCreateWithFlags.HANDLE.invokeExact(stream, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipStreamDestroy}: Destroys a stream. */
    public static final Function F_hipStreamDestroy = new Function("hipStreamDestroy", returnsInt(C_POINTER));

    private static final class hipStreamDestroy {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipStreamDestroy.symbol(), F_hipStreamDestroy.descriptor());
    }

    /** Destroys a stream. */
    public static int hipStreamDestroy(MemorySegment stream) {
        try {
            return (int) hipStreamDestroy.HANDLE.invokeExact(stream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipStreamWriteValue64}: Queues a 64-bit store on a stream. */
    public static final Function F_hipStreamWriteValue64 = new Function("hipStreamWriteValue64", returnsInt(C_POINTER, C_POINTER, C_LONG_LONG, C_INT));

    private static final class hipStreamWriteValue64 {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipStreamWriteValue64.symbol(), F_hipStreamWriteValue64.descriptor());
    }

    /** Queues a 64-bit store on a stream. */
    public static int hipStreamWriteValue64(MemorySegment stream, MemorySegment ptr, long value, int flags) {
        try {
            return (int) hipStreamWriteValue64.HANDLE.invokeExact(stream, ptr, value, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipStreamWaitValue64}: Queues a wait for a 64-bit word on a stream. */
    public static final Function F_hipStreamWaitValue64 = new Function("hipStreamWaitValue64", returnsInt(C_POINTER, C_POINTER, C_LONG_LONG, C_INT, C_LONG_LONG));

    private static final class hipStreamWaitValue64 {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipStreamWaitValue64.symbol(), F_hipStreamWaitValue64.descriptor());
    }

    /** Queues a wait for a 64-bit word on a stream. */
    public static int hipStreamWaitValue64(MemorySegment stream, MemorySegment ptr, long value, int flags, long mask) {
        try {
            return (int) hipStreamWaitValue64.HANDLE.invokeExact(stream, ptr, value, flags, mask);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipGetStreamDeviceId}: The device of a stream the runtime knows, the current device for the null stream, -1 for a handle it does not know (5.2.3 validates every handle but the per-thread one). */
    public static final Function F_hipGetStreamDeviceId = new Function("hipGetStreamDeviceId", returnsInt(C_POINTER));

    private static final class hipGetStreamDeviceId {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipGetStreamDeviceId.symbol(), F_hipGetStreamDeviceId.descriptor());
    }

    /** The device of a stream the runtime knows, the current device for the null stream, -1 for a handle it does not know (5.2.3 validates every handle but the per-thread one). */
    public static int hipGetStreamDeviceId(MemorySegment stream) {
        try {
            return (int) hipGetStreamDeviceId.HANDLE.invokeExact(stream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipHostRegister}: Page-locks and maps the caller's host memory for the devices. */
    public static final Function F_hipHostRegister = new Function("hipHostRegister", returnsInt(C_POINTER, C_SIZE_T, C_INT));

    private static final class hipHostRegister {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipHostRegister.symbol(), F_hipHostRegister.descriptor());
    }

    /** Page-locks and maps the caller's host memory for the devices. */
    public static int hipHostRegister(MemorySegment hostPtr, long sizeBytes, int flags) {
        try {
            return (int) hipHostRegister.HANDLE.invokeExact(hostPtr, sizeBytes, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipHostUnregister}: Ends a registration; the memory stays the caller's. */
    public static final Function F_hipHostUnregister = new Function("hipHostUnregister", returnsInt(C_POINTER));

    private static final class hipHostUnregister {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipHostUnregister.symbol(), F_hipHostUnregister.descriptor());
    }

    /** Ends a registration; the memory stays the caller's. */
    public static int hipHostUnregister(MemorySegment hostPtr) {
        try {
            return (int) hipHostUnregister.HANDLE.invokeExact(hostPtr);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipThreadExchangeStreamCaptureMode}: Swaps the calling thread's stream capture mode for *mode. */
    public static final Function F_hipThreadExchangeStreamCaptureMode = new Function("hipThreadExchangeStreamCaptureMode",
            returnsInt(C_POINTER));

    private static final class hipThreadExchangeStreamCaptureMode {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipThreadExchangeStreamCaptureMode.symbol(), F_hipThreadExchangeStreamCaptureMode.descriptor());
    }

    /** Swaps the calling thread's stream capture mode for *mode, leaving the previous one in *mode. */
    public static int hipThreadExchangeStreamCaptureMode(MemorySegment mode) {
        try {
            return (int) hipThreadExchangeStreamCaptureMode.HANDLE.invokeExact(mode);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipDeviceGetAttribute}: A device attribute, such as whether it can wait on a word (hipDeviceAttributeCanUseStreamWaitValue). */
    public static final Function F_hipDeviceGetAttribute = new Function("hipDeviceGetAttribute", returnsInt(C_POINTER, C_INT, C_INT));

    private static final class hipDeviceGetAttribute {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipDeviceGetAttribute.symbol(), F_hipDeviceGetAttribute.descriptor());
    }

    /** A device attribute, such as whether it can wait on a word (hipDeviceAttributeCanUseStreamWaitValue). */
    public static int hipDeviceGetAttribute(MemorySegment pi, int attr, int deviceId) {
        try {
            return (int) hipDeviceGetAttribute.HANDLE.invokeExact(pi, attr, deviceId);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipEventCreateWithFlags}: Creates an event. */
    public static final Function F_hipEventCreateWithFlags = new Function("hipEventCreateWithFlags", returnsInt(C_POINTER, C_INT));

    private static final class hipEventCreateWithFlags {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipEventCreateWithFlags.symbol(), F_hipEventCreateWithFlags.descriptor());
    }

    /** Creates an event. */
    public static int hipEventCreateWithFlags(MemorySegment event, int flags) {
        try {
            return (int) hipEventCreateWithFlags.HANDLE.invokeExact(event, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipEventRecord}: Records an event behind a stream's work. */
    public static final Function F_hipEventRecord = new Function("hipEventRecord", returnsInt(C_POINTER, C_POINTER));

    private static final class hipEventRecord {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipEventRecord.symbol(), F_hipEventRecord.descriptor());
    }

    /** Records an event behind a stream's work. */
    public static int hipEventRecord(MemorySegment event, MemorySegment stream) {
        try {
            return (int) hipEventRecord.HANDLE.invokeExact(event, stream);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipEventQuery}: Whether an event's work is done (hipErrorNotReady if not). */
    public static final Function F_hipEventQuery = new Function("hipEventQuery", returnsInt(C_POINTER));

    private static final class hipEventQuery {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipEventQuery.symbol(), F_hipEventQuery.descriptor());
    }

    /** Whether an event's work is done (hipErrorNotReady if not). */
    public static int hipEventQuery(MemorySegment event) {
        try {
            return (int) hipEventQuery.HANDLE.invokeExact(event);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipEventSynchronize}: Blocks until an event's work is done. */
    public static final Function F_hipEventSynchronize = new Function("hipEventSynchronize", returnsInt(C_POINTER));

    private static final class hipEventSynchronize {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipEventSynchronize.symbol(),
                F_hipEventSynchronize.descriptor());
    }

    /** Blocks until an event's work is done. */
    public static int hipEventSynchronize(MemorySegment event) {
        try {
            return (int) hipEventSynchronize.HANDLE.invokeExact(event);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipEventDestroy}: Destroys an event. */
    public static final Function F_hipEventDestroy = new Function("hipEventDestroy", returnsInt(C_POINTER));

    private static final class hipEventDestroy {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipEventDestroy.symbol(), F_hipEventDestroy.descriptor());
    }

    /** Destroys an event. */
    public static int hipEventDestroy(MemorySegment event) {
        try {
            return (int) hipEventDestroy.HANDLE.invokeExact(event);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipStreamIsCapturing}: Whether a stream is capturing a graph (hipStreamCaptureStatus). */
    public static final Function F_hipStreamIsCapturing = new Function("hipStreamIsCapturing", returnsInt(C_POINTER, C_POINTER));

    private static final class hipStreamIsCapturing {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipStreamIsCapturing.symbol(), F_hipStreamIsCapturing.descriptor());
    }

    /** Whether a stream is capturing a graph (hipStreamCaptureStatus). */
    public static int hipStreamIsCapturing(MemorySegment stream, MemorySegment pCaptureStatus) {
        try {
            return (int) hipStreamIsCapturing.HANDLE.invokeExact(stream, pCaptureStatus);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code hipStreamGetFlags}: The flags a stream was made with (hipStreamNonBlocking); hipErrorInvalidValue for the null stream. */
    public static final Function F_hipStreamGetFlags = new Function("hipStreamGetFlags", returnsInt(C_POINTER, C_POINTER));

    private static final class hipStreamGetFlags {
        static final MethodHandle HANDLE = HipLibrary.LIBRARY.downcall(F_hipStreamGetFlags.symbol(), F_hipStreamGetFlags.descriptor());
    }

    /** The flags a stream was made with (hipStreamNonBlocking); hipErrorInvalidValue for the null stream. */
    public static int hipStreamGetFlags(MemorySegment stream, MemorySegment flags) {
        try {
            return (int) hipStreamGetFlags.HANDLE.invokeExact(stream, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** Every binding, for the availability check and the symbol test. */
    public static final List<Function> FUNCTIONS = List.of(
            F_hipGetErrorName,
            F_hipInit,
            F_hipGetDeviceCount,
            F_hipGetDevice,
            F_hipSetDevice,
            F_hipDevicePrimaryCtxRetain,
            F_hipDevicePrimaryCtxRelease,
            F_hipHostGetDevicePointer,
            F_hipStreamCreateWithFlags,
            F_hipStreamDestroy,
            F_hipStreamWriteValue64,
            F_hipStreamWaitValue64,
            F_hipGetStreamDeviceId,
            F_hipHostRegister,
            F_hipHostUnregister,
            F_hipThreadExchangeStreamCaptureMode,
            F_hipDeviceGetAttribute,
            F_hipEventCreateWithFlags,
            F_hipEventRecord,
            F_hipEventQuery,
            F_hipEventSynchronize,
            F_hipEventDestroy,
            F_hipStreamIsCapturing,
            F_hipStreamGetFlags);

    /** Whether the library has {@code function}'s symbol. */
    public static boolean has(Function function) {
        return HipLibrary.LIBRARY.has(function.symbol());
    }
}
