/*
 * The device model shared by the tests' fake CUDA driver and fake HIP runtime: devices with
 * reference-counted primary contexts that, like the real drivers', free every host allocation
 * they own when their last reference goes (the CWE-416 of 0.1.0 needs exactly that to show),
 * and lose every allocation, registration and stream when another owner resets them; pinned
 * host allocations and registered host memory; a thread per stream running queued stores,
 * waits, work, memsets, events and host functions in order; stream handles validated against
 * the streams that exist, as the drivers' special handles are resolved by each fake; graph
 * capture (work queued on a capturing stream is recorded into a graph, not run, and every launch
 * of that graph queues it again; a whole-context call from a thread not in relaxed mode
 * invalidates a global capture); the legacy stream's implicit synchronization with blocking
 * streams; hardware queues that streams share (every stream of a device in one with
 * CUDA_DEVICE_MAX_CONNECTIONS=1; HIP's pool of GPU_MAX_HW_QUEUES), in which an op runs only once
 * everything submitted to its queue before it ran, whichever stream submitted it; sticky errors
 * after which nothing queued runs; failure injection. Each fake adds its API on top, its own
 * idea of the calling thread's current context or device, as current(), its own
 * resolve_stream(), and the hardware queue a new stream gets, as hw_queue_for().
 *
 * Test hooks (not part of CUDA or HIP): fakeEnqueueWork, fakeFailNext, fakeFailPending, fakePrimaryRefs,
 * fakeSetSticky, fakeLiveAllocations, fakeRegisteredPages, fakeSetAttribute,
 * fakeUnvalidatedHandles, fakeResetPrimary, fakeLiveEvents, fakeLiveStreams, fakeCaptureAtNextRecord,
 * fakeHwQueueOf, fakePendingOps, fakeSpinningSyncs.
 */
#ifndef GAR_FAKE_DEVICE_H
#define GAR_FAKE_DEVICE_H
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Each fake uses the part of the model its API has (HIP has no capture calls here). */
#pragma GCC diagnostic ignored "-Wunused-function"

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef unsigned long long cuuint64_t;

enum {
    CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_NOT_INITIALIZED = 3,
    CUDA_ERROR_DEINITIALIZED = 4, CUDA_ERROR_NO_DEVICE = 100, CUDA_ERROR_INVALID_DEVICE = 101,
    CUDA_ERROR_INVALID_CONTEXT = 201, CUDA_ERROR_INVALID_HANDLE = 400, CUDA_ERROR_NOT_READY = 600,
    CUDA_ERROR_ILLEGAL_ADDRESS = 700, CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
    CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713, CUDA_ERROR_LAUNCH_FAILED = 719,
    CUDA_ERROR_NOT_SUPPORTED = 801, CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900,
    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901, CUDA_ERROR_STREAM_CAPTURE_IMPLICIT = 906,
    CUDA_ERROR_CAPTURED_EVENT = 907
};

enum { CAPTURE_NONE = 0, CAPTURE_ACTIVE = 1, CAPTURE_INVALIDATED = 2 };
enum { MODE_GLOBAL = 0, MODE_THREAD_LOCAL = 1, MODE_RELAXED = 2 };

#define DEVICES 2
/* About an H200's memset rate (4 TB/s), so calibrating the work is quick here too. */
#define MEMSET_BYTES_PER_NS 4096
#define MAX_ALLOCS 4096
#define MAX_STREAMS 256
#define MAX_ATTRIBUTES 8

struct stream;
/* inactive: reset by another owner, and not yet used again (cuDevicePrimaryCtxGetState). */
typedef struct ctx { int device; int refs; int sticky; int inactive; struct stream *legacy; } ctx_t;
typedef ctx_t *CUcontext;

/* OP_AFTER: the legacy stream's implicit synchronization, waiting for another stream's earlier work. */
enum op_kind { OP_WRITE, OP_WAIT, OP_WORK, OP_MEMSET, OP_EVENT, OP_HOSTFN, OP_AFTER };
typedef void (*CUhostFn)(void *userData);
/* captured: last recorded in a capturing stream (cuEventQuery then fails with CUDA_ERROR_CAPTURED_EVENT). */
/* blocking: made with CU_EVENT_BLOCKING_SYNC / hipEventBlockingSync (a synchronize sleeps, else it spins). */
typedef struct event { pthread_mutex_t mu; pthread_cond_t done; long long recorded, completed; ctx_t *ctx; int captured; int blocking; } event_t;
typedef event_t *CUevent;
typedef struct op {
    enum op_kind kind;
    volatile uint64_t *addr;
    uint64_t value;
    long long nanos;
    size_t count;
    event_t *event;
    long long event_seq;
    CUhostFn fn;
    void *user;
    /* OP_AFTER: runs once `after` has run after_count ops. */
    struct stream *after;
    long long after_count;
    struct op *next;
    /* The next op submitted to the same hardware queue, whichever stream's. Under mu. */
    struct op *hw_next;
} op_t;

/* What a capture recorded: the ops, in order; an executable graph is a copy of them. */
typedef struct graph { op_t *head, *tail; } graph_t;

