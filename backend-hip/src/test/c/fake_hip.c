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
    if (!count) return CUDA_ERROR_INVALID_VALUE;
    *count = DEVICES;
    return CUDA_SUCCESS;
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
    if (!pctx) return CUDA_ERROR_INVALID_VALUE;
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    pthread_mutex_lock(&mu);
    primary[dev].refs++;
    pthread_mutex_unlock(&mu);
    *pctx = &primary[dev];
    return CUDA_SUCCESS;
}

hipError_t hipDevicePrimaryCtxRelease(int dev) {
    ENTER("hipDevicePrimaryCtxRelease");
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    pthread_mutex_lock(&mu);
    if (primary[dev].refs == 0) {
        pthread_mutex_unlock(&mu);
        return CUDA_ERROR_INVALID_CONTEXT;
    }
    if (--primary[dev].refs == 0) {
        for (int i = 0; i < MAX_ALLOCS; i++) {
            if (allocs[i].p && allocs[i].ctx == &primary[dev]) {
                free(allocs[i].p);
                allocs[i].p = NULL;
            }
        }
    }
    pthread_mutex_unlock(&mu);
    return CUDA_SUCCESS;
}

hipError_t hipHostMalloc(void **pp, size_t bytesize, unsigned int flags) {
    ENTER("hipHostMalloc");
    ctx_t *c = current();
    if (sticky(c)) return sticky(c);
    if (!pp || bytesize == 0) return CUDA_ERROR_INVALID_VALUE;
    (void) flags;
    size_t size = (bytesize + 4095) & ~(size_t) 4095;
    void *p = aligned_alloc(4096, size);
    memset(p, 0xAB, size);
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_ALLOCS; i++) {
        if (!allocs[i].p) {
            allocs[i] = (alloc_t) {p, size, c};
            pthread_mutex_unlock(&mu);
            *pp = p;
            return CUDA_SUCCESS;
        }
    }
    pthread_mutex_unlock(&mu);
    free(p);
    return 2;
}

hipError_t hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags) {
    ENTER("hipHostGetDevicePointer");
    if (!devPtr || flags != 0) return CUDA_ERROR_INVALID_VALUE;
    pthread_mutex_lock(&mu);
    alloc_t *a = find_alloc(hstPtr, 1);
    pthread_mutex_unlock(&mu);
    if (!a) return CUDA_ERROR_INVALID_VALUE;
    *devPtr = hstPtr;
    return CUDA_SUCCESS;
}

hipError_t hipHostFree(void *p) {
    ENTER("hipHostFree");
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_ALLOCS; i++) {
        if (allocs[i].p == p && p) {
            free(p);
            allocs[i].p = NULL;
            pthread_mutex_unlock(&mu);
            return CUDA_SUCCESS;
        }
    }
    pthread_mutex_unlock(&mu);
    return CUDA_ERROR_INVALID_VALUE;
}

hipError_t hipStreamCreateWithFlags(CUstream *phStream, unsigned int flags) {
    ENTER("hipStreamCreateWithFlags");
    (void) flags;
    ctx_t *c = current();
    if (sticky(c)) return sticky(c);
    if (!phStream) return CUDA_ERROR_INVALID_VALUE;
    stream_t *s = calloc(1, sizeof *s);
    s->ctx = c;
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->changed, NULL);
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (!streams[i]) {
            streams[i] = s;
            break;
        }
    }
    pthread_mutex_unlock(&mu);
    pthread_create(&s->thread, NULL, run_stream, s);
    *phStream = s;
    return CUDA_SUCCESS;
}

hipError_t hipStreamDestroy(CUstream s) {
    ENTER("hipStreamDestroy");
    if (!s) return CUDA_ERROR_INVALID_HANDLE;
    drain(s);
    pthread_mutex_lock(&s->mu);
    s->closing = 1;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->mu);
    pthread_join(s->thread, NULL);
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (streams[i] == s) streams[i] = NULL;
    }
    pthread_mutex_unlock(&mu);
    free(s);
    return CUDA_SUCCESS;
}

hipError_t hipStreamQuery(CUstream s) {
    ENTER("hipStreamQuery");
    if (!s) {
        ctx_t *c = current();
        if (sticky(c)) return sticky(c);
        int busy = 0;
        pthread_mutex_lock(&mu);
        for (int i = 0; i < MAX_STREAMS; i++) {
            if (streams[i] && streams[i]->ctx == c && streams[i]->pending > 0) busy = 1;
        }
        pthread_mutex_unlock(&mu);
        return busy ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
    }
    if (sticky(s->ctx)) return sticky(s->ctx);
    return s->pending > 0 ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
}

hipError_t hipDeviceSynchronize(void) {
    ENTER("hipDeviceSynchronize");
    ctx_t *c = current();
    stream_t *mine[MAX_STREAMS];
    int n = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (streams[i] && streams[i]->ctx == c) mine[n++] = streams[i];
    }
    pthread_mutex_unlock(&mu);
    for (int i = 0; i < n; i++) drain(mine[i]);
    return sticky(c);
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
