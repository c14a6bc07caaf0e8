/*
 * A fake libcuda.so.1 for the tests of backend-cuda on machines without a GPU: the driver API
 * entry points the backend binds, over the device model of fake_device.h. The calling thread's
 * current context is a stack, as cuCtxPushCurrent / cuCtxPopCurrent make it.
 */
#define _GNU_SOURCE
#include "fake_device.h"

static __thread ctx_t *ctx_stack[16];
static __thread int depth;

static ctx_t *current(void) { return depth > 0 ? ctx_stack[depth - 1] : NULL; }

/* ---------------------------------------------------------------- the driver API */

CUresult cuInit(unsigned int flags) {
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
    initialized = 1;
    return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult error, const char **name) {
    if (!name) return CUDA_ERROR_INVALID_VALUE;
    switch (error) {
    case CUDA_SUCCESS: *name = "CUDA_SUCCESS"; break;
    case CUDA_ERROR_INVALID_VALUE: *name = "CUDA_ERROR_INVALID_VALUE"; break;
    case CUDA_ERROR_NOT_INITIALIZED: *name = "CUDA_ERROR_NOT_INITIALIZED"; break;
    case CUDA_ERROR_DEINITIALIZED: *name = "CUDA_ERROR_DEINITIALIZED"; break;
    case CUDA_ERROR_NO_DEVICE: *name = "CUDA_ERROR_NO_DEVICE"; break;
    case CUDA_ERROR_INVALID_DEVICE: *name = "CUDA_ERROR_INVALID_DEVICE"; break;
    case CUDA_ERROR_INVALID_CONTEXT: *name = "CUDA_ERROR_INVALID_CONTEXT"; break;
    case CUDA_ERROR_INVALID_HANDLE: *name = "CUDA_ERROR_INVALID_HANDLE"; break;
    case CUDA_ERROR_NOT_READY: *name = "CUDA_ERROR_NOT_READY"; break;
    case CUDA_ERROR_ILLEGAL_ADDRESS: *name = "CUDA_ERROR_ILLEGAL_ADDRESS"; break;
    case CUDA_ERROR_LAUNCH_FAILED: *name = "CUDA_ERROR_LAUNCH_FAILED"; break;
    default: *name = NULL; return CUDA_ERROR_INVALID_VALUE;
    }
    return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
    ENTER("cuDeviceGet");
    if (!device) return CUDA_ERROR_INVALID_VALUE;
    if (ordinal < 0 || ordinal >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    *device = ordinal;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *pi, int attrib, CUdevice dev) {
    ENTER("cuDeviceGetAttribute");
    if (!pi) return CUDA_ERROR_INVALID_VALUE;
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    /* CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS: yes; anything else: 0. */
    *pi = attrib == 122 ? 1 : 0;
    return CUDA_SUCCESS;
}

CUresult cuCtxGetCurrent(CUcontext *pctx) {
    ENTER("cuCtxGetCurrent");
    if (!pctx) return CUDA_ERROR_INVALID_VALUE;
    *pctx = current();
    return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext ctx) {
    ENTER("cuCtxSetCurrent");
    if (depth == 0) {
        if (ctx) ctx_stack[depth++] = ctx;
    } else if (ctx) {
        ctx_stack[depth - 1] = ctx;
    } else {
        depth--;
    }
    return CUDA_SUCCESS;
}

CUresult cuCtxGetDevice(CUdevice *device) {
    ENTER("cuCtxGetDevice");
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
    if (sticky(c)) return sticky(c);
    *device = c->device;
    return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent_v2(CUcontext ctx) {
    ENTER("cuCtxPushCurrent_v2");
    if (!ctx || depth >= 16) return CUDA_ERROR_INVALID_VALUE;
    ctx_stack[depth++] = ctx;
    return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent_v2(CUcontext *pctx) {
    ENTER("cuCtxPopCurrent_v2");
    if (depth == 0) return CUDA_ERROR_INVALID_CONTEXT;
    ctx_t *c = ctx_stack[--depth];
    if (pctx) *pctx = c;
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
    ENTER("cuDevicePrimaryCtxRetain");
    return primary_retain(pctx, dev);
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev) {
    ENTER("cuDevicePrimaryCtxRelease_v2");
    return primary_release(dev);
}

CUresult cuMemHostAlloc(void **pp, size_t bytesize, unsigned int flags) {
    ENTER("cuMemHostAlloc");
    if (flags & ~0x7u) return CUDA_ERROR_INVALID_VALUE;
    return host_alloc(pp, bytesize);
}

CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *pdptr, void *p, unsigned int flags) {
    ENTER("cuMemHostGetDevicePointer_v2");
    if (!pdptr || flags != 0) return CUDA_ERROR_INVALID_VALUE;
    if (!current()) return CUDA_ERROR_INVALID_CONTEXT;
    if (!host_is_live(p)) return CUDA_ERROR_INVALID_VALUE;
    *pdptr = (CUdeviceptr) (uintptr_t) p; /* unified addressing */
    return CUDA_SUCCESS;
}

CUresult cuMemFreeHost(void *p) {
    ENTER("cuMemFreeHost");
    return host_free(p);
}

CUresult cuStreamCreate(CUstream *phStream, unsigned int flags) {
    ENTER("cuStreamCreate");
    (void) flags; /* CU_STREAM_DEFAULT or CU_STREAM_NON_BLOCKING: the same here */
    return stream_create(phStream);
}

CUresult cuStreamDestroy_v2(CUstream s) {
    ENTER("cuStreamDestroy_v2");
    return stream_destroy(s);
}

CUresult cuStreamGetCtx(CUstream s, CUcontext *pctx) {
    ENTER("cuStreamGetCtx");
    if (!pctx) return CUDA_ERROR_INVALID_VALUE;
    if (!s) {
        ctx_t *c = current();
        if (!c) return CUDA_ERROR_INVALID_CONTEXT;
        *pctx = c;
        return CUDA_SUCCESS;
    }
    *pctx = s->ctx;
    return CUDA_SUCCESS;
}

CUresult cuStreamQuery(CUstream s) {
    ENTER("cuStreamQuery");
    return stream_query(s);
}

CUresult cuCtxSynchronize(void) {
    ENTER("cuCtxSynchronize");
    return synchronize_current();
}

CUresult cuStreamWriteValue64_v2(CUstream s, CUdeviceptr addr, cuuint64_t value, unsigned int flags) {
    ENTER("cuStreamWriteValue64_v2");
    if (flags != 0 && flags != 1) return CUDA_ERROR_INVALID_VALUE;
    return enqueue(s, OP_WRITE, (volatile uint64_t *) (uintptr_t) addr, value, 0);
}

CUresult cuStreamWaitValue64_v2(CUstream s, CUdeviceptr addr, cuuint64_t value, unsigned int flags) {
    ENTER("cuStreamWaitValue64_v2");
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE; /* CU_STREAM_WAIT_VALUE_GEQ only */
    return enqueue(s, OP_WAIT, (volatile uint64_t *) (uintptr_t) addr, value, 0);
}

/* ---------------------------------------------------------------- work, events, host functions */

CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
    ENTER("cuMemAlloc_v2");
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
    if (!dptr || bytesize == 0) return CUDA_ERROR_INVALID_VALUE;
    void *p = aligned_alloc(256, (bytesize + 255) & ~(size_t) 255);
    if (!p) return 2;
    *dptr = (CUdeviceptr) (uintptr_t) p;
    return CUDA_SUCCESS;
}

CUresult cuMemFree_v2(CUdeviceptr dptr) {
    ENTER("cuMemFree_v2");
    free((void *) (uintptr_t) dptr);
    return CUDA_SUCCESS;
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int ui, size_t n, CUstream s) {
    ENTER("cuMemsetD32Async");
    op_t *op = calloc(1, sizeof *op);
    op->kind = OP_MEMSET;
    op->addr = (volatile uint64_t *) (uintptr_t) dst;
    op->value = ui;
    op->count = n;
    return push_op(s, op);
}

CUresult cuStreamSynchronize(CUstream s) {
    ENTER("cuStreamSynchronize");
    if (!s) return cuCtxSynchronize();
    drain(s);
    return sticky(s->ctx);
}

CUresult cuEventCreate(CUevent *phEvent, unsigned int flags) {
    ENTER("cuEventCreate");
    if (!phEvent || (flags & ~0xFu)) return CUDA_ERROR_INVALID_VALUE;
    event_t *e = calloc(1, sizeof *e);
    pthread_mutex_init(&e->mu, NULL);
    pthread_cond_init(&e->done, NULL);
    *phEvent = e;
    return CUDA_SUCCESS;
}

CUresult cuEventRecord(CUevent e, CUstream s) {
    ENTER("cuEventRecord");
    if (!e) return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&e->mu);
    long long seq = ++e->recorded;
    pthread_mutex_unlock(&e->mu);
    op_t *op = calloc(1, sizeof *op);
    op->kind = OP_EVENT;
    op->event = e;
    op->event_seq = seq;
    return push_op(s, op);
}

