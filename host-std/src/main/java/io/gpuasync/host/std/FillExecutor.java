package io.gpuasync.host.std;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;

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
 * after it go on. Continuations run on the reactor's dispatcher thread unless an executor is
 * given; either way one at a time and in order.
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

    private final Reactor reactor;
    private final Line<S> line;
    private final S stream;
    private final Slot slot;
    private final int fillLevel;
    private final Executor continuations;
    private final Semaphore room;
    private final Object lock = new Object();
    // Guarded by lock, in the order the jobs were queued on the stream.
    private final ArrayDeque<InFlight<?>> inFlight = new ArrayDeque<>();
    private final AtomicInteger drainRequests = new AtomicInteger();
    private volatile boolean closed;

    /** An executor running continuations on the reactor's dispatcher thread. */
    public FillExecutor(Reactor reactor, Line<S> line, S stream, Slot slot, int fillLevel) {
        this(reactor, line, stream, slot, fillLevel, Runnable::run);
    }

    /**
     * An executor running continuations through {@code continuations} (still one at a time and
     * in order), for continuations too slow for the dispatcher thread.
     */
    public FillExecutor(Reactor reactor, Line<S> line, S stream, Slot slot, int fillLevel, Executor continuations) {
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
        synchronized (lock) {
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
        synchronized (lock) {
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
            inFlight.add(entry);
        }
        reactor.whenLanded(ticket).whenComplete((landed, failure) -> {
            entry.failure = failure;
            entry.settled = true;
            continuations.execute(this::drain);
        });
        return entry.result;
    }

    // Runs the settled jobs at the head, in order; one drainer at a time, and a request made
    // while one drains makes it look again.
    private void drain() {
        if (drainRequests.getAndIncrement() != 0) {
            return;
        }
        int requests = 1;
        for (;;) {
            for (;;) {
                InFlight<?> head;
                synchronized (lock) {
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
        closed = true;
        room.acquireUninterruptibly(fillLevel);
        room.release(fillLevel);
    }
}
