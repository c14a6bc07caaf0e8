package io.gpuasync.host.netty;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Ticket;
import io.gpuasync.host.std.AsyncWaits;
import io.gpuasync.host.std.engine.EngineSettings;
import io.gpuasync.host.std.engine.WaitEngine;
import io.netty.channel.IoEventLoop;
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
 * through its own eventfd. The step never spins: a loop that spun to a landing would starve the
 * sockets it serves.
 */
public final class LoopAwaits implements AsyncWaits, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(LoopAwaits.class.getName());
    /** Steps in a row before the loop is handed back to its other tasks (waits keep arriving). */
    private static final int ROUNDS_BEFORE_YIELD = 8;

    private final IoEventLoop loop;
    private final WaitEngine engine;
    private final LoopTimer timer;
    private final Runnable step = this::step;
    private final BiConsumer<IoEventLoop, LoopAwaits> onFinished;
    /** A step is queued on the loop; another wake queues nothing. */
    private final AtomicBoolean stepQueued = new AtomicBoolean();
    // Loop thread only.
    private boolean finished;
    private long steps;
    private volatile long wakeTasks;

    LoopAwaits(IoEventLoop loop, EngineSettings settings, BiConsumer<IoEventLoop, LoopAwaits> onFinished) {
        this.loop = loop;
        this.onFinished = onFinished;
        this.engine = new WaitEngine(settings, this::wake);
        this.timer = new LoopTimer(loop, this::step, this::loopClosedTimer);
        timer.register().addListener(registered -> {
            if (registered.isSuccess()) {
                step();     // on the loop: takes what arrived before the registration, and arms
            } else {
                engine.abandon(new GpuException(GpuException.Kind.CLOSED, "cannot register GPU waits on " + loop
                        + ": " + registered.cause(), registered.cause()));
                finish();
            }
        });
        loop.terminationFuture().addListener(terminated -> {
            // No thread will run the step again: end what is left (from any thread, as abandon allows).
            engine.abandon(loopGone());
            onFinished.accept(loop, this);
        });
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
     *
     * <p>As with any {@link CompletableFuture}, a continuation attached after completion runs on
     * the attaching thread: attach from the loop (a handler does), or use {@link #landed}, whose
     * listeners Netty always notifies on the loop. A ticket that already landed gives a future
     * already complete.
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
     * {@link #whenLanded} as a Netty {@link Future} of this loop: its listeners run on the loop,
     * and cancelling it drops the wait.
     */
    public Future<Ticket> landed(Ticket ticket) {
        CompletableFuture<Ticket> wait = whenLanded(ticket);
        // Cancelling the promise cancels the wait at once, on the cancelling thread: a listener
        // would only run later, on the loop, and the wait would hold its place until then.
        Promise<Ticket> promise = new DefaultPromise<>(loop) {
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

    /** Fresh {@code IORING_OP_TIMEOUT}s this loop's waits submitted. Loop thread, or after the loop ended. */
    public long timersArmed() {
        return timer.armed();
    }

    /** Timeouts moved with {@code IORING_TIMEOUT_UPDATE}. */
    public long timersMoved() {
        return timer.moved();
    }

    /** Timeouts removed because no deadline was wanted. */
    public long timersRemoved() {
        return timer.removed();
    }

    /** Timeouts that fired. */
    public long timerFires() {
        return timer.fired();
    }

    /** Steps queued on the loop by a wait from another thread. */
    public long wakeTasks() {
        return wakeTasks;
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
                steps++;
                engine.doWork(System.nanoTime());
                if (engine.isClosed()) {
                    engine.doWork(System.nanoTime());
                    finish();
                    return;
                }
                long deadline = engine.nextDeadline();
                timer.moveTo(deadline == WaitEngine.NO_DEADLINE ? LoopTimer.NO_DEADLINE : deadline);
                if (engine.prepareToSleep()) {
                    return;     // the timer or a wake brings the loop back here
                }
                if (round == ROUNDS_BEFORE_YIELD) {
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
