/*
 * A fake libcuda.so.1 for the tests of backend-cuda on machines without a GPU: the driver API
 * entry points the backend binds, over the device model of fake_device.h. The calling thread's
 * current context is a stack, as cuCtxPushCurrent / cuCtxPopCurrent make it.
 *
 * Stream handles as cuda.h defines them: NULL and CU_STREAM_LEGACY (0x1) are the legacy default
 * stream of the calling thread's current context, CU_STREAM_PER_THREAD (0x2) that thread's own
 * default stream in it; any other handle must be a stream that exists (CUDA_ERROR_INVALID_HANDLE
 * otherwise, where a real driver may do anything). Stream memory operations (cuStreamWriteValue64,
 * cuStreamWaitValue64) act in the current context, so the fake requires the stream's context to
 * be current for them: the strict reading of the driver API, which a backend must meet; so do
 * cuEventDestroy and cuStreamDestroy, for which cuda.h lists CUDA_ERROR_INVALID_CONTEXT.
 *
 * CUDA_DEVICE_MAX_CONNECTIONS, read at cuInit as the driver reads its environment when it sets up
 * a context: 1 makes every stream of a device feed one queue, in submission order (the CUDA
 * programming guide: the number of hardware work queues, "CUDA_DEVICE_MAX_CONNECTIONS"; with one,
 * streams serialize and a wait queued before its store on another stream never ends). This model
 * assumes no reset drops queued work while it is on.
 */
#define _GNU_SOURCE
#include "fake_device.h"

#define CU_STREAM_LEGACY_HANDLE ((CUstream) 0x1)
#define CU_STREAM_PER_THREAD_HANDLE ((CUstream) 0x2)
/* CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS */
#define ATTRIBUTE_64_BIT_STREAM_MEM_OPS 122

/* CUDA_DEVICE_MAX_CONNECTIONS=1 at initialization: every stream of a device feeds one queue. */
static int one_queue;

/* With one connection, hardware queue 0 for every stream; otherwise each stream its own. */
static int hw_queue_for(int device) {
    (void) device;
    return one_queue ? 0 : -1;
}

static __thread ctx_t *ctx_stack[16];
static __thread int depth;
static __thread stream_t *per_thread[DEVICES];
/* fakeCaptureAtNextRecord: a capture another thread begins just before the next cuEventRecord on it. */
static stream_t *capture_at_record;

static ctx_t *current(void) { return depth > 0 ? ctx_stack[depth - 1] : NULL; }

static stream_t *resolve_stream(CUstream handle, int *status) {
    if (handle == NULL || handle == CU_STREAM_LEGACY_HANDLE || handle == CU_STREAM_PER_THREAD_HANDLE) {
        ctx_t *c = current();
        if (!c) {
            *status = CUDA_ERROR_INVALID_CONTEXT;
            return NULL;
        }
        if (handle != CU_STREAM_PER_THREAD_HANDLE) return legacy_stream(c);
        stream_t *mine = per_thread[c->device];
        if (!mine || !live_stream(mine)) {
            per_thread[c->device] = mine = new_stream(c);
            /* cuda.h, CU_STREAM_PER_THREAD: it "is not a non-blocking stream and will synchronize
               with the legacy default stream if both are used in a program". */
            mine->blocking = 1;
        }
        return mine;
    }
    stream_t *s = live_stream(handle);
    if (!s) *status = CUDA_ERROR_INVALID_HANDLE;
    return s;
}

/* A stream memory operation: the stream's context must be current, and the device able to. */
static stream_t *memop_stream(CUstream handle, int *status) {
    stream_t *s = resolve_stream(handle, status);
    if (!s) return NULL;
    if (current() != s->ctx) {
        *status = CUDA_ERROR_INVALID_CONTEXT;
        return NULL;
    }
    if (!attribute_of(s->ctx->device, ATTRIBUTE_64_BIT_STREAM_MEM_OPS, 1)) {
        *status = CUDA_ERROR_NOT_SUPPORTED;
        return NULL;
    }
    return s;
}

#define RESOLVE(s, handle)                              \
    int resolve_status = CUDA_SUCCESS;                  \
    stream_t *s = resolve_stream(handle, &resolve_status); \
    if (!s) return resolve_status

/* ---------------------------------------------------------------- the driver API */

