package io.gpuasync.core;

/**
 * How long before a predicted landing one sleeper should set its timer, learned from how that
 * sleeper's own sleeps ended: a quantile tracker that settles where about one wake in
 * {@value #WAKES_PER_LATE_ONE} finds the word landed already.
 *
 * <p>Why one tracked figure, not a margin for the device plus one for the timer: what a sleeper
 * pays for waking early is spinning, and what it pays for waking late is latency; both depend on
 * the sum of two noises (when the store lands against its prediction, when the timer fires
 * against its target), and only their sum is seen. Adding a high quantile of each, the rule before
 * (four spreads of the estimate plus the timer's ~80th percentile lateness), woke a hybrid waiter
 * on this project's machine 40-120 us before landings whose prediction was off by ~4 us at the
 * median: the timer's lateness alone spreads from ~33 us (10th percentile) to ~72 us (90th)
 * there, and the sleeper spun over the whole of that spread and more. Tracking the outcome
 * itself spins over what is needed for one wake in four to be late, no more.
 *
 * <p>Why one in {@value #WAKES_PER_LATE_ONE}: a late wake costs its latency (how much later the
 * timer fired than the landing, seldom more than the timer's spread), an early one its spin. With
 * three wakes in four early, the median wait still ends by a poll at the landing, as a busy poll's
 * does, and the spin over the landing is about the timer's spread, not its tail.
 *
 * <p>Each outcome moves the lead by one step, 1/{@value #STEPS_PER_LEAD} of the lead (at least
 * {@value #MIN_STEP_NANOS} ns): a late wake raises it by {@code WAKES_PER_LATE_ONE - 1} steps, an
 * early one lowers it by one, so it rests where those moves balance. A wait that did not sleep at
 * all, because its wake-up time had passed when it began, and then waited longer than a sleep
 * would have been late, counts as an early wake: a lead that grew while predictions were far off
 * (a cold estimator, a burst of load) would otherwise keep every shorter wait from sleeping, and
 * learn nothing again.
 *
 * <p>One thread owns an instance (a waiter keeps one per slot it waits on); it is not
 * thread-safe, and allocates nothing.
 */
public final class WakeLead {
    /** The lead settles where one wake in this many comes after the landing. */
    public static final int WAKES_PER_LATE_ONE = 8;
    /** Where a lead starts: the order of a virtual machine's timer lateness. */
    public static final long INITIAL_NANOS = 50_000;
    /** The most a lead may say. */
    public static final long MAX_NANOS = 1_000_000;
    private static final int STEPS_PER_LEAD = 64;
    private static final long MIN_STEP_NANOS = 250;

    private final long initialNanos;
    private final long leastNanos;
    private final long mostNanos;
    private long nanos;

    /**
     * A lead of {@value #INITIAL_NANOS} ns, between 0 and {@value #MAX_NANOS} ns: a sleeper that
     * sets its own timer.
     */
    public WakeLead() {
        this(INITIAL_NANOS, 0, MAX_NANOS);
    }

    /**
     * A lead starting at {@code initialNanos}, kept within {@code [leastNanos, mostNanos]};
     * {@code leastNanos} may be negative: for a host whose timer is set to the wake-up time less
     * a lateness of its own, which the lead then only corrects.
     *
     * @throws IllegalArgumentException unless {@code -MAX_NANOS <= leastNanos <= initialNanos <= mostNanos <= MAX_NANOS}
     */
    public WakeLead(long initialNanos, long leastNanos, long mostNanos) {
        if (leastNanos < -MAX_NANOS || initialNanos < leastNanos || mostNanos < initialNanos || mostNanos > MAX_NANOS) {
            throw new IllegalArgumentException("a wake lead needs -" + MAX_NANOS + " <= least (" + leastNanos
                    + " ns) <= initial (" + initialNanos + " ns) <= most (" + mostNanos + " ns) <= " + MAX_NANOS);
        }
        this.initialNanos = initialNanos;
        this.leastNanos = leastNanos;
        this.mostNanos = mostNanos;
        this.nanos = initialNanos;
    }

    /** How long before the predicted landing to set the timer (nanoseconds, within the lead's bounds). */
    public long nanos() {
        return nanos;
    }

    /** When to wake for a landing predicted at {@code predicted}; {@link DeadlineEstimator#UNKNOWN} stays so. */
    public long wakeAt(long predicted) {
        return predicted == DeadlineEstimator.UNKNOWN ? predicted : predicted - nanos;
    }

    /** The first look after a sleep to the lead found the word landed: wake earlier. */
    public void late() {
        nanos = Math.min(mostNanos, nanos + (WAKES_PER_LATE_ONE - 1) * step());
    }

    /** The first look after a sleep to the lead found the word not landed yet: wake later. */
    public void early() {
        nanos = Math.max(leastNanos, nanos - step());
    }

    /**
     * A wait did not sleep, because its wake-up time had passed when it began, and waited
     * {@code waitedNanos} for the landing. Longer than {@code sleepLatenessNanos}, how late a
     * sleep of this sleeper ends, and a sleep would have ended before the landing: an early
     * wake. Not longer, and nothing is learned (sleeping would have been late).
     */
    public void skippedSleep(long waitedNanos, long sleepLatenessNanos) {
        if (waitedNanos > sleepLatenessNanos) {
            early();
        }
    }

    /** Back to where this lead started. */
    public void reset() {
        nanos = initialNanos;
    }

    private long step() {
        return Math.max(MIN_STEP_NANOS, Math.abs(nanos) / STEPS_PER_LEAD);
    }
}
