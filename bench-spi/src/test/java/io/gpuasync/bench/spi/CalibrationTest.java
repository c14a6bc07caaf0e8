package io.gpuasync.bench.spi;

import org.junit.jupiter.api.Test;

import java.util.function.LongConsumer;

import static org.junit.jupiter.api.Assertions.assertTrue;

class CalibrationTest {
    // The fake kernel's true rate: 4 iterations per microsecond, so the first length (100,000
    // iterations) takes 25 ms, long enough that the calibration does not grow it.
    private static final double TRUE_RATE = 4e-3;

    /**
     * Every short run held up by the same stall (a loaded machine's scheduler, a JIT thread on the
     * device's core) brings the two lengths' times within a few milliseconds of each other; the
     * rate must still be at most twice the true one. Sleeps only ever take longer than asked, so
     * no load on the machine running this test can make the bound fail.
     */
    @Test
    void noiseThatSlowsEveryShortRunDoesNotMakeTheRateRunAway() {
        double rate = Calibration.iterationsPerNano(kernel(200_000, 70_000_000));

        assertTrue(rate <= 2 * TRUE_RATE, "calibrated " + rate + " iterations/ns for a kernel of " + TRUE_RATE
                + ": work asked for 100 ms would take " + Math.round(100 * rate / TRUE_RATE) + " ms");
    }

    // Runs of fewer than shortBelow iterations take stallNanos more than the rate says.
    private static LongConsumer kernel(long shortBelow, long stallNanos) {
        return iterations -> {
            long nanos = Math.round(iterations / TRUE_RATE) + (iterations < shortBelow ? stallNanos : 0);
            long end = System.nanoTime() + nanos;
            for (long left = nanos; left > 0; left = end - System.nanoTime()) {
                try {
                    Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        };
    }
}
