#!/usr/bin/env python3
# Writes the backend's CUDA driver API bindings (Cuda.java) from cuda.h, in jextract's shape: the
# functions and constants named below and nothing else, read from the header by the shared
# generator (spi/src/main/bindings/cbindings.py). From the repository root, with a CUDA toolkit:
#     python3 backend-cuda/src/main/bindings/generate.py [HEADER [OUTPUT]]
# HEADER defaults to /usr/local/cuda/include/cuda.h; OUTPUT is a source root (default: this
# module's src/generated/java). Review this script and the lists, not the output.
# CudaGeneratedSourcesTest regenerates into a temporary folder on every build where the header is
# present and fails on any difference; CudaHeaderTest checks the output against the header again.
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "spi", "src", "main", "bindings"))
import cbindings  # noqa: E402


def version(text, path):
    v = re.search(r"(?m)^#define CUDA_VERSION (\d+)$", text)
    if not v:
        raise SystemExit("no CUDA_VERSION in " + path)
    n = int(v.group(1))
    return "CUDA_VERSION %d (%d.%d)" % (n, n // 1000, n % 1000 // 10)


LIBRARY = cbindings.Library(
    generator="backend-cuda/src/main/bindings/generate.py",
    header="/usr/local/cuda/include/cuda.h",
    include="cuda.h",
    version=version,
    package="io.gpuasync.backend.cuda.internal",
    name="Cuda",
    library="CudaLibrary.LIBRARY",
    calling=["CUDAAPI"],
    doc=[
        "The CUDA driver API entry points this backend calls, in jextract's shape: each C function has",
        "a holder class whose method handle is made when the function is first called, and a static",
        "method that calls it with {@code invokeExact}. A missing library or symbol throws",
        "{@code UnsatisfiedLinkError(\"unresolved symbol: ...\")} at the call, never at class load; the",
        "provider checks {@link #FUNCTIONS} up front so that users see a stored cause instead.",
        "",
        "<p>Names are the symbols the CUDA header maps its API names to ({@code #define",
        "cuMemHostGetDevicePointer cuMemHostGetDevicePointer_v2}): {@link Function#declaredAs} keeps the",
        "header's name, and {@code CudaHeaderTest} checks both against {@code cuda.h}.",
    ],
    layouts=[
        ("C_INT", "ValueLayout.OfInt", "ValueLayout.JAVA_INT",
         "{@code int}, {@code unsigned int}, {@code CUresult}, {@code CUdevice}."),
        ("C_SIZE_T", "ValueLayout.OfLong", "ValueLayout.JAVA_LONG", "{@code size_t} on a 64-bit host."),
        ("C_LONG_LONG", "ValueLayout.OfLong", "ValueLayout.JAVA_LONG",
         "{@code unsigned long long}, {@code CUdeviceptr}, {@code cuuint64_t}."),
        ("C_POINTER", "ValueLayout", "ValueLayout.ADDRESS",
         "Any pointer, and the opaque handles {@code CUcontext} and {@code CUstream}."),
    ],
    types={
        "int": "C_INT", "unsigned int": "C_INT", "CUresult": "C_INT", "CUdevice": "C_INT",
        "CUdevice_attribute": "C_INT",
        "size_t": "C_SIZE_T",
        "unsigned long long": "C_LONG_LONG", "CUdeviceptr": "C_LONG_LONG", "cuuint64_t": "C_LONG_LONG",
        "CUcontext": "C_POINTER", "CUstream": "C_POINTER", "CUevent": "C_POINTER", "CUhostFn": "C_POINTER",
    },
    constants=[
        ("CUDA_SUCCESS", "CUDA_SUCCESS", "int", ""),
        ("CUDA_ERROR_INVALID_VALUE", "CUDA_ERROR_INVALID_VALUE", "int",
         "also what asking for an unregistered page's device address returns."),
        ("CUDA_ERROR_NOT_READY", "CUDA_ERROR_NOT_READY", "int",
         "what a query of unfinished work returns (not a failure)."),
        ("CUDA_ERROR_INVALID_CONTEXT", "CUDA_ERROR_INVALID_CONTEXT", "int",
         "also what a call needing a current context returns without one."),
        ("CUDA_ERROR_CONTEXT_IS_DESTROYED", "CUDA_ERROR_CONTEXT_IS_DESTROYED", "int", ""),
        ("CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED", "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED", "int",
         "what unregistering after a reset returns."),
        ("CUDA_ERROR_NOT_SUPPORTED", "CUDA_ERROR_NOT_SUPPORTED", "int", ""),
        ("CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED", "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED", "int",
         "the first of the capture errors (900-908)."),
        ("CUDA_ERROR_STREAM_CAPTURE_INVALIDATED", "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED", "int", ""),
        ("CUDA_ERROR_STREAM_CAPTURE_IMPLICIT", "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT", "int",
         "the legacy stream, while a blocking stream captures."),
        ("CUDA_ERROR_CAPTURED_EVENT", "CUDA_ERROR_CAPTURED_EVENT", "int",
         "the event was last recorded in a capturing stream."),
        ("CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD", "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD", "int",
         "the last of the capture errors."),
        ("CU_MEMHOSTREGISTER_PORTABLE", "CU_MEMHOSTREGISTER_PORTABLE", "int", "the registration serves every context."),
        ("CU_MEMHOSTREGISTER_DEVICEMAP", "CU_MEMHOSTREGISTER_DEVICEMAP", "int", "the memory gets a device address."),
        ("CU_STREAM_LEGACY", "CU_STREAM_LEGACY", "long",
         "the legacy default stream of the calling thread's current context (as is 0)."),
        ("CU_STREAM_PER_THREAD", "CU_STREAM_PER_THREAD", "long",
         "the calling thread's own default stream in its current context."),
        ("CU_STREAM_NON_BLOCKING", "CU_STREAM_NON_BLOCKING", "int", ""),
        ("CU_STREAM_CAPTURE_MODE_RELAXED", "CU_STREAM_CAPTURE_MODE_RELAXED", "int",
         "this thread's calls never invalidate another thread's capture."),
        ("CU_STREAM_CAPTURE_STATUS_NONE", "CU_STREAM_CAPTURE_STATUS_NONE", "int", ""),
        ("CU_STREAM_CAPTURE_STATUS_ACTIVE", "CU_STREAM_CAPTURE_STATUS_ACTIVE", "int",
         "what is pushed into the stream is captured, not run."),
        ("CU_STREAM_CAPTURE_STATUS_INVALIDATED", "CU_STREAM_CAPTURE_STATUS_INVALIDATED", "int",
         "capturing, broken by an error, until cuStreamEndCapture."),
        ("CU_STREAM_WAIT_VALUE_GEQ", "CU_STREAM_WAIT_VALUE_GEQ", "int", "the wrap-safe greater-or-equal wait."),
        ("CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS", "CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS", "int",
         "what cuStreamWriteValue64 needs."),
        ("CU_EVENT_BLOCKING_SYNC", "CU_EVENT_BLOCKING_SYNC", "int", "a waiting thread sleeps instead of spinning."),
        ("CU_EVENT_DISABLE_TIMING", "CU_EVENT_DISABLE_TIMING", "int", ""),
        ("CU_HOST_TASK_BLOCKING", "CU_HOST_TASK_BLOCKING", "int",
         "\"The execution thread will block until new host tasks are ready to run\"."),
        ("CU_HOST_TASK_SPINWAIT", "CU_HOST_TASK_SPINWAIT", "int",
         "\"The execution thread will spin wait until new host tasks are ready to run\"."),
    ],
    functions=[
        ("cuInit", "Initializes the driver API."),
        ("cuGetErrorName", "The name of a status, such as CUDA_ERROR_INVALID_VALUE."),
        ("cuDeviceGet", "The device handle of an ordinal."),
        ("cuCtxGetCurrent", "The calling thread's current context (NULL if none)."),
        ("cuCtxSetCurrent", "Binds a context to the calling thread."),
        ("cuCtxGetDevice", "The device of the current context."),
        ("cuDevicePrimaryCtxRetain", "Retains a device's primary context."),
        ("cuDevicePrimaryCtxRelease", "Releases a device's primary context."),
        ("cuCtxPushCurrent", "Pushes a context onto the calling thread's stack."),
        ("cuCtxPopCurrent", "Pops the calling thread's current context."),
        ("cuMemHostGetDevicePointer", "The device address of mapped host memory."),
        ("cuStreamCreate", "Creates a stream in the current context."),
        ("cuStreamDestroy", "Destroys a stream once its work is done."),
        ("cuStreamGetCtx", "The context a stream belongs to."),
        ("cuStreamGetFlags", "A stream's creation flags (CU_STREAM_NON_BLOCKING or not)."),
        ("cuStreamQuery", "Whether a stream's work is done (CUDA_ERROR_NOT_READY if not)."),
        ("cuStreamWriteValue64", "Queues a 64-bit store on a stream."),
        ("cuStreamWaitValue64", "Queues a wait for a 64-bit word on a stream."),
        ("cuMemAlloc", "Allocates device memory (the bench's work)."),
        ("cuMemFree", "Frees device memory."),
        ("cuMemsetD32Async", "Queues a memset of 32-bit words on a stream: device work of a size-bound duration."),
        ("cuStreamSynchronize", "Blocks until a stream's work is done (a bench peer)."),
        ("cuEventCreate", "Creates an event."),
        ("cuEventRecord", "Records an event behind a stream's work."),
        ("cuEventSynchronize", "Blocks until an event completes (a bench peer)."),
        ("cuEventDestroy", "Destroys an event."),
        ("cuLaunchHostFunc", "Queues a host function on a stream (a bench peer)."),
        ("cuDeviceGetAttribute", "A device attribute, such as whether it runs 64-bit stream memory operations."),
        ("cuDevicePrimaryCtxGetState",
         "Whether a device's primary context is active, and its flags: 0 while retained means another owner reset it."),
        ("cuMemHostRegister", "Page-locks and maps the caller's host memory for the current context's device."),
        ("cuMemHostUnregister", "Ends a registration; the memory stays the caller's."),
        ("cuThreadExchangeStreamCaptureMode",
         "Sets the calling thread's stream capture mode, returning the previous one in place."),
        ("cuStreamIsCapturing", "Whether a stream is capturing a graph (legal during a capture)."),
        ("cuEventQuery", "Whether an event's work is done (CUDA_ERROR_NOT_READY if not)."),
    ],
    optional=[
        ("cuLaunchHostFunc_v2",
         "Queues a host function on a stream, run by a driver thread in {@code syncMode} (a bench peer)."),
    ],
    # CUDA 13.2's, from NVIDIA's driver API reference, for a header older than that; a header that
    # declares them is read instead.
    supplement="""
typedef enum CUhostTaskSyncMode_enum {
    CU_HOST_TASK_BLOCKING = 0x0,
    CU_HOST_TASK_SPINWAIT = 0x1
} CUhostTaskSyncMode;
CUresult CUDAAPI cuLaunchHostFunc_v2(CUstream hStream, CUhostFn fn, void *userData, unsigned int syncMode);
""",
    supplement_source="Not in this header: CUDA 13.2's, from NVIDIA's driver API reference",
)

cbindings.main(LIBRARY, sys.argv, HERE)
