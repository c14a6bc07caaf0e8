/*
 * A fake libobjc: see fake_objc.h. Test hooks (not Apple's API): fakeObjcAutoreleasesOutsidePool,
 * fakeObjcLive, fakeObjcSends, fakeObjcSelectorRegistrations, fakeObjcHeapBlocks,
 * fakeObjcBlockCopies.
 */
#define _GNU_SOURCE
#include "fake_objc.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SELECTORS 1024
#define MAX_CLASSES 64
/* Classes live for the process, as Apple's do: retain and release do not count them. */
#define IMMORTAL (1L << 60)

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static const char *selectors[MAX_SELECTORS];
static Class classes[MAX_CLASSES];
static long live[MAX_CLASSES];
static int class_count;
static long autoreleases_outside_pool;
static long sends;
static long registrations;

/* ---------------------------------------------------------------- selectors and classes */

SEL sel_registerName(const char *name) {
    __atomic_add_fetch(&registrations, 1, __ATOMIC_RELAXED);
    return fake_objc_intern(name);
}

SEL fake_objc_intern(const char *name) {
    if (!name) return NULL;
    unsigned long h = 5381;
    for (const char *c = name; *c; c++) h = h * 33 + (unsigned char) *c;
    pthread_mutex_lock(&mu);
    for (unsigned long i = 0; i < MAX_SELECTORS; i++) {
        unsigned long k = (h + i) % MAX_SELECTORS;
        if (!selectors[k]) selectors[k] = strdup(name);
        if (strcmp(selectors[k], name) == 0) {
            pthread_mutex_unlock(&mu);
            return selectors[k];
        }
    }
    pthread_mutex_unlock(&mu);
    fprintf(stderr, "fake objc: more than %d selectors\n", MAX_SELECTORS);
    abort();
}

id objc_getClass(const char *name) {
    if (!name) return NULL;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < class_count; i++) {
        if (strcmp(classes[i]->name, name) == 0) {
            pthread_mutex_unlock(&mu);
            return (id) classes[i];
        }
    }
    pthread_mutex_unlock(&mu);
    return NULL;
}

Class object_getClass(id obj) { return obj ? obj->isa : NULL; }

static Class new_class(Class isa, Class super, const char *name, size_t size) {
    Class cls = calloc(1, sizeof *cls);
    cls->base.isa = isa;
    cls->base.refs = IMMORTAL;
    cls->super = super;
    cls->name = strdup(name);
    cls->instance_size = size;
    return cls;
}

static Class root_meta;

Class objc_allocateClassPair(Class super, const char *name, size_t extra) {
    size_t size = (super ? super->instance_size : sizeof(struct objc_object)) + extra;
    Class meta = new_class(root_meta, super ? object_getClass((id) super) : NULL, name, 0);
    Class cls = new_class(meta, super, name, size);
    if (!root_meta) {
        /* The root's metaclass is its own isa and inherits from the root class, as Apple's. */
        root_meta = meta;
        meta->base.isa = meta;
        meta->super = cls;
    }
    return cls;
}

void objc_registerClassPair(Class cls) {
    pthread_mutex_lock(&mu);
    if (class_count == MAX_CLASSES) abort();
    classes[class_count++] = cls;
    pthread_mutex_unlock(&mu);
}

BOOL class_addMethod(Class cls, SEL sel, IMP imp, const char *types) {
    (void) types;
    if (cls->methods == cls->capacity) {
        cls->capacity = cls->capacity ? cls->capacity * 2 : 8;
        cls->method = realloc(cls->method, cls->capacity * sizeof *cls->method);
    }
    cls->method[cls->methods].sel = sel;
    cls->method[cls->methods].imp = imp;
    cls->methods++;
    return 1;
}

