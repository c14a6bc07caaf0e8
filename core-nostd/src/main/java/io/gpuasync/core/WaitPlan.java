package io.gpuasync.core;

import java.time.Duration;

/**
 * How to wait for a word to reach a target: a value, built once and run many times by a
 * {@link WaitPlanRunner}, which tells its caller what to do next without allocating.
 *
 * <p>A plan is a sequence of phases, each of which runs until the word is reached or the phase
 * is used up, and then the next starts: {@link Spin} and {@link Yield} poll a number of times,
 * {@link SpinPastLanding} polls until a time past the estimated landing,
 * {@link ParkUntilDeadline} sleeps once until shortly before the estimated landing,
 * {@link ParkBackoff} sleeps with doubling pauses up to a bound and never ends by itself.
 * {@link Timeout} bounds the whole wait. A plan whose phases all ran out gives up, as if it timed
 * out. A typical hybrid, which sleeps through most of a long wait and spins over the landing:
 * <pre>{@code
 * WaitPlan plan = WaitPlan.parkUntilDeadline(Duration.ofNanos(20_000))
 *         .then(WaitPlan.spin(2_000))
 *         .then(WaitPlan.backoff(Duration.ofNanos(1_000), Duration.ofNanos(100_000)))
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
     * Poll back to back over the landing: until {@code nanos} past the estimated landing the
     * wait was started with, or, without an estimate, for {@code nanos} from the phase's start.
     * A bound in time, not in polls (how long a poll takes depends on the machine): past it the
     * estimate was wrong rather than early, and the next phase (a back-off, say) takes over.
     */
    record SpinPastLanding(long nanos) implements WaitPlan {
        public SpinPastLanding {
            requireNonNegative("spin past the landing", nanos);
        }
    }

    /** Poll {@code times} times, giving up the processor between polls. */
    record Yield(long times) implements WaitPlan {
        public Yield {
            requireNonNegative("yield count", times);
        }
    }

    /**
     * Sleep once, until {@code slackNanos} before the time the work is expected to land at the
     * earliest; skipped when there is no estimate or that time has passed. The slack covers how
     * late the operating system wakes a sleeper.
     */
    record ParkUntilDeadline(long slackNanos) implements WaitPlan {
        public ParkUntilDeadline {
            requireNonNegative("deadline slack", slackNanos);
        }
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

    /** Poll back to back until {@code pastLanding} after the estimated landing ({@link SpinPastLanding}). */
    static WaitPlan spinPastLanding(Duration pastLanding) {
        return new SpinPastLanding(nanos("spin past the landing", pastLanding));
    }

    /** Poll until done, never sleeping: the lowest latency, a whole core while it waits. */
    static WaitPlan busySpin() {
        return new Spin(Long.MAX_VALUE);
    }

    /** Poll {@code times} times, yielding between polls. */
    static WaitPlan yielding(long times) {
        return new Yield(times);
    }

    /** Sleep once, until {@code slack} before the earliest estimated landing. */
    static WaitPlan parkUntilDeadline(Duration slack) {
        return new ParkUntilDeadline(nanos("deadline slack", slack));
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