CUresult cuInit(unsigned int flags) {
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
    const char *connections = getenv("CUDA_DEVICE_MAX_CONNECTIONS");
    one_queue = connections && atoi(connections) == 1;
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
    case CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED: *name = "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED"; break;
    case CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED: *name = "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED"; break;
    case CUDA_ERROR_NOT_SUPPORTED: *name = "CUDA_ERROR_NOT_SUPPORTED"; break;
    case 709: *name = "CUDA_ERROR_CONTEXT_IS_DESTROYED"; break;
    case CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED: *name = "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"; break;
    case CUDA_ERROR_STREAM_CAPTURE_INVALIDATED: *name = "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"; break;
    case CUDA_ERROR_STREAM_CAPTURE_IMPLICIT: *name = "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT"; break;
    case CUDA_ERROR_CAPTURED_EVENT: *name = "CUDA_ERROR_CAPTURED_EVENT"; break;
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
    /* CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS: yes unless a test says otherwise; anything else: 0. */
    *pi = attribute_of(dev, attrib, attrib == ATTRIBUTE_64_BIT_STREAM_MEM_OPS ? 1 : 0);
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

/* cuda.h, cuCtxCreate: a new context "associates it with the calling thread", supplanting the
   current one, which cuCtxPopCurrent restores: pushed. Not a primary context: a line refuses it. */
CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev) {
    ENTER("cuCtxCreate_v2");
    (void) flags;
    if (!pctx) return CUDA_ERROR_INVALID_VALUE;
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    if (depth >= 16) return CUDA_ERROR_INVALID_VALUE;
    ctx_t *c = calloc(1, sizeof *c);
    c->device = dev;
    c->refs = 1;
    ctx_stack[depth++] = c;
    *pctx = c;
    return CUDA_SUCCESS;
}

/* cuda.h, cuCtxDestroy: "If ctx is current to the calling thread then ctx will also be popped
   from the current thread's context stack". The tests destroy only contexts they made, with
   nothing left of theirs in them; the fake keeps the memory, as a stale handle may still be read. */
