package io.gpuasync.host.netty;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.AbstractEventExecutor;
import io.netty.util.concurrent.Future;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs each task once: on the event loop while it takes tasks, on the after-loop thread
 * ({@link NettyReactor#AFTER_LOOP_THREAD_NAME}) once it stopped taking them. The executor of the
 * promises {@link NettyReactor#landed} returns and of {@link NettyReactor#viaHost}'s hops, so that a
 * loop's end loses no listener.
 *
 * <p>Why a rejection alone is not enough: an event loop that stops taking tasks can accept one
 * and never run it (Netty 4.2's {@code SingleThreadEventExecutor.execute} offers the task, then
 * sees the loop shut down and cannot take it back out of its MPSC queue; the loop drains it
 * unrun when it terminates). So every task handed to the loop is remembered until it ran, and
 * the loop's termination runs what it left on the after-loop thread.
 *
 * <p>The shutdown methods are the loop's business: this executor has none of its own.
 */
final class LosslessLoopExecutor extends AbstractEventExecutor {
    private static final System.Logger LOG = System.getLogger(LosslessLoopExecutor.class.getName());
    /**
     * One daemon thread, started when a loop's end first leaves it something and ended after a
     * second without work: one thread keeps the order in which the ended loops handed over.
     */
    private static final ThreadPoolExecutor AFTER_LOOP = afterLoopThread();

    private final EventLoop loop;
    /** Handed to the loop and not run yet: what its termination must run here. */
    private final Set<Once> handed = ConcurrentHashMap.newKeySet();

    LosslessLoopExecutor(EventLoop loop) {
        super(loop.parent());
        this.loop = loop;
        loop.terminationFuture().addListener(ended -> runLeftAfterLoop());
    }

    /** Runs {@code task} on the after-loop thread. */
    static void afterLoop(Runnable task) {
        AFTER_LOOP.execute(task);
    }

    @Override
    public boolean inEventLoop(Thread thread) {
        return loop.inEventLoop(thread);
    }

    @Override
    public void execute(Runnable task) {
        if (loop.isTerminated()) {
            afterLoop(task);
            return;
        }
        Once once = new Once(task, handed);
        handed.add(once);
        try {
            loop.execute(once);
        } catch (RejectedExecutionException ended) {
            once.runAfterLoop();
            return;
        }
        if (loop.isTerminated()) {
            // Ended while this was handed: its termination may have looked before the add.
            once.runAfterLoop();
        }
    }

    private void runLeftAfterLoop() {
        for (Once once : handed) {
            once.runAfterLoop();
        }
    }

    /** A task that runs at most once, wherever it runs first. */
    private static final class Once implements Runnable {
        private static final VarHandle CLAIMED;

        static {
            try {
                CLAIMED = MethodHandles.lookup().findVarHandle(Once.class, "claimed", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final Runnable task;
        private final Set<Once> handed;
        @SuppressWarnings("unused")     // through CLAIMED
        private volatile boolean claimed;

        Once(Runnable task, Set<Once> handed) {
            this.task = task;
            this.handed = handed;
        }

        private boolean claim() {
            if (!CLAIMED.compareAndSet(this, false, true)) {
                return false;
            }
            handed.remove(this);
            return true;
        }

        @Override
        public void run() {
            if (claim()) {
                task.run();
            }
        }

        void runAfterLoop() {
            if (claim()) {
                afterLoop(task);
            }
        }
    }

    private static ThreadPoolExecutor afterLoopThread() {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                Thread.ofPlatform().name(NettyReactor.AFTER_LOOP_THREAD_NAME).daemon().factory()) {
            @Override
            protected void afterExecute(Runnable task, Throwable failure) {
                if (failure != null) {
                    LOG.log(System.Logger.Level.WARNING, "a task left by an ended event loop failed on "
                            + NettyReactor.AFTER_LOOP_THREAD_NAME, failure);
                }
            }
        };
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }

    // ------------------------------------------------------------------ the loop's own business

    @Override
    public boolean isShuttingDown() {
        return loop.isShuttingDown();
    }

    @Override
    public Future<?> shutdownGracefully(long quietPeriod, long timeout, TimeUnit unit) {
        throw new UnsupportedOperationException("shut down the event loop " + loop + " itself");
    }

    @Override
    public Future<?> terminationFuture() {
        return loop.terminationFuture();
    }

    @Override
    @Deprecated
    public void shutdown() {
        throw new UnsupportedOperationException("shut down the event loop " + loop + " itself");
    }

    @Override
    public boolean isShutdown() {
        return loop.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return loop.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return loop.awaitTermination(timeout, unit);
    }

    @Override
    public String toString() {
        return loop + ", then " + NettyReactor.AFTER_LOOP_THREAD_NAME;
    }
}
