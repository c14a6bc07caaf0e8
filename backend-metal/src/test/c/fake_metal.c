/*
 * A fake Metal framework (and the few Foundation classes the bridge uses: NSString, NSError,
 * NSArray) over the fake Objective-C runtime, for the Metal backend's tests on Linux. Two
 * devices: device 0 has 64-bit atomics (GPU family Apple9), device 1 has not. Every class is
 * declared through the runtime, so every call the bridge makes is a real objc_msgSend through
 * the trampoline, and a selector the fake does not implement aborts the process, naming it.
 *
 * The GPU: a thread per command queue runs its committed command buffers in commit order:
 * encoded event signals and waits, and three compute kernels it knows by name (gar_store,
 * gar_store_max, gar_busy); then calls the blocks given to addCompletedHandler:. A signal waits, as Metal's does, until every command buffer
 * committed before it on its queue has completed. Stricter than Metal where that finds bugs:
 * command buffers do not retain the MTLBuffers they store into, so a buffer released while a
 * store into it is pending is flagged (and kept, so the late store hits live memory).
 *
 * Adversarial modes (fakeMetalSetMode): FAKE_OUT_OF_ORDER runs each command buffer on a thread
 * of its own, concurrently with the others of its queue, so only event signals and waits order
 * them; FAKE_VISIBLE_AT_COMPLETION makes a kernel's store visible only when its command buffer
 * completes (after the buffer's later commands) or signals a shared event (the CPU's way to know
 * GPU results are there to read); FAKE_VISIBLE_AT_COMPLETION_ONLY makes every kernel's stores (the
 * line's word and the user's data alike) visible only when their command buffer completes, a
 * shared event's signal notwithstanding: Apple's one plain promise (see run_command_buffer).
 *
 * Test hooks (not Metal's API): fakeMetalSetMode, fakeMetalNoDefaultDevice, fakeMetalCommandBufferWaiters,
 * fakeMetalNoCopyBuffers, fakeMetalLastDeallocated, fakeMetalFailNext, fakeMetalFailCommandBuffers,
 * fakeMetalFailStores, fakeMetalSharedEventWaits, fakeMetalDeviceRefs, fakeMetalViolations,
 * fakeMetalLastViolation.
 */
#define _GNU_SOURCE
#include "fake_objc.h"
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DEVICES 2
#define MAX_HANDLERS 8
#define FAKE_OUT_OF_ORDER 1
#define FAKE_VISIBLE_AT_COMPLETION 2
#define FAKE_VISIBLE_AT_COMPLETION_ONLY 4
/* MTLGPUFamilyApple9: the first family with 64-bit atomic max (MSL 3.1). */
#define FAMILY_APPLE9 1009

enum { STATUS_NOT_ENQUEUED = 0, STATUS_COMMITTED = 2, STATUS_COMPLETED = 4, STATUS_ERROR = 5 };
enum { LIBRARY_ERROR_COMPILE_FAILURE = 3, COMMAND_BUFFER_ERROR_INTERNAL = 1 };

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int mode;
static long violations;
static char last_violation[256];
static char fail_selector[128];
static int fail_count;
static int failing_device[DEVICES];
static int failing_stores;
/* Whether shared events have waitUntilSignaledValue:timeoutMS: (macOS 12, iOS 15); off plays an older system. */
static int shared_event_waits = 1;

static void violation(const char *what) {
    pthread_mutex_lock(&mu);
    violations++;
    snprintf(last_violation, sizeof last_violation, "%s", what);
    pthread_mutex_unlock(&mu);
    fprintf(stderr, "fake metal: %s\n", what);
}

/* Whether the call of this selector is to fail now (fakeMetalFailNext). */
static int injected(SEL cmd) {
    int fail = 0;
    pthread_mutex_lock(&mu);
    if (fail_count > 0 && strcmp(cmd, fail_selector) == 0) {
        fail_count--;
        fail = 1;
    }
    pthread_mutex_unlock(&mu);
    return fail;
}

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long) t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* ---------------------------------------------------------------- Foundation */

typedef struct { struct objc_object base; char *utf8; } string_t;
typedef struct { struct objc_object base; NSInteger code; id description; } error_t_;
typedef struct { struct objc_object base; NSUInteger count; id items[DEVICES]; } array_t;
static Class NSStringClass, NSErrorClass, NSArrayClass;

static id string_init(string_t *self, SEL cmd, const char *utf8) {
    (void) cmd;
    free(self->utf8);
    self->utf8 = strdup(utf8 ? utf8 : "");
    return (id) self;
}
static const char *string_utf8(string_t *self, SEL cmd) { (void) cmd; return self->utf8 ? self->utf8 : ""; }
static NSUInteger string_length(string_t *self, SEL cmd) { (void) cmd; return self->utf8 ? strlen(self->utf8) : 0; }
static void string_dealloc(string_t *self, SEL cmd) { (void) cmd; free(self->utf8); fake_objc_dispose((id) self); }

static id new_string(const char *utf8) {
    string_t *s = (string_t *) fake_objc_create(NSStringClass);
    s->utf8 = strdup(utf8);
    return (id) s;
}

static NSInteger error_code(error_t_ *self, SEL cmd) { (void) cmd; return self->code; }
static id error_description(error_t_ *self, SEL cmd) { (void) cmd; return self->description; }
static void error_dealloc(error_t_ *self, SEL cmd) { (void) cmd; objc_release(self->description); fake_objc_dispose((id) self); }

/* An NSError as Metal hands one out through an NSError** parameter: autoreleased. */
static id autoreleased_error(NSInteger code, const char *description) {
    error_t_ *e = (error_t_ *) fake_objc_create(NSErrorClass);
    e->code = code;
    e->description = new_string(description);
    return objc_autorelease((id) e);
}

