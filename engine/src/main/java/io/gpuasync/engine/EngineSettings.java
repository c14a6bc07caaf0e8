package io.gpuasync.engine;

import io.gpuasync.core.WakeModel;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link WaitEngine} is sized, how its driver idles and how its waits wake: what every
 * host (the std host's reactor, the io_uring host, the Netty host) takes.
 *
 * @param asyncCapacity       how many async waits ({@link WaitEngine#whenLanded}) may be pending
 * @param handOffCapacity     how many blocking waiters may hand their sleep to the engine at once
 *                            (more wait by themselves)
 * @param watchdogGrace       how long past its predicted landing (or past its start, without a
 *                            prediction) a wait runs before the driver is asked whether the
 *                            device still works
 * @param watchdogInterval    how often after that, and how often the engine looks at all
 * @param pollBackoffMin      the first pause between looks at an overdue wait whose driver
 *                            cannot wait for its store, doubling up to {@code pollBackoffMax}
 * @param pollBackoffMax      the longest such pause
 * @param idleStrategy        how the driving thread idles, and which phases waits go through
 * @param wakeQuantile        the {@link WakeModel}'s quantile: the share of landings that come
 *                            before a wait wakes, and the share left to the driver's wait after
 *                            its spin
 */
public record EngineSettings(int asyncCapacity, int handOffCapacity, Duration watchdogGrace, Duration watchdogInterval,
                             Duration pollBackoffMin, Duration pollBackoffMax, IdleStrategy idleStrategy,
                             double wakeQuantile) {

    /**
     * 4096 async waits, 1024 handed-off sleeps, the watchdog and back-off of {@link WaitTuning},
     * the {@link IdleStrategy#adaptive()} strategy, {@link WakeModel#DEFAULT_QUANTILE}.
     */
    public static final EngineSettings DEFAULTS = new EngineSettings(4096, 1024, WaitTuning.WATCHDOG_GRACE,
            WaitTuning.WATCHDOG_INTERVAL, WaitTuning.POLL_BACKOFF_MIN, WaitTuning.POLL_BACKOFF_MAX,
            IdleStrategy.adaptive(), WakeModel.DEFAULT_QUANTILE);

    public EngineSettings {
        Objects.requireNonNull(pollBackoffMin, "pollBackoffMin");
        Objects.requireNonNull(pollBackoffMax, "pollBackoffMax");
        Objects.requireNonNull(idleStrategy, "idleStrategy");
        if (asyncCapacity <= 0) {
            throw new IllegalArgumentException("asyncCapacity must be > 0, got " + asyncCapacity);
        }
        if (handOffCapacity < 0) {
            throw new IllegalArgumentException("handOffCapacity must be >= 0, got " + handOffCapacity);
        }
        requireWatchdog(watchdogGrace, watchdogInterval);
        if (pollBackoffMin.isNegative() || pollBackoffMin.isZero() || pollBackoffMax.compareTo(pollBackoffMin) < 0) {
            throw new IllegalArgumentException("poll back-off needs 0 < min <= max, got " + pollBackoffMin
                    + " and " + pollBackoffMax);
        }
        WakeModel.requireQuantile(wakeQuantile);
    }

    private static void requireWatchdog(Duration grace, Duration interval) {
        Objects.requireNonNull(grace, "grace");
        Objects.requireNonNull(interval, "interval");
        if (grace.isNegative() || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("watchdog grace must be >= 0 and interval > 0, got "
                    + grace + " and " + interval);
        }
    }

    /** These settings with {@code capacity} async waits. */
    public EngineSettings withAsyncCapacity(int capacity) {
        return new EngineSettings(capacity, handOffCapacity, watchdogGrace, watchdogInterval, pollBackoffMin,
                pollBackoffMax, idleStrategy, wakeQuantile);
    }

    /**
     * These settings with this watchdog.
     *
     * @throws IllegalArgumentException unless {@code grace >= 0} and {@code interval > 0}
     */
    public EngineSettings withWatchdog(Duration grace, Duration interval) {
        return new EngineSettings(asyncCapacity, handOffCapacity, grace, interval, pollBackoffMin, pollBackoffMax,
                idleStrategy, wakeQuantile);
    }

    /** These settings with {@code capacity} handed-off sleeps. */
    public EngineSettings withHandOffCapacity(int capacity) {
        return new EngineSettings(asyncCapacity, capacity, watchdogGrace, watchdogInterval, pollBackoffMin,
                pollBackoffMax, idleStrategy, wakeQuantile);
    }

    /** These settings with the driving thread idling as {@code strategy} says. */
    public EngineSettings withIdleStrategy(IdleStrategy strategy) {
        return new EngineSettings(asyncCapacity, handOffCapacity, watchdogGrace, watchdogInterval, pollBackoffMin,
                pollBackoffMax, strategy, wakeQuantile);
    }

    /** These settings with the wake model's quantile {@code quantile}. */
    public EngineSettings withWakeQuantile(double quantile) {
        return new EngineSettings(asyncCapacity, handOffCapacity, watchdogGrace, watchdogInterval, pollBackoffMin,
                pollBackoffMax, idleStrategy, quantile);
    }
}
