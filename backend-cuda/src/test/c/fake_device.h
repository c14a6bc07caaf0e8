/*
 * The device model shared by the tests' fake CUDA driver and fake HIP runtime: devices with
 * reference-counted primary contexts that, like the real drivers', free every host allocation
 * they own when their last reference goes (the CWE-416 of 0.1.0 needs exactly that to show);
 * pinned host allocations; a thread per stream running queued stores, waits, work, memsets,
 * events and host functions in order; sticky errors after which nothing queued runs; failure
 * injection. Each fake adds its API on top, and its own idea of the calling thread's current
 * context or device, as current().
 *
 * Test hooks (not part of CUDA or HIP): fakeEnqueueWork, fakeFailNext, fakePrimaryRefs,
 * fakeSetSticky, fakeLiveAllocations.
 */
#ifndef GAR_FAKE_DEVICE_H
#define GAR_FAKE_DEVICE_H
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef unsigned long long cuuint64_t;

enum {
    CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_NOT_INITIALIZED = 3,
    CUDA_ERROR_DEINITIALIZED = 4, CUDA_ERROR_NO_DEVICE = 100, CUDA_ERROR_INVALID_DEVICE = 101,
    CUDA_ERROR_INVALID_CONTEXT = 201, CUDA_ERROR_INVALID_HANDLE = 400, CUDA_ERROR_NOT_READY = 600,
    CUDA_ERROR_ILLEGAL_ADDRESS = 700, CUDA_ERROR_LAUNCH_FAILED = 719
};

#define DEVICES 2
/* About an H200's memset rate (4 TB/s), so calibrating the work is quick here too. */
#define MEMSET_BYTES_PER_NS 4096
#define MAX_ALLOCS 4096
#define MAX_STREAMS 256

typedef struct ctx { int device; int refs; int sticky; } ctx_t;
typedef ctx_t *CUcontext;

enum op_kind { OP_WRITE, OP_WAIT, OP_WORK, OP_MEMSET, OP_EVENT, OP_HOSTFN };
typedef void (*CUhostFn)(void *userData);
typedef struct event { pthread_mutex_t mu; pthread_cond_t done; long long recorded, completed; } event_t;
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
    struct op *next;
} op_t;

typedef struct stream {
    ctx_t *ctx;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t changed;
    op_t *head, *tail;
    int pending;
    int closing;
} stream_t;
typedef stream_t *CUstream;

typedef struct alloc { void *p; size_t size; ctx_t *ctx; } alloc_t;

static ctx_t primary[DEVICES] = {{0, 0, 0}, {1, 0, 0}};
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static alloc_t allocs[MAX_ALLOCS];
static stream_t *streams[MAX_STREAMS];
static int initialized;

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

int fakeLiveAllocations(void) {
    int n = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < MAX_ALLOCS; i++) n += allocs[i].p != NULL;
    pthread_mutex_unlock(&mu);
    return n;
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

/* ---------------------------------------------------------------- memory */

static alloc_t *find_alloc(const void *p, size_t bytes) {
    for (int i = 0; i < MAX_ALLOCS; i++) {
        alloc_t *a = &allocs[i];
        if (a->p && (const char *) p >= (char *) a->p && (const char *) p + bytes <= (char *) a->p + a->size) return a;
    }
    return NULL;
}

/* The device's side of a store: into live pinned memory, or the context faults. */
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

/* ---------------------------------------------------------------- streams */

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long) t.tv_sec * 1000000000LL + t.tv_nsec;
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

        if (!sticky(s->ctx)) {
            switch (op->kind) {
            case OP_WRITE: device_store(s->ctx, op->addr, op->value); break;
            case OP_WAIT:
                while (!sticky(s->ctx) && !device_reached(s->ctx, op->addr, op->value)) {
                    struct timespec pause = {0, 2000};
                    nanosleep(&pause, NULL);
                }
                break;
            case OP_WORK: {
                long long end = now_ns() + op->nanos;
                while (now_ns() < end && !sticky(s->ctx)) {
                    struct timespec pause = {0, 20000};
                    nanosleep(&pause, NULL);
                }
                break;
            }
            case OP_MEMSET: {
                /* Takes the time the fake's device needs; nobody reads the buffer, so it is not written. */
                long long end = now_ns() + (long long) (op->count * 4) / MEMSET_BYTES_PER_NS;
                while (now_ns() < end && !sticky(s->ctx)) {
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
            case OP_HOSTFN: op->fn(op->user); break;
            }
        }
        free(op);
        pthread_mutex_lock(&s->mu);
        s->pending--;
        pthread_cond_broadcast(&s->changed);
        pthread_mutex_unlock(&s->mu);
    }
}

static CUresult push_op(stream_t *s, op_t *op) {
    if (!s) {
        free(op);
        return CUDA_ERROR_INVALID_HANDLE;
    }
    if (sticky(s->ctx)) {
        free(op);
        return sticky(s->ctx);
    }
    pthread_mutex_lock(&s->mu);
    if (s->tail) s->tail->next = op; else s->head = op;
    s->tail = op;
    s->pending++;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->mu);
    return CUDA_SUCCESS;
}

static CUresult enqueue(stream_t *s, enum op_kind kind, volatile uint64_t *addr, uint64_t value, long long nanos) {
    op_t *op = calloc(1, sizeof *op);
    op->kind = kind;
    op->addr = addr;
    op->value = value;
    op->nanos = nanos;
    return push_op(s, op);
}

CUresult fakeEnqueueWork(CUstream s, long long nanos) { return enqueue(s, OP_WORK, NULL, 0, nanos); }

static void drain(stream_t *s) {
    pthread_mutex_lock(&s->mu);
    while (s->pending > 0 && !sticky(s->ctx)) pthread_cond_wait(&s->changed, &s->mu);
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
    pthread_mutex_unlock(&mu);
    *pctx = &primary[dev];
    return CUDA_SUCCESS;
}

/* The last reference takes the primary context, and every host allocation it owned, with it. */
static int primary_release(int dev) {
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

/* Pinned host memory of the current context, filled with garbage a line must zero. */
static int host_alloc(void **pp, size_t bytesize) {
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
    if (sticky(c)) return sticky(c);
    if (!pp || bytesize == 0) return CUDA_ERROR_INVALID_VALUE;
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
    return 2; /* out of memory */
}

static int host_is_live(const void *p) {
    pthread_mutex_lock(&mu);
    alloc_t *a = find_alloc(p, 1);
    pthread_mutex_unlock(&mu);
    return a != NULL;
}

static int host_free(void *p) {
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

static int stream_create(stream_t **out) {
    ctx_t *c = current();
    if (!c) return CUDA_ERROR_INVALID_CONTEXT;
    if (sticky(c)) return sticky(c);
    if (!out) return CUDA_ERROR_INVALID_VALUE;
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
    *out = s;
    return CUDA_SUCCESS;
}

/* Like the real calls, destroying lets the stream's work finish first. */
static int stream_destroy(stream_t *s) {
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

/* A stream's state, or (for NULL) that of every stream of the current context. */
static int stream_query(stream_t *s) {
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

static int synchronize_current(void) {
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

#endif