static NSUInteger array_count(array_t *self, SEL cmd) { (void) cmd; return self->count; }
static id array_object(array_t *self, SEL cmd, NSUInteger index) {
    (void) cmd;
    if (index >= self->count) {
        fprintf(stderr, "fake metal: -[NSArray objectAtIndex:%lu] beyond %lu (NSRangeException)\n", index, self->count);
        abort();
    }
    return self->items[index];
}
static void array_dealloc(array_t *self, SEL cmd) {
    (void) cmd;
    for (NSUInteger i = 0; i < self->count; i++) objc_release(self->items[i]);
    fake_objc_dispose((id) self);
}

/* ---------------------------------------------------------------- Metal's objects */

typedef struct device { struct objc_object base; int index; id name; } device_t;
typedef struct buffer {
    struct objc_object base;
    device_t *device;
    char *contents;
    /* What newBufferWithLength: allocated (contents lie inside it); NULL for a no-copy buffer. */
    char *allocation;
    /* newBufferWithBytesNoCopy:'s deallocator (a _Block_copy of it), called when the buffer goes. */
    struct fake_block *deallocator;
    NSUInteger length;
    int pending_stores;
    int released;
} buffer_t;
typedef struct event {
    struct objc_object base;
    device_t *device;
    pthread_mutex_t mu;
    pthread_cond_t changed;
    uint64_t value;
} event_t;
typedef struct library { struct objc_object base; device_t *device; char *source; } library_t;
/* gar_fill is no kernel of the backend's: the tests' user work, storing value + i into 512 words. */
enum kernel { GAR_STORE, GAR_STORE_MAX, GAR_BUSY, GAR_FILL };
#define FILL_WORDS 512
typedef struct function { struct objc_object base; device_t *device; enum kernel kernel; } function_t;
typedef struct pipeline { struct objc_object base; device_t *device; enum kernel kernel; } pipeline_t;

enum command_kind { SIGNAL, WAIT, DISPATCH };
typedef struct command {
    enum command_kind kind;
    event_t *event;
    uint64_t value;
    pipeline_t *pipeline;
    buffer_t *buffer;
    NSUInteger offset;
} command_t;

struct queue;
typedef struct command_buffer {
    struct objc_object base;
    struct queue *queue;
    command_t *commands;
    int count, capacity;
    int status;
    int modes;
    /* Committed while fakeMetalFailStores was on, with a store kernel in it: it ends in Error. */
    int fails;
    id error;
    struct command_buffer *next_to_run, *next_incomplete;
    /* Stores kept back until completion (FAKE_VISIBLE_AT_COMPLETION). */
    command_t *late;
    int late_count;
    /* Copies (_Block_copy) of the blocks given to addCompletedHandler:, called at completion. */
    struct fake_block *handlers[MAX_HANDLERS];
    int handler_count;
} command_buffer_t;

typedef struct encoder {
    struct objc_object base;
    command_buffer_t *buffer;
    pipeline_t *pipeline;
    buffer_t *bound;
    NSUInteger offset;
    uint64_t bytes;
    int has_bytes, ended;
} encoder_t;

typedef struct queue {
    struct objc_object base;
    device_t *device;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t changed;
    command_buffer_t *run_head, *run_tail;
    command_buffer_t *incomplete_head, *incomplete_tail;
    /* Command buffers made and not yet completed (or, never committed, not yet deallocated). */
    int outstanding, max_outstanding;
    int closing;
} queue_t;

static Class DeviceClass, BufferClass, EventClass, SharedEventClass, SharedEvent11Class, LibraryClass, FunctionClass,
    PipelineClass, QueueClass, CommandBufferClass, EncoderClass;
static device_t *devices[DEVICES];

/* ---------------------------------------------------------------- events */

/* Metal's events only go up. MTLEvent: "an unsigned 64-bit integer that starts with a value of
 * 0, which can only increase over time"; encodeSignalEvent:value: takes "a value that's greater
 * than or equal to the event's current value"; MTLSharedEvent.signaledValue: "its value is changed
 * only if you provide a larger value than the value currently stored". So a smaller value leaves
 * the event as it is: from the CPU silently, from a command buffer as a violation (a misuse). */
static void event_signal(event_t *e, uint64_t value, int from_gpu) {
    pthread_mutex_lock(&e->mu);
    uint64_t was = e->value;
    if (value > was) {
        e->value = value;
        pthread_cond_broadcast(&e->changed);
    }
    pthread_mutex_unlock(&e->mu);
    if (from_gpu && value < was) {
        char what[160];
        snprintf(what, sizeof what, "encodeSignalEvent:value:%llu on an event already at %llu: event values only increase",
                 (unsigned long long) value, (unsigned long long) was);
        violation(what);
    }
}

static void event_wait(event_t *e, uint64_t value) {
    pthread_mutex_lock(&e->mu);
    while (e->value < value) pthread_cond_wait(&e->changed, &e->mu);
    pthread_mutex_unlock(&e->mu);
}

static id event_device(event_t *self, SEL cmd) { (void) cmd; return (id) self->device; }
static uint64_t event_signaled_value(event_t *self, SEL cmd) {
    (void) cmd;
    pthread_mutex_lock(&self->mu);
    uint64_t v = self->value;
    pthread_mutex_unlock(&self->mu);
    return v;
}
static void event_set_signaled_value(event_t *self, SEL cmd, uint64_t value) { (void) cmd; event_signal(self, value, 0); }

/* MTLEvent.h: "Synchronously wait for the signaledValue to be greater than or equal to 'value',
 * with a timeout specified in milliseconds. Returns YES if the value was signaled before the
 * timeout, otherwise NO." One event only, and nothing but the value or the timeout ends it. */
static BOOL event_wait_timeout(event_t *self, SEL cmd, uint64_t value, uint64_t timeout_ms) {
    (void) cmd;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += (time_t) (timeout_ms / 1000);
    until.tv_nsec += (long) (timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&self->mu);
    int rc = 0;
    while (self->value < value && rc != ETIMEDOUT) rc = pthread_cond_timedwait(&self->changed, &self->mu, &until);
    BOOL reached = self->value >= value;
    pthread_mutex_unlock(&self->mu);
    return reached;
}

