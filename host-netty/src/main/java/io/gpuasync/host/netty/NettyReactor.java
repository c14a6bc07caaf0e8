package io.gpuasync.host.netty;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.WakeModel;
import io.gpuasync.engine.CountingIdleStrategy;
import io.gpuasync.engine.DriverLoop;
import io.gpuasync.engine.EngineSettings;
import io.gpuasync.engine.FutureHost;
import io.gpuasync.engine.HostStats;
import io.gpuasync.engine.IdleStrategy;
import io.gpuasync.engine.WaitEngine;
import io.gpuasync.engine.WaitTuning;
import io.gpuasync.engine.uring.MovableTimeout;
import io.netty.channel.EventLoop;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandler;
import io.netty.channel.SingleThreadEventLoop;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.util.concurrent.DefaultPromise;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

/**
 * The Netty host: GPU waits whose continuations run on a Netty 4.2 io_uring event loop, one
 * {@link WaitEngine} per loop, driven by the loop itself. The loop runs the engine's step when its
 * timer fires or a wait arrives; between those it serves its sockets. Futures complete on the
 * loop, so continuations run where the request that wanted the GPU lives.
 *
 * <pre>{@code
 * // in a handler on an io_uring loop (MultiThreadIoEventLoopGroup with IoUringIoHandler.newFactory())
 * NettyReactor.on(ctx.channel().eventLoop())
 *             .landed(line.signal(stream, Slot.S0))            // a Netty Future of the loop
 *             .addListener(f -> ctx.writeAndFlush(result()));  // runs on the loop, no hop
 * }</pre>
 *
 * <p>How the loop sleeps to the engine's deadline: one absolute {@code IORING_OP_TIMEOUT} the
 * loop's own ring holds, submitted through the loop's {@code IoRegistration} and moved with
 * {@code IORING_TIMEOUT_UPDATE} when the deadline changes. How a wait from another thread wakes
 * it: {@link IoEventLoop#execute} of the step (one queued at a time), which wakes Netty's ring
 * through its own eventfd.
 *
 * <p>How it idles: the loop runs the engine's step through {@link DriverLoop#step} and does what
 * the settings' {@link IdleStrategy} answers, as the std and io_uring hosts' threads do: sleep
 * arms the timer at the engine's deadline (its firing teaches the engine's wake model how late
 * this loop's timeouts end), block removes it, and poll asks to run the step again after the
 * loop's current pass ({@link SingleThreadEventLoop#executeAfterEventLoopIteration}), so that
 * between two polls the loop reaps its ring without blocking and runs its other tasks: a
 * socket's completion waits for at most one step, never for a landing. A loop that cannot run a
 * task after its pass sets its timer at the deadline instead.
 *
 * <p>Other transports (NIO, epoll, kqueue, local) have no ring to hold a timer of ours:
 * {@link #on} refuses their loops with an {@link IllegalArgumentException} naming the transport,
 * and {@link #viaHost} is the fallback that works on any loop: a host of its own (the std
 * {@code io.gpuasync.host.std.Reactor}'s dispatcher thread) completes the wait, and the
 * continuation hops to the loop through {@link EventLoop#execute}: one more thread wakes per
 * await, and the hop's latency is added ({@code gar bench --host} measures it as
 * {@code std+execute}). Nothing falls back silently: {@link #on} never picks the fallback itself.
 *
 * <p>When a loop ends with waits pending, they fail {@link GpuException.Kind#CLOSED}, and what
 * the loop can no longer run runs on the after-loop thread ({@link #AFTER_LOOP_THREAD_NAME}):
 * no listener is lost, whatever the shutdown's quiet period.
 */
