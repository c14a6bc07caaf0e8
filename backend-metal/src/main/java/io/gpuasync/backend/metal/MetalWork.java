package io.gpuasync.backend.metal;

import io.gpuasync.spi.bench.Calibration;

import java.time.Duration;
import java.util.Objects;

/**
 * Device work of a chosen duration, for the bench and the tests: the backend's busy kernel, its
 * iterations calibrated on the device at hand.
 */
final class MetalWork {
    private final MetalBackend backend;
    private final double iterationsPerNano;

    private MetalWork(MetalBackend backend, double iterationsPerNano) {
        this.backend = backend;
        this.iterationsPerNano = iterationsPerNano;
    }

    /** Calibrates the busy kernel on {@code queue} ({@link Calibration#iterationsPerNano}). */
    static MetalWork calibrate(MetalBackend backend, MetalQueue queue) {
        Objects.requireNonNull(backend, "backend");
        return new MetalWork(backend, Calibration.iterationsPerNano(iterations -> backend.runBusy(queue, iterations)));
    }

    /** Busy-kernel iterations per nanosecond on the calibrated device. */
    double iterationsPerNano() {
        return iterationsPerNano;
    }

    /** The busy kernel's iterations that take about {@code duration} on the calibrated device. */
    long iterationsFor(Duration duration) {
        return Math.max(1, Math.round(duration.toNanos() * iterationsPerNano));
    }

    /** Queues on {@code queue} about {@code duration} of device work. */
    void enqueue(MetalQueue queue, Duration duration) {
        backend.enqueueBusy(queue, iterationsFor(duration));
    }
}
