package io.gpuasync.engine;

import io.gpuasync.core.WaitPlan;

import java.time.Duration;

/**
 * The bounds and step counts of waiting, in one place, each with its reason. None is a fact
 * about a machine: when to wake and how long to spin follow from what the machine measures
 * ({@link io.gpuasync.core.WakeModel}).
 */
public final class WaitTuning {
    private WaitTuning() {
    }

    /** The first pause between looks at an overdue wait whose driver cannot wait for its store, doubling from here. */
    public static final Duration POLL_BACKOFF_MIN = Duration.ofNanos(2_000);
    /** The longest such pause: a thousandth of the watchdog's interval. */
    public static final Duration POLL_BACKOFF_MAX = Duration.ofNanos(100_000);
    /** How long past its predicted landing a wait runs before its device's health is asked. */
    public static final Duration WATCHDOG_GRACE = Duration.ofSeconds(1);
    /** How often after that (and how often the engine looks at all while it holds a wait). */
    public static final Duration WATCHDOG_INTERVAL = Duration.ofMillis(100);
    /**
     * How long a blocking waiter stays in the driver's wait for its store before it looks at its
     * interrupt status, its reactor and its device again: a driver's wait does not see an interrupt.
     */
    public static final Duration DRIVER_WAIT_SLICE = Duration.ofMillis(10);

    /**
     * The default plan of a blocking waiter: sleep to the wake model's wake time, spin until its
     * spin ends, then block in the driver's own wait for the store, or, where the line's driver
     * has none, back off from 2 us to 200 us (a waiter on its own plan pays its own timer, so its
     * bound is twice the engine's).
     */
    public static final WaitPlan DEFAULT_PLAN = WaitPlan.sleepToWake()
            .then(WaitPlan.spinOverLanding())
            .then(WaitPlan.driverWait())
            .then(WaitPlan.backoff(Duration.ofNanos(2_000), Duration.ofNanos(200_000)));

    /**
     * A virtual thread that spins yields its carrier; after this many yields in a row it parks for
     * 1 ns instead, which takes it off its carrier's queue so the carrier looks at threads submitted
     * from outside.
     */
    public static final int VIRTUAL_YIELDS_BEFORE_PARK = 64;

    /** Steps in a row an event loop runs before it hands itself back to its other tasks. */
    public static final int LOOP_ROUNDS_BEFORE_YIELD = 8;
}
