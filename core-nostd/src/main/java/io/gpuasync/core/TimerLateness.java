package io.gpuasync.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How late one timer's timed sleeps end: the last {@value #WINDOW} sleeps it ended, each kept
 * for {@value #MEMORY_NANOS} ns, as a distribution the {@link WakeModel} draws on. Every timed
 * sleep that its timer ended teaches it, whatever it was armed for; a sleep that a wake-up ended
 * teaches nothing (it says nothing of the timer).
 *
 * <p>Samples age out so that the distribution follows the machine both ways: a burst of load
 * makes sleeps end milliseconds late, and a host that then wakes so early that it no longer
 * sleeps would otherwise never learn that the burst is over.
 *
 * <p>Thread-safe and allocation-free: a host's driver and its blocking waiters, which sleep on
 * the same timer, share one. Two samples taken at once may take the same place in the window:
 * a sample is lost, never the distribution.
 */
public final class TimerLateness {
    /** How many recent sleeps the distribution holds. */
    public static final int WINDOW = 16;
    /** How long a sample counts: a second, so that a burst of load is forgotten within one. */
    public static final long MEMORY_NANOS = 1_000_000_000L;

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] lateNanos = new long[WINDOW];
    private final long[] takenAt = new long[WINDOW];
    private final AtomicLong count = new AtomicLong();

    /** A timer with no sleep learned yet: it is taken to end on time. */
    public TimerLateness() {
    }

    /** How many sleeps taught it so far. */
    public long samples() {
        return count.get();
    }

    /** Learns a timed sleep that ended {@code lateNanos} after its target, at {@code nowNanos} (negative counts as 0). */
    public void sample(long lateNanos, long nowNanos) {
        int at = (int) (count.getAndIncrement() % WINDOW);
        LONGS.setOpaque(this.takenAt, at, nowNanos);
        LONGS.setRelease(this.lateNanos, at, Math.max(0, lateNanos));
    }

    /**
     * A timed sleep armed at {@code armedAtNanos} for {@code targetNanos} ended at
     * {@code endedAtNanos} by its timer: learns how late, counted from the target or, for a target
     * that had passed when it was armed, from the arming.
     */
    public void timerEnded(long targetNanos, long armedAtNanos, long endedAtNanos) {
        long from = targetNanos - armedAtNanos > 0 ? targetNanos : armedAtNanos;
        sample(endedAtNanos - from, endedAtNanos);
    }

    /**
     * Copies the samples taken within {@value #MEMORY_NANOS} ns before {@code nowNanos} into
     * {@code into} (at least {@value #WINDOW} long) and returns how many.
     */
    public int recent(long nowNanos, long[] into) {
        int filled = (int) Math.min(count.get(), WINDOW);
        int n = 0;
        for (int i = 0; i < filled; i++) {
            long late = (long) LONGS.getAcquire(lateNanos, i);
            if (nowNanos - (long) LONGS.getOpaque(takenAt, i) < MEMORY_NANOS) {
                into[n++] = late;
            }
        }
        return n;
    }

    /** The median of the recent samples (0 without one), allocating its scratch: for what a host reports. */
    public long medianNanos(long nowNanos) {
        return medianNanos(nowNanos, new long[WINDOW]);
    }

    /** As {@link #medianNanos(long)}, in {@code scratch} (at least {@value #WINDOW} long): allocates nothing. */
    public long medianNanos(long nowNanos, long[] scratch) {
        int n = recent(nowNanos, scratch);
        return n == 0 ? 0 : Quantiles.kthSmallest(scratch, n, (n - 1) / 2);
    }

    @Override
    public String toString() {
        return "timer lateness (" + samples() + " sleeps)";
    }
}