static int is_shared_event(event_t *e) {
    Class cls = ((id) e)->isa;
    return cls == SharedEventClass || cls == SharedEvent11Class;
}

static void event_dealloc(event_t *self, SEL cmd) {
    (void) cmd;
    pthread_mutex_destroy(&self->mu);
    pthread_cond_destroy(&self->changed);
    fake_objc_dispose((id) self);
}

/* ---------------------------------------------------------------- buffers and the kernels' stores */

static void *buffer_contents(buffer_t *self, SEL cmd) { (void) cmd; return self->contents; }
static NSUInteger buffer_length(buffer_t *self, SEL cmd) { (void) cmd; return self->length; }
static id buffer_device(buffer_t *self, SEL cmd) { (void) cmd; return (id) self->device; }

static void *last_deallocated;
static long no_copy_buffers;

static void buffer_free(buffer_t *self) {
    if (self->deallocator) {
        /* "A block to invoke when the buffer is deallocated" (void (^)(void *pointer, NSUInteger length)). */
        __atomic_store_n(&last_deallocated, self->contents, __ATOMIC_RELEASE);
        __atomic_sub_fetch(&no_copy_buffers, 1, __ATOMIC_ACQ_REL);
        ((void (*)(void *, void *, NSUInteger)) self->deallocator->invoke)(self->deallocator, self->contents, self->length);
        _Block_release(self->deallocator);
    } else if (self->allocation) {
        free(self->allocation);
    } else {
        __atomic_sub_fetch(&no_copy_buffers, 1, __ATOMIC_ACQ_REL);
    }
    fake_objc_dispose((id) self);
}

static void buffer_dealloc(buffer_t *self, SEL cmd) {
    (void) cmd;
    pthread_mutex_lock(&mu);
    int pending = self->pending_stores;
    if (pending > 0) self->released = 1;
    pthread_mutex_unlock(&mu);
    if (pending > 0) {
        char what[160];
        snprintf(what, sizeof what, "an MTLBuffer was released with %d store(s) into it still pending", pending);
        violation(what);
        return; /* kept alive for the late stores, and freed after the last */
    }
    buffer_free(self);
}

