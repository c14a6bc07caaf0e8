/*
 * A fake libamdhip64.so.5 for the tests of backend-hip on machines without an AMD GPU: the HIP
 * runtime entry points the backend binds, over the device model backend-cuda's fake driver
 * uses (fake_device.h there). The calling thread's current device is device 0 until set.
 */
#define _GNU_SOURCE
#include "fake_device.h"

static __thread int current_device;

static ctx_t *current(void) { return &primary[current_device]; }

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

hipError_t hipStreamCreateWithFlags(CUstream *phStream, unsigned int flags) {
    ENTER("hipStreamCreateWithFlags");
    (void) flags;
    return stream_create(phStream);
}

hipError_t hipStreamDestroy(CUstream s) {
    ENTER("hipStreamDestroy");
    return stream_destroy(s);
}

hipError_t hipStreamQuery(CUstream s) {
    ENTER("hipStreamQuery");
    return stream_query(s);
}

hipError_t hipDeviceSynchronize(void) {
    ENTER("hipDeviceSynchronize");
    return synchronize_current();
}

hipError_t hipStreamWriteValue64(CUstream s, void *ptr, uint64_t value, unsigned int flags) {
    ENTER("hipStreamWriteValue64");
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
    return enqueue(s, OP_WRITE, (volatile uint64_t *) ptr, value, 0);
}

hipError_t hipStreamWaitValue64(CUstream s, void *ptr, uint64_t value, unsigned int flags, uint64_t mask) {
    ENTER("hipStreamWaitValue64");
    if (flags != 0 || mask != ~(uint64_t) 0) return CUDA_ERROR_INVALID_VALUE;
    return enqueue(s, OP_WAIT, (volatile uint64_t *) ptr, value, 0);
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
