package io.gpuasync.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How late the timed sleeps of one timer end: a high quantile of the last
 * {@value WaitTuning#LATENESS_WINDOW} sleeps, the {@value WaitTuning#LATENESS_RANK}nd latest of
 * them. Every timed sleep a driver or a waiter takes teaches it, the late ones included, whatever
 * it was armed for; a sleep that a wake-up ended early teaches nothing (it says nothing of the
 * timer).
 *
 * <p>Why a window and not a smoothed value: the estimate must follow the machine both ways. A
 * burst of load (a descheduled sleep ends milliseconds late) raises it within two samples, and
 * once the load is gone it is back within {@value WaitTuning#LATENESS_WINDOW} samples, however
 * high it went: the old samples leave the window. A smoothed estimate that rises fast and falls
 * slowly (the rule before) stayed high for good after a burst on the Netty host (see
 * {@code bench/RESULTS.md}), because a driver whose estimate is above its deadlines polls instead
 * of sleeping and no longer learns; a {@link Sleeper} therefore takes a short probe sleep when no sample came for a while. The 2nd
 * latest of 16 rather than the latest: one sleep descheduled in sixteen does not turn the next
 * sixteen waits into spins.
 *
 * <p>Bounded by {@value WaitTuning#LATENESS_MAX_NANOS} ns (see {@link WaitTuning}). Starts at 0:
 * with no sample the driver sleeps to its deadline and learns from that sleep.
 *
 * <p>Thread-safe and allocation-free: the std host's dispatcher and its blocking waiters, which
 * all sleep on the same timer ({@code parkNanos} with the same timer slack), share one. Two
 * samples taken at once may overwrite each other's place in the window: a sample is lost, never
 * the estimate.
 */
public final class TimerLateness {
    private static final VarHandle SAMPLES = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] window = new long[WaitTuning.LATENESS_WINDOW];
    private final AtomicLong count = new AtomicLong();
    private volatile long nanos;

    /** An estimate with no sample yet (0 ns). */
    public TimerLateness() {
    }

    /** How late, by the estimate, a timed sleep ends (nanoseconds, >= 0). */
    public long nanos() {
        return nanos;
    }

    /** How many sleeps taught it so far. */
    public long samples() {
        return count.get();
    }

    /** Learns a timed sleep that ended {@code lateNanos} after its target (negative counts as 0). */
    public void sample(long lateNanos) {
        long clamped = Math.max(0, Math.min(lateNanos, WaitTuning.LATENESS_MAX_NANOS));
        long n = count.getAndIncrement();
        SAMPLES.setOpaque(window, (int) (n % window.length), clamped);
        int filled = (int) Math.min(n + 1, window.length);
        // The RANK-th largest of the window, in one pass (RANK is 2).
        long first = 0;
        long second = 0;
        for (int i = 0; i < filled; i++) {
            long v = (long) SAMPLES.getOpaque(window, i);
            if (v > first) {
                second = first;
                first = v;
            } else if (v > second) {
                second = v;
            }
        }
        nanos = filled < WaitTuning.LATENESS_RANK ? first : second;
    }

    /**
     * A timed sleep armed at {@code armedAtNanos} for {@code targetNanos} ended at
     * {@code endedAtNanos} by its timer: learns how late, counted from the target or, for a target
     * that had passed when it was armed, from the arming.
     */
    public void timerEnded(long targetNanos, long armedAtNanos, long endedAtNanos) {
        long from = targetNanos - armedAtNanos > 0 ? targetNanos : armedAtNanos;
        sample(endedAtNanos - from);
    }

    @Override
    public String toString() {
        return "timer lateness " + nanos + " ns (" + samples() + " sleeps)";
    }
}