typedef struct stream {
    ctx_t *ctx;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t changed;
    op_t *head, *tail;
    int pending;
    int closing;
    /* Set by a reset: the queued work is dropped, and the op running ends. */
    int dead;
    int capture, capture_mode;
    /* Not created with CU_STREAM_NON_BLOCKING: synchronizes with the legacy stream. */
    int blocking;
    /* The hardware queue it feeds (an index into hw_queues of its device), -1 for one of its own. */
    int hwq;
    /* Ops queued and run so far, for OP_AFTER. Under mu of the stream. */
    long long queued, ran;
    /* The graph being captured, while capture is not CAPTURE_NONE. Under the global mu. */
    graph_t *graph;
} stream_t;
typedef stream_t *CUstream;

/* OWNED: allocated by the driver, freed with its context. REGISTERED: the caller's memory, of
   which a context's end or reset drops only the device's view. */
enum alloc_kind { ALLOC_OWNED = 1, ALLOC_REGISTERED = 2 };
typedef struct alloc { void *p; size_t size; ctx_t *ctx; enum alloc_kind kind; } alloc_t;

static ctx_t primary[DEVICES] = {{0, 0, 0, 0, NULL}, {1, 0, 0, 0, NULL}};
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static alloc_t allocs[MAX_ALLOCS];
static stream_t *streams[MAX_STREAMS];
static int initialized;
/* Calls a real runtime would have made with a handle it cannot validate (see each fake). */
static int unvalidated_handles;
/* Test-set device attributes: {attribute, value} per device, overriding the fake's defaults. */
static int attribute_overrides[DEVICES][MAX_ATTRIBUTES][2];
static __thread int thread_capture_mode = MODE_GLOBAL;
/*
 * A hardware queue that streams share: what was submitted to it and has not run, oldest first
 * (linked by hw_next), and how many streams feed it. Each submission waits for every earlier one
 * in its queue, as a packet with the barrier bit set does. Under mu.
 */
#define MAX_HW_QUEUES 64
typedef struct hw_queue { op_t *head, *tail; int streams; } hw_queue_t;
static hw_queue_t hw_queues[DEVICES][MAX_HW_QUEUES];
/* Each fake's choice of a new stream's hardware queue (-1: its own), made under mu. */
static int hw_queue_for(int device);
static int live_events;
/* Synchronizes that busy-waited (an event made without blocking sync), for fakeSpinningSyncs. */
static int spinning_syncs;

static char fail_name[64];
static int fail_status, fail_count;

/* ---------------------------------------------------------------- test hooks */

void fakeFailNext(const char *name, int status, int times) {
    pthread_mutex_lock(&mu);
    strncpy(fail_name, name, sizeof fail_name - 1);
    fail_status = status;
    fail_count = times;
    pthread_mutex_unlock(&mu);
}

/* How many injected failures are still to come: 0 once the call named was made as often as asked. */
int fakeFailPending(void) {
    pthread_mutex_lock(&mu);
    int pending = fail_count;
    pthread_mutex_unlock(&mu);
    return pending;
}

int fakePrimaryRefs(int device) { return device >= 0 && device < DEVICES ? primary[device].refs : -1; }

void fakeSetSticky(int device, int status) {
    if (device >= 0 && device < DEVICES) {
        __atomic_store_n(&primary[device].sticky, status, __ATOMIC_RELEASE);
        pthread_mutex_lock(&mu);
        for (int i = 0; i < MAX_STREAMS; i++) {
            if (streams[i] && streams[i]->ctx == &primary[device]) {
                pthread_mutex_lock(&streams[i]->mu);
                pthread_cond_broadcast(&streams[i]->changed);
                pthread_mutex_unlock(&streams[i]->mu);
            }
        }
        pthread_mutex_unlock(&mu);
    }
}

static int count_allocs(enum alloc_kind kind) {
    int n = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_ALLOCS; i++) n += allocs[i].p != NULL && allocs[i].kind == kind;
    pthread_mutex_unlock(&mu);
    return n;
}

/* Memory the driver allocated and has not freed. */
int fakeLiveAllocations(void) { return count_allocs(ALLOC_OWNED); }

/* Host ranges registered with (and so mapped for) a device. */
int fakeRegisteredPages(void) { return count_allocs(ALLOC_REGISTERED); }

int fakeUnvalidatedHandles(void) { return __atomic_load_n(&unvalidated_handles, __ATOMIC_ACQUIRE); }

void fakeSetAttribute(int device, int attribute, int value) {
    if (device < 0 || device >= DEVICES) return;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_ATTRIBUTES; i++) {
        if (attribute_overrides[device][i][0] == attribute || attribute_overrides[device][i][0] == 0) {
            attribute_overrides[device][i][0] = attribute;
            attribute_overrides[device][i][1] = value;
            break;
        }
    }
    pthread_mutex_unlock(&mu);
}

static int attribute_of(int device, int attribute, int otherwise) {
    int value = otherwise;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_ATTRIBUTES; i++) {
        if (attribute_overrides[device][i][0] == attribute) value = attribute_overrides[device][i][1];
    }
    pthread_mutex_unlock(&mu);
    return value;
}

static int injected(const char *name) {
    int status = 0;
    pthread_mutex_lock(&mu);
    if (fail_count > 0 && strcmp(name, fail_name) == 0) {
        fail_count--;
        status = fail_status;
    }
    pthread_mutex_unlock(&mu);
    return status;
}

#define ENTER(name)                                   \
    do {                                              \
        if (!initialized) return CUDA_ERROR_NOT_INITIALIZED; \
        int injected_status = injected(name);         \
        if (injected_status) return injected_status;  \
    } while (0)

