package io.gpuasync.bench.spi;

import java.time.Duration;
import java.util.function.LongConsumer;

/**
 * A backend's busy kernel, calibrated: how many loop iterations make work of a chosen duration
 * on the device at hand.
 *
 * <p>Why calibrated and not written down: a GPU's loop rate is not known in advance, and a
 * software rasterizer runs the same kernel on a CPU thread.
 *
 * @param iterationsPerNano the kernel's loop iterations per nanosecond on the calibrated device
 */
public record BusyWork(double iterationsPerNano) {

    /** A rate that is positive and finite. */
    public BusyWork {
        if (!(iterationsPerNano > 0) || Double.isInfinite(iterationsPerNano)) {
            throw new IllegalArgumentException("iterations per nanosecond must be positive and finite, got "
                    + iterationsPerNano);
        }
    }

    /**
     * Calibrates with {@code runAndWait}, which queues that many iterations of the kernel and
     * returns once they completed ({@link Calibration#iterationsPerNano}).
     */
    public static BusyWork calibrate(LongConsumer runAndWait) {
        return new BusyWork(Calibration.iterationsPerNano(runAndWait));
    }

    /** The iterations that take about {@code duration} on the calibrated device: at least one. */
    public long iterationsFor(Duration duration) {
        return Math.max(1, Math.round(duration.toNanos() * iterationsPerNano));
    }
}