/* Called by objc_msgSend: the method for (self, cmd), or an abort naming what was sent. */
IMP fake_objc_lookup(id self, SEL cmd) {
    __atomic_add_fetch(&sends, 1, __ATOMIC_RELAXED);
    for (Class c = self->isa; c; c = c->super) {
        for (int i = 0; i < c->methods; i++) {
            if (c->method[i].sel == cmd) return c->method[i].imp;
        }
    }
    Class cls = self->isa;
    int is_class = cls->instance_size == 0;
    fprintf(stderr, "fake objc: %c[%s %s]: unrecognized selector sent to %s %p\n", is_class ? '+' : '-',
            cls->name, cmd, is_class ? "class" : "instance", (void *) self);
    fflush(stderr);
    abort();
}

static int class_index(Class cls) {
    for (int i = 0; i < class_count; i++) {
        if (classes[i] == cls) return i;
    }
    return -1;
}

id fake_objc_create(Class cls) {
    id obj = calloc(1, cls->instance_size);
    obj->isa = cls;
    obj->refs = 1;
    pthread_mutex_lock(&mu);
    int k = class_index(cls);
    if (k >= 0) live[k]++;
    pthread_mutex_unlock(&mu);
    return obj;
}

/* ---------------------------------------------------------------- reference counting */

id objc_retain(id obj) {
    if (obj) __atomic_add_fetch(&obj->refs, 1, __ATOMIC_RELAXED);
    return obj;
}

void objc_release(id obj) {
    if (!obj || obj->refs >= IMMORTAL / 2) return;
    long now = __atomic_sub_fetch(&obj->refs, 1, __ATOMIC_ACQ_REL);
    if (now == 0) {
        SEND(obj, "dealloc");
    } else if (now < 0) {
        fprintf(stderr, "fake objc: over-release of a %s at %p\n", obj->isa->name, (void *) obj);
        fflush(stderr);
        abort();
    }
}

/* ---------------------------------------------------------------- autorelease pools */

static __thread id *pool_items;
static __thread long pool_count, pool_capacity, pool_depth;
/* Which OS thread pushed a pool: a token carries its pusher's number in its high half. */
static __thread unsigned long pool_thread;
static unsigned long pool_threads;

void *objc_autoreleasePoolPush(void) {
    if (!pool_thread) pool_thread = __atomic_add_fetch(&pool_threads, 1, __ATOMIC_RELAXED);
    pool_depth++;
    /* The stack height, + 1 so that no token is NULL, under the pushing thread's number. */
    return (void *) ((pool_thread << 32) | (unsigned long) (pool_count + 1));
}

/* objc4's pages belong to the thread that pushed them: AutoreleasePoolPage::check() does "if
 * (!magic.check() || !pthread_equal(thread, pthread_self())) busted(die)", and busted() is
 * _objc_fatal("autorelease pool page %p corrupted ..."). So a pool popped on another OS thread (a
 * virtual thread that unmounted inside its pool and resumed on another carrier) aborts here. */
void objc_autoreleasePoolPop(void *token) {
    unsigned long pusher = (unsigned long) token >> 32;
    if (pusher != pool_thread) {
        fprintf(stderr, "fake objc: objc_autoreleasePoolPop(%p) on OS thread %lu of a pool pushed on OS thread %lu: "
                        "autorelease pool page corrupted (objc4 aborts: AutoreleasePoolPage::check)\n",
                token, pool_thread, pusher);
        fflush(stderr);
        abort();
    }
    long mark = (long) ((unsigned long) token & 0xffffffffUL) - 1;
    if (mark < 0 || mark > pool_count || pool_depth == 0) {
        fprintf(stderr, "fake objc: objc_autoreleasePoolPop(%p) of no pool pushed on this thread\n", token);
        fflush(stderr);
        abort();
    }
    while (pool_count > mark) objc_release(pool_items[--pool_count]);
    pool_depth--;
}

id objc_autorelease(id obj) {
    if (!obj) return obj;
    if (pool_depth == 0) {
        /* Apple's runtime logs "autoreleased with no pool in place - just leaking". */
        __atomic_add_fetch(&autoreleases_outside_pool, 1, __ATOMIC_RELAXED);
        return obj;
    }
    if (pool_count == pool_capacity) {
        pool_capacity = pool_capacity ? pool_capacity * 2 : 64;
        pool_items = realloc(pool_items, pool_capacity * sizeof *pool_items);
    }
    pool_items[pool_count++] = obj;
    return obj;
}

