package io.gpuasync.core;

/**
 * Runs a {@link WaitPlan} as a step machine: the caller polls its condition, passes the answer
 * and the time to {@link #next}, and does what the returned {@link WaitStep} says. The same
 * runner serves a blocked platform thread, a virtual thread, a dispatcher or an io_uring loop,
 * because it only decides and never waits itself.
 * <pre>{@code
 * runner.start(clock.nanoTime(), estimator.wakeAt(slot, target));
 * for (;;) {
 *     switch (runner.next(line.reached(slot, target), clock.nanoTime())) {
 *         case SPIN -> Thread.onSpinWait();
 *         case YIELD -> Thread.yield();
 *         case PARK -> LockSupport.parkNanos(runner.parkNanos());
 *         case DONE -> { return; }
 *         case TIMED_OUT -> throw timedOut;
 *     }
 * }
 * }</pre>
 *
 * <p>The plan is flattened into arrays once, when the runner is made; {@link #start} and
 * {@link #next} only move counters, so a runner kept per thread waits any number of times
 * without allocating. A runner is used by one thread at a time.
 */
public final class WaitPlanRunner {
    private static final byte SPIN = 0;
    private static final byte YIELD = 1;
    private static final byte PARK_UNTIL_DEADLINE = 2;
    private static final byte PARK_BACKOFF = 3;
    private static final byte SPIN_PAST_LANDING = 4;

    private final WaitPlan plan;
    private final byte[] kinds;
    private final long[] firstArgs;
    private final long[] secondArgs;
    private final long timeoutNanos;

    private int phase;
    private long count;
    private long pause;
    private long parkNanos;
    private long startNanos;
    private long wakeAtNanos;
    private long landingNanos;
    // Where the current SpinPastLanding phase counts from: the landing, or the phase's start.
    private long spinFromNanos;
    private boolean started;

    /** A runner for {@code plan}. */
    public WaitPlanRunner(WaitPlan plan) {
        if (plan == null) {
            throw new NullPointerException("plan");
        }
        this.plan = plan;
        WaitPlan body = plan instanceof WaitPlan.Timeout t ? t.plan() : plan;
        this.timeoutNanos = plan instanceof WaitPlan.Timeout t ? t.nanos() : Long.MAX_VALUE;
        int phases = countPhases(body);
        this.kinds = new byte[phases];
        this.firstArgs = new long[phases];
        this.secondArgs = new long[phases];
        flatten(body, 0);
    }

    private static int countPhases(WaitPlan plan) {
        return plan instanceof WaitPlan.Then then ? countPhases(then.first()) + countPhases(then.next()) : 1;
    }

    private int flatten(WaitPlan plan, int at) {
        switch (plan) {
            case WaitPlan.Then then -> {
                return flatten(then.next(), flatten(then.first(), at));
            }
            case WaitPlan.Spin spin -> set(at, SPIN, spin.times(), 0);
            case WaitPlan.SpinPastLanding past -> set(at, SPIN_PAST_LANDING, past.nanos(), 0);
            case WaitPlan.Yield yield -> set(at, YIELD, yield.times(), 0);
            case WaitPlan.ParkUntilDeadline park -> set(at, PARK_UNTIL_DEADLINE, park.slackNanos(), 0);
            case WaitPlan.ParkBackoff backoff -> set(at, PARK_BACKOFF, backoff.firstNanos(), backoff.maxNanos());
            case WaitPlan.Timeout ignored -> throw new AssertionError("refused by WaitPlan.Then");
        }
        return at + 1;
    }

    private void set(int at, byte kind, long first, long second) {
        kinds[at] = kind;
        firstArgs[at] = first;
        secondArgs[at] = second;
    }

    /** The plan this runner runs. */
    public WaitPlan plan() {
        return plan;
    }

    /**
     * Begins a wait at {@code nowNanos}. {@code wakeAtNanos} is the earliest time the work is
     * expected to land ({@link DeadlineEstimator#wakeAt}), or {@link DeadlineEstimator#UNKNOWN};
     * the plan has no landing estimate ({@link WaitPlan.SpinPastLanding} counts from its start).
     */
    public void start(long nowNanos, long wakeAtNanos) {
        start(nowNanos, wakeAtNanos, DeadlineEstimator.UNKNOWN);
    }

    /**
     * As {@link #start(long, long)}, with the estimated landing itself, {@code landingNanos}
     * ({@link DeadlineEstimator#predictedLanding}, or {@link DeadlineEstimator#UNKNOWN}), which a
     * {@link WaitPlan.SpinPastLanding} phase counts from.
     */
    public void start(long nowNanos, long wakeAtNanos, long landingNanos) {
        this.startNanos = nowNanos;
        this.wakeAtNanos = wakeAtNanos;
        this.landingNanos = landingNanos;
        this.phase = 0;
        this.count = 0;
        this.pause = 0;
        this.parkNanos = 0;
        this.started = true;
    }

    /**
     * The next step, given whether the word has {@code reached} its target and the time.
     *
     * @throws IllegalStateException if {@link #start} was not called first
     */
    public WaitStep next(boolean reached, long nowNanos) {
        if (!started) {
            throw new IllegalStateException("WaitPlanRunner.next before start");
        }
        if (reached) {
            return WaitStep.DONE;
        }
        long remaining = timeoutNanos == Long.MAX_VALUE ? Long.MAX_VALUE : timeoutNanos - (nowNanos - startNanos);
        if (remaining <= 0) {
            return WaitStep.TIMED_OUT;
        }
        while (phase < kinds.length) {
            switch (kinds[phase]) {
                case SPIN, YIELD -> {
                    if (count < firstArgs[phase]) {
                        count++;
                        return kinds[phase] == SPIN ? WaitStep.SPIN : WaitStep.YIELD;
                    }
                }
                case SPIN_PAST_LANDING -> {
                    if (count == 0) {
                        count = 1;
                        spinFromNanos = landingNanos != DeadlineEstimator.UNKNOWN ? landingNanos : nowNanos;
                    }
                    // A difference, so that it holds across the clock's wrap; negative before the landing.
                    if (nowNanos - spinFromNanos < firstArgs[phase]) {
                        return WaitStep.SPIN;
                    }
                }
                case PARK_UNTIL_DEADLINE -> {
                    if (count == 0 && wakeAtNanos != DeadlineEstimator.UNKNOWN) {
                        count = 1;
                        long sleep = wakeAtNanos - firstArgs[phase] - nowNanos;
                        if (sleep > 0) {
                            parkNanos = Math.min(sleep, remaining);
                            return WaitStep.PARK;
                        }
                    }
                }
                case PARK_BACKOFF -> {
                    long max = secondArgs[phase];
                    // Compared against max / 2 so the doubling cannot overflow.
                    pause = count++ == 0 ? firstArgs[phase] : pause > max / 2 ? max : pause * 2;
                    parkNanos = Math.min(pause, remaining);
                    return WaitStep.PARK;
                }
                default -> throw new AssertionError(kinds[phase]);
            }
            phase++;
            count = 0;
        }
        return WaitStep.TIMED_OUT;
    }

    /** How long to sleep, when {@link #next} said {@link WaitStep#PARK}. */
    public long parkNanos() {
        return parkNanos;
    }
}
