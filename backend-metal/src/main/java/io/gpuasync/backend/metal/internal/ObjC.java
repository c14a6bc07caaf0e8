package io.gpuasync.backend.metal.internal;

/**
 * The Objective-C runtime ({@code libobjc}), bound with JNA's direct mapping once {@link
 * MetalLibraries} has registered this class on the library. Types follow the runtime's C
 * declarations: {@code id}, {@code SEL}, {@code Class}, pointers, {@code NSUInteger},
 * {@code NSInteger} and {@code uint64_t} are {@code long}; {@code BOOL} is returned as
 * {@code byte} (a {@code signed char} on x86-64, a {@code bool} on arm64: one byte either way).
 *
 * <p>{@code objc_msgSend} has no prototype of its own: the caller casts it to the method's, and
 * the runtime jumps to the method with the caller's registers and stack untouched. So it is
 * bound once per C prototype ({@link Prototype}), each a fixed-arity Java method that JNA calls
 * as a fixed-arity C function. Never through a Java varargs method: JNA would prepare a variadic
 * call, which on arm64 passes the arguments on the stack, where no method looks for them
 * (garbage on Apple silicon, while x86-64 happens to work). {@code BridgeShapeTest} fails on any
 * varargs method here. No method returns a structure: x86-64 would need
 * {@code objc_msgSend_stret}, and arm64 has none; Metal's getters used here return scalars.
 */
public final class ObjC {
    private ObjC() {
    }

    // ------------------------------------------------------------------ runtime functions

    /** {@code Class objc_getClass(const char *name)}: 0 if no class has that name. */
    public static native long objc_getClass(String name);

    /** {@code SEL sel_registerName(const char *name)}: the unique selector of that name. */
    public static native long sel_registerName(String name);

    /** {@code id objc_retain(id obj)}. */
    public static native long objc_retain(long obj);

    /** {@code void objc_release(id obj)}. */
    public static native void objc_release(long obj);

    /** {@code void *objc_autoreleasePoolPush(void)}. */
    public static native long objc_autoreleasePoolPush();

    /** {@code void objc_autoreleasePoolPop(void *pool)}. */
    public static native void objc_autoreleasePoolPop(long pool);

    /**
     * {@code int getpagesize(void)}: the system's page size (16384 on Apple silicon, 4096 on
     * x86-64), from the runtime's own dependencies (libSystem on macOS, libc under the fake).
     */
    public static native int getpagesize();

    // ------------------------------------------------------------------ objc_msgSend, per prototype

    /** {@link Prototype#WORD}: {@code id / void* / NSUInteger / uint64_t (id, SEL)}. */
    static native long msgSendWord(long self, long sel);

    /** {@link Prototype#WORD_WORD}: {@code id (id, SEL, id / const char* / NSUInteger)}. */
    static native long msgSendWordWord(long self, long sel, long a);

    /** {@link Prototype#WORD_WORD_WORD}: {@code id (id, SEL, NSUInteger, NSUInteger)}, {@code id (id, SEL, id, NSError**)}. */
    static native long msgSendWordWordWord(long self, long sel, long a, long b);

    /** {@link Prototype#WORD_WORD_WORD_WORD}: {@code id (id, SEL, id, id, NSError**)}. */
    static native long msgSendWordWordWordWord(long self, long sel, long a, long b, long c);

    /** {@link Prototype#WORD_WORD_WORD_WORD_WORD}: {@code id (id, SEL, void *, NSUInteger, MTLResourceOptions, block)}. */
    static native long msgSendWordWordWordWordWord(long self, long sel, long a, long b, long c, long d);

    /** {@link Prototype#VOID}: {@code void (id, SEL)}. */
    static native void msgSendVoid(long self, long sel);

    /** {@link Prototype#VOID_WORD}: {@code void (id, SEL, id / uint64_t)}. */
    static native void msgSendVoidWord(long self, long sel, long a);

    /** {@link Prototype#VOID_WORD_WORD}: {@code void (id, SEL, id, uint64_t)}. */
    static native void msgSendVoidWordWord(long self, long sel, long a, long b);

    /** {@link Prototype#VOID_WORD_WORD_WORD}: {@code void (id, SEL, id / const void*, NSUInteger, NSUInteger)}. */
    static native void msgSendVoidWordWordWord(long self, long sel, long a, long b, long c);

    /** {@link Prototype#VOID_SIZE_SIZE}: {@code void (id, SEL, MTLSize, MTLSize)}, both by value. */
    static native void msgSendVoidSizeSize(long self, long sel, MTLSize.ByValue a, MTLSize.ByValue b);

    /** {@link Prototype#BOOL_WORD}: {@code BOOL (id, SEL, NSInteger)}. */
    static native byte msgSendBoolWord(long self, long sel, long a);

    /** {@link Prototype#BOOL_WORD_WORD}: {@code BOOL (id, SEL, uint64_t, uint64_t)}. */
    static native byte msgSendBoolWordWord(long self, long sel, long a, long b);
}
