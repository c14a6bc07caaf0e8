#!/usr/bin/env python3
# Writes the backend's HIP runtime bindings (Hip.java) from hip_runtime_api.h, in jextract's shape:
# the functions and constants named below and nothing else, read from the header by the shared
# generator (spi/src/main/bindings/cbindings.py). From the repository root, with Debian's
# libamdhip64-dev installed:
#     python3 backend-hip/src/main/bindings/generate.py [HEADER [OUTPUT]]
# HEADER defaults to /usr/include/hip/hip_runtime_api.h (its version is read from hip_version.h
# beside it); OUTPUT is a source root (default: this module's src/generated/java). Review this
# script and the lists, not the output. HipGeneratedSourcesTest regenerates into a temporary folder
# on every build where the header is present and fails on any difference; HipHeaderTest checks the
# output against the header again.
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "spi", "src", "main", "bindings"))
import cbindings  # noqa: E402


def version(text, path):
    beside = os.path.join(os.path.dirname(path), "hip_version.h")
    with open(beside) as f:
        v = f.read()
    parts = [re.search(r"(?m)^#define HIP_VERSION_%s (\d+)$" % p, v) for p in ("MAJOR", "MINOR", "PATCH")]
    if not all(parts):
        raise SystemExit("no HIP_VERSION_MAJOR, _MINOR and _PATCH in " + beside)
    return "HIP_VERSION %s (hip_version.h)" % ".".join(p.group(1) for p in parts)


