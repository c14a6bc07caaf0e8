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

    /**
     * A first run that also pays for what happens once (a shader compiled on first use, a queue's
     * first submit) must not stop the growth at the first length: the timed runs must be long
     * enough that a stall of a millisecond does not decide the rate.
     */
    @Test
    void aSlowFirstRunDoesNotStopTheLengthFromGrowing() {
        long[] longest = {0};
        LongConsumer fast = kernel(0, 0, 100 * TRUE_RATE, 30_000_000);
        Calibration.iterationsPerNano(iterations -> {
            longest[0] = Math.max(longest[0], iterations);
            fast.accept(iterations);
        });

        // 100 times the rate: 100,000 iterations take 0.25 ms; 20 ms needs 8,000,000.
        assertTrue(longest[0] >= 8_000_000, "the calibration timed runs of at most " + longest[0] + " iterations,"
                + " " + longest[0] / (100 * TRUE_RATE) / 1e6 + " ms each");
    }

    private static LongConsumer kernel(long shortBelow, long stallNanos) {
        return kernel(shortBelow, stallNanos, TRUE_RATE, 0);
    }

    // Runs of fewer than shortBelow iterations take stallNanos more than the rate says; the first
    // run takes firstNanos more.
    private static LongConsumer kernel(long shortBelow, long stallNanos, double rate, long firstNanos) {
        boolean[] ran = {false};
        return iterations -> {
            long nanos = Math.round(iterations / rate) + (iterations < shortBelow ? stallNanos : 0)
                    + (ran[0] ? 0 : firstNanos);
            ran[0] = true;
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
