/*
 * A fake libamdhip64.so.5 for the tests of backend-hip on machines without an AMD GPU: the HIP
 * runtime entry points the backend binds, over the device model backend-cuda's fake driver
 * uses (fake_device.h, beside it). The calling thread's current device is device 0 until set.
 *
 * Where it models HIP 5.2.3 (Debian's libamdhip64-5) rather than a better runtime:
 * - stream handles: NULL is the current device's null stream; every other handle, the
 *   per-thread default (0x2) included, is a stream object the 5.2.3 stream calls dereference
 *   without validation. Here such a call fails with hipErrorInvalidHandle and is counted
 *   (fakeUnvalidatedHandles): on 5.2.3 it would be a segfault at best. hipGetStreamDeviceId
 *   validates (-1 for an unknown handle), except the per-thread handle, which it resolves
 *   first (the real library segfaults doing so without a device: counted here too).
 * - hipDeviceSynchronize waits, and always returns hipSuccess; hipStreamQuery reports only
 *   hipSuccess or hipErrorNotReady. On 5.2.3 a device fault aborts the process instead of
 *   leaving a sticky error, so the device model's sticky errors (fakeSetSticky) are this fake's
 *   own for HIP: they stop queued work, but no HIP call reports them.
 * - stream operations (hipStreamWriteValue64, hipStreamWaitValue64) on a capturing stream are
 *   queued to run at once, not captured: ROCm 5.2 to 6.2's ihipStreamOperation (clr,
 *   hipamd/src/hip_stream_ops.cpp) enqueues the command without asking about a capture.
 * - hardware queues, as clr's rocclr gives them to streams (rocclr/device/rocm/rocdevice.cpp,
 *   Device::acquireQueue and getQueueFromPool): at most GPU_MAX_HW_QUEUES of them per device and
 *   priority (rocclr/utils/flags.hpp, default 4); a new stream, the null stream included, gets one
 *   of its own while fewer exist, and after that shares the one fed by the fewest streams; a
 *   queue goes with its last stream (5.2; later ROCm keeps it for the next stream). The AQL
 *   packets HIP submits carry the barrier bit (rocclr/device/rocm/rocvirtual.cpp, the packet
 *   headers), so what a stream submits behind another's device-side wait on a shared queue runs
 *   only once that wait ended. Read once, from the environment, when the first stream is made.
 */
#define _GNU_SOURCE
#include "fake_device.h"

#define HIP_STREAM_PER_THREAD_HANDLE ((CUstream) 0x2)
/* hipDeviceAttributeCanUseStreamWaitValue (hipDeviceAttributeAmdSpecificBegin + 13) */
#define ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE 10013

static __thread int current_device;

/* GPU_MAX_HW_QUEUES as rocclr reads it (atoi), at least 1; at most what the model holds. Under mu. */
static int max_hw_queues(void) {
    static int max;
    if (!max) {
        const char *value = getenv("GPU_MAX_HW_QUEUES");
        max = value ? atoi(value) : 4;
        if (max < 1) max = 1;
        if (max > MAX_HW_QUEUES) max = MAX_HW_QUEUES;
    }
    return max;
}

/* A queue of its own while the device has fewer than GPU_MAX_HW_QUEUES, else the least fed. Under mu. */
static int hw_queue_for(int device) {
    int used = 0, spare = -1, least = -1;
    for (int q = 0; q < MAX_HW_QUEUES; q++) {
        int fed = hw_queues[device][q].streams;
        if (fed > 0) {
            used++;
            if (least < 0 || fed < hw_queues[device][least].streams) least = q;
        } else if (spare < 0) {
            spare = q;
        }
    }
    return used < max_hw_queues() && spare >= 0 ? spare : least;
}

static ctx_t *current(void) { return &primary[current_device]; }

static stream_t *resolve_stream(CUstream handle, int *status) {
    if (handle == NULL) return legacy_stream(current());
    stream_t *s = live_stream(handle);
    if (!s) {
        __atomic_add_fetch(&unvalidated_handles, 1, __ATOMIC_ACQ_REL);
        *status = CUDA_ERROR_INVALID_HANDLE;
    }
    return s;
}

#define RESOLVE(s, handle)                              \
    int resolve_status = CUDA_SUCCESS;                  \
    stream_t *s = resolve_stream(handle, &resolve_status); \
    if (!s) return resolve_status

/* ---------------------------------------------------------------- the HIP runtime API */

typedef int hipError_t;

int hipInit(unsigned int flags) {
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
    initialized = 1;
    return CUDA_SUCCESS;
}

const char *hipGetErrorName(hipError_t error) {
    switch (error) {
    case 0: return "hipSuccess";
    case 1: return "hipErrorInvalidValue";
    case 100: return "hipErrorNoDevice";
    case 101: return "hipErrorInvalidDevice";
    case 400: return "hipErrorInvalidHandle";
    case 600: return "hipErrorNotReady";
    case 700: return "hipErrorIllegalAddress";
    case 900: return "hipErrorStreamCaptureUnsupported";
    case 901: return "hipErrorStreamCaptureInvalidated";
    case 906: return "hipErrorStreamCaptureImplicit";
    default: return "hipErrorUnknown";
    }
}

