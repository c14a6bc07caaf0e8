package io.gpuasync.core;

import java.time.Duration;

/**
 * How to wait for a word to reach a target: a value, built once and run many times by a
 * {@link WaitPlanRunner}, which tells its caller what to do next without allocating.
 *
 * <p>A plan is a sequence of phases, each of which runs until the word is reached or the phase
 * is used up, and then the next starts: {@link Spin} and {@link Yield} poll a number of times;
 * {@link SleepToWake} sleeps once, to the wake time of the {@link WakeModel};
 * {@link SpinOverLanding} polls until the model's spin ends; {@link DriverWait} blocks in the
 * driver's own wait for the store; {@link ParkBackoff} sleeps with doubling pauses up to a
 * bound. The last two never end by themselves. {@link Timeout} bounds the whole wait. A plan
 * whose phases all ran out gives up, as if it timed out. The default, which sleeps through most
 * of a wait, spins over the likely landing, and leaves the rest to the driver:
 * <pre>{@code
 * WaitPlan plan = WaitPlan.sleepToWake()
 *         .then(WaitPlan.spinOverLanding())
 *         .then(WaitPlan.driverWait())
 *         .then(WaitPlan.backoff(Duration.ofNanos(2_000), Duration.ofNanos(200_000)))
 *         .withTimeout(Duration.ofSeconds(5));
 * }</pre>
 */
public sealed interface WaitPlan {

    /** Poll {@code times} times back to back, hinting the processor between polls. */
    record Spin(long times) implements WaitPlan {
        public Spin {
            requireNonNegative("spin count", times);
        }
    }

    /**
     * Poll back to back until the spin's end the wait was started with
     * ({@link Prediction#spinUntil()}): past it a share of landings the model's quantile says
     * is left, too few to spin for. Skipped without a prediction.
     */
    record SpinOverLanding() implements WaitPlan {
    }

    /**
     * Block in the driver's own wait for the store ({@code LineDriver.storeWaits}, reached through
     * the line), until the word is reached; never ends by itself. Skipped where the line's driver
     * has no such wait, or the host cannot block in it (a virtual thread, whose carrier a driver
     * call would hold), so the next phase (a back-off) takes over.
     */
    record DriverWait() implements WaitPlan {
    }

    /** Poll {@code times} times, giving up the processor between polls. */
    record Yield(long times) implements WaitPlan {
        public Yield {
            requireNonNegative("yield count", times);
        }
    }

    /**
     * Sleep once, until the wake time the wait was started with ({@link Prediction#wakeAt()}:
     * the timer's lateness is already allowed for); skipped without a prediction or when that
     * time has passed. Where the caller can block in the driver's own wait for the store (as for
     * {@link DriverWait}), it sleeps there, with the wake time as its deadline, so that a store
     * landing before the wake time ends the sleep instead of waiting for the timer.
     */
    record SleepToWake() implements WaitPlan {
    }

    /** Sleep {@code firstNanos}, then twice as long each time up to {@code maxNanos}, forever. */
    record ParkBackoff(long firstNanos, long maxNanos) implements WaitPlan {
        public ParkBackoff {
            if (firstNanos <= 0) {
                throw new IllegalArgumentException("back-off must start at > 0 ns, got " + firstNanos);
            }
            if (maxNanos < firstNanos) {
                throw new IllegalArgumentException("back-off bound " + maxNanos
                        + " ns is below its first pause " + firstNanos + " ns");
            }
        }
    }

    /** Run {@code first}, then {@code next} if {@code first} ran out. */
    record Then(WaitPlan first, WaitPlan next) implements WaitPlan {
        public Then {
            requirePlan("first", first);
            requirePlan("next", next);
            if (first instanceof Timeout) {
                throw new IllegalArgumentException(
                        "a Timeout bounds the whole wait, so it must wrap the plan rather than start it");
            }
            if (next instanceof Timeout) {
                throw new IllegalArgumentException(
                        "a Timeout bounds the whole wait, so it must wrap the plan rather than end it");
            }
        }
    }

    /** Run {@code plan}, and give up once {@code nanos} have passed since the wait started. */
    record Timeout(WaitPlan plan, long nanos) implements WaitPlan {
        public Timeout {
            requirePlan("plan", plan);
            requireNonNegative("timeout", nanos);
            if (plan instanceof Timeout) {
                throw new IllegalArgumentException("a plan can have one Timeout; this one has two");
            }
        }
    }

    /** This plan, then {@code next} once this one ran out. */
    default WaitPlan then(WaitPlan next) {
        return new Then(this, next);
    }

    /** This plan, bounded to {@code timeout} from the start of each wait. */
    default WaitPlan withTimeout(Duration timeout) {
        return new Timeout(this, nanos("timeout", timeout));
    }

    /** Poll {@code times} times, back to back. */
    static WaitPlan spin(long times) {
        return new Spin(times);
    }

    /** Poll back to back until the model's spin ends ({@link SpinOverLanding}). */
    static WaitPlan spinOverLanding() {
        return new SpinOverLanding();
    }

    /** Block in the driver's own wait for the store, where there is one ({@link DriverWait}). */
    static WaitPlan driverWait() {
        return new DriverWait();
    }

    /** Poll until done, never sleeping: the lowest latency, a whole core while it waits. */
    static WaitPlan busySpin() {
        return new Spin(Long.MAX_VALUE);
    }

    /** Poll {@code times} times, yielding between polls. */
    static WaitPlan yielding(long times) {
        return new Yield(times);
    }

    /** Sleep once, to the model's wake time ({@link SleepToWake}). */
    static WaitPlan sleepToWake() {
        return new SleepToWake();
    }

    /** Sleep with pauses doubling from {@code first} up to {@code max}, until done. */
    static WaitPlan backoff(Duration first, Duration max) {
        return new ParkBackoff(nanos("first back-off pause", first), nanos("back-off bound", max));
    }

    private static long nanos(String what, Duration duration) {
        if (duration == null) {
            throw new NullPointerException(what);
        }
        if (duration.isNegative()) {
            throw new IllegalArgumentException(what + " must not be negative, got " + duration);
        }
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    private static void requireNonNegative(String what, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(what + " must be >= 0, got " + value);
        }
    }

    private static void requirePlan(String what, WaitPlan plan) {
        if (plan == null) {
            throw new NullPointerException(what);
        }
    }
}
