package io.gpuasync.host.std;

import io.gpuasync.api.GpuException;
import io.gpuasync.host.std.engine.LateWake;
import io.gpuasync.host.std.engine.WaitEngine;
import io.gpuasync.host.std.engine.Waker;

import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * The std host's driver of a {@link WaitEngine}: one platform thread that runs the engine's
 * step and sleeps to its next deadline, started before the engine exists so that the engine
 * can be given it as its {@link Waker}.
 *
 * <p>How it waits for a deadline: a timed sleep here ends some tens of microseconds late (the
 * timer slack, or a virtual machine's timer: the thread learns how late, as {@link LateWake}),
 * so it sleeps to that much before the deadline and spins the rest; a deadline nearer than that
 * is spun to at once. Spinning costs what it lasts; a sleep costs a timer's arming, tens of
 * microseconds of CPU here, whatever its length.
 */
final class Dispatcher implements Waker {
    private static final System.Logger LOG = System.getLogger(Dispatcher.class.getName());

    private final Thread thread;
    private volatile WaitEngine engine;
    private volatile String timerSlack = "not yet started";

    Dispatcher(String name) {
        this.thread = Thread.ofPlatform().daemon().name(name).unstarted(this::run);
    }

    /** Starts driving {@code engine}; once. */
    void start(WaitEngine engine) {
        this.engine = engine;
        thread.start();
    }

    @Override
    public void wake() {
        LockSupport.unpark(thread);
    }

    long threadId() {
        return thread.threadId();
    }

    boolean isDispatcherThread() {
        return Thread.currentThread() == thread;
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
        LateWake lateWake = new LateWake();
        try {
            while (!engine.isClosed()) {
                engine.doWork(System.nanoTime());
                long deadline = engine.nextDeadline();
                if (deadline != WaitEngine.NO_DEADLINE && lateWake.tooNearToSleep(deadline, System.nanoTime())) {
                    // Nearer than a timed sleep could end: spin to it.
                    Thread.onSpinWait();
                    continue;
                }
                if (!engine.prepareToSleep()) {
                    continue;
                }
                try {
                    if (deadline == WaitEngine.NO_DEADLINE) {
                        LockSupport.park(this);
                    } else {
                        long target = lateWake.sleepTarget(deadline);
                        LockSupport.parkNanos(this, target - System.nanoTime());
                        lateWake.timerEnded(target, System.nanoTime());
                    }
                } finally {
                    engine.awake();
                }
            }
            engine.doWork(System.nanoTime());
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
