package io.gpuasync.bench.spi;

import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * The rate of a backend's busy kernel on the device at hand, for work of a chosen duration: a
 * GPU's loop rate is not known in advance (a software rasterizer runs the same kernel on a CPU
 * thread, a test's fake one iteration per nanosecond).
 */
public final class Calibration {
    private static final long CALIBRATION_NANOS = 20_000_000;
    // How far the rate from the difference of two lengths may exceed the long run's own.
    private static final double MOST_OVER_WHOLE = 2.0;

    private Calibration() {
    }

    /**
     * Times {@code run} (which queues that many iterations of the kernel and returns once they
     * completed): after one run untimed (a first run also pays for what happens once, such as a
     * pipeline's first use, and would stop the growth at a length too short to time), grows the
     * length until the quicker of two runs takes at least 20 ms, then times the quickest of
     * three runs of that length and of four times it. The rate is the larger of the long run's
     * and the one from the difference of the two, in which what each run costs besides the loop
     * (submitting, waking the waiter) cancels out: a rate too low would make work shorter than
     * asked, which a test of ordering cannot tell from a store landing early, while one too high
     * only makes it longer. The difference's rate counts at most twice the long run's: noise that
     * slowed every short run brings the two lengths' times together, and its rate then grows
     * without bound (and work many times longer than asked holds the queue behind it).
     *
     * @return iterations per nanosecond
     */
    public static double iterationsPerNano(LongConsumer run) {
        Objects.requireNonNull(run, "run");
        long iterations = 100_000;
        run.accept(iterations);
        while (quickest(run, iterations, 2) < CALIBRATION_NANOS && iterations < (1L << 40)) {
            iterations *= 4;
        }
        long shorter = quickest(run, iterations, 3);
        long longer = quickest(run, 4 * iterations, 3);
        double whole = 4.0 * iterations / Math.max(1, longer);
        double difference = longer > shorter ? 3.0 * iterations / (longer - shorter) : whole;
        return Math.max(whole, Math.min(difference, MOST_OVER_WHOLE * whole));
    }

    private static long quickest(LongConsumer run, long iterations, int runs) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            run.accept(iterations);
            best = Math.min(best, System.nanoTime() - start);
        }
        return best;
    }
}
