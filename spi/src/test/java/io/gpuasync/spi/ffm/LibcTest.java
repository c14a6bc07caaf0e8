package io.gpuasync.spi.ffm;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The C library's entry points, against the machine's own C library. */
class LibcTest {
    // <asm-generic/errno-base.h>
    private static final int EBADF = 9;
    private static final int EINVAL = 22;

    @Test
    void everyBindingLinks() {
        for (Libc.Function function : Libc.FUNCTIONS) {
            assertTrue(Libc.has(function), function.symbol());
            Libc.downcall(function);
        }
    }

    @Test
    void aFailedCallLeavesItsErrnoInTheCallersSegment() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment first = Libc.newErrnoState(arena);
            MemorySegment second = Libc.newErrnoState(arena);
            assertEquals(-1, Libc.close(first, -1));
            // prctl with an option the kernel does not know: EINVAL, in the other segment only.
            assertEquals(-1, Libc.prctl(second, -1, 0L, 0L, 0L, 0L));
            assertEquals(EBADF, Libc.errno(first), "close(-1)");
            assertEquals(EINVAL, Libc.errno(second), "prctl(-1)");
        }
    }
}
