package io.gpuasync.core;

/** What a {@link WaitPlanRunner} tells its caller to do next. */
public enum WaitStep {
    /** Poll again at once ({@link Thread#onSpinWait()} between polls). */
    SPIN,
    /** Give up the processor ({@link Thread#yield()}), then poll again. */
    YIELD,
    /** Sleep for {@link WaitPlanRunner#parkNanos()} (or until woken), then poll again. */
    PARK,
    /**
     * Block in the driver's own wait for the store for at most
     * {@link WaitPlanRunner#driverWaitNanos()} (or until woken), then poll again.
     */
    DRIVER_WAIT,
    /** The word reached its target: stop waiting. */
    DONE,
    /** The plan's timeout passed, or its phases ran out: stop waiting, not done. */
    TIMED_OUT
}
