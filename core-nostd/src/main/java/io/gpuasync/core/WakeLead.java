package io.gpuasync.core;

/**
 * How long before a predicted landing a sleeper should wake, learned from how its own wake-ups
 * fell: a quantile tracker that settles where about one wake in {@value #WAKES_PER_LATE_ONE}
 * finds the word landed already.
 *
 * <p>Why a tracked quantile of the outcome: what a sleeper pays for waking early is polling, and
 * what it pays for waking late is latency; both depend on the sum of two noises (when the store
 * lands against its prediction, when the timer fires against its target), and only their sum
 * shows. The wait engine keeps one per slot on top of its driver's own margin for the timer (a
 * {@code TimerLateness}), in place of four spreads of the estimate, the rule before: the lead settles
 * at the device's own noise, where four spreads said several times as much.
 *
 * <p>Tried for blocking waiters too, as their whole margin (one per thread and slot, in place of
 * four spreads plus their timer's high-quantile lateness), and withdrawn: on a timer whose sleeps
 * end late by a wide spread, one late wake in eight cut the hybrid's CPU per await but raised its
 * p50 and broke its p99 at long work and under jitter (measured, see {@code bench/RESULTS.md},
 * 2026-11-30): the late tail of such a timer is what a blocking waiter's latency is made of.
 *
 * <p>Each outcome moves the lead by one step, 1/{@value #STEPS_PER_LEAD} of the lead (at least
 * {@value #MIN_STEP_NANOS} ns): a late wake raises it by {@code WAKES_PER_LATE_ONE - 1} steps, an
 * early one lowers it by one, so it rests where those moves balance. A wait that could not be
 * slept to, because its wake-up time had passed when it began, and then waited longer than a
 * sleep would have been late, counts as an early wake: a lead that grew while predictions were
 * far off (a cold estimator, a burst of load) would otherwise keep every shorter wait from
 * sleeping, and learn nothing again.
 *
 * <p>One thread owns an instance; it is not thread-safe, and allocates nothing.
 */
public final class WakeLead {
    /** The lead settles where one wake in this many comes after the landing. */
    public static final int WAKES_PER_LATE_ONE = 8;
    private static final int STEPS_PER_LEAD = 64;
    private static final long MIN_STEP_NANOS = 250;

    private final long leastNanos;
    private final long mostNanos;
    private long nanos;

    /**
     * A lead starting at {@code initialNanos}, kept within {@code [leastNanos, mostNanos]};
     * {@code leastNanos} may be negative: for a host whose timer is set to the wake-up time less
     * a lateness of its own, which the lead then only corrects.
     *
     * @throws IllegalArgumentException unless {@code leastNanos <= initialNanos <= mostNanos}
     */
    public WakeLead(long initialNanos, long leastNanos, long mostNanos) {
        if (initialNanos < leastNanos || mostNanos < initialNanos) {
            throw new IllegalArgumentException("a wake lead needs least (" + leastNanos + " ns) <= initial ("
                    + initialNanos + " ns) <= most (" + mostNanos + " ns)");
        }
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

    private long step() {
        return Math.max(MIN_STEP_NANOS, Math.abs(nanos) / STEPS_PER_LEAD);
    }
}