static ctx_t *current(void);
static int sticky(ctx_t *c) { return c ? __atomic_load_n(&c->sticky, __ATOMIC_ACQUIRE) : 0; }
static int dead(stream_t *s) { return __atomic_load_n(&s->dead, __ATOMIC_ACQUIRE); }

/* ---------------------------------------------------------------- graph capture */

/*
 * A call that may synchronize the whole context (cuCtxSynchronize, a query of the legacy stream,
 * host allocation and registration) made while some stream captures in global mode, from a
 * thread not in relaxed mode: refused, and every global capture invalidated, as the driver does.
 */
static int unsafe_during_capture(void) {
    if (thread_capture_mode == MODE_RELAXED) return CUDA_SUCCESS;
    int refused = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS; i++) {
        stream_t *s = streams[i];
        if (s && s->capture == CAPTURE_ACTIVE && s->capture_mode == MODE_GLOBAL) {
            s->capture = CAPTURE_INVALIDATED;
            refused = 1;
        }
    }
    pthread_mutex_unlock(&mu);
    return refused ? CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED : CUDA_SUCCESS;
}

/* A query or synchronize of a stream that is capturing: refused, and its capture invalidated. */
static int refused_while_capturing(stream_t *s) {
    int refused = 0;
    pthread_mutex_lock(&mu);
    if (s->capture != CAPTURE_NONE) {
        s->capture = CAPTURE_INVALIDATED;
        refused = 1;
    }
    pthread_mutex_unlock(&mu);
    return refused ? CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED : CUDA_SUCCESS;
}

static int exchange_capture_mode(int *mode) {
    if (!mode || *mode < MODE_GLOBAL || *mode > MODE_RELAXED) return CUDA_ERROR_INVALID_VALUE;
    int previous = thread_capture_mode;
    thread_capture_mode = *mode;
    *mode = previous;
    return CUDA_SUCCESS;
}

static int begin_capture(stream_t *s, int mode) {
    if (mode < MODE_GLOBAL || mode > MODE_RELAXED) return CUDA_ERROR_INVALID_VALUE;
    pthread_mutex_lock(&mu);
    int status = s->capture != CAPTURE_NONE ? CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED : CUDA_SUCCESS;
    if (status == CUDA_SUCCESS) {
        s->capture = CAPTURE_ACTIVE;
        s->capture_mode = mode;
        s->graph = calloc(1, sizeof *s->graph);
    }
    pthread_mutex_unlock(&mu);
    return status;
}

static void free_ops(op_t *op) {
    while (op) {
        op_t *next = op->next;
        free(op);
        op = next;
    }
}

/* cuStreamEndCapture: the graph of an ACTIVE capture; an invalidated one is discarded (cuda.h:
   "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED ... *phGraph set to NULL"). */
static int end_capture(stream_t *s, graph_t **out) {
    pthread_mutex_lock(&mu);
    int was = s->capture;
    graph_t *g = s->graph;
    s->capture = CAPTURE_NONE;
    s->graph = NULL;
    pthread_mutex_unlock(&mu);
    if (was != CAPTURE_ACTIVE && g) {
        free_ops(g->head);
        free(g);
        g = NULL;
    }
    if (out) *out = g;
    else if (g) { free_ops(g->head); free(g); }
    return was == CAPTURE_ACTIVE ? CUDA_SUCCESS
         : was == CAPTURE_INVALIDATED ? CUDA_ERROR_STREAM_CAPTURE_INVALIDATED : CUDA_ERROR_INVALID_VALUE;
}

/* Whether a blocking stream of c is capturing: the legacy stream is then unusable (cuda.h,
   cuStreamIsCapturing: "When a blocking stream is capturing, the legacy stream is in an unusable
   state until the blocking stream capture is terminated"). */
static int blocking_capture_in(ctx_t *c) {
    int found = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS && !found; i++) {
        found = streams[i] && streams[i]->ctx == c && streams[i]->blocking && streams[i]->capture != CAPTURE_NONE;
    }
    pthread_mutex_unlock(&mu);
    return found;
}

static int capture_status(stream_t *s) {
    pthread_mutex_lock(&mu);
    int status = s->capture;
    pthread_mutex_unlock(&mu);
    return status;
}

/* ---------------------------------------------------------------- memory */

static alloc_t *find_alloc(const void *p, size_t bytes) {
    for (int i = 0; i < MAX_ALLOCS; i++) {
        alloc_t *a = &allocs[i];
        if (a->p && (const char *) p >= (char *) a->p && (const char *) p + bytes <= (char *) a->p + a->size) return a;
    }
    return NULL;
}

/* The device's side of a store: into live device-visible memory, or the context faults. */
static void device_store(ctx_t *c, volatile uint64_t *addr, uint64_t value) {
    pthread_mutex_lock(&mu);
    alloc_t *a = find_alloc((const void *) addr, 8);
    if (!a || ((uintptr_t) addr & 7)) {
        pthread_mutex_unlock(&mu);
        __atomic_store_n(&c->sticky, CUDA_ERROR_ILLEGAL_ADDRESS, __ATOMIC_RELEASE);
        return;
    }
    __atomic_store_n(addr, value, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&mu);
}

