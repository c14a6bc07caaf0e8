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
    void theEnvironmentIsTheCLibrarysAsTheJvmStartedWithIt() {
        // Nothing in the test JVM changes these natively: the C library's view is the JVM's copy.
        assertEquals(System.getenv("PATH"), Libc.environment("PATH"));
        assertEquals(null, Libc.environment("GAR_TEST_A_VARIABLE_NOBODY_SETS"));
    }

    @Test
    void theProcessCpuClockCountsNanosecondsAndMovesWithWork() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = Libc.newErrnoState(arena);
            MemorySegment time = arena.allocate(Libc.TIMESPEC);
            long before = read(state, CLOCK_PROCESS, time);
            // Spun until this thread itself ran 2 ms (its own CPU clock), whatever the scheduler
            // does meanwhile: the process ran at least that, counted below a 10 ms clock tick.
            long threadFrom = read(state, CLOCK_THREAD, time);
            long threadRan;
            while ((threadRan = read(state, CLOCK_THREAD, time) - threadFrom) < 2_000_000) {
                Thread.onSpinWait();
            }
            long ran = read(state, CLOCK_PROCESS, time) - before;
            assertTrue(ran >= threadRan, ran + " ns for the process, " + threadRan + " ns for this thread");
            assertTrue(ran % 10_000_000 != 0, ran + " ns: a whole number of clock ticks");
            assertTrue(time.get(ValueLayout.JAVA_LONG, 8) < 1_000_000_000L, "tv_nsec below a second");
            assertEquals(-1, Libc.clock_gettime(state, -1_000, time));
            assertEquals(EINVAL, Libc.errno(state), "clock_gettime of no such clock");
        }
    }

    private static final int CLOCK_PROCESS = Libc.CLOCK_PROCESS_CPUTIME_ID;
    // <linux/time.h>: the calling thread's CPU time.
    private static final int CLOCK_THREAD = 3;

    private static long read(MemorySegment state, int clock, MemorySegment time) {
        assertEquals(0, Libc.clock_gettime(state, clock, time), "clock_gettime(" + clock + ")");
        return time.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + time.get(ValueLayout.JAVA_LONG, 8);
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
