package io.gpuasync.backend.vulkan;

import io.gpuasync.spi.LineException;
import io.gpuasync.spi.bench.Calibration;

import java.time.Duration;
import java.util.Objects;

/**
 * Device work of a chosen duration, for the bench and the tests: the backend's busy shader, its
 * loop iterations calibrated on the device at hand (lavapipe runs it on a CPU thread through
 * LLVM, a GPU on one of its cores).
 */
final class VulkanWork {
    private static final long RUN_BOUND_NANOS = Duration.ofSeconds(60).toNanos();

    private final double iterationsPerNano;

    private VulkanWork(double iterationsPerNano) {
        this.iterationsPerNano = iterationsPerNano;
    }

    /** Calibrates the busy shader on {@code queue} ({@link Calibration#iterationsPerNano}). */
    static VulkanWork calibrate(VulkanQueue queue) {
        Objects.requireNonNull(queue, "queue");
        return new VulkanWork(Calibration.iterationsPerNano(iterations -> run(queue, iterations)));
    }

    /** Queues {@code iterations} of the busy shader on {@code queue} and waits for them ({@code vkWaitSemaphores}). */
    static void run(VulkanQueue queue, long iterations) {
        try {
            long value = queue.busy(iterations, 0, 0);
            VulkanStatus.NAMES.check(queue.awaitValue(value, System.nanoTime() + RUN_BOUND_NANOS),
                    "vkWaitSemaphores(busy work on " + queue + ")");
        } catch (LineException e) {
            throw e.toGpuException("running busy work");
        }
    }

    /** Busy-shader iterations per nanosecond on the calibrated device. */
    double iterationsPerNano() {
        return iterationsPerNano;
    }

    /** The busy shader's iterations that take about {@code duration} on the calibrated device. */
    long iterationsFor(Duration duration) {
        return Math.max(1, Math.round(duration.toNanos() * iterationsPerNano));
    }

    /** Queues on {@code queue} about {@code duration} of device work. */
    void enqueue(VulkanQueue queue, Duration duration) {
        try {
            queue.busy(iterationsFor(duration), 0, 0);
        } catch (LineException e) {
            throw e.toGpuException("queueing " + duration + " of busy work on " + queue);
        }
    }
}