static int device_reached(ctx_t *c, volatile uint64_t *addr, uint64_t value) {
    pthread_mutex_lock(&mu);
    alloc_t *a = find_alloc((const void *) addr, 8);
    if (!a) {
        pthread_mutex_unlock(&mu);
        __atomic_store_n(&c->sticky, CUDA_ERROR_ILLEGAL_ADDRESS, __ATOMIC_RELEASE);
        return 0;
    }
    int64_t distance = (int64_t) (__atomic_load_n(addr, __ATOMIC_ACQUIRE) - value);
    pthread_mutex_unlock(&mu);
    return distance >= 0;
}

/*
 * Memory a context owned and lost: its contents are no longer the caller's. The real drivers
 * unmap it; this fake overwrites it and keeps it mapped, so a test that reads it after sees
 * another owner's bytes instead of ending the JVM.
 */
static void lose_owned(alloc_t *a) {
    memset(a->p, 0xDD, a->size);
    a->p = NULL;
}

/* ---------------------------------------------------------------- streams */

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long) t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int halted(stream_t *s) { return sticky(s->ctx) || dead(s); }
static int after_reached(op_t *op);

/* Whether op is the oldest submission of s's hardware queue not yet run. */
static int hw_head(stream_t *s, op_t *op) {
    pthread_mutex_lock(&mu);
    int head = hw_queues[s->ctx->device][s->hwq].head == op;
    pthread_mutex_unlock(&mu);
    return head;
}

/* Takes op out of s's hardware queue: it ran, or it was dropped with its stream. */
static void hw_unlink(stream_t *s, op_t *op) {
    if (s->hwq < 0) return;
    pthread_mutex_lock(&mu);
    hw_queue_t *q = &hw_queues[s->ctx->device][s->hwq];
    op_t *before = NULL;
    for (op_t *o = q->head; o; before = o, o = o->hw_next) {
        if (o == op) {
            if (before) before->hw_next = o->hw_next; else q->head = o->hw_next;
            if (q->tail == o) q->tail = before;
            break;
        }
    }
    pthread_mutex_unlock(&mu);
}

static void *run_stream(void *arg) {
    stream_t *s = arg;
    for (;;) {
        pthread_mutex_lock(&s->mu);
        while (!s->head && !s->closing) pthread_cond_wait(&s->changed, &s->mu);
        if (!s->head) {
            pthread_mutex_unlock(&s->mu);
            return NULL;
        }
        op_t *op = s->head;
        s->head = op->next;
        if (!s->head) s->tail = NULL;
        pthread_mutex_unlock(&s->mu);

        /* A shared hardware queue: nothing runs before everything submitted to it earlier ran. */
        while (s->hwq >= 0 && !dead(s) && !hw_head(s, op)) {
            struct timespec pause = {0, 2000};
            nanosleep(&pause, NULL);
        }
        if (!halted(s)) {
            switch (op->kind) {
            case OP_WRITE: device_store(s->ctx, op->addr, op->value); break;
            case OP_WAIT:
                while (!halted(s) && !device_reached(s->ctx, op->addr, op->value)) {
                    struct timespec pause = {0, 2000};
                    nanosleep(&pause, NULL);
                }
                break;
            case OP_WORK: {
                long long end = now_ns() + op->nanos;
                while (now_ns() < end && !halted(s)) {
                    struct timespec pause = {0, 20000};
                    nanosleep(&pause, NULL);
                }
                break;
            }
            case OP_MEMSET: {
                /* Takes the time the fake's device needs; nobody reads the buffer, so it is not written. */
                long long end = now_ns() + (long long) (op->count * 4) / MEMSET_BYTES_PER_NS;
                while (now_ns() < end && !halted(s)) {
                    struct timespec pause = {0, 5000};
                    nanosleep(&pause, NULL);
                }
                break;
            }
            case OP_EVENT:
                pthread_mutex_lock(&op->event->mu);
                if (op->event_seq > op->event->completed) op->event->completed = op->event_seq;
                pthread_cond_broadcast(&op->event->done);
                pthread_mutex_unlock(&op->event->mu);
                break;
            /* Like cuLaunchHostFunc's: never called once the context failed (checked above). */
            case OP_HOSTFN: op->fn(op->user); break;
            case OP_AFTER:
                while (!halted(s) && !after_reached(op)) {
                    struct timespec pause = {0, 2000};
                    nanosleep(&pause, NULL);
                }
                break;
            }
        }
        hw_unlink(s, op);
        free(op);
        pthread_mutex_lock(&s->mu);
        s->ran++;
        s->pending--;
        pthread_cond_broadcast(&s->changed);
        pthread_mutex_unlock(&s->mu);
    }
}

static int is_legacy(stream_t *s) { return s->ctx->legacy == s; }

/* Appends op to s's queue, after an OP_AFTER on `after` if it has not yet run what it queued. Under mu. */
static void append_locked(stream_t *s, op_t *op, stream_t *after) {
    op_t *barrier = NULL;
    if (after && after != s) {
        pthread_mutex_lock(&after->mu);
        long long queued = after->queued, ran = after->ran;
        pthread_mutex_unlock(&after->mu);
        if (ran < queued) {
            barrier = calloc(1, sizeof *barrier);
            barrier->kind = OP_AFTER;
            barrier->after = after;
            barrier->after_count = queued;
        }
    }
    hw_queue_t *q = s->hwq >= 0 ? &hw_queues[s->ctx->device][s->hwq] : NULL;
    pthread_mutex_lock(&s->mu);
    for (op_t *o = barrier ? barrier : op; o; o = o == barrier ? op : NULL) {
        o->next = NULL;
        o->hw_next = NULL;
        if (q) {
            if (q->tail) q->tail->hw_next = o; else q->head = o;
            q->tail = o;
        }
        if (s->tail) s->tail->next = o; else s->head = o;
        s->tail = o;
        s->pending++;
        s->queued++;
    }
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->mu);
}

