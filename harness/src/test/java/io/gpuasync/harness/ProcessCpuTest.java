package io.gpuasync.harness;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessCpuTest {
    @Test
    void theProcessCpuCountsNanosecondsNotClockTicks() {
        long before = ProcessCpu.nanos();
        long spun = System.nanoTime() + 2_000_000;
        while (System.nanoTime() - spun < 0) {
            Thread.onSpinWait();
        }
        long ran = ProcessCpu.nanos() - before;
        assertTrue(ran >= 1_800_000, ran + " ns for 2 ms of spinning");
        // Clock ticks (times(2), what the MXBean reads on Linux) count in whole 10 ms steps.
        assertNotEquals(0, ran % 10_000_000, ran + " ns: a whole number of clock ticks");
    }
}
