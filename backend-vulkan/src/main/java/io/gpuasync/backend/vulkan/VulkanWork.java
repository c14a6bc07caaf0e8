package io.gpuasync.backend.vulkan;

import io.gpuasync.spi.LineException;

import java.time.Duration;
import java.util.Objects;

/**
 * Device work of a chosen duration: the backend's busy shader, its loop iterations calibrated on
 * the device at hand (lavapipe runs it on a CPU thread through LLVM, a GPU on one of its cores;
 * neither rate is known in advance).
 */
public final class VulkanWork {
    private static final long CALIBRATION_NANOS = 20_000_000;
    private static final long RUN_BOUND_NANOS = Duration.ofSeconds(60).toNanos();

    private final double iterationsPerNano;

    private VulkanWork(double iterationsPerNano) {
        this.iterationsPerNano = iterationsPerNano;
    }

    /**
     * Times the busy shader on {@code queue}: grows its length until one run takes at least
     * 20 ms, then times the quickest of three runs of that length and of four times it. The rate
     * is the larger of the long run's and the one from the difference of the two, in which what
     * each run costs besides the loop (submitting, waking the waiter) cancels out: a rate too low
     * would make work shorter than asked, which a test of ordering cannot tell from a store landing
     * early, while one too high only makes it longer.
     */
    public static VulkanWork calibrate(VulkanQueue queue) {
        Objects.requireNonNull(queue, "queue");
        long iterations = 100_000;
        while (quickest(queue, iterations, 1) < CALIBRATION_NANOS && iterations < (1L << 40)) {
            iterations *= 4;
        }
        long shorter = quickest(queue, iterations, 3);
        long longer = quickest(queue, 4 * iterations, 3);
        double whole = 4.0 * iterations / Math.max(1, longer);
        double difference = longer > shorter ? 3.0 * iterations / (longer - shorter) : whole;
        return new VulkanWork(Math.max(whole, difference));
    }

    private static long quickest(VulkanQueue queue, long iterations, int runs) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            run(queue, iterations);
            best = Math.min(best, System.nanoTime() - start);
        }
        return best;
    }

    /** Queues {@code iterations} of the busy shader on {@code queue} and waits for them ({@code vkWaitSemaphores}). */
    static void run(VulkanQueue queue, long iterations) {
        try {
            long value = queue.busy(iterations, 0, 0);
            VulkanStatus.check(queue.awaitValue(value, System.nanoTime() + RUN_BOUND_NANOS),
                    "vkWaitSemaphores(busy work on " + queue + ")");
        } catch (LineException e) {
            throw e.toGpuException("running busy work");
        }
    }

    /** Busy-shader iterations per nanosecond on the calibrated device. */
    public double iterationsPerNano() {
        return iterationsPerNano;
    }

    /** The busy shader's iterations that take about {@code duration} on the calibrated device. */
    public long iterationsFor(Duration duration) {
        return Math.max(1, Math.round(duration.toNanos() * iterationsPerNano));
    }

    /** Queues on {@code queue} about {@code duration} of device work. */
    public void enqueue(VulkanQueue queue, Duration duration) {
        try {
            queue.busy(iterationsFor(duration), 0, 0);
        } catch (LineException e) {
            throw e.toGpuException("queueing " + duration + " of busy work on " + queue);
        }
    }
}
