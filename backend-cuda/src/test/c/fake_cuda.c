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
    if (!pctx) return CUDA_ERROR_INVALID_VALUE;
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    pthread_mutex_lock(&mu);
    primary[dev].refs++;
    pthread_mutex_unlock(&mu);
    *pctx = &primary[dev];
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev) {
    ENTER("cuDevicePrimaryCtxRelease_v2");
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    pthread_mutex_lock(&mu);
    if (primary[dev].refs == 0) {
        pthread_mutex_unlock(&mu);
        return CUDA_ERROR_INVALID_CONTEXT;
    }
    if (--primary[dev].refs == 0) {
        /* The primary context goes, and with it every host allocation it owned. */
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

CUresult cuMemHostAlloc(void **pp, size_t bytesize, unsigned int flags) {
    ENTER("cuMemHostAlloc");
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
    if (sticky(c)) return sticky(c);
    if (!pp || bytesize == 0 || (flags & ~0x7u)) return CUDA_ERROR_INVALID_VALUE;
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
    return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
}

CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *pdptr, void *p, unsigned int flags) {
    ENTER("cuMemHostGetDevicePointer_v2");
    if (!pdptr || flags != 0) return CUDA_ERROR_INVALID_VALUE;
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
    pthread_mutex_lock(&mu);
    alloc_t *a = find_alloc(p, 1);
    pthread_mutex_unlock(&mu);
    if (!a) return CUDA_ERROR_INVALID_VALUE;
    *pdptr = (CUdeviceptr) (uintptr_t) p; /* unified addressing */
    return CUDA_SUCCESS;
}

CUresult cuMemFreeHost(void *p) {
    ENTER("cuMemFreeHost");
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

CUresult cuStreamCreate(CUstream *phStream, unsigned int flags) {
    ENTER("cuStreamCreate");
    (void) flags; /* CU_STREAM_DEFAULT or CU_STREAM_NON_BLOCKING: the same here */
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
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

CUresult cuStreamDestroy_v2(CUstream s) {
    ENTER("cuStreamDestroy_v2");
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
    if (!s) {
        ctx_t *c = current();
        if (!c) return CUDA_ERROR_INVALID_CONTEXT;
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

CUresult cuCtxSynchronize(void) {
    ENTER("cuCtxSynchronize");
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
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
