package io.gpuasync.engine;

import io.gpuasync.core.NanoClock;

import java.util.Objects;

/**
 * How one driver of a {@link WaitEngine} waits for the engine's next deadline: the spin-or-sleep
 * decision, and the timer lateness ({@link TimerLateness}) it learns from every sleep its timer
 * ends. A host supplies only its {@link Timer}, the way its thread sleeps (a park, an io_uring
 * timeout); an event loop that cannot block asks the same decision ({@link #plan}) and arms its
 * own timer, telling the sleeper when it fired ({@link #timerEnded}).
 *
 * <p>The decision: a deadline further than the lateness is slept to that much before it; a nearer
 * one is polled for ({@link #POLL}), since a sleep would end after it. A driver whose estimate
 * stands above all its deadlines would never sleep and never learn again (seen on the Netty host
 * after a burst of load, see {@code bench/RESULTS.md}); so a polling run that begins with no sample taken
 * since the one before it counts as stale, and every {@value WaitTuning#PROBE_EVERY_STALE_RUNS}th
 * stale run starts with a probe, the shortest timed sleep (1 ns ahead), whose lateness is what the
 * timer does now. A probe costs one sleep's lateness at the start of a polling run, when the
 * deadline is furthest.
 *
 * <p>Polling is bounded: once a run has polled {@link WaitTuning#POLL_RUN_MAX_NANOS} past the
 * deadline it began with (or past its start, for a deadline that had passed) without the engine's
 * step doing any work ({@link #progressed}), the prediction it polled over is wrong rather than
 * early, and {@code plan} answers the engine's deadline itself, a rest: the driver
 * sleeps to that deadline (the engine's poll back-off, at most
 * {@link WaitTuning#POLL_BACKOFF_MAX} away), not a lateness ahead of it. The learned lateness can
 * stand above the back-off (under load, up to its bound), and then every look of an overdue wait
 * is nearer than it: without the bound the driver would spin a core until the landing, and a rest
 * set a lateness ahead would add a second lateness to the timer's own. A timer set nearer than its
 * lateness ends that late anyway; each rest it ends teaches the lateness too. The driver rests
 * until the step does work (then it polls again, for the bound) or the deadline moves past the
 * lateness (which ends the run).
 *
 * <pre>{@code
 * if (engine.doWork(System.nanoTime()) > 0) sleeper.progressed();
 * long target = sleeper.plan(engine.nextDeadline(), System.nanoTime());
 * if (target == Sleeper.POLL) { ... poll again ... } else { ... sleep to target, then sleeper.timerEnded(...) }
 * }</pre>
 *
 * <p>One driver thread owns a sleeper (the lateness it feeds may be shared); allocates nothing.
 */
public final class Sleeper {
    /** What {@link #plan} says for a deadline nearer than a timed sleep could end: poll. */
    public static final long POLL = Long.MIN_VALUE;

    /** How a host's thread sleeps. */
    @FunctionalInterface
    public interface Timer {
        /**
         * Sleeps until {@code targetNanos} ({@link System#nanoTime()} scale) or until woken;
         * {@link WaitEngine#NO_DEADLINE}: until woken. Returns true when its timer ended the
         * sleep, false when a wake-up (or anything else) did.
         */
        boolean sleepUntil(long targetNanos);

        /** Between two polls of a deadline nearer than a sleep could end. */
        default void pause() {
            Thread.onSpinWait();
        }
    }

    private final TimerLateness lateness;
    private final Timer timer;
    private final NanoClock clock;
    private boolean polling;
    private static final long NOT_PROBED = -1;
    private static final long NOT_POLLING = Long.MIN_VALUE;
    /**
     * When the current run's polling became overdue (its first deadline, or when it began if that
     * had passed), or again after work; {@link #NOT_POLLING} between runs.
     */
    private long pollingSince = NOT_POLLING;
    private long samplesAtLastRun = -1;
    private long probedAt = NOT_PROBED;
    private int staleRuns;
    // Written by the driver only; volatile so a bench thread reads recent values.
    private volatile long polls;
    private volatile long probes;
    private volatile long rests;

    /** A sleeper for a driver that blocks in {@code timer}, learning into {@code lateness}. */
    public Sleeper(TimerLateness lateness, Timer timer) {
        this(lateness, timer, System::nanoTime);
    }

