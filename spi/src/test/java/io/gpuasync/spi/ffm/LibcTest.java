package io.gpuasync.spi.ffm;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

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
    void theProcessCpuClockCountsNanosecondsAndMovesWithWork() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = Libc.newErrnoState(arena);
            MemorySegment time = arena.allocate(Libc.TIMESPEC);
            assertEquals(0, Libc.clock_gettime(state, Libc.CLOCK_PROCESS_CPUTIME_ID, time));
            long before = time.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + time.get(ValueLayout.JAVA_LONG, 8);
            long spun = System.nanoTime() + 2_000_000;
            while (System.nanoTime() - spun < 0) {
                Thread.onSpinWait();
            }
            assertEquals(0, Libc.clock_gettime(state, Libc.CLOCK_PROCESS_CPUTIME_ID, time));
            long after = time.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + time.get(ValueLayout.JAVA_LONG, 8);
            // 2 ms of spinning on this thread, counted to well under the 10 ms of a clock tick.
            assertTrue(after - before >= 1_000_000, (after - before) + " ns");
            assertTrue(time.get(ValueLayout.JAVA_LONG, 8) < 1_000_000_000L, "tv_nsec below a second");
            assertEquals(-1, Libc.clock_gettime(state, -1_000, time));
            assertEquals(EINVAL, Libc.errno(state), "clock_gettime of no such clock");
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
