package io.gpuasync.engine;

/**
 * How the thread that drives a {@link WaitEngine} idles between steps: the user's choice, asked
 * after every step, in the shape of Agrona's {@code IdleStrategy}. The loop ({@link DriverLoop})
 * owns the step, its errors and the sleep handshake; the strategy only answers what to do until
 * the engine's next deadline, and which phases the engine runs a wait through.
 *
 * <pre>{@code
 * while (!engine.isClosed()) {
 *     engine.doWork(System.nanoTime());
 *     switch (strategy.idle(engine.nextDeadline(), System.nanoTime())) {
 *         case POLL -> strategy.pause();
 *         case SLEEP -> sleepUntil(engine.nextDeadline());    // or a wake-up
 *         case BLOCK -> sleepUntilWoken();
 *     }
 * }
 * }</pre>
 *
 * <p>The built-ins cover the plain choices: {@link #busySpin()}, {@link #yielding()},
 * {@link #parkToDeadline()}, {@link #blockUntilWoken()}, and {@link #adaptive()}, the default. A
 * strategy is called by one driving thread at a time, and must not allocate.
 */
public interface IdleStrategy {

    /** What the driving thread does until the engine's next deadline. */
    enum Idle {
        /** Step again at once ({@link #pause()} between). */
        POLL,
        /** Sleep until the engine's deadline, or until a wake-up. */
        SLEEP,
        /** Sleep until a wake-up (a new wait, the driver's wait for a store, a close). */
        BLOCK
    }

    /** Which phases the engine runs a wait through, for a driver that idles this way. */
    enum Phases {
        /**
         * Sleep to the {@link io.gpuasync.core.WakeModel}'s wake time, be due at every step over
         * the model's spin, then the driver's own wait for the store (or a back-off).
         */
        SLEEP_SPIN_DRIVER,
        /** Sleep to the wake time, look once, then the driver's wait (or a back-off). */
        SLEEP_DRIVER,
        /** The driver's wait at once (or a back-off, for a line whose driver has none). */
        DRIVER,
        /** Due at every step: the driver polls every wait for as long as it waits. */
        POLL
    }

    /**
     * What to do after a step, given the engine's next deadline ({@link WaitEngine#NO_DEADLINE}:
     * only a wake-up brings work) at {@code nowNanos}. A {@link Idle#BLOCK} while there is a
     * deadline is taken as a sleep to it ({@link DriverLoop#step}): a wait with no driver's wait
     * of its own, or the watchdog's round, would otherwise never come.
     */
    Idle idle(long deadlineNanos, long nowNanos);

    /** Between two polls. */
    default void pause() {
        Thread.onSpinWait();
    }

    /** The phases of a wait under this strategy. */
    default Phases phases() {
        return Phases.SLEEP_SPIN_DRIVER;
    }

    /** Polls at every step, hinting the processor between: the lowest latency, a whole core. */
    static IdleStrategy busySpin() {
        return BuiltInIdle.BUSY_SPIN;
    }

    /** Polls at every step, yielding the processor between. */
    static IdleStrategy yielding() {
        return BuiltInIdle.YIELDING;
    }

    /**
     * Sleeps to each wait's wake time and looks once; a wait that has not landed then is left to
     * the driver's own wait (or a back-off). Never spins.
     */
    static IdleStrategy parkToDeadline() {
        return BuiltInIdle.PARK_TO_DEADLINE;
    }

    /**
     * Hands every wait whose driver can wait for the store itself to that wait at once, and sleeps
     * until woken (CUDA's blocking-sync scheduling, for every vendor that has one), but for the
     * watchdog's round. Waits on other lines are slept to, then backed off.
     */
    static IdleStrategy blockUntilWoken() {
        return BuiltInIdle.BLOCK_UNTIL_WOKEN;
    }

    /**
     * The default: sleeps to the wake time, polls over the likely landing, leaves the rest to the
     * driver's own wait ({@link Phases#SLEEP_SPIN_DRIVER}), all by the {@link io.gpuasync.core.WakeModel}.
     */
    static IdleStrategy adaptive() {
        return BuiltInIdle.ADAPTIVE;
    }
}
