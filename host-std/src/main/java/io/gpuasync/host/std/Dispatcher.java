package io.gpuasync.host.std;

import io.gpuasync.api.GpuException;
import io.gpuasync.engine.DriverLoop;
import io.gpuasync.engine.HostStats;
import io.gpuasync.engine.Sleeper;
import io.gpuasync.engine.TimerLateness;
import io.gpuasync.engine.WaitEngine;
import io.gpuasync.engine.Waker;

import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * The std host's driver of a {@link WaitEngine}: one platform thread that runs the engine's
 * step and sleeps to its next deadline, started before the engine exists so that the engine
 * can be given it as its {@link Waker}.
 *
 * <p>How it waits for a deadline: the engine's {@link DriverLoop} over a {@link Sleeper} whose
 * timer is {@code parkNanos} with 1 ns of timer slack. The sleeper learns how late such a park
 * ends into the reactor's {@link TimerLateness}, which the reactor's blocking waiters, parking the
 * same way, teach too; it sleeps to that much before the deadline and spins the rest, or, when an
 * overdue wait was polled for the sleeper's bound without landing, parks to the deadline itself.
 */
final class Dispatcher implements Waker, Sleeper.Timer {
    private static final System.Logger LOG = System.getLogger(Dispatcher.class.getName());

    private final Thread thread;
    private volatile WaitEngine engine;
    private volatile Sleeper sleeper;
    private volatile String timerSlack = "not yet started";

    Dispatcher(String name) {
        this.thread = Thread.ofPlatform().daemon().name(name).unstarted(this::run);
    }

    /** Starts driving {@code engine}, learning into {@code lateness}; once. */
    void start(WaitEngine engine, TimerLateness lateness) {
        this.engine = engine;
        this.sleeper = new Sleeper(lateness, this);
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
     * The std host's timed sleep, the dispatcher's and a blocking waiter's: a park to
     * {@code target} ({@link System#nanoTime()}) for {@code blocker}; true when it ended at or
     * after its target (its timer, as far as one can tell: an unpark ends it early).
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

    /** Its thread; its sleeper's polls, probes, rests and learned lateness (0 before it started); no timeouts of its own. */
    HostStats stats() {
        Sleeper started = sleeper;
        return started == null ? new HostStats(thread.threadId(), 0, 0, 0, 0, 0, 0, 0, 0, 0)
                : new HostStats(thread.threadId(), 0, 0, 0, 0, started.polls(), 0, started.probes(), started.rests(),
                        started.lateness().nanos());
    }

    String timerSlack() {
        return timerSlack;
    }

    /** Waits, uninterruptibly, for the thread to end (after the engine was closed). */
    void join() {
        if (Thread.currentThread() == thread || thread.getState() == Thread.State.NEW) {
            return;
        }
        boolean interrupted = false;
        for (;;) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        timerSlack = describeSlack();
        WaitEngine engine = this.engine;
        try {
            DriverLoop.run(engine, sleeper);
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.ERROR, "the dispatcher failed; failing its waits", t);
            engine.abandon(new GpuException(GpuException.Kind.CLOSED, "the reactor's dispatcher failed: " + t, t));
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
