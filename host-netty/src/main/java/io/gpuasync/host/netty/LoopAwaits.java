package io.gpuasync.host.netty;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Ticket;
import io.gpuasync.engine.AsyncWaits;
import io.gpuasync.engine.EngineSettings;
import io.gpuasync.engine.HostStats;
import io.gpuasync.engine.Sleeper;
import io.gpuasync.engine.TimerLateness;
import io.gpuasync.engine.WaitEngine;
import io.gpuasync.engine.WaitTuning;
import io.netty.channel.IoEventLoop;
import io.netty.channel.SingleThreadEventLoop;
import io.netty.util.concurrent.DefaultPromise;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

/**
 * GPU waits on one Netty io_uring event loop: a {@link WaitEngine} driven by the loop itself. The
 * loop runs the engine's step when its timer fires or a wait arrives; between those it serves its
 * sockets. Futures complete on the loop, so continuations run there, where the request that
 * wanted the GPU lives. Get one with {@link GpuAwaits#on}.
 *
 * <p>How the loop sleeps to the engine's deadline: one absolute {@code IORING_OP_TIMEOUT} the
 * loop's own ring holds, submitted through the loop's {@code IoRegistration} and moved with
 * {@code IORING_TIMEOUT_UPDATE} when the deadline changes. How a wait from another thread wakes
 * it: {@link IoEventLoop#execute} of the step (one queued at a time), which wakes Netty's ring
 * through its own eventfd.
 *
 * <p>How it lands close to the word: the loop asks the engine's {@link Sleeper} the same decision
 * the std and io_uring hosts' {@code DriverLoop} asks. The timeout ends late, so it is armed early
 * by the lateness this loop's timeouts showed ({@link TimerLateness}: every timeout that fired
 * teaches it, whatever it was armed for), and a landing nearer than that lateness is polled for on
 * the loop's following passes: the step asks to run again after the loop's current pass
 * ({@link SingleThreadEventLoop#executeAfterEventLoopIteration}), so between two polls the loop
 * reaps its ring without blocking (its sockets' completions) and runs its other tasks. The step
 * never spins inside a pass: a socket's completion waits for at most one poll (a read of the
 * words, well under a microsecond), never for the landing. The polling is bounded, by the
 * sleeper as for every driver: it ends when the engine's deadline moves past the lateness, and
 * at the latest after {@link WaitTuning#POLL_RUN_MAX_NANOS} without a landing; then the sleeper
 * says rest, and the timer takes over at the engine's own deadline, its poll back-off, not a
 * lateness ahead (see {@link Sleeper}). A loop that cannot run a task after its pass rests the
 * same way where the sleeper says poll. What it costs is CPU: the loop does not block while it polls.
 */
