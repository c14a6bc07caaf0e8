package io.gpuasync.backend.metal;

import java.time.Duration;
import java.util.Objects;

/**
 * Device work of a chosen duration: the backend's busy kernel, its iterations calibrated on the
 * device at hand (a GPU's loop rate is not known in advance; the tests' fake runs one iteration
 * per nanosecond).
 */
public final class MetalWork {
    private static final long CALIBRATION_NANOS = 20_000_000;

    private final MetalBackend backend;
    private final double iterationsPerNano;

    private MetalWork(MetalBackend backend, double iterationsPerNano) {
        this.backend = backend;
        this.iterationsPerNano = iterationsPerNano;
    }

    /**
     * Times the busy kernel on {@code queue}: grows its length until one run takes at least
     * 20 ms, then times the quickest of three runs of that length and of four times it. The rate
     * is the larger of the long run's and the one from the difference of the two, in which what
     * each run costs besides the loop (committing, waking the waiter) cancels out: a rate too
     * low would make work shorter than asked, which a test of ordering cannot tell from a store
     * landing early, while one too high only makes it longer.
     */
    public static MetalWork calibrate(MetalBackend backend, MetalQueue queue) {
        Objects.requireNonNull(backend, "backend");
        long iterations = 100_000;
        while (quickest(backend, queue, iterations, 1) < CALIBRATION_NANOS && iterations < (1L << 40)) {
            iterations *= 4;
        }
        long shorter = quickest(backend, queue, iterations, 3);
        long longer = quickest(backend, queue, 4 * iterations, 3);
        double whole = 4.0 * iterations / Math.max(1, longer);
        double difference = longer > shorter ? 3.0 * iterations / (longer - shorter) : whole;
        return new MetalWork(backend, Math.max(whole, difference));
    }

    private static long quickest(MetalBackend backend, MetalQueue queue, long iterations, int runs) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            backend.runBusy(queue, iterations);
            best = Math.min(best, System.nanoTime() - start);
        }
        return best;
    }

    /** Busy-kernel iterations per nanosecond on the calibrated device. */
    public double iterationsPerNano() {
        return iterationsPerNano;
    }

    /** The busy kernel's iterations that take about {@code duration} on the calibrated device. */
    public long iterationsFor(Duration duration) {
        return Math.max(1, Math.round(duration.toNanos() * iterationsPerNano));
    }

    /** Queues on {@code queue} about {@code duration} of device work. */
    public void enqueue(MetalQueue queue, Duration duration) {
        backend.enqueueBusy(queue, iterationsFor(duration));
    }
}
