package io.gpuasync.backend.metal.internal;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;

import java.nio.charset.StandardCharsets;

/** The few Foundation objects the backend makes or reads: strings and errors. */
public final class Foundation {
    private Foundation() {
    }

    /**
     * A new {@code NSString} ({@code alloc} + {@code initWithUTF8String:}): owned, release it.
     * Neither send autoreleases, so it needs no pool; it allocates a JNA {@code Memory}, so it is
     * never called inside one (see {@link Pool}).
     */
    public static long newString(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        try (Memory chars = new Memory(utf8.length + 1L)) {
            chars.write(0, utf8, 0, utf8.length);
            chars.setByte(utf8.length, (byte) 0);
            long string = Msg.word(Msg.word(ObjC.objc_getClass("NSString"), Sel.ALLOC), Sel.INIT_WITH_UTF8_STRING,
                    Pointer.nativeValue(chars));
            if (string == 0) {
                throw new IllegalStateException("-[NSString initWithUTF8String:] returned nil");
            }
            return string;
        }
    }

    /** The text of an {@code NSString}, read while it lives (inside the pool that holds it). */
    public static String text(long string) {
        if (string == 0) {
            return "(nil)";
        }
        long chars = Msg.word(string, Sel.UTF8_STRING);
        if (chars == 0) {
            return "";
        }
        // Two native reads and a decode by a Charset in hand: nothing here takes a lock, as a
        // pooled section must not (see Pool).
        Pointer text = new Pointer(chars);
        return new String(text.getByteArray(0, (int) text.indexOf(0, (byte) 0)), StandardCharsets.UTF_8);
    }

    /** {@code "code 3: <localizedDescription>"} of an {@code NSError}, read inside its pool. */
    public static String describeError(long error) {
        if (error == 0) {
            return "no NSError";
        }
        return "NSError code " + Msg.word(error, Sel.CODE) + ": " + text(Msg.word(error, Sel.LOCALIZED_DESCRIPTION));
    }
}
