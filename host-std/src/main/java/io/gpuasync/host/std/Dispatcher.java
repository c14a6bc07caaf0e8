package io.gpuasync.host.std;

import io.gpuasync.engine.CountingIdleStrategy;
import io.gpuasync.engine.DriverLoop;
import io.gpuasync.engine.HostStats;
import io.gpuasync.engine.IdleStrategy;
import io.gpuasync.engine.WaitEngine;
import io.gpuasync.engine.Waker;

import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * The std host's driver of a {@link WaitEngine}: one platform thread that runs the engine's
 * {@link DriverLoop}, idling as the reactor's {@link IdleStrategy} says and sleeping with a park
 * (1 ns of timer slack), started before the engine exists so that the engine can be given it as
 * its {@link Waker}.
 */
final class Dispatcher implements Waker, DriverLoop.Timer {
    private static final System.Logger LOG = System.getLogger(Dispatcher.class.getName());

    private final Thread thread;
    private final CountingIdleStrategy strategy;
    private volatile WaitEngine engine;
    private volatile String timerSlack = "not yet started";

    Dispatcher(String name, IdleStrategy strategy) {
        this.thread = Thread.ofPlatform().daemon().name(name).unstarted(this::run);
        this.strategy = new CountingIdleStrategy(strategy);
    }

    /** The strategy the dispatcher idles by, counted. */
    CountingIdleStrategy strategy() {
        return strategy;
    }

    /** Starts driving {@code engine}; once. */
    void start(WaitEngine engine) {
        this.engine = engine;
        thread.start();
    }

    @Override
    public boolean sleepUntil(long target) {
        if (target == WaitEngine.NO_DEADLINE) {
            LockSupport.park(this);
            return false;
        }
        return parkUntil(this, target);
    }

    /**
     * The std host's timed sleep: a park to {@code target} ({@link System#nanoTime()}) for
     * {@code blocker}; true when it ended at or after its target (its timer, as far as one can
     * tell: an unpark ends it early).
     */
    static boolean parkUntil(Object blocker, long target) {
        // At least 1 ns: a target that passed meanwhile still takes a timed sleep, as it is learned.
        LockSupport.parkNanos(blocker, Math.max(1, target - System.nanoTime()));
        return System.nanoTime() - target >= 0;
    }

    @Override
    public void wake() {
        LockSupport.unpark(thread);
    }

    /** Its thread, its polls and its timer's median lateness; no timeouts of its own. */
    HostStats stats() {
        WaitEngine started = engine;
        long lateness = started == null ? 0 : started.model().lateness().medianNanos(System.nanoTime());
        return new HostStats(thread.threadId(), 0, 0, 0, 0, strategy.polls(), 0, lateness);
    }

    String timerSlack() {
        return timerSlack;
    }

    /** Waits, uninterruptibly, for the thread to end (after the engine was closed). */
    void join() {
        DriverLoop.join(thread);
    }

    private void run() {
        timerSlack = describeSlack();
        try {
            DriverLoop.run(engine, strategy, this);
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.ERROR, "the dispatcher failed; its waits were failed", t);
            throw t;
        }
    }

    private static String describeSlack() {
        Optional<Throwable> why = TimerSlack.unavailabilityCause();
        if (why.isPresent()) {
            LOG.log(System.Logger.Level.INFO, "dispatcher keeps the default timer slack: {0}", why.get().toString());
            return "default (" + why.get().getMessage() + ")";
        }
        long before = TimerSlack.currentNanos();
        if (!TimerSlack.setCurrentNanos(1)) {
            LOG.log(System.Logger.Level.INFO, "dispatcher keeps timer slack {0} ns: prctl refused 1 ns", before);
            return before + " ns (prctl refused 1 ns)";
        }
        return TimerSlack.currentNanos() + " ns (was " + before + " ns)";
    }
}