/*
 * Queues op on s. On a capturing stream it is recorded into the graph instead (cuda.h,
 * cuStreamBeginCapture: "all operations pushed into the stream will not be executed, but will
 * instead be captured into a graph"); stream memory operations become nodes like any other,
 * unless capturable is 0 (HIP's, which ROCm queues at once: see fake_hip.c).
 * The legacy stream synchronizes implicitly (NVIDIA, "Stream synchronization behavior": an
 * action in the legacy stream first waits on all blocking streams, and all blocking streams
 * then wait on it): an op on the legacy stream runs after what every blocking stream of its
 * context queued before it, and an op on a blocking stream after what the legacy stream queued.
 */
static CUresult push_op_capturable(stream_t *s, op_t *op, int capturable) {
    if (!s) {
        free(op);
        return CUDA_ERROR_INVALID_HANDLE;
    }
    if (sticky(s->ctx)) {
        free(op);
        return sticky(s->ctx);
    }
    pthread_mutex_lock(&mu);
    if (capturable && s->capture != CAPTURE_NONE) {
        op->next = NULL;
        if (s->graph->tail) s->graph->tail->next = op; else s->graph->head = op;
        s->graph->tail = op;
        pthread_mutex_unlock(&mu);
        return CUDA_SUCCESS;
    }
    pthread_mutex_unlock(&mu);
    if (is_legacy(s) && blocking_capture_in(s->ctx)) {
        /* cuda.h: use of the legacy stream "would have an implicit dependency on the capturing
           stream(s)": CUDA_ERROR_STREAM_CAPTURE_IMPLICIT. */
        free(op);
        return CUDA_ERROR_STREAM_CAPTURE_IMPLICIT;
    }
    pthread_mutex_lock(&mu);
    if (is_legacy(s)) {
        /* One OP_AFTER per blocking stream with work not yet run, then the op. */
        for (int i = 0; i < MAX_STREAMS; i++) {
            stream_t *t = streams[i];
            if (t && t != s && t->ctx == s->ctx && t->blocking) {
                pthread_mutex_lock(&t->mu);
                long long queued = t->queued, ran = t->ran;
                pthread_mutex_unlock(&t->mu);
                if (ran < queued) {
                    op_t *barrier = calloc(1, sizeof *barrier);
                    barrier->kind = OP_AFTER;
                    barrier->after = t;
                    barrier->after_count = queued;
                    append_locked(s, barrier, NULL);
                }
            }
        }
        append_locked(s, op, NULL);
    } else {
        append_locked(s, op, s->blocking ? s->ctx->legacy : NULL);
    }
    pthread_mutex_unlock(&mu);
    return CUDA_SUCCESS;
}

static CUresult push_op(stream_t *s, op_t *op) { return push_op_capturable(s, op, 1); }

/* Whether `after` has run after_count ops; a stream that is gone ran everything it will. */
static int after_reached(op_t *op) {
    int reached = 1;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (streams[i] == op->after) {
            pthread_mutex_lock(&op->after->mu);
            reached = op->after->ran >= op->after_count;
            pthread_mutex_unlock(&op->after->mu);
            break;
        }
    }
    pthread_mutex_unlock(&mu);
    return reached;
}

static op_t *copy_ops(const op_t *from) {
    op_t *head = NULL, *tail = NULL;
    for (; from; from = from->next) {
        op_t *op = malloc(sizeof *op);
        *op = *from;
        op->next = NULL;
        if (tail) tail->next = op; else head = op;
        tail = op;
    }
    return head;
}

/* cuGraphInstantiate: what a launch will queue, copied from the graph. */
static graph_t *graph_instantiate(const graph_t *g) {
    graph_t *exec = calloc(1, sizeof *exec);
    exec->head = copy_ops(g->head);
    return exec;
}

/* cuGraphLaunch: queues the graph's nodes on s, in order, as a replay of what was captured. */
static int graph_launch(const graph_t *exec, stream_t *s) {
    for (const op_t *node = exec->head; node; node = node->next) {
        op_t *op = copy_ops(node);
        free_ops(op->next);
        op->next = NULL;
        int status = push_op(s, op);
        if (status != CUDA_SUCCESS) return status;
    }
    return CUDA_SUCCESS;
}

static void graph_destroy(graph_t *g) {
    if (!g) return;
    free_ops(g->head);
    free(g);
}

/* capturable 0: queued to run even on a capturing stream, as HIP's stream operations are. */
static CUresult enqueue_capturable(stream_t *s, enum op_kind kind, volatile uint64_t *addr, uint64_t value,
                                   long long nanos, int capturable) {
    op_t *op = calloc(1, sizeof *op);
    op->kind = kind;
    op->addr = addr;
    op->value = value;
    op->nanos = nanos;
    return push_op_capturable(s, op, capturable);
}

static CUresult enqueue(stream_t *s, enum op_kind kind, volatile uint64_t *addr, uint64_t value, long long nanos) {
    return enqueue_capturable(s, kind, addr, value, nanos, 1);
}