CUresult cuCtxDestroy_v2(CUcontext ctx) {
    ENTER("cuCtxDestroy_v2");
    if (!ctx) return CUDA_ERROR_INVALID_VALUE;
    if (current() == ctx) depth--;
    ctx->refs = 0;
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

CUresult cuDevicePrimaryCtxReset_v2(CUdevice dev) {
    ENTER("cuDevicePrimaryCtxReset_v2");
    return primary_reset(dev);
}

CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active) {
    ENTER("cuDevicePrimaryCtxGetState");
    if (!flags || !active) return CUDA_ERROR_INVALID_VALUE;
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    pthread_mutex_lock(&mu);
    *flags = 0;
    *active = primary[dev].refs > 0 && !primary[dev].inactive;
    pthread_mutex_unlock(&mu);
    return CUDA_SUCCESS;
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

CUresult cuMemHostRegister_v2(void *p, size_t bytesize, unsigned int flags) {
    ENTER("cuMemHostRegister_v2");
    if (flags & ~0xFu) return CUDA_ERROR_INVALID_VALUE;
    return host_register(p, bytesize);
}

/* Waits for every stream of the current context first. NVIDIA does not say whether it does; the
   evidence says frees of page-locked memory synchronize the device (the CUDA C++ Programming
   Guide lists page-locked host memory allocation among the implicit synchronizations; PyTorch's
   CachingHostAllocator.h exists to avoid "device synchronizations due to cudaFreeHost calls";
   NCCL issue 48 is a hang in cuMemFreeHost while streams were busy), so the fake takes the worst
   case: behind a stalled stream, for good. */
CUresult cuMemHostUnregister(void *p) {
    ENTER("cuMemHostUnregister");
    ctx_t *c = current();
    if (c) drain_all_streams(c);
    return host_unregister(p);
}

CUresult cuStreamCreate(CUstream *phStream, unsigned int flags) {
    ENTER("cuStreamCreate");
    if (flags & ~0x1u) return CUDA_ERROR_INVALID_VALUE;
    /* CU_STREAM_DEFAULT (0) makes a blocking stream; CU_STREAM_NON_BLOCKING (1) one that does not
       synchronize with the legacy stream. */
    return stream_create(phStream, !(flags & 0x1u));
}

CUresult cuStreamGetFlags(CUstream handle, unsigned int *flags) {
    ENTER("cuStreamGetFlags");
    if (!flags) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    *flags = s->blocking || s->ctx->legacy == s ? 0 : 0x1u;
    return CUDA_SUCCESS;
}

CUresult cuStreamDestroy_v2(CUstream handle) {
    ENTER("cuStreamDestroy_v2");
    if (!current()) return CUDA_ERROR_INVALID_CONTEXT;
    stream_t *s = live_stream(handle);
    if (!s) return CUDA_ERROR_INVALID_HANDLE;
    return stream_destroy(s);
}

CUresult cuStreamGetCtx(CUstream handle, CUcontext *pctx) {
    ENTER("cuStreamGetCtx");
    if (!pctx) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    *pctx = s->ctx;
    return CUDA_SUCCESS;
}

/* The legacy stream (NULL, CU_STREAM_LEGACY) only, not the context's other streams; a query of
   it is a whole-context call that a global capture refuses. */
CUresult cuStreamQuery(CUstream handle) {
    ENTER("cuStreamQuery");
    RESOLVE(s, handle);
    if (handle == NULL || handle == CU_STREAM_LEGACY_HANDLE) {
        int refused = unsafe_during_capture();
        if (refused) return refused;
    }
    return stream_query(s);
}

CUresult cuStreamBeginCapture_v2(CUstream handle, int mode) {
    ENTER("cuStreamBeginCapture_v2");
    if (handle == NULL || handle == CU_STREAM_LEGACY_HANDLE) return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
    RESOLVE(s, handle);
    return begin_capture(s, mode);
}

/* The graph of what the capture recorded; NULL (and CUDA_ERROR_STREAM_CAPTURE_INVALIDATED) if invalidated. */
CUresult cuStreamEndCapture(CUstream handle, graph_t **phGraph) {
    ENTER("cuStreamEndCapture");
    if (!phGraph) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    return end_capture(s, phGraph);
}

/* cuda.h: "if this is called on CU_STREAM_LEGACY (the "null stream") while a blocking stream in
   the same context is capturing, it will return CUDA_ERROR_STREAM_CAPTURE_IMPLICIT". */
CUresult cuStreamIsCapturing(CUstream handle, int *status) {
    ENTER("cuStreamIsCapturing");
    if (!status) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    if (s->ctx->legacy == s && blocking_capture_in(s->ctx)) return CUDA_ERROR_STREAM_CAPTURE_IMPLICIT;
    *status = capture_status(s);
    return CUDA_SUCCESS;
}

/* Played by the tests as the application owning a graph; the backend never calls these. */
CUresult cuGraphInstantiateWithFlags(graph_t **phGraphExec, graph_t *hGraph, unsigned long long flags) {
    ENTER("cuGraphInstantiateWithFlags");
    if (!phGraphExec || !hGraph || flags) return CUDA_ERROR_INVALID_VALUE;
    *phGraphExec = graph_instantiate(hGraph);
    return CUDA_SUCCESS;
}

CUresult cuGraphLaunch(graph_t *hGraphExec, CUstream handle) {
    ENTER("cuGraphLaunch");
    if (!hGraphExec) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    return graph_launch(hGraphExec, s);
}

CUresult cuGraphExecDestroy(graph_t *hGraphExec) {
    ENTER("cuGraphExecDestroy");
    graph_destroy(hGraphExec);
    return CUDA_SUCCESS;
}

CUresult cuGraphDestroy(graph_t *hGraph) {
    ENTER("cuGraphDestroy");
    graph_destroy(hGraph);
    return CUDA_SUCCESS;
}

/* The race a settle must survive: the next cuEventRecord on this stream finds a capture begun
   (relaxed, as another thread's) between the caller's cuStreamIsCapturing and the record. */
void fakeCaptureAtNextRecord(CUstream handle) {
    pthread_mutex_lock(&mu);
    capture_at_record = (stream_t *) handle;
    pthread_mutex_unlock(&mu);
}

CUresult cuThreadExchangeStreamCaptureMode(int *mode) {
    ENTER("cuThreadExchangeStreamCaptureMode");
    return exchange_capture_mode(mode);
}

CUresult cuCtxSynchronize(void) {
    ENTER("cuCtxSynchronize");
    return synchronize_current();
}

/* FAKE_BEFORE_V2_MEMOPS: a driver older than CUDA 11.7, which exports the v1 memops only
   (cuStreamWriteValue64, cuStreamWaitValue64; the v2 names came with 11.7). */
#ifdef FAKE_BEFORE_V2_MEMOPS
#define cuStreamWriteValue64_v2 cuStreamWriteValue64
#define cuStreamWaitValue64_v2 cuStreamWaitValue64
#endif

/* The v2 API refuses CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER (cuda.h): flags 0 only. */
CUresult cuStreamWriteValue64_v2(CUstream handle, CUdeviceptr addr, cuuint64_t value, unsigned int flags) {
    ENTER("cuStreamWriteValue64_v2");
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
    int status = CUDA_SUCCESS;
    stream_t *s = memop_stream(handle, &status);
    if (!s) return status;
    return enqueue(s, OP_WRITE, (volatile uint64_t *) (uintptr_t) addr, value, 0);
}

CUresult cuStreamWaitValue64_v2(CUstream handle, CUdeviceptr addr, cuuint64_t value, unsigned int flags) {
    ENTER("cuStreamWaitValue64_v2");
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE; /* CU_STREAM_WAIT_VALUE_GEQ only */
    int status = CUDA_SUCCESS;
    stream_t *s = memop_stream(handle, &status);
    if (!s) return status;
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

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int ui, size_t n, CUstream handle) {
    ENTER("cuMemsetD32Async");
    RESOLVE(s, handle);
    op_t *op = calloc(1, sizeof *op);
    op->kind = OP_MEMSET;
    op->addr = (volatile uint64_t *) (uintptr_t) dst;
    op->value = ui;
    op->count = n;
    return push_op(s, op);
}

CUresult cuStreamSynchronize(CUstream handle) {
    ENTER("cuStreamSynchronize");
    RESOLVE(s, handle);
    int refused = handle == NULL || handle == CU_STREAM_LEGACY_HANDLE ? unsafe_during_capture() : refused_while_capturing(s);
    if (refused) return refused;
    drain(s);
    return sticky(s->ctx);
}

CUresult cuEventCreate(CUevent *phEvent, unsigned int flags) {
    ENTER("cuEventCreate");
    if (flags & ~0xFu) return CUDA_ERROR_INVALID_VALUE;
    /* CU_EVENT_BLOCKING_SYNC = 0x1 (cuda.h, CUevent_flags). */
    return event_create(phEvent, flags & 0x1);
}

CUresult cuEventRecord(CUevent e, CUstream handle) {
    ENTER("cuEventRecord");
    RESOLVE(s, handle);
    pthread_mutex_lock(&mu);
    int race = capture_at_record == s;
    if (race) capture_at_record = NULL;
    pthread_mutex_unlock(&mu);
    if (race) begin_capture(s, MODE_RELAXED);
    return event_record(e, s);
}

CUresult cuEventQuery(CUevent e) {
    ENTER("cuEventQuery");
    return event_query(e);
}

CUresult cuEventSynchronize(CUevent e) {
    ENTER("cuEventSynchronize");
    return event_synchronize(e);
}

CUresult cuEventDestroy_v2(CUevent e) {
    ENTER("cuEventDestroy_v2");
    if (!current()) return CUDA_ERROR_INVALID_CONTEXT;
    return event_destroy(e);
}

CUresult cuLaunchHostFunc(CUstream handle, CUhostFn fn, void *userData) {
    ENTER("cuLaunchHostFunc");
    if (!fn) return CUDA_ERROR_INVALID_VALUE;
    RESOLVE(s, handle);
    op_t *op = calloc(1, sizeof *op);
    op->kind = OP_HOSTFN;
    op->fn = fn;
    op->user = userData;
    return push_op(s, op);
}

#ifndef FAKE_BEFORE_V2_MEMOPS
/* CUDA 13.2's: a host function with the sync mode of the driver's thread that runs it
   (CUhostTaskSyncMode: CU_HOST_TASK_BLOCKING 0, CU_HOST_TASK_SPINWAIT 1). The fake's stream
   threads run it as they run cuLaunchHostFunc's; an older driver (the other build) lacks it. */
CUresult cuLaunchHostFunc_v2(CUstream handle, CUhostFn fn, void *userData, unsigned int syncMode) {
    ENTER("cuLaunchHostFunc_v2");
    if (syncMode > 1) return CUDA_ERROR_INVALID_VALUE;
    return cuLaunchHostFunc(handle, fn, userData);
}
#endif

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
