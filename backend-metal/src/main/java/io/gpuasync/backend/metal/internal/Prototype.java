package io.gpuasync.backend.metal.internal;

/**
 * The C prototypes {@code objc_msgSend} is called with here, by their shape in the calling
 * convention: "word" is any 64-bit integer-class argument or result ({@code id}, {@code SEL},
 * pointers, {@code NSUInteger}, {@code NSInteger}, {@code uint64_t}), {@code BOOL} is one byte,
 * {@code MTLSize} a 24-byte structure by value. Each has exactly one Java method in {@link ObjC};
 * each selector in {@link Sel} says which it is, and a send through another is refused.
 */
public enum Prototype {
    WORD("msgSendWord", 0),
    WORD_WORD("msgSendWordWord", 1),
    WORD_WORD_WORD("msgSendWordWordWord", 2),
    WORD_WORD_WORD_WORD("msgSendWordWordWordWord", 3),
    WORD_WORD_WORD_WORD_WORD("msgSendWordWordWordWordWord", 4),
    VOID("msgSendVoid", 0),
    VOID_WORD("msgSendVoidWord", 1),
    VOID_WORD_WORD("msgSendVoidWordWord", 2),
    VOID_WORD_WORD_WORD("msgSendVoidWordWordWord", 3),
    VOID_SIZE_SIZE("msgSendVoidSizeSize", 2),
    BOOL_WORD("msgSendBoolWord", 1),
    BOOL_WORD_WORD("msgSendBoolWordWord", 2);

    private final String method;
    private final int arguments;

    Prototype(String method, int arguments) {
        this.method = method;
        this.arguments = arguments;
    }

    /** The {@link ObjC} method that calls {@code objc_msgSend} with this prototype. */
    public String method() {
        return method;
    }

    /** Arguments after {@code self} and {@code _cmd}. */
    public int arguments() {
        return arguments;
    }
}