CUresult cuEventSynchronize(CUevent e) {
    ENTER("cuEventSynchronize");
    if (!e) return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&e->mu);
    while (e->completed < e->recorded) pthread_cond_wait(&e->done, &e->mu);
    pthread_mutex_unlock(&e->mu);
    return CUDA_SUCCESS;
}

CUresult cuEventDestroy_v2(CUevent e) {
    ENTER("cuEventDestroy_v2");
    if (!e) return CUDA_ERROR_INVALID_HANDLE;
    cuEventSynchronize(e);
    pthread_mutex_destroy(&e->mu);
    pthread_cond_destroy(&e->done);
    free(e);
    return CUDA_SUCCESS;
}

CUresult cuLaunchHostFunc(CUstream s, CUhostFn fn, void *userData) {
    ENTER("cuLaunchHostFunc");
    if (!fn) return CUDA_ERROR_INVALID_VALUE;
    op_t *op = calloc(1, sizeof *op);
    op->kind = OP_HOSTFN;
    op->fn = fn;
    op->user = userData;
    return push_op(s, op);
}

/* ---------------------------------------------------------------- what the GPU check's probe asks */

CUresult cuDriverGetVersion(int *driverVersion) {
    if (!driverVersion) return CUDA_ERROR_INVALID_VALUE;
    *driverVersion = 12080; /* a CUDA 12.8 driver; needs no cuInit, as the real call does not */
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
    ENTER("cuDeviceGetCount");
    return device_count(count);
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
    ENTER("cuDeviceGetName");
    return device_name(name, len, dev);
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev) {
    ENTER("cuDeviceTotalMem_v2");
    return device_memory(bytes, dev);
}
