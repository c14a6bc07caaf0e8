package io.gpuasync.engine.uring;

/**
 * One absolute {@code IORING_OP_TIMEOUT} kept at a changing deadline: the state machine both
 * io_uring-driven hosts run, with no ring of its own. The io_uring host's ring and the Netty host's
 * event loop each submit the requests it asks for through a {@link Submitter} and hand it back
 * the completions; each keeps only how its ring takes a request.
 *
 * <p>At most one timeout is in the kernel: a new deadline moves it ({@code IORING_TIMEOUT_UPDATE}),
 * no deadline removes it, and a fresh one is armed only after the last one completed, so a
 * change costs one request rather than a cancel and a re-arm. Each armed timeout carries a
 * generation in its user data, which tells the completion of a removed one from the current one's.
 *
 * <p>One thread, the ring's owner, calls everything but the counts, which any thread may read.
 */
public final class MovableTimeout {
    // <linux/io_uring.h>; host-uring's UringAbiHeaderTest checks them against the machine's header.
    /** {@code IORING_OP_TIMEOUT}. */
    public static final int IORING_OP_TIMEOUT = 11;
    /** {@code IORING_OP_TIMEOUT_REMOVE}: removes, or with {@link #IORING_TIMEOUT_UPDATE} moves, a timeout. */
    public static final int IORING_OP_TIMEOUT_REMOVE = 12;
    /** {@code IORING_TIMEOUT_ABS}: the timespec is an absolute {@code CLOCK_MONOTONIC} time. */
    public static final int IORING_TIMEOUT_ABS = 1;
    /** {@code IORING_TIMEOUT_UPDATE}. */
    public static final int IORING_TIMEOUT_UPDATE = 1 << 1;

    // <asm-generic/errno*.h>: a completion's result is the negated value.
    /** The timeout a move or remove named is gone: it completed first. */
    public static final int ENOENT = 2;
    /** The timeout fired. */
    public static final int ETIME = 62;
    /** The timeout a move or remove named is completing at that moment. */
    public static final int EALREADY = 114;
    /** The timeout was removed, or cancelled with its ring. */
    public static final int ECANCELED = 125;

    /** The deadline that means "none": the timeout is removed. */
    public static final long NO_DEADLINE = Long.MAX_VALUE;
    /** How many bits a generation takes: few, so that it fits Netty's 16-bit submission data with a kind above it. */
    public static final int GENERATION_BITS = 12;
    public static final int GENERATION_MASK = (1 << GENERATION_BITS) - 1;

    /**
     * The requests of one ring. Each prepares or submits its request, or throws; a method that
     * throws leaves the timeout's state as it was.
     */
    public interface Submitter {
        /** An {@code IORING_OP_TIMEOUT} with {@code IORING_TIMEOUT_ABS} at {@code deadlineNanos}, its user data carrying {@code generation}. */
        void arm(long deadlineNanos, int generation);

        /** An {@code IORING_OP_TIMEOUT_REMOVE} with {@code IORING_TIMEOUT_UPDATE | IORING_TIMEOUT_ABS} of the timeout of {@code generation}. */
        void move(int generation, long deadlineNanos);

        /** An {@code IORING_OP_TIMEOUT_REMOVE} of the timeout of {@code generation}. */
        void remove(int generation);
    }

    /** What {@link #moveTo} asked the ring for. */
    public enum Change {
        /** Nothing: the timeout already stands at that deadline, or none is wanted and none is in the kernel. */
        NONE,
        /** A fresh timeout. */
        ARMED,
        /** A move, whose completion comes at once. */
        MOVED,
        /** A remove, whose completion and the removed timeout's come at once. */
        REMOVED
    }

    private boolean pending;
    private int generation;
    private long deadline = NO_DEADLINE;
    private long firedFor = NO_DEADLINE;

    // Written by the owner only; volatile so that a stats reader on another thread reads whole, recent values.
    private volatile long armed;
    private volatile long moved;
    private volatile long removed;
    private volatile long fired;

    /**
     * Asks {@code ring} for what puts the timeout at {@code deadlineNanos} ({@code System.nanoTime()}
     * scale, {@code CLOCK_MONOTONIC} on Linux), or removes it for {@link #NO_DEADLINE}.
     */
    public Change moveTo(long deadlineNanos, Submitter ring) {
        if (deadlineNanos == NO_DEADLINE) {
            if (!pending) {
                return Change.NONE;
            }
            ring.remove(generation);
            pending = false;
            deadline = NO_DEADLINE;
            removed++;
            return Change.REMOVED;
        }
        if (!pending) {
            // A generation of its own, so that a removed timeout's late completion ends nothing.
            int fresh = next(generation);
            ring.arm(deadlineNanos, fresh);
            generation = fresh;
            pending = true;
            deadline = deadlineNanos;
            armed++;
            return Change.ARMED;
        }
        if (deadlineNanos == deadline) {
            return Change.NONE;
        }
        ring.move(generation, deadlineNanos);
        deadline = deadlineNanos;
        moved++;
        return Change.MOVED;
    }

    private static int next(int generation) {
        return (generation + 1) & GENERATION_MASK;
    }

    /**
     * The completion, with result {@code res}, of the timeout armed as {@code generation} (the
     * low {@link #GENERATION_BITS} are read). Returns whether it ended the pending timeout: a
     * removed one's completion ends nothing. Whether {@code res} is a failure is
     * {@link #timeoutFailed}'s to say.
     */
    public boolean timeoutCompleted(int generation, int res) {
        if (!pending || (generation & GENERATION_MASK) != this.generation) {
            return false;
        }
        pending = false;
        firedFor = res == -ETIME ? deadline : NO_DEADLINE;
        deadline = NO_DEADLINE;
        if (res == -ETIME) {
            fired++;
        }
        return true;
    }

    /** Whether a timeout's result is a failure: not fired ({@code -ETIME}), removed ({@code -ECANCELED}) or 0. */
    public static boolean timeoutFailed(int res) {
        return res != -ETIME && res != -ECANCELED && res != 0;
    }

    /**
     * Whether a move's or a remove's result is a failure. {@code -ENOENT} and {@code -EALREADY}
     * are not: the timeout completed first, and its own completion says so.
     */
    public static boolean changeFailed(int res) {
        return res < 0 && res != -ENOENT && res != -EALREADY;
    }

    /** Whether a timeout is in the kernel (armed, its completion not seen yet). */
    public boolean pending() {
        return pending;
    }

    /** The pending timeout's deadline, or {@link #NO_DEADLINE}. */
    public long deadline() {
        return deadline;
    }

    /** The deadline the last completed timeout fired for; {@link #NO_DEADLINE} when it was cancelled. */
    public long firedFor() {
        return firedFor;
    }

    /** Fresh timeouts armed. */
    public long armed() {
        return armed;
    }

    /** Moves of the pending timeout. */
    public long moved() {
        return moved;
    }

    /** Removes, because no deadline was wanted. */
    public long removed() {
        return removed;
    }

    /** Timeouts that fired ({@code -ETIME}). */
    public long fired() {
        return fired;
    }
}