/* The stream behind a live handle, or NULL for one that was never made or is gone. */
static stream_t *live_stream(const void *handle) {
    stream_t *found = NULL;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS && !found; i++) {
        if (streams[i] && streams[i] == handle) found = streams[i];
    }
    pthread_mutex_unlock(&mu);
    return found;
}

/* Each fake's reading of a handle, special ones included; NULL (and *status) if it has none. */
static stream_t *resolve_stream(CUstream handle, int *status);

CUresult fakeEnqueueWork(CUstream handle, long long nanos) {
    int status = CUDA_SUCCESS;
    stream_t *s = resolve_stream(handle, &status);
    if (!s) return status;
    return enqueue(s, OP_WORK, NULL, 0, nanos);
}

static void drain(stream_t *s) {
    pthread_mutex_lock(&s->mu);
    while (s->pending > 0 && !halted(s)) pthread_cond_wait(&s->changed, &s->mu);
    pthread_mutex_unlock(&s->mu);
}


/* ---------------------------------------------------------------- what both APIs do alike */

/* What the GPU check's probe reads: how many devices, a name that says it is the fake, a size (16 GiB). */
static int device_count(int *count) {
    if (!count) return CUDA_ERROR_INVALID_VALUE;
    *count = DEVICES;
    return CUDA_SUCCESS;
}

static int device_name(char *name, int len, int dev) {
    if (!name || len <= 0) return CUDA_ERROR_INVALID_VALUE;
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    snprintf(name, (size_t) len, "fake device %d (the tests' driver, src/test/c)", dev);
    return CUDA_SUCCESS;
}

static int device_memory(size_t *bytes, int dev) {
    if (!bytes) return CUDA_ERROR_INVALID_VALUE;
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    *bytes = (size_t) 1 << 34;
    return CUDA_SUCCESS;
}

static int primary_retain(ctx_t **pctx, int dev) {
    if (!pctx) return CUDA_ERROR_INVALID_VALUE;
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    pthread_mutex_lock(&mu);
    primary[dev].refs++;
    primary[dev].inactive = 0;
    pthread_mutex_unlock(&mu);
    *pctx = &primary[dev];
    return CUDA_SUCCESS;
}

/* Drops the device's view of every allocation of c: owned memory is lost, registrations end. Under mu. */
static void drop_allocations(ctx_t *c) {
    for (int i = 0; i < MAX_ALLOCS; i++) {
        if (allocs[i].p && allocs[i].ctx == c) {
            if (allocs[i].kind == ALLOC_OWNED) {
                lose_owned(&allocs[i]);
            } else {
                allocs[i].p = NULL;
            }
        }
    }
}

/* The last reference takes the primary context, and every host allocation it owned, with it. */
static int primary_release(int dev) {
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    pthread_mutex_lock(&mu);
    if (primary[dev].refs == 0) {
        pthread_mutex_unlock(&mu);
        return CUDA_ERROR_INVALID_CONTEXT;
    }
    if (--primary[dev].refs == 0) drop_allocations(&primary[dev]);
    pthread_mutex_unlock(&mu);
    return CUDA_SUCCESS;
}

/* Ends s's thread, drops what it had not run, and lets go of its hardware queue. Not under mu. */
static void stop_stream(stream_t *s) {
    pthread_mutex_lock(&s->mu);
    s->closing = 1;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->mu);
    pthread_join(s->thread, NULL);
    for (op_t *op = s->head; op;) {
        op_t *next = op->next;
        hw_unlink(s, op);
        free(op);
        op = next;
    }
    if (s->hwq >= 0) {
        pthread_mutex_lock(&mu);
        hw_queues[s->ctx->device][s->hwq].streams--;
        pthread_mutex_unlock(&mu);
    }
}

/*
 * What cuDevicePrimaryCtxReset and hipDeviceReset do to a context, whoever holds a reference
 * to it: its streams and their queued work are destroyed, the memory it allocated is lost, the
 * memory registered with it is no longer mapped for the device (the host's view stays), its
 * sticky error is cleared, and it is inactive until used again.
 */
static int primary_reset(int dev) {
    if (dev < 0 || dev >= DEVICES) return CUDA_ERROR_INVALID_DEVICE;
    ctx_t *c = &primary[dev];
    stream_t *gone[MAX_STREAMS];
    int n = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (streams[i] && streams[i]->ctx == c) {
            gone[n++] = streams[i];
            streams[i] = NULL;
        }
    }
    c->legacy = NULL;
    pthread_mutex_unlock(&mu);
    for (int i = 0; i < n; i++) {
        __atomic_store_n(&gone[i]->dead, 1, __ATOMIC_RELEASE);
        stop_stream(gone[i]);
        free(gone[i]);
    }
    pthread_mutex_lock(&mu);
    drop_allocations(c);
    c->inactive = 1;
    pthread_mutex_unlock(&mu);
    __atomic_store_n(&c->sticky, 0, __ATOMIC_RELEASE);
    return CUDA_SUCCESS;
}

int fakeResetPrimary(int device) { return primary_reset(device); }

static void activate(ctx_t *c) {
    pthread_mutex_lock(&mu);
    c->inactive = 0;
    pthread_mutex_unlock(&mu);
}