/* ---------------------------------------------------------------- NSObject */

static id ns_alloc(id cls, SEL cmd) { (void) cmd; return fake_objc_create((Class) cls); }
static id ns_init(id self, SEL cmd) { (void) cmd; return self; }
static id ns_new(id cls, SEL cmd) { (void) cmd; return SEND(SEND(cls, "alloc"), "init"); }
static id ns_retain(id self, SEL cmd) { (void) cmd; return objc_retain(self); }
static void ns_release(id self, SEL cmd) { (void) cmd; objc_release(self); }
static id ns_autorelease(id self, SEL cmd) { (void) cmd; return objc_autorelease(self); }
static NSUInteger ns_retain_count(id self, SEL cmd) { (void) cmd; return (NSUInteger) self->refs; }

void fake_objc_dispose(id self) {
    pthread_mutex_lock(&mu);
    for (Class c = self->isa; c; c = c->super) {
        int k = class_index(c);
        if (k >= 0) {
            live[k]--;
            break;
        }
    }
    pthread_mutex_unlock(&mu);
    free(self);
}

static void ns_dealloc(id self, SEL cmd) { (void) cmd; fake_objc_dispose(self); }
/* NSObject protocol: "- (BOOL)respondsToSelector:(SEL)aSelector; Returns a Boolean value that
 * indicates whether the receiver implements or inherits a method that can respond to a specified
 * message." The method lookup objc_msgSend makes, without the abort. */
static BOOL ns_responds_to_selector(id self, SEL cmd, SEL asked) {
    (void) cmd;
    for (Class c = self->isa; c; c = c->super) {
        for (int i = 0; i < c->methods; i++) {
            if (c->method[i].sel == asked) return 1;
        }
    }
    return 0;
}

__attribute__((constructor)) static void define_root(void) {
    Class ns_object = objc_allocateClassPair(NULL, "NSObject", 0);
    CLASS_METHOD(ns_object, "alloc", ns_alloc);
    CLASS_METHOD(ns_object, "new", ns_new);
    METHOD(ns_object, "init", ns_init);
    METHOD(ns_object, "retain", ns_retain);
    METHOD(ns_object, "release", ns_release);
    METHOD(ns_object, "autorelease", ns_autorelease);
    METHOD(ns_object, "retainCount", ns_retain_count);
    METHOD(ns_object, "dealloc", ns_dealloc);
    METHOD(ns_object, "respondsToSelector:", ns_responds_to_selector);
    objc_registerClassPair(ns_object);
}

/* ---------------------------------------------------------------- blocks */

void *_NSConcreteGlobalBlock[32];
void *_NSConcreteStackBlock[32];
void *_NSConcreteMallocBlock[32];
static long heap_blocks;
static long block_copies;

/* What Apple's runtime would crash on, or silently misread: a block of a class it does not know,
 * a descriptor smaller than the literal, no invoke function. */
