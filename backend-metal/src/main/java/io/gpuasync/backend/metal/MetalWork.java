package io.gpuasync.backend.metal;

import java.time.Duration;
import java.util.Objects;

/**
 * Device work of a chosen duration: the backend's busy kernel, its iterations calibrated on the
 * device at hand (a GPU's loop rate is not known in advance; the tests' fake runs one iteration
 * per nanosecond).
 */
public final class MetalWork {
    private static final long CALIBRATION_NANOS = 2_000_000;

    private final MetalBackend backend;
    private final double iterationsPerNano;

    private MetalWork(MetalBackend backend, double iterationsPerNano) {
        this.backend = backend;
        this.iterationsPerNano = iterationsPerNano;
    }

    /**
     * Times the busy kernel on {@code queue}, growing its length until one run takes at least
     * 2 ms, so the start-up of a command buffer weighs little in the rate.
     */
    public static MetalWork calibrate(MetalBackend backend, MetalQueue queue) {
        Objects.requireNonNull(backend, "backend");
        long iterations = 100_000;
        while (true) {
            long start = System.nanoTime();
            backend.runBusy(queue, iterations);
            long took = System.nanoTime() - start;
            if (took >= CALIBRATION_NANOS || iterations > (1L << 40)) {
                return new MetalWork(backend, (double) iterations / Math.max(1, took));
            }
            iterations *= 4;
        }
    }

    /** Busy-kernel iterations per nanosecond on the calibrated device. */
    public double iterationsPerNano() {
        return iterationsPerNano;
    }

    /** Queues on {@code queue} about {@code duration} of device work. */
    public void enqueue(MetalQueue queue, Duration duration) {
        backend.enqueueBusy(queue, Math.max(1, Math.round(duration.toNanos() * iterationsPerNano)));
    }
}
