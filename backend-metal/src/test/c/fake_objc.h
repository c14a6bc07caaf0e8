/*
 * The fake Objective-C runtime the Metal backend's tests run against on Linux: what Apple's
 * libobjc exports and the bridge calls, plus the runtime functions the fake Metal uses to
 * declare its classes (objc_allocateClassPair, class_addMethod, objc_registerClassPair: the
 * names Apple's runtime gives them). Objects are reference counted by objc_retain/objc_release,
 * autoreleased into per-thread pools, and receive messages through objc_msgSend
 * (objc_msgSend_x86_64.S), which looks up (isa, _cmd) and jumps to the method, so a caller's
 * arguments reach the method exactly as the caller's prototype put them in registers and on
 * the stack.
 */
#ifndef GAR_FAKE_OBJC_H
#define GAR_FAKE_OBJC_H
#include <stddef.h>
#include <stdint.h>

typedef struct objc_class *Class;
typedef const char *SEL;
typedef struct objc_object {
    Class isa;
    long refs;
} *id;
typedef void (*IMP)(void);
typedef signed char BOOL;
typedef unsigned long NSUInteger;
typedef long NSInteger;

struct objc_class {
    struct objc_object base;  /* isa: the metaclass, whose methods are the class methods */
    Class super;
    const char *name;
    size_t instance_size;
    int methods;
    int capacity;
    struct { SEL sel; IMP imp; } *method;
};

id objc_getClass(const char *name);
SEL sel_registerName(const char *name);
Class objc_allocateClassPair(Class super, const char *name, size_t extra);
void objc_registerClassPair(Class cls);
BOOL class_addMethod(Class cls, SEL sel, IMP imp, const char *types);
Class object_getClass(id obj);
id objc_retain(id obj);
void objc_release(id obj);
id objc_autorelease(id obj);
void *objc_autoreleasePoolPush(void);
void objc_autoreleasePoolPop(void *pool);
/* As Apple declares it without OBJC_OLD_DISPATCH_PROTOTYPES: callers cast it to the prototype. */
void objc_msgSend(void);

/*
 * The blocks runtime, which Apple ships in libsystem_blocks (re-exported by libSystem, which
 * libobjc links): the block classes and Block_copy / Block_release, as Block.h declares them.
 * A block literal, as the Block ABI lays it out (Block_private.h):
 */
struct fake_block_descriptor {
    unsigned long reserved;
    unsigned long size;
    /* Present only with BLOCK_HAS_COPY_DISPOSE (libclosure's Block_descriptor_2). */
    void (*copy)(void *dst, const void *src);
    void (*dispose)(const void *src);
};
/* With BLOCK_HAS_SIGNATURE, after the above (without copy and dispose when the block has none):
 * libclosure's Block_descriptor_3, "const char *signature; const char *layout; // contents
 * depend on BLOCK_HAS_EXTENDED_LAYOUT". */
struct fake_block_descriptor_3 {
    const char *signature;
    const char *layout;
};
struct fake_block {
    void *isa;
    volatile int flags;
    int reserved;
    void (*invoke)(void *block, ...);
    struct fake_block_descriptor *descriptor;
    /* captured variables follow */
};
#define BLOCK_REFCOUNT_MASK 0xfffe
#define BLOCK_NEEDS_FREE (1 << 24)
#define BLOCK_HAS_COPY_DISPOSE (1 << 25)
#define BLOCK_IS_GLOBAL (1 << 28)
#define BLOCK_HAS_SIGNATURE (1 << 30)
#define BLOCK_HAS_EXTENDED_LAYOUT (1 << 31)
extern void *_NSConcreteGlobalBlock[32];
extern void *_NSConcreteStackBlock[32];
extern void *_NSConcreteMallocBlock[32];
void *_Block_copy(const void *aBlock);
void _Block_release(const void *aBlock);

/* sel_registerName for the fakes' own use, not counted by fakeObjcSelectorRegistrations. */
SEL fake_objc_intern(const char *name);
/* What fake classes build on: a zeroed instance with one reference, of the class's size. */
id fake_objc_create(Class cls);
/* NSObject's dealloc, which a class's own dealloc ends with (its [super dealloc]). */
void fake_objc_dispose(id obj);

#define METHOD(cls, name, fn) class_addMethod((cls), fake_objc_intern(name), (IMP) (fn), "")
#define CLASS_METHOD(cls, name, fn) class_addMethod(object_getClass((id) (cls)), fake_objc_intern(name), (IMP) (fn), "")
/* A send of a selector with no arguments returning an object, through objc_msgSend itself. */
static inline id fake_send(id obj, const char *name) {
    IMP send = objc_msgSend;
    return ((id (*)(id, SEL)) send)(obj, fake_objc_intern(name));
}
#define SEND(obj, name) fake_send((id) (obj), (name))
#endif