public final class NettyReactor implements FutureHost, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(NettyReactor.class.getName());
    /**
     * The name of the thread that runs what an ended loop can no longer run: the listeners of
     * {@link #landed}, and the continuations of the waits a loop held when it ended
     * ({@link #whenLanded}'s and {@link #viaHost}'s). One daemon thread for all loops,
     * started when an ended loop leaves it work.
     */
    public static final String AFTER_LOOP_THREAD_NAME = "gar-netty-after-loop";
    private static final ConcurrentMap<IoEventLoop, NettyReactor> LOOPS = new ConcurrentHashMap<>();

    private final IoEventLoop loop;
    private final WaitEngine engine;
    private final LoopTimer timer;
    private final Runnable step = this::step;
    private final BiConsumer<IoEventLoop, NettyReactor> onFinished;
    /** Where {@link #landed}'s listeners run: the loop, then the after-loop thread once it ended. */
    private final LosslessLoopExecutor listeners;
    /** A step is queued on the loop; another wake queues nothing. */
    private final AtomicBoolean stepQueued = new AtomicBoolean();
    /** Null when the loop cannot run a task after its pass: then it sleeps on the timer alone. */
    private final SingleThreadEventLoop passes;
    private final Runnable pollAfterPass = this::pollAfterPass;
    private final CountingIdleStrategy strategy;
    // Loop thread only.
    private boolean finished;
    private boolean pollQueued;
    /** When the timer was last set, and for when: a firing teaches how late it came from then. */
    private long timerSetAt;
    private long timerSetFor = LoopTimer.NO_DEADLINE;
    private volatile long wakeTasks;
    /** The loop's thread, once the timer registered on it (0 before). */
    private volatile long loopThread;

    /** {@link #on(EventLoop, EngineSettings)} with {@link EngineSettings#DEFAULTS}. */
    public static NettyReactor on(EventLoop loop) {
        return on(loop, EngineSettings.DEFAULTS);
    }

    /**
     * The reactor of {@code loop}, one per loop, made on first use with {@code settings}
     * (ignored after that) and kept until closed or the loop ends.
     *
     * @throws IllegalArgumentException when {@code loop} is not a Netty io_uring loop, saying what it is
     * @throws IllegalStateException    when {@code loop} is shutting down
     */
    public static NettyReactor on(EventLoop loop, EngineSettings settings) {
        Objects.requireNonNull(loop, "loop");
        Objects.requireNonNull(settings, "settings");
        if (!(loop instanceof IoEventLoop ioLoop) || !ioLoop.isIoType(IoUringIoHandler.class)) {
            throw new IllegalArgumentException("NettyReactor.on needs a Netty io_uring event loop (a "
                    + "MultiThreadIoEventLoopGroup made with IoUringIoHandler.newFactory()); " + loop + " is "
                    + transportOf(loop) + ". On such a loop use NettyReactor.viaHost(loop, reactor): the std host "
                    + "completes the wait and the continuation hops to the loop through execute()");
        }
        if (loop.isShuttingDown()) {
            throw new IllegalStateException("the event loop " + loop + " is shutting down; it takes no GPU waits");
        }
        for (;;) {
            NettyReactor existing = LOOPS.get(ioLoop);
            if (existing != null && !existing.isClosed()) {
                return existing;
            }
            if (existing != null) {
                LOOPS.remove(ioLoop, existing);
            }
            // Made outside the map: making one registers on the loop, whose callbacks may
            // remove it from the map again.
            NettyReactor fresh = new NettyReactor(ioLoop, settings, LOOPS::remove);
            NettyReactor raced = LOOPS.putIfAbsent(ioLoop, fresh);
            if (raced == null) {
                return fresh;
            }
            fresh.close();
        }
    }

    /**
     * The fallback for any event loop: {@code host} (a {@code io.gpuasync.host.std.Reactor}, or
     * any {@link FutureHost}) completes the wait on its own thread, then the result is handed to
     * {@code loop} with {@link EventLoop#execute}, so the future completes, and its continuations
     * run, on the loop. A loop that is shutting down takes no waits
     * ({@link GpuException.Kind#CLOSED}); once it ended, the waits it had are failed the same
     * way on the after-loop thread ({@link #AFTER_LOOP_THREAD_NAME}), their host's waits
     * cancelled, without waiting for their tickets; so does a result handed to the loop after
     * it stopped taking tasks.
     *
     * <p>As with any {@link CompletableFuture}, a continuation runs on a thread that completes
     * the future: cancelling one cancels the host's wait and runs its continuations on the
     * cancelling thread (some on the loop, if it was handing the wait's end over at that
     * moment), and a continuation attached after completion runs on the attaching thread. One
     * that must run on the loop whoever completes the future is attached with an
     * {@code ...Async(fn, loop)} method. Make one per loop and keep it: each call watches the
     * loop's end.
     */
    public static FutureHost viaHost(EventLoop loop, FutureHost host) {
        Objects.requireNonNull(loop, "loop");
        Objects.requireNonNull(host, "host");
        LosslessLoopExecutor hop = new LosslessLoopExecutor(loop);
        java.util.Set<CompletableFuture<Ticket>> pending = ConcurrentHashMap.newKeySet();
        loop.terminationFuture().addListener(ended -> LosslessLoopExecutor.afterLoop(() -> {
            for (CompletableFuture<Ticket> onLoop : pending) {
                onLoop.completeExceptionally(shuttingDown(loop));
            }
        }));
        return ticket -> {
            Objects.requireNonNull(ticket, "ticket");
            CompletableFuture<Ticket> onLoop = new CompletableFuture<>();
            if (loop.isShuttingDown()) {
                onLoop.completeExceptionally(shuttingDown(loop));
                return onLoop;
            }
            pending.add(onLoop);
            if (loop.isTerminated()) {
                // Ended between the check and the add, its listener maybe past this one.
                onLoop.completeExceptionally(shuttingDown(loop));
            }
            CompletableFuture<Ticket> wait = host.whenLanded(ticket);
            wait.whenComplete((landed, failure) -> hop.execute(() -> {
                if (onLoop.isDone()) {
                    return;     // cancelled: a completion call would only help run its continuations here
                } else if (loop.isShutdown()) {
                    onLoop.completeExceptionally(shuttingDown(loop));     // handed over as the loop ended
                } else if (failure == null) {
                    onLoop.complete(landed);
                } else {
                    onLoop.completeExceptionally(failure);
                }
            }));
            onLoop.whenComplete((landed, failure) -> {
                pending.remove(onLoop);
                if (failure != null) {
                    // Cancelled, or ended by the loop's end: the host's wait is no one's now.
                    wait.cancel(false);
                }
            });
            return onLoop;
        };
    }

    private static GpuException shuttingDown(EventLoop loop) {
        return new GpuException(GpuException.Kind.CLOSED, "the event loop " + loop + " is shutting down; it takes no GPU waits");
    }

    /** The other transports' handlers, looked up by name: this module requires none of them. */
    private static final String[][] OTHER_TRANSPORTS = {
        {"io.netty.channel.epoll.EpollIoHandler", "an epoll loop (EpollIoHandler)"},
        {"io.netty.channel.kqueue.KQueueIoHandler", "a kqueue loop (KQueueIoHandler)"},
        {"io.netty.channel.local.LocalIoHandler", "a local-transport loop (LocalIoHandler)"},
    };

    private static String transportOf(EventLoop loop) {
        if (loop instanceof IoEventLoop ioLoop) {
            if (ioLoop.isIoType(io.netty.channel.nio.NioIoHandler.class)) {
                return "a NIO loop (NioIoHandler)";
            }
            for (String[] transport : OTHER_TRANSPORTS) {
                Class<?> handler;
                try {
                    handler = Class.forName(transport[0], false, loop.getClass().getClassLoader());
                } catch (ClassNotFoundException | LinkageError absent) {
                    continue;
                }
                if (IoHandler.class.isAssignableFrom(handler) && ioLoop.isIoType(handler.asSubclass(IoHandler.class))) {
                    return transport[1];
                }
            }
            return "a loop of another IoHandler (" + loop.getClass().getName() + ")";
        }
        return "not an IoEventLoop (" + loop.getClass().getName() + ")";
    }

    private NettyReactor(IoEventLoop loop, EngineSettings settings, BiConsumer<IoEventLoop, NettyReactor> onFinished) {
        this.loop = loop;
        this.onFinished = onFinished;
        this.strategy = new CountingIdleStrategy(settings.idleStrategy());
        this.engine = new WaitEngine(settings, this::wake);
        this.passes = loop instanceof SingleThreadEventLoop single ? single : null;
        this.listeners = new LosslessLoopExecutor(loop);
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
        loop.terminationFuture().addListener(terminated -> LosslessLoopExecutor.afterLoop(this::endWithTheLoop));
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
     * ({@link #AFTER_LOOP_THREAD_NAME}), when Netty did not already end them on the loop.
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
     * ({@link #AFTER_LOOP_THREAD_NAME}), also those added later; none is lost when the
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
     * timer registered on it); the {@code IORING_OP_TIMEOUT}s they submitted, moved, removed, and
     * that fired; the steps after which the strategy said poll; the steps queued on the loop by a
     * wait from another thread; the timer's median lateness. On the loop's thread, or after the
     * loop ended.
     */
    public HostStats stats() {
        MovableTimeout timeout = timer.timeout();
        return new HostStats(loopThread, timeout.armed(), timeout.moved(), timeout.removed(), timeout.fired(), strategy.polls(),
                wakeTasks, engine.model().lateness().medianNanos(System.nanoTime()));
    }

    /** The model these waits wake by, with the lateness this loop's timeouts taught. */
    public WakeModel wakeModel() {
        return engine.model();
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
        for (int round = 0; ; round++) {
            IdleStrategy.Idle idle;
            try {
                idle = DriverLoop.step(engine, strategy);
            } catch (RuntimeException | Error e) {
                LOG.log(System.Logger.Level.ERROR, "GPU waits on " + loop + " failed; they were failed", e);
                finish();
                return;
            }
            if (idle == null) {
                finish();
                return;
            }
            long now = System.nanoTime();
            switch (idle) {
                case POLL -> {
                    if (mayPoll()) {
                        // Not prepareToSleep: a wait arriving meanwhile needs no wake, the next poll takes it.
                        return;
                    }
                    setTimer(engine.nextDeadline(), now);
                }
                case SLEEP -> setTimer(engine.nextDeadline(), now);
                case BLOCK -> setTimer(LoopTimer.NO_DEADLINE, now);
            }
            if (engine.prepareToSleep()) {
                return;     // the timer or a wake brings the loop back here
            }
            if (round == WaitTuning.LOOP_ROUNDS_BEFORE_YIELD) {
                wake();     // more waits keep coming: let the loop serve its sockets first
                return;
            }
        }
    }

    private void setTimer(long target, long now) {
        if (target != timerSetFor || !timer.timeout().pending()) {
            timerSetAt = now;
            timerSetFor = target;
        }
        timer.moveTo(target);
    }

    private void timerFired() {
        long firedFor = timer.timeout().firedFor();
        if (firedFor != LoopTimer.NO_DEADLINE) {
            engine.model().lateness().timerEnded(firedFor, timerSetAt, System.nanoTime());
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
