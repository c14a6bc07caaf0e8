package io.gpuasync.host.uring.internal;

import io.gpuasync.engine.uring.MovableTimeout;
import io.gpuasync.host.uring.SyscallException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * How the ring's owner thread sleeps: until an absolute {@code CLOCK_MONOTONIC} deadline (the
 * clock of {@link System#nanoTime()} on Linux), or until another thread calls {@link #wake()}.
 *
 * <p>The deadline is one {@link MovableTimeout} on this ring, moved rather than re-armed. Wake-ups
 * come from an eventfd whose {@code IORING_OP_READ} stays pending on the ring, re-armed after
 * each one.
 *
 * <p>The owner thread alone calls everything but {@link #wake()}.
 */
public final class RingSleeper implements AutoCloseable {
    /** The deadline that means "until woken". */
    public static final long NO_DEADLINE = MovableTimeout.NO_DEADLINE;

    // user_data: the kind in the top byte, a timer's generation in the low bits.
    private static final long KIND_SHIFT = 56;
    private static final long KIND_MASK = 0xFFL << KIND_SHIFT;
    private static final long TIMER = 1L << KIND_SHIFT;
    private static final long TIMER_UPDATE = 2L << KIND_SHIFT;
    private static final long TIMER_REMOVE = 3L << KIND_SHIFT;
    private static final long WAKE_READ = 4L << KIND_SHIFT;

    private final Arena arena;
    private final Ring ring;
    private final EventFd wakeFd;
    private final MemorySegment readBuffer;
    private final Ring.Completions onCompletion = this::complete;
    private final MovableTimeout timer = new MovableTimeout();
    private final MovableTimeout.Submitter timerRequests = new TimerRequests();

    private boolean readPending;
    private boolean closed;

    // Written by the owner only; volatile so a stats reader on another thread reads whole, recent values.
    private volatile long wakeReads;
    private volatile long sleeps;

    private RingSleeper(Arena arena, Ring ring, EventFd wakeFd) {
        this.arena = arena;
        this.ring = ring;
        this.wakeFd = wakeFd;
        this.readBuffer = arena.allocate(ValueLayout.JAVA_LONG);
    }

    /**
     * A ring of {@code entries} SQEs and an eventfd. Releases what it acquired if one fails.
     *
     * @throws SyscallException naming the call that failed and its errno
     */
    public static RingSleeper open(int entries) {
        Arena arena = Arena.ofShared();
        Ring ring = null;
        try {
            ring = Ring.open(entries);
            return new RingSleeper(arena, ring, EventFd.open(arena));
        } catch (RuntimeException | Error e) {
            if (ring != null) {
                try {
                    ring.close();
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            arena.close();
            throw e;
        }
    }

    /** Any thread: ends the owner's current or next sleep. Cheap when a wake is already on its way. */
    public void wake() {
        wakeFd.signal();
    }

    /**
     * Sleeps until {@code deadlineNanos} ({@code System.nanoTime()} scale), a {@link #wake()},
     * or an interrupting signal, whichever is first; {@link #NO_DEADLINE} sleeps until woken.
     * Returns at once when a wake or the deadline already passed, or when a wake arrived since
     * the last sleep: the caller looks for work after every return.
     *
     * @throws SyscallException when io_uring_enter or one of this sleeper's requests fails
     */
    public void sleepUntil(long deadlineNanos) {
        ensureOpen();
        long readsBefore = wakeReads;
        ring.reap(onCompletion);
        if (wakeReads != readsBefore) {
            // NOTE: a wake read that completed while the owner was awake stands for every signal
            // since the last one: those that found EventFd's flag set wrote nothing, and their
            // work is queued where the owner looks only after this returns. Sleeping now would
            // sleep through it, for good when no deadline is wanted.
            return;
        }
        armWakeRead();
        // Control requests complete at once, each posting CQEs that count toward min_complete:
        // wait for one more than those, so only the timer or the eventfd ends the sleep.
        int immediate = moveTimer(deadlineNanos);
        sleeps++;
        ring.enter(immediate + 1, 0);
        ring.reap(onCompletion);
    }

    /** Submits what is prepared and handles what completed, without sleeping. */
    public void poll() {
        ensureOpen();
        ring.reap(onCompletion);
        if (ring.unsubmitted() > 0) {
            ring.enter(0, 0);
            ring.reap(onCompletion);
        }
    }

    /** @return how many CQEs the requests prepared here post at once */
    private int moveTimer(long deadline) {
        return switch (timer.moveTo(deadline, timerRequests)) {
            case NONE, ARMED -> 0;
            case MOVED -> 1;
            case REMOVED -> 2;      // the remove's and the removed timeout's
        };
    }

    /** The timer's requests, prepared on this ring and submitted by the next enter. */
    private final class TimerRequests implements MovableTimeout.Submitter {
        @Override
        public void arm(long deadlineNanos, int generation) {
            ring.prepareAbsoluteTimeout(deadlineNanos, TIMER | generation);
        }

        @Override
        public void move(int generation, long deadlineNanos) {
            ring.prepareTimeoutUpdate(TIMER | generation, deadlineNanos, TIMER_UPDATE);
        }

        @Override
        public void remove(int generation) {
            ring.prepareTimeoutRemove(TIMER | generation, TIMER_REMOVE);
        }
    }

    private void armWakeRead() {
        if (!readPending) {
            ring.prepareRead(wakeFd.fd(), readBuffer, WAKE_READ);
            readPending = true;
        }
    }

    private void complete(long userData, int res, int flags) {
        long kind = userData & KIND_MASK;
        if (kind == TIMER) {
            timer.timeoutCompleted((int) (userData & MovableTimeout.GENERATION_MASK), res);
            if (MovableTimeout.timeoutFailed(res)) {
                throw new SyscallException("IORING_OP_TIMEOUT(IORING_TIMEOUT_ABS) on ring fd " + ring.fd(), -res);
            }
        } else if (kind == TIMER_UPDATE || kind == TIMER_REMOVE) {
            if (MovableTimeout.changeFailed(res)) {
                throw new SyscallException("IORING_OP_TIMEOUT_REMOVE("
                        + (kind == TIMER_UPDATE ? "IORING_TIMEOUT_UPDATE" : "remove") + ") on ring fd " + ring.fd(), -res);
            }
        } else if (kind == WAKE_READ) {
            readPending = false;
            wakeFd.readCompleted();
            wakeReads++;
            if (res < 0 && res != -UringAbi.ECANCELED) {
                throw new SyscallException("IORING_OP_READ(eventfd " + wakeFd.fd() + ") on ring fd " + ring.fd(), -res);
            }
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the ring sleeper is closed");
        }
    }

    /** The ring underneath (for the probe's and tests' own requests). */
    public Ring ring() {
        return ring;
    }

    /** The timeout the owner sleeps on: its state and counts (its counts from any thread). */
    public MovableTimeout timer() {
        return timer;
    }

    /** Eventfd reads that completed (wake-ups delivered). */
    public long wakeReads() {
        return wakeReads;
    }

    /** Calls of {@link #sleepUntil}. */
    public long sleeps() {
        return sleeps;
    }

    /**
     * The owner, once: ends the pending eventfd read (the kernel would otherwise still own the
     * buffer it reads into), closes the eventfd (waiting out any signaller inside write), then the
     * ring, then frees the buffer. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        RuntimeException failure = null;
        try {
            if (readPending) {
                // A signal completes the read; a signal already on its way does the same.
                wakeFd.signal();
                for (int round = 0; readPending && round < 1_000; round++) {
                    ring.enter(1, 0);
                    ring.reap(onCompletion);
                }
            }
        } catch (RuntimeException e) {
            failure = e;
        }
        closed = true;
        try {
            wakeFd.close();
        } catch (RuntimeException e) {
            failure = keep(failure, e);
        }
        try {
            ring.close();
        } catch (RuntimeException e) {
            failure = keep(failure, e);
        }
        if (readPending) {
            // The kernel may still own the read's buffer: leak it rather than free it under a write.
            failure = keep(failure, new IllegalStateException("the eventfd read did not complete; its 8-byte buffer is leaked"));
        } else {
            arena.close();
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static RuntimeException keep(RuntimeException first, RuntimeException next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }
}
