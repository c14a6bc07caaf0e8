package io.gpuasync.spi.ffm;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Finding a vendor library, against the C library every Linux machine has and one none has. */
class NativeLibraryTest {

    @Test
    void aMissingLibraryIsAStoredCauseNamingEveryNameTried() {
        NativeLibrary missing = new NativeLibrary("gar.test.none", "GAR_TEST_NONE", "libgar-none.so.9", "libgar-none.so");
        Throwable cause = missing.loadFailure().orElseThrow();
        assertTrue(cause.getMessage().startsWith("cannot load libgar-none.so.9 or libgar-none.so: "), cause.getMessage());
        assertEquals(MemorySegment.NULL, missing.find("strlen"));
        assertEquals(Optional.of(cause), missing.unavailability(List.of("strlen")));
    }

    @Test
    void theFirstDefaultThatLoadsIsUsedAndAMissingSymbolIsNamed() {
        NativeLibrary libc = new NativeLibrary("gar.test.libc", "GAR_TEST_LIBC", "libgar-none.so", "libc.so.6");
        assertTrue(libc.loadFailure().isEmpty());
        assertEquals("libc.so.6", libc.location());
        assertNotEquals(MemorySegment.NULL, libc.find("strlen"));
        Throwable missing = libc.unavailability(List.of("strlen", "gar_no_such_symbol")).orElseThrow();
        assertEquals("unresolved symbol: gar_no_such_symbol in libc.so.6", missing.getMessage());
    }

    @Test
    void thePropertyNamesAnotherLibraryAndTheReadinessCheckRunsOnce() {
        System.setProperty("gar.test.named", "libgar-none.so.3");
        try {
            NativeLibrary named = new NativeLibrary("gar.test.named", "GAR_TEST_NAMED", "libc.so.6");
            assertEquals("libgar-none.so.3", named.location());
            assertFalse(named.loadFailure().isEmpty(), "the property wins over a default that would load");
        } finally {
            System.clearProperty("gar.test.named");
        }
        NativeLibrary libc = new NativeLibrary("gar.test.libc2", "GAR_TEST_LIBC2", "libc.so.6");
        AtomicInteger checks = new AtomicInteger();
        Optional<Throwable> first = libc.unavailability(List.of("strlen"), () -> {
            checks.incrementAndGet();
            return Optional.of(new IllegalStateException("no device"));
        });
        Optional<Throwable> second = libc.unavailability(List.of("strlen"), Optional::empty);
        assertEquals("no device", first.orElseThrow().getMessage());
        assertEquals(first, second, "the answer is worked out once");
        assertEquals(1, checks.get());
    }

    @Test
    void aDowncallIsBoundToItsSymbolAndAMissingOneFailsAtTheFirstCallNamingIt() throws Throwable {
        NativeLibrary libc = new NativeLibrary("gar.test.libc3", "GAR_TEST_LIBC3", "libc.so.6");
        MethodHandle strlen = libc.downcall("strlen", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        try (Arena arena = Arena.ofConfined()) {
            long length = (long) strlen.invokeExact(arena.allocateFrom("seven"));
            assertEquals(5L, length);
        }
        UnsatisfiedLinkError missing = assertThrows(UnsatisfiedLinkError.class,
                () -> libc.downcall("gar_no_such_symbol", FunctionDescriptor.ofVoid()));
        assertEquals("unresolved symbol: gar_no_such_symbol", missing.getMessage());
        NativeLibrary none = new NativeLibrary("gar.test.none2", "GAR_TEST_NONE2", "libgar-none.so.9");
        UnsatisfiedLinkError unloaded = assertThrows(UnsatisfiedLinkError.class,
                () -> none.downcall("strlen", FunctionDescriptor.ofVoid()));
        assertTrue(unloaded.getMessage().startsWith("unresolved symbol: strlen (cannot load libgar-none.so.9: "),
                unloaded.getMessage());
        assertTrue(libc.has("strlen") && !libc.has("gar_no_such_symbol") && !none.has("strlen"));
        assertTrue(libc.named().isEmpty(), "no property and no variable name it");
    }
}