#undef ENTER
#define ENTER(name)                                   \
    do {                                              \
        initialized = 1;                              \
        int injected_status = injected(name);         \
        if (injected_status) return injected_status;  \
    } while (0)

hipError_t hipGetDeviceCount(int *count) {
    ENTER("hipGetDeviceCount");
    return device_count(count);
}

hipError_t hipGetDevice(int *device) {
    ENTER("hipGetDevice");
    if (!device) return CUDA_ERROR_INVALID_VALUE;
    *device = current_device;
    return CUDA_SUCCESS;
}

hipError_t hipSetDevice(int device) {
    ENTER("hipSetDevice");
    if (device < 0 || device >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    current_device = device;
    return CUDA_SUCCESS;
}

hipError_t hipDevicePrimaryCtxRetain(CUcontext *pctx, int dev) {
    ENTER("hipDevicePrimaryCtxRetain");
    return primary_retain(pctx, dev);
}

hipError_t hipDevicePrimaryCtxRelease(int dev) {
    ENTER("hipDevicePrimaryCtxRelease");
    return primary_release(dev);
}

hipError_t hipDeviceReset(void) {
    ENTER("hipDeviceReset");
    return primary_reset(current_device);
}

hipError_t hipDeviceGetAttribute(int *value, int attribute, int device) {
    ENTER("hipDeviceGetAttribute");
    if (!value) return CUDA_ERROR_INVALID_VALUE;
    if (device < 0 || device >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    *value = attribute_of(device, attribute, attribute == ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE ? 1 : 0);
    return CUDA_SUCCESS;
}

int hipGetStreamDeviceId(CUstream handle) {
    if (handle == NULL) return current_device;
    if (handle == HIP_STREAM_PER_THREAD_HANDLE) {
        __atomic_add_fetch(&unvalidated_handles, 1, __ATOMIC_ACQ_REL);
        return -1;
    }
    stream_t *s = live_stream(handle);
    return s ? s->ctx->device : -1;
}

hipError_t hipHostMalloc(void **pp, size_t bytesize, unsigned int flags) {
    ENTER("hipHostMalloc");
    (void) flags;
    return host_alloc(pp, bytesize);
}

hipError_t hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags) {
    ENTER("hipHostGetDevicePointer");
    if (!devPtr || flags != 0) return CUDA_ERROR_INVALID_VALUE;
    if (!host_is_live(hstPtr)) return CUDA_ERROR_INVALID_VALUE;
    *devPtr = hstPtr;
    return CUDA_SUCCESS;
}

hipError_t hipHostFree(void *p) {
    ENTER("hipHostFree");
    return host_free(p);
}

hipError_t hipHostRegister(void *p, size_t bytesize, unsigned int flags) {
    ENTER("hipHostRegister");
    if (flags & ~0xFu) return CUDA_ERROR_INVALID_VALUE;
    return host_register(p, bytesize);
}

/* Waits for every stream of the device before it unregisters (see drain_all_streams): behind a
   stalled stream, for good. */
hipError_t hipHostUnregister(void *p) {
    ENTER("hipHostUnregister");
    drain_all_streams(current());
    return host_unregister(p);
}

hipError_t hipStreamCreateWithFlags(CUstream *phStream, unsigned int flags) {
    ENTER("hipStreamCreateWithFlags");
    if (flags & ~0x1u) return CUDA_ERROR_INVALID_VALUE;
    /* hipStreamNonBlocking (1): does not synchronize with the null stream; hipStreamDefault does. */
    return stream_create(phStream, !(flags & 0x1u));
}

hipError_t hipStreamDestroy(CUstream handle) {
    ENTER("hipStreamDestroy");
    RESOLVE(s, handle);
    return stream_destroy(s);
}

/* 5.2.3: no device fault is ever reported here (see the top of this file). */
hipError_t hipStreamQuery(CUstream handle) {
    ENTER("hipStreamQuery");
    RESOLVE(s, handle);
    pthread_mutex_lock(&s->mu);
    int pending = s->pending > 0 && !halted(s);
    pthread_mutex_unlock(&s->mu);
    return pending ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
}

/* 5.2.3: waits for the device's work, and returns hipSuccess whatever happened. */
hipError_t hipDeviceSynchronize(void) {
    ENTER("hipDeviceSynchronize");
    synchronize_current();
    return CUDA_SUCCESS;
}

hipError_t hipStreamWriteValue64(CUstream handle, void *ptr, uint64_t value, unsigned int flags) {
    ENTER("hipStreamWriteValue64");
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    return enqueue_capturable(s, OP_WRITE, (volatile uint64_t *) ptr, value, 0, 0);
}

hipError_t hipStreamWaitValue64(CUstream handle, void *ptr, uint64_t value, unsigned int flags, uint64_t mask) {
    ENTER("hipStreamWaitValue64");
    if (flags != 0 || mask != ~(uint64_t) 0) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    if (!attribute_of(s->ctx->device, ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE, 1)) return CUDA_ERROR_NOT_SUPPORTED;
    return enqueue_capturable(s, OP_WAIT, (volatile uint64_t *) ptr, value, 0, 0);
}

/* Capture, as the tests play another owner with it (the backend binds only the mode exchange and
   hipStreamIsCapturing). hipHostRegister and hipHostUnregister from a thread in global mode while a global
   capture is under way fail with hipErrorStreamCaptureUnsupported (hipamd 5.2.3 and clr,
   CHECK_STREAM_CAPTURE_SUPPORTED) and, as clr does, invalidate it: the model's unsafe_during_capture. */
hipError_t hipThreadExchangeStreamCaptureMode(int *mode) {
    ENTER("hipThreadExchangeStreamCaptureMode");
    return exchange_capture_mode(mode);
}

hipError_t hipStreamBeginCapture(CUstream handle, int mode) {
    ENTER("hipStreamBeginCapture");
    if (handle == NULL) return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
    RESOLVE(s, handle);
    return begin_capture(s, mode);
}

hipError_t hipStreamEndCapture(CUstream handle, graph_t **pGraph) {
    ENTER("hipStreamEndCapture");
    if (!pGraph) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    return end_capture(s, pGraph);
}

/* clr, hipStreamIsCapturing: the null stream never captures; hipErrorStreamCaptureImplicit for it
   while a blocking stream captures is later HIP's (5.2.3 answers None), modelled as later HIP's. */
hipError_t hipStreamIsCapturing(CUstream handle, int *status) {
    ENTER("hipStreamIsCapturing");
    if (!status) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    if (handle == NULL && blocking_capture_in(s->ctx)) return CUDA_ERROR_STREAM_CAPTURE_IMPLICIT;
    *status = handle == NULL ? CAPTURE_NONE : capture_status(s);
    return CUDA_SUCCESS;
}

/* clr, hipStreamGetFlags_common: hipErrorInvalidValue for the null stream; the flags it was made with. */
hipError_t hipStreamGetFlags(CUstream handle, unsigned int *flags) {
    ENTER("hipStreamGetFlags");
    if (!flags || handle == NULL) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    *flags = s->blocking ? 0 : 0x1u;
    return CUDA_SUCCESS;
}

hipError_t hipEventCreateWithFlags(CUevent *event, unsigned int flags) {
    ENTER("hipEventCreateWithFlags");
    if (flags & ~0xFu) return CUDA_ERROR_INVALID_VALUE;
    /* hipEventBlockingSync = 0x1 (hip_runtime_api.h). */
    return event_create(event, flags & 0x1);
}

hipError_t hipEventRecord(CUevent event, CUstream handle) {
    ENTER("hipEventRecord");
    RESOLVE(s, handle);
    return event_record(event, s);
}

/* 5.2.3: hipSuccess or hipErrorNotReady; no device fault is reported. */
hipError_t hipEventQuery(CUevent event) {
    ENTER("hipEventQuery");
    if (!event) return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&event->mu);
    int done = event->completed >= event->recorded;
    pthread_mutex_unlock(&event->mu);
    return done ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

/* hip_runtime_api.h, hipEventSynchronize: "will block until the event is ready, waiting for all
   previous work in the stream"; hipEventBlockingSync: "the thread will block until the event
   completes", otherwise it spins (fake_device.h's event_synchronize). */
hipError_t hipEventSynchronize(CUevent event) {
    ENTER("hipEventSynchronize");
    return event_synchronize(event);
}

hipError_t hipEventDestroy(CUevent event) {
    ENTER("hipEventDestroy");
    return event_destroy(event);
}

/* ---------------------------------------------------------------- what the GPU check's probe asks */

hipError_t hipDriverGetVersion(int *driverVersion) {
    ENTER("hipDriverGetVersion");
    if (!driverVersion) return CUDA_ERROR_INVALID_VALUE;
    *driverVersion = 50222142; /* HIP 5.2, as Debian's libamdhip64-5 */
    return CUDA_SUCCESS;
}

hipError_t hipRuntimeGetVersion(int *runtimeVersion) {
    ENTER("hipRuntimeGetVersion");
    return hipDriverGetVersion(runtimeVersion);
}

hipError_t hipDeviceGetName(char *name, int len, int device) {
    ENTER("hipDeviceGetName");
    return device_name(name, len, device);
}

hipError_t hipDeviceTotalMem(size_t *bytes, int device) {
    ENTER("hipDeviceTotalMem");
    return device_memory(bytes, device);
}
