package io.gpuasync.spi.ffm;

import java.util.concurrent.locks.LockSupport;

/**
 * A settle's poll of a driver query against the line's deadline: short pauses at first (a store
 * that just landed), doubling to no more than a millisecond, none past the deadline. One per
 * query loop; not thread-safe.
 *
 * <pre>{@code
 * DeadlinePoll poll = new DeadlinePoll(deadlineNanos);
 * while (query() == NOT_READY) {
 *     if (!poll.pause()) {
 *         return false; // the deadline passed: the line keeps its page
 *     }
 * }
 * }</pre>
 */
public final class DeadlinePoll {
    private static final long FIRST_PAUSE_NANOS = 20_000;
    private static final long LONGEST_PAUSE_NANOS = 1_000_000;

    private final long deadlineNanos;
    private long pause = FIRST_PAUSE_NANOS;

    /** A poll until {@code deadlineNanos}, on {@link System#nanoTime()}'s clock. */
    public DeadlinePoll(long deadlineNanos) {
        this.deadlineNanos = deadlineNanos;
    }

    /**
     * Parks until the next poll, never past the deadline; false, without parking, if the
     * deadline has passed.
     */
    public boolean pause() {
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        LockSupport.parkNanos(Math.min(pause, left));
        pause = Math.min(pause * 2, LONGEST_PAUSE_NANOS);
        return true;
    }
}