static int add_alloc(void *p, size_t size, ctx_t *c, enum alloc_kind kind) {
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_ALLOCS; i++) {
        if (!allocs[i].p) {
            allocs[i] = (alloc_t) {p, size, c, kind};
            pthread_mutex_unlock(&mu);
            return CUDA_SUCCESS;
        }
    }
    pthread_mutex_unlock(&mu);
    return 2; /* out of memory */
}

/* Pinned host memory of the current context, filled with garbage a line must zero. */
static int host_alloc(void **pp, size_t bytesize) {
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
    if (sticky(c)) return sticky(c);
    if (!pp || bytesize == 0) return CUDA_ERROR_INVALID_VALUE;
    int refused = unsafe_during_capture();
    if (refused) return refused;
    activate(c);
    size_t size = (bytesize + 4095) & ~(size_t) 4095;
    void *p = aligned_alloc(4096, size);
    memset(p, 0xAB, size);
    int status = add_alloc(p, size, c, ALLOC_OWNED);
    if (status != CUDA_SUCCESS) {
        free(p);
        return status;
    }
    *pp = p;
    return CUDA_SUCCESS;
}

/* Maps the caller's memory for the current context's device; the memory stays the caller's. */
static int host_register(void *p, size_t bytesize) {
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
    if (sticky(c)) return sticky(c);
    if (!p || bytesize == 0) return CUDA_ERROR_INVALID_VALUE;
    int refused = unsafe_during_capture();
    if (refused) return refused;
    activate(c);
    pthread_mutex_lock(&mu);
    alloc_t *overlap = find_alloc(p, 1);
    pthread_mutex_unlock(&mu);
    if (overlap) return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
    return add_alloc(p, bytesize, c, ALLOC_REGISTERED);
}

static int host_unregister(void *p) {
    int refused = unsafe_during_capture();
    if (refused) return refused;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_ALLOCS; i++) {
        if (allocs[i].p == p && p && allocs[i].kind == ALLOC_REGISTERED) {
            allocs[i].p = NULL;
            pthread_mutex_unlock(&mu);
            return CUDA_SUCCESS;
        }
    }
    pthread_mutex_unlock(&mu);
    return CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
}

static int host_is_live(const void *p) {
    pthread_mutex_lock(&mu);
    alloc_t *a = find_alloc(p, 1);
    pthread_mutex_unlock(&mu);
    return a != NULL;
}

static int host_free(void *p) {
    int refused = unsafe_during_capture();
    if (refused) return refused;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_ALLOCS; i++) {
        if (allocs[i].p == p && p && allocs[i].kind == ALLOC_OWNED) {
            free(p);
            allocs[i].p = NULL;
            pthread_mutex_unlock(&mu);
            return CUDA_SUCCESS;
        }
    }
    pthread_mutex_unlock(&mu);
    return CUDA_ERROR_INVALID_VALUE;
}

static stream_t *new_stream(ctx_t *c) {
    stream_t *s = calloc(1, sizeof *s);
    s->ctx = c;
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->changed, NULL);
    pthread_mutex_lock(&mu);
    s->hwq = hw_queue_for(c->device);
    if (s->hwq >= 0) hw_queues[c->device][s->hwq].streams++;
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (!streams[i]) {
            streams[i] = s;
            break;
        }
    }
    pthread_mutex_unlock(&mu);
    pthread_create(&s->thread, NULL, run_stream, s);
    return s;
}

/* blocking: made without CU_STREAM_NON_BLOCKING (hipStreamNonBlocking), so it synchronizes with the legacy stream. */
static int stream_create(stream_t **out, int blocking) {
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
    if (sticky(c)) return sticky(c);
    if (!out) return CUDA_ERROR_INVALID_VALUE;
    activate(c);
    *out = new_stream(c);
    (*out)->blocking = blocking;
    return CUDA_SUCCESS;
}

int fakeLiveStreams(void) {
    int n = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS; i++) n += streams[i] != NULL;
    pthread_mutex_unlock(&mu);
    return n;
}

int fakeLiveEvents(void) { return __atomic_load_n(&live_events, __ATOMIC_ACQUIRE); }

/* How many event synchronizes so far busy-waited, their event made without blocking sync. */
int fakeSpinningSyncs(void) { return __atomic_load_n(&spinning_syncs, __ATOMIC_ACQUIRE); }

/* The ops queued on a stream and not yet run, -1 for a handle that names no stream. */
int fakePendingOps(const void *handle) {
    stream_t *s = live_stream(handle);
    if (!s) return -1;
    pthread_mutex_lock(&s->mu);
    int pending = s->pending;
    pthread_mutex_unlock(&s->mu);
    return pending;
}

/* The hardware queue a stream feeds (-1: one of its own), -2 for a handle that names no stream. */
int fakeHwQueueOf(const void *handle) {
    stream_t *s = live_stream(handle);
    return s ? s->hwq : -2;
}

/* The legacy default stream of c, made when first used, as the driver makes it. */
static stream_t *legacy_stream(ctx_t *c) {
    pthread_mutex_lock(&mu);
    stream_t *s = c->legacy;
    pthread_mutex_unlock(&mu);
    if (s) return s;
    s = new_stream(c);
    pthread_mutex_lock(&mu);
    if (c->legacy) {
        stream_t *raced = s;
        s = c->legacy;
        pthread_mutex_unlock(&mu);
        __atomic_store_n(&raced->dead, 1, __ATOMIC_RELEASE);
        pthread_mutex_lock(&mu);
        for (int i = 0; i < MAX_STREAMS; i++) {
            if (streams[i] == raced) streams[i] = NULL;
        }
        pthread_mutex_unlock(&mu);
        stop_stream(raced);
        free(raced);
        return s;
    }
    c->legacy = s;
    pthread_mutex_unlock(&mu);
    return s;
}

