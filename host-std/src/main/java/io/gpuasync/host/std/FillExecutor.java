package io.gpuasync.host.std;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.engine.FutureHost;

import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps one stream filled with work: at most {@code fillLevel} jobs in flight on it, each job's
 * device work followed by a signal into the line; when a job's ticket lands its continuation
 * runs on the host, in submission order, and the next job may go. This is double or triple
 * buffering, and pipelined batches, without hand-written event juggling:
 * <pre>{@code
 * try (FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S0, 3)) {
 *     for (Batch batch : batches) {
 *         fill.submit(s -> {                  // runs now, on this thread: queue the work
 *             s.call(() -> compute(batch));
 *             return () -> consume(batch);    // runs when the work is done, in order
 *         });
 *     }
 * }
 * }</pre>
 *
 * <p>{@link #submit} blocks while {@code fillLevel} jobs are in flight (back-pressure);
 * {@link #trySubmit} declines instead. A job whose work cannot be queued, whose ticket fails
 * (device failure, closed line) or whose continuation throws fails its own future; the jobs
 * after it go on. Continuations run on the reactor's dispatcher thread (or on the submitting
 * thread, when a job's work was done before it could be waited for) unless an executor is
 * given; either way one at a time and in order. A continuation may {@link #trySubmit} more
 * work; it may not wait for room ({@link #submit} on a full executor) or {@link #close()}, which
 * would wait for its own return, and is refused with {@link IllegalStateException}.
 *
 * @param <S> the backend's stream type
 */
public final class FillExecutor<S> implements AutoCloseable {

    /** A job: queues its device work on the stream and says what to run once it is done. */
    @FunctionalInterface
    public interface Job<S, T> {
        /** Queues the work on {@code stream} (nothing may wait for it here) and returns its continuation. */
        Continuation<T> enqueue(S stream) throws Exception;
    }

    /** What runs on the host once a job's work is done. */
    @FunctionalInterface
    public interface Continuation<T> {
        /** The job's result, computed now that its device work is done. */
        T landed() throws Exception;
    }

    private static final class InFlight<T> {
        final CompletableFuture<T> result = new CompletableFuture<>();
        Continuation<T> continuation;
        // Written before the entry is published through drain's lock.
        volatile boolean settled;
        volatile Throwable failure;

        void run() {
            if (failure != null) {
                result.completeExceptionally(failure);
                return;
            }
            try {
                result.complete(continuation.landed());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }
    }

    private final FutureHost reactor;
    private final Line<S> line;
    private final S stream;
    private final Slot slot;
    private final int fillLevel;
    private final Executor continuations;
    private final Semaphore room;
    // Held from a job's enqueue to its signal, so jobs reach the stream in the order they
    // reach inFlight. Not the deque's lock: draining must not wait behind user code.
    private final Object order = new Object();
    // Guarded by itself, in the order the jobs were queued on the stream.
    private final ArrayDeque<InFlight<?>> inFlight = new ArrayDeque<>();
    private final AtomicInteger drainRequests = new AtomicInteger();
    // The thread running continuations right now, which must not wait for room it frees.
    private volatile Thread drainer;
    private volatile boolean closed;

    /** An executor running continuations on the reactor's dispatcher thread. */
    public FillExecutor(FutureHost reactor, Line<S> line, S stream, Slot slot, int fillLevel) {
        this(reactor, line, stream, slot, fillLevel, Runnable::run);
    }

    /**
     * An executor running continuations through {@code continuations} (still one at a time and
     * in order), for continuations too slow for the dispatcher thread.
     */
    public FillExecutor(FutureHost reactor, Line<S> line, S stream, Slot slot, int fillLevel, Executor continuations) {
        this.reactor = Objects.requireNonNull(reactor, "reactor");
        this.line = Objects.requireNonNull(line, "line");
        this.stream = Objects.requireNonNull(stream, "stream");
        this.slot = Objects.requireNonNull(slot, "slot");
        this.continuations = Objects.requireNonNull(continuations, "continuations");
        if (fillLevel <= 0) {
            throw new IllegalArgumentException("fill level must be > 0, got " + fillLevel);
        }
        this.fillLevel = fillLevel;
        this.room = new Semaphore(fillLevel, true);
    }

    /** How many jobs may be in flight at once. */
    public int fillLevel() {
        return fillLevel;
    }

    /** How many jobs are in flight now (queued on the device, or landed and not yet continued). */
    public int inFlight() {
        synchronized (inFlight) {
            return inFlight.size();
        }
    }

    /**
     * Queues {@code job} once fewer than the fill level are in flight, waiting until then.
     *
     * @throws GpuException {@link GpuException.Kind#CLOSED} after {@link #close()};
     *     {@link GpuException.Kind#INTERRUPTED} if interrupted while waiting for room (the
     *     interrupt status is kept)
     */
    public <T> CompletableFuture<T> submit(Job<S, T> job) {
        Objects.requireNonNull(job, "job");
        requireOpen();
        if (Thread.currentThread() == drainer) {
            // A continuation waiting for room would wait for itself: room is freed after it returns.
            if (!room.tryAcquire()) {
                throw new IllegalStateException("submit from a continuation found the executor full and cannot wait "
                        + "for room only its own return frees; use trySubmit there");
            }
            return start(job);
        }
        try {
            room.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GpuException(GpuException.Kind.INTERRUPTED, "interrupted while waiting for room in the fill executor");
        }
        return start(job);
    }

    /** As {@link #submit}, but empty at once when the fill level is reached. */
    public <T> Optional<CompletableFuture<T>> trySubmit(Job<S, T> job) {
        Objects.requireNonNull(job, "job");
        requireOpen();
        return room.tryAcquire() ? Optional.of(start(job)) : Optional.empty();
    }

    private <T> CompletableFuture<T> start(Job<S, T> job) {
        InFlight<T> entry = new InFlight<>();
        Ticket ticket;
        // One job at a time from enqueue to signal, so the order on the stream is the order of
        // inFlight, which is the order continuations run in.
        synchronized (order) {
            if (closed) {
                room.release();
                throw new GpuException(GpuException.Kind.CLOSED, "the fill executor is closed");
            }
            try {
                entry.continuation = Objects.requireNonNull(job.enqueue(stream), "a job returned no continuation");
                ticket = line.signal(stream, slot);
            } catch (Throwable t) {
                // Nothing of this job will be waited for; work it queued before failing still
                // runs ahead of later jobs, which wait behind it on the stream.
                room.release();
                entry.result.completeExceptionally(t);
                return entry.result;
            }
            synchronized (inFlight) {
                inFlight.add(entry);
            }
        }
        try {
            reactor.whenLanded(ticket).whenComplete((landed, failure) -> settle(entry, failure));
        } catch (RuntimeException e) {
            settle(entry, e);
        }
        return entry.result;
    }

    // Marks a job's wait over and has its continuation (or failure) run in turn. An executor
    // that refuses the drain must not leave the job, and every job behind it, waiting for ever:
    // then the drain runs here.
    private void settle(InFlight<?> entry, Throwable failure) {
        entry.failure = failure;
        entry.settled = true;
        try {
            continuations.execute(this::drain);
        } catch (RuntimeException refused) {
            drain();
        }
    }

    // Runs the settled jobs at the head, in order; one drainer at a time, and a request made
    // while one drains makes it look again.
    private void drain() {
        if (drainRequests.getAndIncrement() != 0) {
            return;
        }
        int requests = 1;
        drainer = Thread.currentThread();
        try {
            for (;;) {
                for (;;) {
                    InFlight<?> head;
                    synchronized (inFlight) {
                        head = inFlight.peek();
                        if (head == null || !head.settled) {
                            break;
                        }
                        inFlight.poll();
                    }
                    try {
                        head.run();
                    } finally {
                        room.release();
                    }
                }
                requests = drainRequests.addAndGet(-requests);
                if (requests == 0) {
                    return;
                }
            }
        } finally {
            drainer = null;
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new GpuException(GpuException.Kind.CLOSED, "the fill executor is closed");
        }
    }

    /**
     * Takes no more jobs and waits until every job in flight has finished or failed. The line,
     * stream and reactor stay open: they are the caller's. Idempotent.
     */
    @Override
    public void close() {
        if (Thread.currentThread() == drainer) {
            throw new IllegalStateException("close from a continuation would wait for itself; close after it returns");
        }
        closed = true;
        room.acquireUninterruptibly(fillLevel);
        room.release(fillLevel);
    }
}