    /** As {@link #Sleeper(TimerLateness, Timer)}, reading time from {@code clock} (tests). */
    public Sleeper(TimerLateness lateness, Timer timer, NanoClock clock) {
        this.lateness = Objects.requireNonNull(lateness, "lateness");
        this.timer = Objects.requireNonNull(timer, "timer");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A sleeper for an event loop, which arms its own timer: only {@link #plan} and {@link #timerEnded}. */
    public static Sleeper forEventLoop(TimerLateness lateness) {
        return new Sleeper(lateness, target -> {
            throw new IllegalStateException("an event loop's sleeper does not block; it arms its own timer");
        });
    }

    /** The lateness this sleeper learns into. */
    public TimerLateness lateness() {
        return lateness;
    }

    /**
     * How to wait for {@code deadline}, seen at {@code nowNanos}: {@link WaitEngine#NO_DEADLINE}
     * (sleep until woken), {@link #POLL}, or the time to sleep to: a lateness before a far
     * deadline, or the deadline itself once the run polled its bound without work (a rest).
     */
    public long plan(long deadline, long nowNanos) {
        if (deadline == WaitEngine.NO_DEADLINE) {
            polling = false;
            pollingSince = NOT_POLLING;
            return WaitEngine.NO_DEADLINE;
        }
        long late = lateness.nanos();
        if (deadline - nowNanos > late) {
            polling = false;
            pollingSince = NOT_POLLING;
            return deadline - late;
        }
        if (!polling) {
            polling = true;
            long seen = lateness.samples();
            // A probe that a wake-up ended taught nothing: probe again (a thread's first sleep
            // after the wake that brought its wait often returns at once). A probe's own sample
            // does not make the run after it fresh: only another's does.
            boolean probeTaughtNothing = probedAt != NOT_PROBED && seen == probedAt;
            boolean stale = seen == samplesAtLastRun || probedAt != NOT_PROBED && seen == probedAt + 1;
            probedAt = NOT_PROBED;
            samplesAtLastRun = seen;
            if (!stale) {
                staleRuns = 0;
            } else if (probeTaughtNothing || ++staleRuns >= WaitTuning.PROBE_EVERY_STALE_RUNS) {
                staleRuns = 0;
                probedAt = seen;
                polling = false;
                probes++;
                return nowNanos + 1;
            }
        }
        if (pollingSince == NOT_POLLING) {
            // Counted from the deadline, not from the first poll: a prediction polled for ahead
            // of it is early, not wrong, and resting on it would add the timer's lateness.
            pollingSince = deadline - nowNanos > 0 ? deadline : nowNanos;
        } else if (nowNanos - pollingSince >= WaitTuning.POLL_RUN_MAX_NANOS) {
            rests++;
            return deadline;
        }
        polls++;
        return POLL;
    }

    /**
     * The engine's step did work ({@link WaitEngine#doWork} returned more than 0: a wait landed,
     * failed or arrived): a polling run that had given up polls again, for its bound. The run
     * goes on as far as probes are concerned; only a far deadline or none ends it.
     */
    public void progressed() {
        pollingSince = NOT_POLLING;
    }

    /**
     * For a waiter that runs its own plan and asks once per wait: whether to begin this wait, due
     * at {@code deadline}, with a probe sleep ({@link #sleepUntil} of {@code nowNanos + 1}). Each
     * call is a wait of its own: a polling run that ends with it.
     */
    public boolean probeDue(long deadline, long nowNanos) {
        polling = false;
        pollingSince = NOT_POLLING;
        long probed = probes;
        plan(deadline, nowNanos);
        polling = false;
        pollingSince = NOT_POLLING;
        return probes != probed;
    }

    /** Sleeps to what {@link #plan} said (not {@link #POLL}) and learns from it if its timer ended it. */
    public void sleepUntil(long target) {
        long armedAt = clock.nanoTime();
        boolean byTimer = timer.sleepUntil(target);
        if (byTimer && target != WaitEngine.NO_DEADLINE) {
            lateness.timerEnded(target, armedAt, clock.nanoTime());
        }
    }

    /** Between two polls: the timer's pause (a spin-wait hint for a thread). */
    public void pause() {
        timer.pause();
    }

    /** An event loop's timer, armed at {@code armedAtNanos} for {@code target}, fired at {@code firedAtNanos}. */
    public void timerEnded(long target, long armedAtNanos, long firedAtNanos) {
        lateness.timerEnded(target, armedAtNanos, firedAtNanos);
    }

    /** Polls decided so far. */
    public long polls() {
        return polls;
    }

    /** Probe sleeps taken so far (stale polling runs that began with a shortest sleep). */
    public long probes() {
        return probes;
    }

    /** Rests decided so far: sleeps to the engine's deadline after a run polled its bound without work. */
    public long rests() {
        return rests;
    }
}
