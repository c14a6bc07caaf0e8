package io.gpuasync.backend.metal.internal;

/**
 * Sends, each through the one {@link ObjC} binding of its selector's prototype. A selector sent
 * through a binding of another prototype is refused before the call: on arm64 a mismatched send
 * reads its arguments from the wrong registers.
 */
public final class Msg {
    private Msg() {
    }

    private static long check(Sel sel, Prototype through) {
        if (sel.prototype() != through) {
            throw new IllegalArgumentException(sel.selector() + " has prototype " + sel.prototype()
                    + ", not " + through);
        }
        return sel.id();
    }

    public static long word(long self, Sel sel) {
        return ObjC.msgSendWord(self, check(sel, Prototype.WORD));
    }

    public static long word(long self, Sel sel, long a) {
        return ObjC.msgSendWordWord(self, check(sel, Prototype.WORD_WORD), a);
    }

    public static long word(long self, Sel sel, long a, long b) {
        return ObjC.msgSendWordWordWord(self, check(sel, Prototype.WORD_WORD_WORD), a, b);
    }

    public static long word(long self, Sel sel, long a, long b, long c) {
        return ObjC.msgSendWordWordWordWord(self, check(sel, Prototype.WORD_WORD_WORD_WORD), a, b, c);
    }

    public static long word(long self, Sel sel, long a, long b, long c, long d) {
        return ObjC.msgSendWordWordWordWordWord(self, check(sel, Prototype.WORD_WORD_WORD_WORD_WORD), a, b, c, d);
    }

    public static void send(long self, Sel sel) {
        ObjC.msgSendVoid(self, check(sel, Prototype.VOID));
    }

    public static void send(long self, Sel sel, long a) {
        ObjC.msgSendVoidWord(self, check(sel, Prototype.VOID_WORD), a);
    }

    public static void send(long self, Sel sel, long a, long b) {
        ObjC.msgSendVoidWordWord(self, check(sel, Prototype.VOID_WORD_WORD), a, b);
    }

    public static void send(long self, Sel sel, long a, long b, long c) {
        ObjC.msgSendVoidWordWordWord(self, check(sel, Prototype.VOID_WORD_WORD_WORD), a, b, c);
    }

    public static void send(long self, Sel sel, MTLSize.ByValue a, MTLSize.ByValue b) {
        ObjC.msgSendVoidSizeSize(self, check(sel, Prototype.VOID_SIZE_SIZE), a, b);
    }

    /** {@code [self respondsToSelector:asked]}: whether {@code self} implements or inherits {@code asked}. */
    public static boolean responds(long self, Sel asked) {
        return bool(self, Sel.RESPONDS_TO_SELECTOR, asked.id());
    }

    /** A {@code BOOL} result: any nonzero byte is YES. */
    public static boolean bool(long self, Sel sel, long a) {
        return ObjC.msgSendBoolWord(self, check(sel, Prototype.BOOL_WORD), a) != 0;
    }

    public static boolean bool(long self, Sel sel, long a, long b) {
        return ObjC.msgSendBoolWordWord(self, check(sel, Prototype.BOOL_WORD_WORD), a, b) != 0;
    }
}