static void store(command_t *c) {
    buffer_t *b = c->buffer;
    if (c->pipeline->kernel == GAR_FILL) {
        if (c->offset + 8 * FILL_WORDS > b->length || (c->offset & 7)) {
            violation("gar_fill was bound where 512 words do not fit, or not 8-byte aligned");
        } else {
            uint64_t *words = (uint64_t *) (b->contents + c->offset);
            for (int i = 0; i < FILL_WORDS; i++) __atomic_store_n(&words[i], c->value + (uint64_t) i, __ATOMIC_RELEASE);
        }
    } else if (c->offset + 8 > b->length || (c->offset & 7)) {
        violation("a store kernel was bound at an offset outside its buffer or not 8-byte aligned");
    } else {
        uint64_t *word = (uint64_t *) (b->contents + c->offset);
        if (c->pipeline->kernel == GAR_STORE_MAX) {
            uint64_t seen = __atomic_load_n(word, __ATOMIC_RELAXED);
            while (seen < c->value
                   && !__atomic_compare_exchange_n(word, &seen, c->value, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {
            }
        } else {
            __atomic_store_n(word, c->value, __ATOMIC_RELEASE);
        }
    }
    pthread_mutex_lock(&mu);
    int done = --b->pending_stores == 0 && b->released;
    pthread_mutex_unlock(&mu);
    if (done) buffer_free(b);
}

/* ---------------------------------------------------------------- command buffers */

static void add_command(command_buffer_t *cb, command_t c) {
    if (cb->status != STATUS_NOT_ENQUEUED) {
        fprintf(stderr, "fake metal: encoding into a command buffer already committed\n");
        abort();
    }
    if (cb->count == cb->capacity) {
        cb->capacity = cb->capacity ? cb->capacity * 2 : 8;
        cb->commands = realloc(cb->commands, cb->capacity * sizeof *cb->commands);
    }
    if (c.event) objc_retain((id) c.event);
    if (c.pipeline) objc_retain((id) c.pipeline);
    cb->commands[cb->count++] = c;
}

static void cb_signal(command_buffer_t *self, SEL cmd, event_t *event, uint64_t value) {
    (void) cmd;
    add_command(self, (command_t) {.kind = SIGNAL, .event = event, .value = value});
}

static void cb_wait(command_buffer_t *self, SEL cmd, event_t *event, uint64_t value) {
    (void) cmd;
    add_command(self, (command_t) {.kind = WAIT, .event = event, .value = value});
}

static void run_command_buffer(command_buffer_t *cb);

static void *run_alone(void *arg) {
    run_command_buffer(arg);
    return NULL;
}

static void *run_queue(void *arg) {
    queue_t *q = arg;
    pthread_mutex_lock(&q->mu);
    for (;;) {
        while (!q->run_head && !(q->closing && !q->incomplete_head)) pthread_cond_wait(&q->changed, &q->mu);
        command_buffer_t *cb = q->run_head;
        if (!cb) break;
        q->run_head = cb->next_to_run;
        if (!q->run_head) q->run_tail = NULL;
        pthread_mutex_unlock(&q->mu);
        if (cb->modes & FAKE_OUT_OF_ORDER) {
            pthread_t t;
            pthread_create(&t, NULL, run_alone, cb);
            pthread_detach(t);
        } else {
            run_command_buffer(cb);
        }
        pthread_mutex_lock(&q->mu);
    }
    pthread_mutex_unlock(&q->mu);
    pthread_mutex_destroy(&q->mu);
    pthread_cond_destroy(&q->changed);
    fake_objc_dispose((id) q);
    return NULL;
}

static void cb_commit(command_buffer_t *self, SEL cmd) {
    (void) cmd;
    if (self->status != STATUS_NOT_ENQUEUED) {
        fprintf(stderr, "fake metal: -[MTLCommandBuffer commit] twice\n");
        abort();
    }
    queue_t *q = self->queue;
    pthread_mutex_lock(&mu);
    self->modes = mode;
    for (int i = 0; i < self->count; i++) {
        command_t *c = &self->commands[i];
        if (c->kind == DISPATCH && c->pipeline->kernel != GAR_BUSY) c->buffer->pending_stores++;
        if (c->kind == DISPATCH && (c->pipeline->kernel == GAR_STORE || c->pipeline->kernel == GAR_STORE_MAX)) {
            self->fails |= failing_stores;
        }
    }
    pthread_mutex_unlock(&mu);
    objc_retain((id) self); /* the queue's, until it completes */
    pthread_mutex_lock(&q->mu);
    self->status = STATUS_COMMITTED;
    if (q->run_tail) q->run_tail->next_to_run = self; else q->run_head = self;
    q->run_tail = self;
    if (q->incomplete_tail) q->incomplete_tail->next_incomplete = self; else q->incomplete_head = self;
    q->incomplete_tail = self;
    pthread_cond_broadcast(&q->changed);
    pthread_mutex_unlock(&q->mu);
}

static void run_command_buffer(command_buffer_t *cb) {
    queue_t *q = cb->queue;
    int failing = __atomic_load_n(&failing_device[q->device->index], __ATOMIC_ACQUIRE) || cb->fails;
    for (int i = 0; i < cb->count && !failing; i++) {
        command_t *c = &cb->commands[i];
        switch (c->kind) {
        case SIGNAL:
            /* Metal signals only after every command scheduled before the signal finished. */
            pthread_mutex_lock(&q->mu);
            while (q->incomplete_head != cb) pthread_cond_wait(&q->changed, &q->mu);
            pthread_mutex_unlock(&q->mu);
            /* A shared event is how the CPU learns that GPU results are there to read: the
             * stores before its signal are visible once it is seen, in the late mode. Not in the
             * completion-only mode: Apple's one plain promise is "coherency is only guaranteed at
             * command buffer boundaries" (MTLStorageModeShared, MTLResource.h) and "Ensure that
             * all changes you schedule on either the CPU or GPU for a resource that uses shared
             * memory complete before accessing that resource on the other processor"
             * (storageModeShared); no page says a signal makes them visible sooner. */
            if (is_shared_event(c->event) && !(cb->modes & FAKE_VISIBLE_AT_COMPLETION_ONLY)) {
                for (int j = 0; j < cb->late_count; j++) store(&cb->late[j]);
                cb->late_count = 0;
            }
            event_signal(c->event, c->value, 1);
            break;
        case WAIT: event_wait(c->event, c->value); break;
        case DISPATCH:
            if (c->pipeline->kernel == GAR_BUSY) {
                /* The fake's GPU runs one of gar_busy's iterations per nanosecond. */
                long long end = now_ns() + (long long) c->value;
                while (now_ns() < end) {
                    struct timespec pause = {0, 20000};
                    nanosleep(&pause, NULL);
                }
            } else if (cb->modes & (FAKE_VISIBLE_AT_COMPLETION | FAKE_VISIBLE_AT_COMPLETION_ONLY)) {
                if (!cb->late) cb->late = calloc((size_t) cb->count, sizeof *cb->late);
                cb->late[cb->late_count++] = *c;
            } else {
                store(c);
            }
            break;
        }
    }
    if (cb->modes & FAKE_VISIBLE_AT_COMPLETION_ONLY) {
        /* Completion is reported after the GPU's last command, from a thread of Metal's own (its
         * completed handlers run there), some time later: a lag of 0-3 ms here (which of several
         * command buffers completes first is then anyone's guess) shows code that takes a signal
         * inside a command buffer for its completion, as every kernel's stores wait for it in
         * this mode. rand_r's seed is shared unguarded: any lag will do. */
        static unsigned seed = 26;
        struct timespec lag = {0, (long) (rand_r(&seed) % 3000) * 1000L};
        nanosleep(&lag, NULL);
    }
    for (int i = 0; i < cb->late_count; i++) store(&cb->late[i]);
    if (failing) {
        cb->error = new_string(cb->fails ? "fake metal: the store's command buffer failed (fakeMetalFailStores)"
                                         : "fake metal: the device failed (fakeMetalFailCommandBuffers)");
        /* Its stores never run; the buffer keeps counting them as pending, as a real GPU would. */
    }
    pthread_mutex_lock(&q->mu);
    /* Out of order, a buffer may complete before those committed ahead of it: unlink it wherever it is. */
    command_buffer_t **link = &q->incomplete_head;
    command_buffer_t *previous = NULL;
    while (*link != cb) {
        previous = *link;
        link = &(*link)->next_incomplete;
    }
    *link = cb->next_incomplete;
    if (q->incomplete_tail == cb) q->incomplete_tail = previous;
    cb->status = failing ? STATUS_ERROR : STATUS_COMPLETED;
    q->outstanding--;
    pthread_cond_broadcast(&q->changed);
    pthread_mutex_unlock(&q->mu);
    /* As Metal's: each handler once, in the order added, on this thread, with the command buffer
     * (already Completed or Error) as its argument; then its copy is released. */
    for (int i = 0; i < cb->handler_count; i++) {
        struct fake_block *handler = cb->handlers[i];
        ((void (*)(void *, id)) handler->invoke)(handler, (id) cb);
        _Block_release(handler);
    }
    cb->handler_count = 0;
    objc_release((id) cb);
}

/* - (void)addCompletedHandler:(MTLCommandBufferHandler)block, MTLCommandBufferHandler being
 * void (^)(id<MTLCommandBuffer>): Metal copies the block, so the caller's may be a stack block. */
static void cb_add_completed_handler(command_buffer_t *self, SEL cmd, const void *block) {
    (void) cmd;
    if (self->status != STATUS_NOT_ENQUEUED) {
        /* Metal raises an exception: handlers are added before commit. */
        fprintf(stderr, "fake metal: -[MTLCommandBuffer addCompletedHandler:] after commit\n");
        abort();
    }
    if (!block || self->handler_count == MAX_HANDLERS) {
        fprintf(stderr, "fake metal: addCompletedHandler:%p: a nil block, or more than %d handlers\n", block,
                MAX_HANDLERS);
        abort();
    }
    self->handlers[self->handler_count++] = _Block_copy(block);
}

static void cb_wait_until_completed(command_buffer_t *self, SEL cmd) {
    (void) cmd;
    queue_t *q = self->queue;
    pthread_mutex_lock(&q->mu);
    while (self->status != STATUS_COMPLETED && self->status != STATUS_ERROR) pthread_cond_wait(&q->changed, &q->mu);
    pthread_mutex_unlock(&q->mu);
}

static NSUInteger cb_status(command_buffer_t *self, SEL cmd) {
    (void) cmd;
    pthread_mutex_lock(&self->queue->mu);
    int status = self->status;
    pthread_mutex_unlock(&self->queue->mu);
    return (NSUInteger) status;
}

static id cb_error(command_buffer_t *self, SEL cmd) {
    (void) cmd;
    if (cb_status(self, cmd) != STATUS_ERROR) return NULL;
    error_t_ *e = (error_t_ *) fake_objc_create(NSErrorClass);
    e->code = COMMAND_BUFFER_ERROR_INTERNAL;
    e->description = objc_retain(self->error);
    return objc_autorelease((id) e);
}

static void cb_dealloc(command_buffer_t *self, SEL cmd) {
    (void) cmd;
    if (self->status == STATUS_NOT_ENQUEUED) {
        queue_t *q = self->queue;
        pthread_mutex_lock(&q->mu);
        q->outstanding--;
        pthread_cond_broadcast(&q->changed);
        pthread_mutex_unlock(&q->mu);
    }
    /* A command buffer never committed never calls its handlers; their copies go with it. */
    for (int i = 0; i < self->handler_count; i++) _Block_release(self->handlers[i]);
    for (int i = 0; i < self->count; i++) {
        objc_release((id) self->commands[i].event);
        objc_release((id) self->commands[i].pipeline);
    }
    free(self->commands);
    free(self->late);
    objc_release(self->error);
    objc_release((id) self->queue);
    fake_objc_dispose((id) self);
}

/* ---------------------------------------------------------------- compute encoders */

typedef struct { NSUInteger width, height, depth; } MTLSize;

static void encoder_set_pipeline(encoder_t *self, SEL cmd, pipeline_t *pipeline) { (void) cmd; self->pipeline = pipeline; }

static void encoder_set_buffer(encoder_t *self, SEL cmd, buffer_t *buffer, NSUInteger offset, NSUInteger index) {
    (void) cmd;
    if (index != 0) {
        fprintf(stderr, "fake metal: setBuffer:offset:atIndex:%lu: the kernels take their buffer at index 0\n", index);
        abort();
    }
    self->bound = buffer;
    self->offset = offset;
}

static void encoder_set_bytes(encoder_t *self, SEL cmd, const void *bytes, NSUInteger length, NSUInteger index) {
    (void) cmd;
    if (index != 1 || length != 8 || !bytes) {
        fprintf(stderr, "fake metal: setBytes:%p length:%lu atIndex:%lu: the kernels take 8 bytes at index 1\n",
                bytes, length, index);
        abort();
    }
    memcpy(&self->bytes, bytes, 8);
    self->has_bytes = 1;
}

static void encoder_dispatch(encoder_t *self, SEL cmd, MTLSize grid, MTLSize group) {
    (void) cmd;
    if (grid.width != 1 || grid.height != 1 || grid.depth != 1 || group.width != 1 || group.height != 1
        || group.depth != 1) {
        fprintf(stderr, "fake metal: dispatchThreadgroups:{%lu,%lu,%lu} threadsPerThreadgroup:{%lu,%lu,%lu}: the kernels "
                        "are one thread (an MTLSize did not arrive by value intact?)\n",
                grid.width, grid.height, grid.depth, group.width, group.height, group.depth);
        abort();
    }
    if (!self->pipeline || !self->bound || !self->has_bytes || self->ended) {
        fprintf(stderr, "fake metal: dispatch without a pipeline, a buffer and bytes, or after endEncoding\n");
        abort();
    }
    add_command(self->buffer, (command_t) {.kind = DISPATCH, .pipeline = self->pipeline, .buffer = self->bound,
                                           .offset = self->offset, .value = self->bytes});
}

static void encoder_end(encoder_t *self, SEL cmd) { (void) cmd; self->ended = 1; }

static void encoder_dealloc(encoder_t *self, SEL cmd) {
    (void) cmd;
    objc_release((id) self->buffer);
    fake_objc_dispose((id) self);
}

static id cb_compute_encoder(command_buffer_t *self, SEL cmd) {
    if (injected(cmd)) return NULL;
    encoder_t *e = (encoder_t *) fake_objc_create(EncoderClass);
    e->buffer = (command_buffer_t *) objc_retain((id) self);
    return objc_autorelease((id) e);
}

/* ---------------------------------------------------------------- queues */

static long command_buffer_waiters;

/* Apple, makeCommandBuffer(): "Each command queue has a fixed number of command buffers for its
 * lifetime (see makeCommandQueue(maxCommandBufferCount:)). This method blocks the calling CPU
 * thread when the queue doesn't have any free command buffers"; newCommandQueue: "The command
 * queues you create with this method allow up to 64 uncompleted command buffers at time". One
 * is taken when it is made and given back when it completes (or, never committed, when it goes). */
static id queue_command_buffer(queue_t *self, SEL cmd) {
    if (injected(cmd)) return NULL;
    pthread_mutex_lock(&self->mu);
    if (self->outstanding >= self->max_outstanding) {
        __atomic_add_fetch(&command_buffer_waiters, 1, __ATOMIC_ACQ_REL);
        while (self->outstanding >= self->max_outstanding) pthread_cond_wait(&self->changed, &self->mu);
        __atomic_sub_fetch(&command_buffer_waiters, 1, __ATOMIC_ACQ_REL);
    }
    self->outstanding++;
    pthread_mutex_unlock(&self->mu);
    command_buffer_t *cb = (command_buffer_t *) fake_objc_create(CommandBufferClass);
    /* As Metal's: a command buffer keeps its queue, so its status can be asked after the queue's release. */
    cb->queue = (queue_t *) objc_retain((id) self);
    return objc_autorelease((id) cb);
}

static id queue_device(queue_t *self, SEL cmd) { (void) cmd; return (id) self->device; }

/* Like Metal's, work committed before the last release still runs; the thread then ends. */
static void queue_dealloc(queue_t *self, SEL cmd) {
    (void) cmd;
    pthread_mutex_lock(&self->mu);
    self->closing = 1;
    pthread_cond_broadcast(&self->changed);
    pthread_mutex_unlock(&self->mu);
}

/* ---------------------------------------------------------------- libraries and pipelines */

static int declares_kernel(const char *source, const char *name) {
    char wanted[96];
    snprintf(wanted, sizeof wanted, "kernel void %s(", name);
    return strstr(source, wanted) != NULL;
}

static id library_new_function(library_t *self, SEL cmd, string_t *name) {
    (void) cmd;
    const char *n = name->utf8;
    static const char *const names[] = {"gar_store", "gar_store_max", "gar_busy", "gar_fill"};
    for (int k = 0; k < 4; k++) {
        if (strcmp(n, names[k]) == 0 && declares_kernel(self->source, n)) {
            function_t *f = (function_t *) fake_objc_create(FunctionClass);
            f->device = self->device;
            f->kernel = (enum kernel) k;
            return (id) f;
        }
    }
    return NULL;
}

static void library_dealloc(library_t *self, SEL cmd) { (void) cmd; free(self->source); fake_objc_dispose((id) self); }

/* ---------------------------------------------------------------- devices */

static BOOL device_supports_family(device_t *self, SEL cmd, NSInteger family) {
    (void) cmd;
    if (family >= 1001 && family <= 1007) return 1;  /* Apple1 .. Apple7 */
    if (family == FAMILY_APPLE9 || family == 1008 || family == 5001) return self->index == 0;
    return 0;
}

static id device_name(device_t *self, SEL cmd) { (void) cmd; return self->name; }

static id device_new_queue(device_t *self, SEL cmd) {
    if (injected(cmd)) return NULL;
    queue_t *q = (queue_t *) fake_objc_create(QueueClass);
    q->device = self;
    q->max_outstanding = 64;
    pthread_mutex_init(&q->mu, NULL);
    pthread_cond_init(&q->changed, NULL);
    pthread_create(&q->thread, NULL, run_queue, q);
    pthread_detach(q->thread);
    return (id) q;
}

static id device_new_buffer(device_t *self, SEL cmd, NSUInteger length, NSUInteger options) {
    if (injected(cmd)) return NULL;
    /* MTLResourceStorageModeShared is storage mode 0, in bits 4-7 of the options. */
    if (length == 0 || (options & 0xF0) != 0) return NULL;
    buffer_t *b = (buffer_t *) fake_objc_create(BufferClass);
    b->device = self;
    b->length = length;
    /* Apple promises no alignment for the contents of a buffer it allocates (its page-alignment
     * promise is newBufferWithBytesNoCopy:'s, whose pointer is the caller's): these lie 256 bytes
     * past a page boundary, so that code assuming a page fails here too. */
    size_t size = ((length + 4095) & ~(size_t) 4095) + 4096;
    b->allocation = aligned_alloc(4096, size);
    memset(b->allocation, 0xAB, size); /* what a line must not trust to read 0 */
    b->contents = b->allocation + 256;
    return (id) b;
}

/* Apple, newBufferWithBytesNoCopy:length:options:deallocator: "pointer: A page-aligned pointer to
 * the starting memory address. length: The size of the new buffer, in bytes, that results in a
 * page-aligned region of memory." Otherwise nil here (and a violation), which is what Metal's
 * validation reports; the deallocator is copied, as a method keeping a block must. */
static id device_new_buffer_no_copy(device_t *self, SEL cmd, void *pointer, NSUInteger length, NSUInteger options,
                                    const void *deallocator) {
    if (injected(cmd)) return NULL;
    NSUInteger page = (NSUInteger) sysconf(_SC_PAGESIZE);
    if (!pointer || ((uintptr_t) pointer % page) != 0 || length == 0 || (length % page) != 0 || (options & 0xF0) != 0) {
        char what[200];
        snprintf(what, sizeof what, "newBufferWithBytesNoCopy:%p length:%lu: not a page-aligned region of whole pages "
                 "(page %lu) in shared storage", pointer, length, page);
        violation(what);
        return NULL;
    }
    buffer_t *b = (buffer_t *) fake_objc_create(BufferClass);
    b->device = self;
    b->length = length;
    b->contents = pointer;
    b->deallocator = deallocator ? _Block_copy(deallocator) : NULL;
    __atomic_add_fetch(&no_copy_buffers, 1, __ATOMIC_ACQ_REL);
    return (id) b;
}

static id device_new_library(device_t *self, SEL cmd, string_t *source, id options, id *error) {
    (void) options;
    const char *text = source ? source->utf8 : NULL;
    if (injected(cmd) || !text || !strstr(text, "kernel void ")) {
        if (error) *error = autoreleased_error(LIBRARY_ERROR_COMPILE_FAILURE, "program_source: error: no kernel (fake)");
        return NULL;
    }
    library_t *l = (library_t *) fake_objc_create(LibraryClass);
    l->device = self;
    l->source = strdup(text);
    return (id) l;
}

static id device_new_pipeline(device_t *self, SEL cmd, function_t *function, id *error) {
    if (injected(cmd) || !function) {
        if (error) *error = autoreleased_error(1, "fake metal: no compute pipeline for this function");
        return NULL;
    }
    if (function->kernel == GAR_STORE_MAX && !device_supports_family(self, cmd, FAMILY_APPLE9)) {
        if (error) *error = autoreleased_error(1, "64-bit atomic_max_explicit needs MTLGPUFamilyApple9");
        return NULL;
    }
    pipeline_t *p = (pipeline_t *) fake_objc_create(PipelineClass);
    p->device = self;
    p->kernel = function->kernel;
    return (id) p;
}

static id new_event(device_t *device, Class cls) {
    event_t *e = (event_t *) fake_objc_create(cls);
    e->device = device;
    pthread_mutex_init(&e->mu, NULL);
    pthread_cond_init(&e->changed, NULL);
    return (id) e;
}

static id device_new_event(device_t *self, SEL cmd) { return injected(cmd) ? NULL : new_event(self, EventClass); }
static id device_new_shared_event(device_t *self, SEL cmd) {
    if (injected(cmd)) return NULL;
    return new_event(self, __atomic_load_n(&shared_event_waits, __ATOMIC_ACQUIRE) ? SharedEventClass : SharedEvent11Class);
}

/* ---------------------------------------------------------------- the C functions */

static int no_default_device;

/* Apple, MTLCreateSystemDefaultDevice: "In macOS, in order for the system to provide a default
 * Metal device object, you need to link to the Core Graphics framework", and nil otherwise; the
 * fake's fakeMetalNoDefaultDevice plays a process that has not. */
id MTLCreateSystemDefaultDevice(void) {
    return __atomic_load_n(&no_default_device, __ATOMIC_ACQUIRE) ? NULL : objc_retain((id) devices[0]);
}

id MTLCopyAllDevices(void) {
    array_t *a = (array_t *) fake_objc_create(NSArrayClass);
    for (int i = 0; i < DEVICES; i++) a->items[a->count++] = objc_retain((id) devices[i]);
    return (id) a;
}

/* ---------------------------------------------------------------- test hooks */

void fakeMetalSetMode(int modes) { __atomic_store_n(&mode, modes, __ATOMIC_RELEASE); }

/* Buffers made by newBufferWithBytesNoCopy: still alive, and the pointer last handed to a deallocator. */
long fakeMetalNoCopyBuffers(void) { return __atomic_load_n(&no_copy_buffers, __ATOMIC_ACQUIRE); }

long fakeMetalLastDeallocated(void) { return (long) __atomic_load_n(&last_deallocated, __ATOMIC_ACQUIRE); }

/* Threads now blocked in -[MTLCommandQueue commandBuffer], waiting for a free command buffer. */
long fakeMetalCommandBufferWaiters(void) { return __atomic_load_n(&command_buffer_waiters, __ATOMIC_ACQUIRE); }

void fakeMetalNoDefaultDevice(int on) { __atomic_store_n(&no_default_device, on, __ATOMIC_RELEASE); }

void fakeMetalFailNext(const char *selector, int times) {
    pthread_mutex_lock(&mu);
    snprintf(fail_selector, sizeof fail_selector, "%s", selector);
    fail_count = times;
    pthread_mutex_unlock(&mu);
}

/* While on, command buffers of the device complete with an error, running nothing. */
void fakeMetalFailCommandBuffers(int device, int on) {
    if (device >= 0 && device < DEVICES) __atomic_store_n(&failing_device[device], on, __ATOMIC_RELEASE);
}

/* While on, a command buffer committed with a store kernel in it (gar_store, gar_store_max) completes
 * with an error, running nothing, and the others run: one command buffer's failure, as Apple's
 * MTLCommandBufferStatusError is "A command buffer's unsuccessful, final state, which indicates
 * the GPU stopped running the buffer's commands because of a runtime issue". */
void fakeMetalFailStores(int on) { __atomic_store_n(&failing_stores, on, __ATOMIC_RELEASE); }

/* Off: shared events made from now on lack waitUntilSignaledValue:timeoutMS:, which MTLEvent.h
 * declares API_AVAILABLE(macos(12.0), ios(15.0)) on a protocol available since macOS 10.14: a
 * system before those. Sending it then aborts as an unrecognized selector, as Apple's raises. */
void fakeMetalSharedEventWaits(int on) { __atomic_store_n(&shared_event_waits, on, __ATOMIC_RELEASE); }

long fakeMetalDeviceRefs(int device) { return device >= 0 && device < DEVICES ? devices[device]->base.refs : -1; }

long fakeMetalViolations(void) {
    pthread_mutex_lock(&mu);
    long n = violations;
    pthread_mutex_unlock(&mu);
    return n;
}

const char *fakeMetalLastViolation(void) { return last_violation; }

/* ---------------------------------------------------------------- the classes */

static Class define(const char *name, size_t size) {
    Class root = (Class) objc_getClass("NSObject");
    return objc_allocateClassPair(root, name, size - sizeof(struct objc_object));
}

__attribute__((constructor)) static void define_classes(void) {
    NSStringClass = define("NSString", sizeof(string_t));
    METHOD(NSStringClass, "initWithUTF8String:", string_init);
    METHOD(NSStringClass, "UTF8String", string_utf8);
    METHOD(NSStringClass, "length", string_length);
    METHOD(NSStringClass, "dealloc", string_dealloc);
    objc_registerClassPair(NSStringClass);

    NSErrorClass = define("NSError", sizeof(error_t_));
    METHOD(NSErrorClass, "code", error_code);
    METHOD(NSErrorClass, "localizedDescription", error_description);
    METHOD(NSErrorClass, "dealloc", error_dealloc);
    objc_registerClassPair(NSErrorClass);

    NSArrayClass = define("NSArray", sizeof(array_t));
    METHOD(NSArrayClass, "count", array_count);
    METHOD(NSArrayClass, "objectAtIndex:", array_object);
    METHOD(NSArrayClass, "dealloc", array_dealloc);
    objc_registerClassPair(NSArrayClass);

    DeviceClass = define("FakeMTLDevice", sizeof(device_t));
    METHOD(DeviceClass, "name", device_name);
    METHOD(DeviceClass, "supportsFamily:", device_supports_family);
    METHOD(DeviceClass, "newCommandQueue", device_new_queue);
    METHOD(DeviceClass, "newBufferWithLength:options:", device_new_buffer);
    METHOD(DeviceClass, "newBufferWithBytesNoCopy:length:options:deallocator:", device_new_buffer_no_copy);
    METHOD(DeviceClass, "newLibraryWithSource:options:error:", device_new_library);
    METHOD(DeviceClass, "newComputePipelineStateWithFunction:error:", device_new_pipeline);
    METHOD(DeviceClass, "newEvent", device_new_event);
    METHOD(DeviceClass, "newSharedEvent", device_new_shared_event);
    objc_registerClassPair(DeviceClass);

    BufferClass = define("FakeMTLBuffer", sizeof(buffer_t));
    METHOD(BufferClass, "contents", buffer_contents);
    METHOD(BufferClass, "length", buffer_length);
    METHOD(BufferClass, "device", buffer_device);
    METHOD(BufferClass, "dealloc", buffer_dealloc);
    objc_registerClassPair(BufferClass);

    EventClass = define("FakeMTLEvent", sizeof(event_t));
    METHOD(EventClass, "device", event_device);
    METHOD(EventClass, "dealloc", event_dealloc);
    objc_registerClassPair(EventClass);

    /* A shared event before macOS 12, and the one since, which adds the timed wait. */
    SharedEvent11Class = define("FakeMTLSharedEventMacOS11", sizeof(event_t));
    METHOD(SharedEvent11Class, "device", event_device);
    METHOD(SharedEvent11Class, "signaledValue", event_signaled_value);
    METHOD(SharedEvent11Class, "setSignaledValue:", event_set_signaled_value);
    METHOD(SharedEvent11Class, "dealloc", event_dealloc);
    objc_registerClassPair(SharedEvent11Class);
    SharedEventClass = objc_allocateClassPair(SharedEvent11Class, "FakeMTLSharedEvent", 0);
    METHOD(SharedEventClass, "waitUntilSignaledValue:timeoutMS:", event_wait_timeout);
    objc_registerClassPair(SharedEventClass);

    LibraryClass = define("FakeMTLLibrary", sizeof(library_t));
    METHOD(LibraryClass, "newFunctionWithName:", library_new_function);
    METHOD(LibraryClass, "dealloc", library_dealloc);
    objc_registerClassPair(LibraryClass);

    FunctionClass = define("FakeMTLFunction", sizeof(function_t));
    objc_registerClassPair(FunctionClass);
    PipelineClass = define("FakeMTLComputePipelineState", sizeof(pipeline_t));
    objc_registerClassPair(PipelineClass);

    QueueClass = define("FakeMTLCommandQueue", sizeof(queue_t));
    METHOD(QueueClass, "commandBuffer", queue_command_buffer);
    METHOD(QueueClass, "device", queue_device);
    METHOD(QueueClass, "dealloc", queue_dealloc);
    objc_registerClassPair(QueueClass);

    CommandBufferClass = define("FakeMTLCommandBuffer", sizeof(command_buffer_t));
    METHOD(CommandBufferClass, "computeCommandEncoder", cb_compute_encoder);
    METHOD(CommandBufferClass, "encodeSignalEvent:value:", cb_signal);
    METHOD(CommandBufferClass, "encodeWaitForEvent:value:", cb_wait);
    METHOD(CommandBufferClass, "commit", cb_commit);
    METHOD(CommandBufferClass, "waitUntilCompleted", cb_wait_until_completed);
    METHOD(CommandBufferClass, "addCompletedHandler:", cb_add_completed_handler);
    METHOD(CommandBufferClass, "status", cb_status);
    METHOD(CommandBufferClass, "error", cb_error);
    METHOD(CommandBufferClass, "dealloc", cb_dealloc);
    objc_registerClassPair(CommandBufferClass);

    EncoderClass = define("FakeMTLComputeCommandEncoder", sizeof(encoder_t));
    METHOD(EncoderClass, "setComputePipelineState:", encoder_set_pipeline);
    METHOD(EncoderClass, "setBuffer:offset:atIndex:", encoder_set_buffer);
    METHOD(EncoderClass, "setBytes:length:atIndex:", encoder_set_bytes);
    /* Only dispatchThreadgroups: dispatchThreads:threadsPerThreadgroup: needs "GPUs that support
     * nonuniform threadgroup sizes" (Apple's MTLComputeCommandEncoder page), which not every Mac's
     * GPU has, so the backend does not send it: an abort here says it did. */
    METHOD(EncoderClass, "dispatchThreadgroups:threadsPerThreadgroup:", encoder_dispatch);
    METHOD(EncoderClass, "endEncoding", encoder_end);
    METHOD(EncoderClass, "dealloc", encoder_dealloc);
    objc_registerClassPair(EncoderClass);

    for (int i = 0; i < DEVICES; i++) {
        device_t *d = (device_t *) fake_objc_create(DeviceClass);
        d->index = i;
        d->name = new_string(i == 0 ? "Fake Apple M3 (Apple9)" : "Fake Apple M1 (Apple7)");
        devices[i] = d; /* the system's own reference, never released */
    }
}
