package io.gpuasync.core;

/**
 * Runs a {@link WaitPlan} as a step machine: the caller polls its condition, passes the answer
 * and the time to {@link #next}, and does what the returned {@link WaitStep} says. The same
 * runner serves a blocked platform thread, a virtual thread, a dispatcher or an io_uring loop,
 * because it only decides and never waits itself.
 * <pre>{@code
 * line.predict(slot, target, model, prediction);
 * tokens[0] = line.storeToken(slot, target);
 * runner.start(System.nanoTime(), prediction, tokens[0] != StoreWaits.NO_TOKEN);
 * for (;;) {
 *     switch (runner.next(line.reached(slot, target), System.nanoTime())) {
 *         case SPIN -> Thread.onSpinWait();
 *         case YIELD -> Thread.yield();
 *         case PARK -> LockSupport.parkNanos(runner.parkNanos());
 *         case DRIVER_WAIT -> line.awaitStores(tokens, 1,       // in slices: a driver's wait sees no interrupt
 *                 System.nanoTime() + Math.min(runner.driverWaitNanos(), slice), line.storeWakes());
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
    private static final byte SLEEP_TO_WAKE = 2;
    private static final byte PARK_BACKOFF = 3;
    private static final byte SPIN_OVER_LANDING = 4;
    private static final byte DRIVER_WAIT = 5;

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
    private long spinUntilNanos;
    private boolean driverWaits;
    private boolean sleepingInDriver;
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
            case WaitPlan.SpinOverLanding over -> set(at, SPIN_OVER_LANDING, 0, 0);
            case WaitPlan.Yield yield -> set(at, YIELD, yield.times(), 0);
            case WaitPlan.SleepToWake sleep -> set(at, SLEEP_TO_WAKE, 0, 0);
            case WaitPlan.DriverWait driver -> set(at, DRIVER_WAIT, 0, 0);
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
     * Begins a wait at {@code nowNanos}, with what the line predicted of it (its wake and spin
     * times; {@link DeadlineEstimator#UNKNOWN} where there is no prediction), and whether the
     * caller can block in the driver's own wait for the store ({@link WaitPlan.DriverWait}).
     */
    public void start(long nowNanos, Prediction prediction, boolean driverWaits) {
        start(nowNanos, prediction.wakeAt(), prediction.spinUntil(), driverWaits);
    }

    /** As {@link #start(long, Prediction, boolean)}, with the two times themselves. */
    public void start(long nowNanos, long wakeAtNanos, long spinUntilNanos, boolean driverWaits) {
        this.startNanos = nowNanos;
        this.wakeAtNanos = wakeAtNanos;
        this.spinUntilNanos = spinUntilNanos;
        this.driverWaits = driverWaits;
        this.sleepingInDriver = false;
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
                case SPIN_OVER_LANDING -> {
                    // A difference, so that it holds across the clock's wrap.
                    if (spinUntilNanos != DeadlineEstimator.UNKNOWN && nowNanos - spinUntilNanos < 0) {
                        return WaitStep.SPIN;
                    }
                }
                case SLEEP_TO_WAKE -> {
                    long sleep = wakeAtNanos == DeadlineEstimator.UNKNOWN ? 0 : wakeAtNanos - nowNanos;
                    // Asked again until the wake time: a driver's wait may return before its deadline.
                    if (driverWaits && sleep > 0) {
                        parkNanos = Math.min(sleep, remaining);
                        sleepingInDriver = true;
                        return WaitStep.DRIVER_WAIT;
                    }
                    if (count == 0 && sleep > 0) {
                        count = 1;
                        parkNanos = Math.min(sleep, remaining);
                        return WaitStep.PARK;
                    }
                }
                case DRIVER_WAIT -> {
                    if (driverWaits) {
                        parkNanos = remaining;
                        sleepingInDriver = false;
                        return WaitStep.DRIVER_WAIT;
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

    /**
     * How long at most to block in the driver's wait, when {@link #next} said
     * {@link WaitStep#DRIVER_WAIT}: until the wake time in a {@link WaitPlan.SleepToWake}, else
     * what is left of the plan's timeout ({@link Long#MAX_VALUE} without one). A caller may
     * block for less and ask again.
     */
    public long driverWaitNanos() {
        return parkNanos;
    }

    /**
     * Whether the {@link WaitStep#DRIVER_WAIT} {@link #next} said last is a
     * {@link WaitPlan.SleepToWake}'s sleep (its deadline is the wake time) rather than a
     * {@link WaitPlan.DriverWait}: a landing that ends it came during a sleep, which is how the
     * caller reports it to the line's estimator.
     */
    public boolean sleepingInDriver() {
        return sleepingInDriver;
    }

    /** The caller cannot block in the driver's wait after all: a {@link WaitPlan.DriverWait} phase ends. */
    public void skipDriverWait() {
        driverWaits = false;
    }
}
