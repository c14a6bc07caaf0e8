package io.gpuasync.engine;

import io.gpuasync.api.GpuException;

/**
 * The one loop every host drives a {@link WaitEngine} with, Agrona's {@code AgentRunner} in
 * this project's terms: it owns the engine's step, what happens when a step throws (the engine is
 * abandoned, every wait fails {@link GpuException.Kind#CLOSED}, and the error goes on to the
 * host), and the sleep handshake; an {@link IdleStrategy} decides how to idle; a host supplies
 * only its {@link Timer}. A thread that may block runs {@link #run}; an event loop, which must
 * not, calls {@link #step} from its own tasks and arms its own timer.
 */
public final class DriverLoop {
    private DriverLoop() {
    }

    /** How a host's thread sleeps. */
    @FunctionalInterface
    public interface Timer {
        /**
         * Sleeps until {@code targetNanos} ({@link System#nanoTime()} scale) or until woken;
         * {@link WaitEngine#NO_DEADLINE}: until woken. Returns true when its timer ended the
         * sleep, false when a wake-up (or anything else) did.
         */
        boolean sleepUntil(long targetNanos);
    }

    /**
     * Drives {@code engine} until it is closed, idling as {@code strategy} says and sleeping on
     * {@code timer}, whose sleeps teach the engine's {@link io.gpuasync.core.TimerLateness}; then
     * runs its last step (which fails what is left with {@link GpuException.Kind#CLOSED}).
     * Allocates nothing of its own.
     *
     * @throws RuntimeException or Error what a step threw, after the engine was abandoned
     */
    public static void run(WaitEngine engine, IdleStrategy strategy, Timer timer) {
        for (;;) {
            IdleStrategy.Idle idle = step(engine, strategy);
            if (idle == null) {
                return;
            }
            if (idle == IdleStrategy.Idle.POLL) {
                strategy.pause();
                continue;
            }
            if (!engine.prepareToSleep()) {
                continue;
            }
            try {
                // A block while a wait is due at some time sleeps to it: nothing else would look.
                long target = engine.nextDeadline();
                long armedAt = System.nanoTime();
                if (timer.sleepUntil(target) && target != WaitEngine.NO_DEADLINE) {
                    engine.model().lateness().timerEnded(target, armedAt, System.nanoTime());
                }
            } finally {
                engine.awake();
            }
        }
    }

    /**
     * One step: the engine's work, then the strategy's decision for its next deadline (a
     * {@link IdleStrategy.Idle#BLOCK} while there is a deadline counts as a sleep to it, so that a
     * wait nothing else would wake for is still looked at); null once the engine is closed and its
     * last step ran. A step that throws abandons the engine (every wait fails
     * {@link GpuException.Kind#CLOSED}) and rethrows.
     */
    public static IdleStrategy.Idle step(WaitEngine engine, IdleStrategy strategy) {
        try {
            if (engine.isClosed()) {
                engine.doWork(System.nanoTime());
                return null;
            }
            engine.doWork(System.nanoTime());
            long deadline = engine.nextDeadline();
            IdleStrategy.Idle idle = strategy.idle(deadline, System.nanoTime());
            return idle == IdleStrategy.Idle.BLOCK && deadline != WaitEngine.NO_DEADLINE ? IdleStrategy.Idle.SLEEP : idle;
        } catch (RuntimeException | Error e) {
            engine.abandon(new GpuException(GpuException.Kind.CLOSED, "the thread driving the waits failed: " + e, e));
            throw e;
        }
    }

    /**
     * Waits for {@code driver}, the thread that runs {@link #run}, to end, ignoring interrupts
     * and keeping them in the caller's status: a host's close returns only once its thread let go
     * of what it drove. Returns at once on {@code driver} itself and for a thread never started.
     */
    public static void join(Thread driver) {
        if (Thread.currentThread() == driver || driver.getState() == Thread.State.NEW) {
            return;
        }
        boolean interrupted = false;
        for (;;) {
            try {
                driver.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
