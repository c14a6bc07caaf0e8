package io.gpuasync.host.netty;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Ticket;
import io.gpuasync.engine.FutureHost;
import io.gpuasync.engine.EngineSettings;
import io.netty.channel.EventLoop;
import io.netty.channel.IoHandler;
import io.netty.channel.IoEventLoop;
import io.netty.channel.uring.IoUringIoHandler;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Where a Netty user starts: GPU waits whose continuations run on an event loop.
 *
 * <pre>{@code
 * // in a handler on an io_uring loop (MultiThreadIoEventLoopGroup with IoUringIoHandler.newFactory())
 * GpuAwaits.on(ctx.channel().eventLoop())
 *          .landed(line.signal(stream, Slot.S0))               // a Netty Future of the loop
 *          .addListener(f -> ctx.writeAndFlush(result()));     // runs on the loop, no hop
 * }</pre>
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
public final class GpuAwaits {
    /**
     * The name of the thread that runs what an ended loop can no longer run: the listeners of
     * {@link LoopAwaits#landed}, and the continuations of the waits a loop held when it ended
     * ({@link LoopAwaits#whenLanded}'s and {@link #viaHost}'s). One daemon thread for all loops,
     * started when an ended loop leaves it work.
     */
    public static final String AFTER_LOOP_THREAD_NAME = "gpu-awaits-after-loop";
    private static final ConcurrentMap<IoEventLoop, LoopAwaits> LOOPS = new ConcurrentHashMap<>();

    private GpuAwaits() {
    }

    /** {@link #on(EventLoop, EngineSettings)} with {@link EngineSettings#DEFAULTS}. */
    public static LoopAwaits on(EventLoop loop) {
        return on(loop, EngineSettings.DEFAULTS);
    }

    /**
     * The GPU waits of {@code loop}, one per loop, made on first use with {@code settings}
     * (ignored after that) and kept until closed or the loop ends.
     *
     * @throws IllegalArgumentException when {@code loop} is not a Netty io_uring loop, saying what it is
     * @throws IllegalStateException    when {@code loop} is shutting down
     */
    public static LoopAwaits on(EventLoop loop, EngineSettings settings) {
        Objects.requireNonNull(loop, "loop");
        Objects.requireNonNull(settings, "settings");
        if (!(loop instanceof IoEventLoop ioLoop) || !ioLoop.isIoType(IoUringIoHandler.class)) {
            throw new IllegalArgumentException("GpuAwaits.on needs a Netty io_uring event loop (a "
                    + "MultiThreadIoEventLoopGroup made with IoUringIoHandler.newFactory()); " + loop + " is "
                    + transportOf(loop) + ". On such a loop use GpuAwaits.viaHost(loop, reactor): the std host "
                    + "completes the wait and the continuation hops to the loop through execute()");
        }
        if (loop.isShuttingDown()) {
            throw new IllegalStateException("the event loop " + loop + " is shutting down; it takes no GPU waits");
        }
        for (;;) {
            LoopAwaits awaits = LOOPS.get(ioLoop);
            if (awaits != null && !awaits.isClosed()) {
                return awaits;
            }
            if (awaits != null) {
                LOOPS.remove(ioLoop, awaits);
            }
            // Made outside the map: making one registers on the loop, whose callbacks may
            // remove it from the map again.
            LoopAwaits fresh = new LoopAwaits(ioLoop, settings, LOOPS::remove);
            LoopAwaits raced = LOOPS.putIfAbsent(ioLoop, fresh);
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
        LoopOrAfter hop = new LoopOrAfter(loop);
        java.util.Set<CompletableFuture<Ticket>> pending = ConcurrentHashMap.newKeySet();
        loop.terminationFuture().addListener(ended -> LoopOrAfter.afterLoop(() -> {
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
}
