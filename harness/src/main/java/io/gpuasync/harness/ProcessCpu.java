package io.gpuasync.harness;

import io.gpuasync.spi.ffm.Libc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;

/**
 * The whole process's CPU time, to the nanosecond: {@code clock_gettime(CLOCK_PROCESS_CPUTIME_ID)}
 * through {@link Libc}. Not {@code OperatingSystemMXBean.getProcessCpuTime}, which on Linux
 * counts clock ticks ({@code times(2)}): too coarse for a row's CPU per await, and less the JIT
 * compiler's CPU (counted in nanoseconds) it can come out negative. Where the C library lacks the
 * call, the MXBean's figure, ticks and all.
 */
final class ProcessCpu {
    private static final boolean PRECISE = Libc.has(Libc.F_clock_gettime);
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private ProcessCpu() {
    }

    /** Nanoseconds of CPU every thread of this process has run, those that ended included. */
    static long nanos() {
        if (PRECISE) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment time = arena.allocate(Libc.TIMESPEC);
                if (Libc.clock_gettime(Libc.newErrnoState(arena), Libc.CLOCK_PROCESS_CPUTIME_ID, time) == 0) {
                    return time.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + time.get(ValueLayout.JAVA_LONG, 8);
                }
            } catch (RuntimeException | UnsatisfiedLinkError e) {
                // Falls back below.
            }
        }
        return OS.getProcessCpuTime();
    }
}