LIBRARY = cbindings.Library(
    generator="backend-hip/src/main/bindings/generate.py",
    header="/usr/include/hip/hip_runtime_api.h",
    include="hip/hip_runtime_api.h",
    version=version,
    package="io.gpuasync.backend.hip.internal",
    name="Hip",
    library="HipLibrary.LIBRARY",
    calling=[],
    doc=[
        "The HIP runtime entry points this backend calls ({@code hip_runtime_api.h}, HIP 5.2 and",
        "later), in jextract's shape: a holder class per C function, made on first call, called with",
        "{@code invokeExact}; a missing symbol throws {@code UnsatisfiedLinkError(\"unresolved symbol:",
        "...\")} at the call, and the provider checks {@link #FUNCTIONS} up front. Constants keep the",
        "backend's Java names; each one's Javadoc names the header's.",
    ],
    layouts=[
        ("C_INT", "ValueLayout.OfInt", "ValueLayout.JAVA_INT",
         "{@code int}, {@code unsigned int}, {@code hipError_t}, {@code hipDevice_t}."),
        ("C_SIZE_T", "ValueLayout.OfLong", "ValueLayout.JAVA_LONG", "{@code size_t} on a 64-bit host."),
        ("C_LONG_LONG", "ValueLayout.OfLong", "ValueLayout.JAVA_LONG", "{@code uint64_t}."),
        ("C_POINTER", "ValueLayout", "ValueLayout.ADDRESS",
         "Any pointer, and the opaque handles {@code hipCtx_t} and {@code hipStream_t}."),
    ],
    types={
        "int": "C_INT", "unsigned": "C_INT", "unsigned int": "C_INT", "hipError_t": "C_INT", "hipDevice_t": "C_INT",
        "hipDeviceAttribute_t": "C_INT",
        "size_t": "C_SIZE_T",
        "uint64_t": "C_LONG_LONG",
        "hipStream_t": "C_POINTER", "hipEvent_t": "C_POINTER", "hipCtx_t": "C_POINTER",
    },
    constants=[
        ("HIP_SUCCESS", "hipSuccess", "int", ""),
        ("HIP_ERROR_INVALID_VALUE", "hipErrorInvalidValue", "int",
         "also what asking for an unregistered page's device address returns."),
        ("HIP_ERROR_NO_DEVICE", "hipErrorNoDevice", "int", ""),
        ("HIP_ERROR_INVALID_DEVICE", "hipErrorInvalidDevice", "int", ""),
        ("HIP_ERROR_NOT_READY", "hipErrorNotReady", "int", "what a query of unfinished work returns."),
        ("HIP_ERROR_HOST_MEMORY_NOT_REGISTERED", "hipErrorHostMemoryNotRegistered", "int",
         "what unregistering after a reset returns."),
        ("HIP_ERROR_NOT_SUPPORTED", "hipErrorNotSupported", "int", ""),
        ("HIP_ERROR_STREAM_CAPTURE_UNSUPPORTED", "hipErrorStreamCaptureUnsupported", "int", ""),
        ("HIP_ERROR_STREAM_CAPTURE_INVALIDATED", "hipErrorStreamCaptureInvalidated", "int", ""),
        ("HIP_ERROR_STREAM_CAPTURE_IMPLICIT", "hipErrorStreamCaptureImplicit", "int",
         "the null stream, while a blocking stream captures (later HIP)."),
        ("HIP_HOST_REGISTER_PORTABLE", "hipHostRegisterPortable", "int", "the registration serves every device."),
        ("HIP_HOST_REGISTER_MAPPED", "hipHostRegisterMapped", "int",
         "the memory gets a device address. Registered memory is fine-grained (coherent) unless"
         " hipExtHostRegisterCoarseGrained is asked for, so a host polling the word sees a store as it lands."),
        ("HIP_EVENT_DISABLE_TIMING", "hipEventDisableTiming", "int", ""),
        ("HIP_EVENT_BLOCKING_SYNC", "hipEventBlockingSync", "int",
         "a thread synchronizing on the event sleeps, it does not spin."),
        ("HIP_STREAM_PER_THREAD", "hipStreamPerThread", "long", "the calling thread's own default stream."),
        ("HIP_STREAM_NON_BLOCKING", "hipStreamNonBlocking", "int", ""),
        ("HIP_STREAM_WAIT_VALUE_GTE", "hipStreamWaitValueGte", "int", ""),
        ("HIP_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE", "hipDeviceAttributeCanUseStreamWaitValue", "int",
         "whether hipStreamWaitValue32/64 work on the device."),
        ("HIP_STREAM_CAPTURE_MODE_RELAXED", "hipStreamCaptureModeRelaxed", "int",
         "this thread's calls never refuse or break a capture."),
        ("HIP_STREAM_CAPTURE_STATUS_NONE", "hipStreamCaptureStatusNone", "int", "a stream that is not capturing."),
        ("HIP_STREAM_CAPTURE_STATUS_ACTIVE", "hipStreamCaptureStatusActive", "int", ""),
        ("HIP_STREAM_CAPTURE_STATUS_INVALIDATED", "hipStreamCaptureStatusInvalidated", "int",
         "capturing, into a capture something broke."),
    ],
    functions=[
        ("hipGetErrorName", "The name of a status, such as hipErrorNoDevice (a static string of the runtime's)."),
        ("hipInit", "Initializes the runtime."),
        ("hipGetDeviceCount", "How many devices there are (hipErrorNoDevice if none)."),
        ("hipGetDevice", "The calling thread's current device."),
        ("hipSetDevice", "Makes a device current on the calling thread."),
        ("hipDevicePrimaryCtxRetain", "Retains a device's primary context, which keeps the device's state alive."),
        ("hipDevicePrimaryCtxRelease", "Releases a device's primary context."),
        ("hipHostGetDevicePointer", "The device address of mapped host memory."),
        ("hipStreamCreateWithFlags", "Creates a stream on the current device."),
        ("hipStreamDestroy", "Destroys a stream."),
        ("hipStreamWriteValue64", "Queues a 64-bit store on a stream."),
        ("hipStreamWaitValue64", "Queues a wait for a 64-bit word on a stream."),
        ("hipGetStreamDeviceId", "The device of a stream the runtime knows, the current device for the null stream,"
                                 " -1 for a handle it does not know (5.2.3 validates every handle but the"
                                 " per-thread one)."),
        ("hipHostRegister", "Page-locks and maps the caller's host memory for the devices."),
        ("hipHostUnregister", "Ends a registration; the memory stays the caller's."),
        ("hipThreadExchangeStreamCaptureMode",
         "Swaps the calling thread's stream capture mode for mode, leaving the previous one in mode."),
        ("hipDeviceGetAttribute",
         "A device attribute, such as whether it can wait on a word (hipDeviceAttributeCanUseStreamWaitValue)."),
        ("hipEventCreateWithFlags", "Creates an event."),
        ("hipEventRecord", "Records an event behind a stream's work."),
        ("hipEventQuery", "Whether an event's work is done (hipErrorNotReady if not)."),
        ("hipEventSynchronize", "Blocks until an event's work is done."),
        ("hipEventDestroy", "Destroys an event."),
        ("hipStreamIsCapturing", "Whether a stream is capturing a graph (hipStreamCaptureStatus)."),
        ("hipStreamGetFlags",
         "The flags a stream was made with (hipStreamNonBlocking); hipErrorInvalidValue for the null stream."),
    ],
    optional=[],
    supplement="",
    supplement_source="",
)

cbindings.main(LIBRARY, sys.argv, HERE)