public final class LoopAwaits implements AsyncWaits, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(LoopAwaits.class.getName());
    static final long NO_REST_YET = Long.MIN_VALUE;

    private final IoEventLoop loop;
    private final WaitEngine engine;
    private final LoopTimer timer;
    private final Runnable step = this::step;
    private final BiConsumer<IoEventLoop, LoopAwaits> onFinished;
    /** Where {@link #landed}'s listeners run: the loop, then the after-loop thread once it ended. */
    private final LoopOrAfter listeners;
    /** A step is queued on the loop; another wake queues nothing. */
    private final AtomicBoolean stepQueued = new AtomicBoolean();
    /** Null when the loop cannot run a task after its pass: then it sleeps on the timer alone. */
    private final SingleThreadEventLoop passes;
    private final Runnable pollAfterPass = this::pollAfterPass;
    // Loop thread only.
    private final Sleeper sleeper;
    private boolean finished;
    private boolean pollQueued;
    private long lastRestNanos = NO_REST_YET;
    /** When the timer was last set, and for when: a firing teaches how late it came from then. */
    private long timerSetAt;
    private long timerSetFor = LoopTimer.NO_DEADLINE;
    private volatile long wakeTasks;
    private volatile long polls;
    /** The loop's thread, once the timer registered on it (0 before). */
    private volatile long loopThread;

    LoopAwaits(IoEventLoop loop, EngineSettings settings, BiConsumer<IoEventLoop, LoopAwaits> onFinished) {
        this(loop, settings, onFinished, new TimerLateness());
    }

    /** As above, learning into {@code lateness} (tests push it up as load would). */
    LoopAwaits(IoEventLoop loop, EngineSettings settings, BiConsumer<IoEventLoop, LoopAwaits> onFinished,
               TimerLateness lateness) {
        this.loop = loop;
        this.onFinished = onFinished;
        this.sleeper = Sleeper.forEventLoop(lateness);
        this.engine = new WaitEngine(settings, this::wake, lateness);
        this.passes = loop instanceof SingleThreadEventLoop single ? single : null;
        this.listeners = new LoopOrAfter(loop);
        this.timer = new LoopTimer(loop, this::timerFired, this::loopClosedTimer);
        timer.register().addListener(registered -> {
            if (registered.isSuccess()) {
                loopThread = Thread.currentThread().threadId();
                step();     // on the loop: takes what arrived before the registration, and arms
            } else {
                engine.abandon(new GpuException(GpuException.Kind.CLOSED, "cannot register GPU waits on " + loop
                        + ": " + registered.cause(), registered.cause()));
                finish();
            }
        });
        loop.terminationFuture().addListener(terminated -> LoopOrAfter.afterLoop(this::endWithTheLoop));
    }

    /**
     * After the loop ended, on the after-loop thread: no thread will run the step again, and
     * Netty may not have closed the timer's handle (4.2 skips that when a shutdown with no quiet
     * period begins while the loop runs a task), so the waits left end here, and their
     * continuations run on this named thread rather than on Netty's global executor.
     */
    private void endWithTheLoop() {
        engine.abandon(loopGone());     // from any thread, as abandon allows
        onFinished.accept(loop, this);
    }

    /** The event loop these waits continue on. */
    public IoEventLoop eventLoop() {
        return loop;
    }

    /**
     * A future completed with {@code ticket} on this loop once it landed; or exceptionally with
     * {@link GpuException.Kind#CLOSED} (the line, these waits, or the loop closing: a loop that
     * is shutting down takes no new waits), {@link GpuException.Kind#DEVICE_FAILED} or
     * {@link GpuException.Kind#CAPACITY}. Cancelling it drops the wait and frees its place.
     * Waits the loop still held when it ended are failed {@code CLOSED} on the after-loop thread
     * ({@link GpuAwaits#AFTER_LOOP_THREAD_NAME}), when Netty did not already end them on the loop.
     *
     * <p>As with any {@link CompletableFuture}, a continuation runs on a thread that completes
     * the future: a cancel runs them on the cancelling thread (some on the loop, if it was
     * completing the wait at that moment), and one attached after completion runs on the
     * attaching thread. Attach from the loop (a handler does), or use {@link #landed},
     * whose listeners always run on the loop, or after its end on the after-loop thread. A ticket
     * that already landed gives a future already complete.
     */
    @Override
    public CompletableFuture<Ticket> whenLanded(Ticket ticket) {
        Objects.requireNonNull(ticket, "ticket");
        if (loop.isShuttingDown()) {
            return CompletableFuture.failedFuture(loopGone());
        }
        return engine.whenLanded(ticket);
    }

    /**
     * {@link #whenLanded} as a Netty {@link Future}: its listeners run on the loop while it takes
     * tasks, and once it stopped taking them on the after-loop thread
     * ({@link GpuAwaits#AFTER_LOOP_THREAD_NAME}), also those added later; none is lost when the
     * loop ends with the wait pending, which then fails {@link GpuException.Kind#CLOSED}.
     * Cancelling it drops the wait.
     */
    public Future<Ticket> landed(Ticket ticket) {
        CompletableFuture<Ticket> wait = whenLanded(ticket);
        // Cancelling the promise cancels the wait at once, on the cancelling thread: a listener
        // would only run later, on the loop, and the wait would hold its place until then.
        Promise<Ticket> promise = new DefaultPromise<>(listeners) {
            @Override
            public boolean cancel(boolean mayInterruptIfRunning) {
                boolean cancelled = super.cancel(mayInterruptIfRunning);
                if (cancelled) {
                    wait.cancel(false);
                }
                return cancelled;
            }
        };
        wait.whenComplete((landed, failure) -> {
            if (failure == null) {
                promise.trySuccess(landed);
            } else {
                promise.tryFailure(failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure);
            }
        });
        return promise;
    }

    /** How many waits are pending (accepted and not done). */
    public int pending() {
        return engine.asyncWaitsPending();
    }

    /**
     * What this loop's waits did so far ({@link HostStats}): the loop's thread (0 until the
     * timer registered on it); the
     * {@code IORING_OP_TIMEOUT}s they submitted, moved, removed, and that fired; the loop's passes
     * that polled for a landing nearer than the timer's lateness; the steps queued on the loop by
     * a wait from another thread; the probe timeouts; the sleeper's rests on the engine's
     * deadline after polling gave up; the learned lateness. On the loop's
     * thread, or after the loop ended.
     */
    public HostStats stats() {
        return new HostStats(loopThread, timer.armed(), timer.moved(), timer.removed(), timer.fired(), polls,
                wakeTasks, sleeper.probes(), sleeper.rests(), sleeper.lateness().nanos());
    }

    /** Whether {@link #close()} was called, or the loop ended. */
    public boolean isClosed() {
        return engine.isClosed();
    }

    /**
     * Refuses new waits and fails the pending ones with {@link GpuException.Kind#CLOSED}, on the
     * loop; removes the timer and the registration. The loop itself runs on. Idempotent; any thread.
     */
    @Override
    public void close() {
        engine.close();
    }

    // ------------------------------------------------------------------ the loop's side

    private void wake() {
        if (!stepQueued.getAndSet(true)) {
            // Only the thread that set the flag counts, until the step clears it: one writer at a time.
            wakeTasks++;
            try {
                loop.execute(step);
            } catch (RejectedExecutionException shuttingDown) {
                // The loop ends: its termination listener fails what is left.
                stepQueued.set(false);
            }
        }
    }

    private void step() {
        if (finished) {
            return;
        }
        // NOTE: cleared before the engine looks for work: a wake after this line queues another
        // step, and a wake before it is covered by this step's doWork.
        stepQueued.set(false);
        engine.awake();
        try {
            for (int round = 0; ; round++) {
                long now = System.nanoTime();
                if (engine.doWork(now) > 0) {
                    sleeper.progressed();
                }
                if (engine.isClosed()) {
                    engine.doWork(System.nanoTime());
                    finish();
                    return;
                }
                long deadline = engine.nextDeadline();
                now = System.nanoTime();
                long rests = sleeper.rests();
                long target = sleeper.plan(deadline, now);
                if (target == WaitEngine.NO_DEADLINE) {
                    setTimer(LoopTimer.NO_DEADLINE, now);
                } else if (target == Sleeper.POLL && mayPoll()) {
                    // Not prepareToSleep: a wait arriving meanwhile needs no wake, the next poll takes it.
                    polls++;
                    return;
                } else if (target == Sleeper.POLL || sleeper.rests() != rests) {
                    // A rest (the sleeper's, or a poll this loop cannot take): the timer at the
                    // engine's own deadline until a landing; its firing teaches the lateness too.
                    lastRestNanos = deadline - now;
                    setTimer(deadline, now);
                } else {
                    setTimer(target, now);
                }
                if (engine.prepareToSleep()) {
                    return;     // the timer or a wake brings the loop back here
                }
                if (round == WaitTuning.LOOP_ROUNDS_BEFORE_YIELD) {
                    wake();     // more waits keep coming: let the loop serve its sockets first
                    return;
                }
            }
        } catch (RuntimeException | Error e) {
            LOG.log(System.Logger.Level.ERROR, "GPU waits on " + loop + " failed; failing them", e);
            engine.abandon(new GpuException(GpuException.Kind.CLOSED, "GPU waits on " + loop + " failed: " + e, e));
            finish();
        }
    }

    /**
     * How far ahead of its arming the timer was set at the last rest on the engine's deadline
     * (ns; negative when the deadline had just passed), {@link #NO_REST_YET} before the first;
     * loop thread.
     */
    long lastRestNanos() {
        return lastRestNanos;
    }

    private void setTimer(long target, long now) {
        if (target != timerSetFor || !timer.pending()) {
            timerSetAt = now;
            timerSetFor = target;
        }
        timer.moveTo(target);
    }

    private void timerFired() {
        long firedFor = timer.firedFor();
        if (firedFor != LoopTimer.NO_DEADLINE) {
            sleeper.timerEnded(firedFor, timerSetAt, System.nanoTime());
        }
        step();
    }

    // Whether the loop can poll on its next pass rather than arm the timer; if so, asks for that pass.
    private boolean mayPoll() {
        if (passes == null) {
            return false;
        }
        if (!pollQueued) {
            try {
                passes.executeAfterEventLoopIteration(pollAfterPass);
                pollQueued = true;
            } catch (RejectedExecutionException shuttingDown) {
                return false;
            }
        }
        return true;
    }

    // After the loop's pass: the step runs as a task of its next one, after the loop reaped its
    // ring without blocking (a queued task keeps Netty's io_uring handler from waiting). Run as a
    // task, not right here: tasks queued after the pass run only once it was done with I/O.
    private void pollAfterPass() {
        pollQueued = false;
        if (!finished && !stepQueued.getAndSet(true)) {
            try {
                loop.execute(step);
            } catch (RejectedExecutionException shuttingDown) {
                stepQueued.set(false);
            }
        }
    }

    /** Netty closes the timer's handle when the loop shuts down: the waits end with it. */
    private void loopClosedTimer() {
        if (!finished) {
            engine.abandon(loopGone());
            finish();
        }
    }

    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        try {
            timer.close();
        } finally {
            onFinished.accept(loop, this);
        }
    }

    private GpuException loopGone() {
        return new GpuException(GpuException.Kind.CLOSED, "the event loop " + loop + " is shutting down; "
                + "it takes no GPU waits and ends those it held");
    }

    @Override
    public String toString() {
        return "GPU waits on " + loop;
    }
}