/* Like the real calls, destroying lets the stream's work finish first. */
static int stream_destroy(stream_t *s) {
    if (!s) return CUDA_ERROR_INVALID_HANDLE;
    drain(s);
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (streams[i] == s) streams[i] = NULL;
    }
    pthread_mutex_unlock(&mu);
    stop_stream(s);
    free(s);
    return CUDA_SUCCESS;
}

static int stream_query(stream_t *s) {
    if (sticky(s->ctx)) return sticky(s->ctx);
    int refused = refused_while_capturing(s);
    if (refused) return refused;
    pthread_mutex_lock(&s->mu);
    int pending = s->pending;
    pthread_mutex_unlock(&s->mu);
    return pending > 0 ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
}

static int event_create(event_t **out, int blocking) {
    if (!out) return CUDA_ERROR_INVALID_VALUE;
    event_t *e = calloc(1, sizeof *e);
    e->blocking = blocking;
    pthread_mutex_init(&e->mu, NULL);
    pthread_cond_init(&e->done, NULL);
    e->ctx = current();
    __atomic_add_fetch(&live_events, 1, __ATOMIC_ACQ_REL);
    *out = e;
    return CUDA_SUCCESS;
}

static int event_record(event_t *e, stream_t *s) {
    if (!e) return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&mu);
    int capturing = s && s->capture != CAPTURE_NONE;
    pthread_mutex_unlock(&mu);
    pthread_mutex_lock(&e->mu);
    /* Recorded into a capture, the event stands for a point of the graph, not of the stream's
       work; until it is recorded again outside one, queries fail (cuda.h: CUDA_ERROR_CAPTURED_EVENT,
       "not permitted on an event which was last recorded in a capturing stream"). */
    e->captured = capturing;
    pthread_mutex_unlock(&e->mu);
    if (capturing) return CUDA_SUCCESS;
    pthread_mutex_lock(&e->mu);
    long long seq = ++e->recorded;
    pthread_mutex_unlock(&e->mu);
    op_t *op = calloc(1, sizeof *op);
    op->kind = OP_EVENT;
    op->event = e;
    op->event_seq = seq;
    int status = push_op(s, op);
    if (status != CUDA_SUCCESS) {
        pthread_mutex_lock(&e->mu);
        e->recorded--;
        pthread_mutex_unlock(&e->mu);
    }
    return status;
}

static int event_query(event_t *e) {
    if (!e) return CUDA_ERROR_INVALID_HANDLE;
    if (sticky(e->ctx)) return sticky(e->ctx);
    pthread_mutex_lock(&e->mu);
    int done = e->completed >= e->recorded, captured = e->captured;
    pthread_mutex_unlock(&e->mu);
    if (captured) return CUDA_ERROR_CAPTURED_EVENT;
    return done ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

/* Waits until the latest record's work ran (cuda.h, cuEventSynchronize: "Waits until the
   completion of all work currently captured in hEvent"), or the context failed. cuda.h: with
   CU_EVENT_BLOCKING_SYNC the thread blocks "until the event has been completed by the device";
   without it, "the CPU thread will busy-wait": modelled as a spin, and counted. */
static int event_synchronize(event_t *e) {
    if (!e) return CUDA_ERROR_INVALID_HANDLE;
    pthread_mutex_lock(&e->mu);
    if (!e->blocking && e->completed < e->recorded) __atomic_add_fetch(&spinning_syncs, 1, __ATOMIC_ACQ_REL);
    while (e->completed < e->recorded && !sticky(e->ctx)) {
        if (!e->blocking) {
            pthread_mutex_unlock(&e->mu);
            sched_yield();
            pthread_mutex_lock(&e->mu);
            continue;
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 1000000;
        if (until.tv_nsec >= 1000000000L) { until.tv_sec++; until.tv_nsec -= 1000000000L; }
        pthread_cond_timedwait(&e->done, &e->mu, &until);
    }
    pthread_mutex_unlock(&e->mu);
    return sticky(e->ctx);
}

/* Like the real calls, an event's resources go once its recorded work is done; not waited for here. */
static int event_destroy(event_t *e) {
    if (!e) return CUDA_ERROR_INVALID_HANDLE;
    __atomic_sub_fetch(&live_events, 1, __ATOMIC_ACQ_REL);
    return CUDA_SUCCESS;
}

/* Every stream of c finishes: a context's synchronize, and HIP's unregister (ROCm clr 6.2.2 and
   HEAD, ihipHostUnregister: SyncAllStreams; hipamd 5.2.3: the null stream of every device, which
   waits for blocking ones). */
static void drain_all_streams(ctx_t *c) {
    stream_t *mine[MAX_STREAMS];
    int n = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_STREAMS; i++) {
        if (streams[i] && streams[i]->ctx == c) mine[n++] = streams[i];
    }
    pthread_mutex_unlock(&mu);
    for (int i = 0; i < n; i++) {
        if (live_stream(mine[i])) drain(mine[i]);
    }
}

static int synchronize_current(void) {
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
    int refused = unsafe_during_capture();
    if (refused) return refused;
    drain_all_streams(c);
    return sticky(c);
}

#endif
