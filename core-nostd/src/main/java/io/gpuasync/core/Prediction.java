package io.gpuasync.core;

/**
 * What a line predicts of one ticket, in one look: when it lands, when to wake for it and until
 * when to spin over it ({@link WakeModel}). A mutable holder its owner reuses from wait to wait,
 * so that asking allocates nothing; one per thread that asks. Each time is on the
 * {@link System#nanoTime()} scale, or {@link DeadlineEstimator#UNKNOWN} before the line has seen
 * work of that slot land.
 */
public final class Prediction {
    private long landing = DeadlineEstimator.UNKNOWN;
    private long wakeAt = DeadlineEstimator.UNKNOWN;
    private long spinUntil = DeadlineEstimator.UNKNOWN;

    /** A holder with no prediction in it. */
    public Prediction() {
    }

    /** When the ticket is predicted to land. */
    public long landing() {
        return landing;
    }

    /** When to end a timed sleep for it: a {@link WakeModel#quantile()} of landings come before the wake. */
    public long wakeAt() {
        return wakeAt;
    }

    /** Until when to poll for it: a {@link WakeModel#quantile()} of landings come after; then the driver's wait. */
    public long spinUntil() {
        return spinUntil;
    }

    /** Sets all three. */
    public void set(long landing, long wakeAt, long spinUntil) {
        this.landing = landing;
        this.wakeAt = wakeAt;
        this.spinUntil = spinUntil;
    }

    /** No prediction. */
    public void clear() {
        set(DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN);
    }

    @Override
    public String toString() {
        return "Prediction[landing=" + landing + ", wakeAt=" + wakeAt + ", spinUntil=" + spinUntil + "]";
    }
}
