package io.gpuasync.harness;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessCpuTest {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @Test
    void theProcessCpuCountsNanosecondsNotClockTicks() {
        // Spun until this thread itself ran 2 ms, whatever the scheduler does meanwhile: the
        // process ran at least that.
        long before = ProcessCpu.nanos();
        long threadFrom = THREADS.getCurrentThreadCpuTime();
        long threadRan;
        while ((threadRan = THREADS.getCurrentThreadCpuTime() - threadFrom) < 2_000_000) {
            Thread.onSpinWait();
        }
        long ran = ProcessCpu.nanos() - before;
        assertTrue(ran >= threadRan, ran + " ns for the process, " + threadRan + " ns for this thread alone");
        // Clock ticks (times(2), what the MXBean reads on Linux) count in whole 10 ms steps.
        assertNotEquals(0, ran % 10_000_000, ran + " ns: a whole number of clock ticks");
    }
}