static struct fake_block *checked_block(const void *block, const char *call) {
    struct fake_block *b = (struct fake_block *) block;
    const char *problem = NULL;
    if (b->isa != (void *) _NSConcreteStackBlock && b->isa != (void *) _NSConcreteGlobalBlock
        && b->isa != (void *) _NSConcreteMallocBlock) {
        problem = "its isa is none of _NSConcreteStackBlock, _NSConcreteGlobalBlock, _NSConcreteMallocBlock";
    } else if (!b->descriptor || b->descriptor->size < sizeof(struct fake_block)) {
        problem = "its descriptor is missing or gives a size smaller than a block literal";
    } else if (!b->invoke) {
        problem = "it has no invoke function";
    } else if (b->flags & BLOCK_HAS_SIGNATURE) {
        /* libclosure finds Block_descriptor_3 past descriptors 1 and 2 (_Block_descriptor_3) and
         * reads its layout as a GC layout (_Block_layout) or, with BLOCK_HAS_EXTENDED_LAYOUT, an
         * extended one: a block that captures no object has NULL there, as clang emits it. */
        char *at = (char *) b->descriptor + 2 * sizeof(unsigned long);
        if (b->flags & BLOCK_HAS_COPY_DISPOSE) at += 2 * sizeof(void *);
        struct fake_block_descriptor_3 *d3 = (struct fake_block_descriptor_3 *) at;
        if (!d3->signature || d3->signature[0] != 'v') {
            problem = "BLOCK_HAS_SIGNATURE, but its descriptor's signature is not the encoding of a void block";
        } else if (d3->layout && !(b->flags & BLOCK_HAS_EXTENDED_LAYOUT)) {
            problem = "its descriptor's layout field (Block_descriptor_3.layout) is not NULL for a block capturing no object";
        }
    }
    if (problem) {
        fprintf(stderr, "fake objc: %s(%p): not a block: %s\n", call, block, problem);
        fflush(stderr);
        abort();
    }
    return b;
}

void *_Block_copy(const void *block) {
    if (!block) return NULL;
    struct fake_block *b = checked_block(block, "_Block_copy");
    if (b->flags & BLOCK_NEEDS_FREE) {
        __atomic_add_fetch(&b->flags, 2, __ATOMIC_RELAXED); /* the count is kept in units of 2 */
        return b;
    }
    if (b->flags & BLOCK_IS_GLOBAL) return b;
    struct fake_block *copy = malloc(b->descriptor->size);
    memcpy(copy, b, b->descriptor->size);
    copy->flags &= ~BLOCK_REFCOUNT_MASK;
    copy->flags |= BLOCK_NEEDS_FREE | 2;
    copy->isa = _NSConcreteMallocBlock;
    if (b->flags & BLOCK_HAS_COPY_DISPOSE) b->descriptor->copy(copy, b);
    __atomic_add_fetch(&heap_blocks, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&block_copies, 1, __ATOMIC_RELAXED);
    return copy;
}

void _Block_release(const void *block) {
    if (!block) return;
    struct fake_block *b = checked_block(block, "_Block_release");
    if (!(b->flags & BLOCK_NEEDS_FREE)) return; /* global and stack blocks are not counted */
    int now = __atomic_sub_fetch(&b->flags, 2, __ATOMIC_ACQ_REL);
    if ((now & BLOCK_REFCOUNT_MASK) == 0) {
        if (b->flags & BLOCK_HAS_COPY_DISPOSE) b->descriptor->dispose(b);
        free(b);
        __atomic_sub_fetch(&heap_blocks, 1, __ATOMIC_RELAXED);
    }
}

/* ---------------------------------------------------------------- test hooks */

/* Heap blocks (copies made by _Block_copy) not yet released, and copies made so far. */
long fakeObjcHeapBlocks(void) { return __atomic_load_n(&heap_blocks, __ATOMIC_RELAXED); }

long fakeObjcBlockCopies(void) { return __atomic_load_n(&block_copies, __ATOMIC_RELAXED); }


long fakeObjcAutoreleasesOutsidePool(void) { return __atomic_load_n(&autoreleases_outside_pool, __ATOMIC_RELAXED); }

long fakeObjcSends(void) { return __atomic_load_n(&sends, __ATOMIC_RELAXED); }

/* Calls of sel_registerName, from the bridge or from the fake's own classes. */
long fakeObjcSelectorRegistrations(void) { return __atomic_load_n(&registrations, __ATOMIC_RELAXED); }

/* Instances of the named class (exactly that class) now alive, or -1 for no such class. */
long fakeObjcLive(const char *name) {
    pthread_mutex_lock(&mu);
    long n = -1;
    for (int i = 0; i < class_count; i++) {
        if (strcmp(classes[i]->name, name) == 0) n = live[i];
    }
    pthread_mutex_unlock(&mu);
    return n;
}
