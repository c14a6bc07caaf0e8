package io.gpuasync.host.std.engine;

/**
 * How late one driver's timed sleeps end, tracked as a high quantile, so that a driver of a
 * {@link WaitEngine} can sleep to that much before its deadline and poll over the landing.
 * A sample above the estimate pulls it up by a quarter of the difference, one below lets it
 * down by 1/16, so it settles well above the median lateness without chasing the worst.
 *
 * <p>Measured on the machine this was written on (a 2-vCPU KVM guest), a 100 us park ended
 * 26-43 us late at the median with a 1 ns timer slack (101 us with the default 50 us slack),
 * and an io_uring {@code IORING_OP_TIMEOUT} 26-33 us late: no fixed margin fits every machine
 * or every timer, so each timer learns its own.
 *
 * <pre>{@code
 * LateWake late = new LateWake();
 * long deadline = engine.nextDeadline();
 * if (late.tooNearToSleep(deadline, System.nanoTime())) {
 *     // poll (spin, or run the step again) instead of arming a timer that would end too late
 * } else {
 *     long target = late.sleepTarget(deadline);
 *     sleepUntil(target);                                  // by the timer, not by a wake-up
 *     late.timerEnded(target, System.nanoTime());
 * }
 * }</pre>
 *
 * <p>One driver thread owns an instance; it is not thread-safe, and allocates nothing.
 */
public final class LateWake {
    /**
     * The most the estimate may say. A driver spins or polls over whatever is nearer than the
     * estimate and learns only from the sleeps it still takes: an estimate above the horizon of
     * its deadlines would never be sampled again, and the driver would spin for good.
     */
    static final long MAX_NANOS = 1_000_000;
    /** What a sample may exceed the estimate by at most, above twice it (so a small estimate can still grow). */
    private static final long GROWTH_FLOOR_NANOS = 1_000;

    private long nanos = 50_000;

    /** An estimate starting at 50 us, the order of a virtual machine's timer lateness. */
    public LateWake() {
    }

    /** How late, by the estimate, a timed sleep ends (nanoseconds, >= 0). */
    public long nanos() {
        return nanos;
    }

    /**
     * Learns one sleep that ended {@code lateNanos} after its target (negative counts as 0). A
     * sample counts for at most twice the estimate: a sleep that ended milliseconds late was
     * descheduled (a loaded machine), not timed, and one such must not turn every later sleep
     * into a spin; lateness that lasts still raises the estimate by a quarter per sample.
     */
    public void sample(long lateNanos) {
        long clamped = Math.max(0, Math.min(lateNanos, 2 * nanos + GROWTH_FLOOR_NANOS));
        nanos += clamped > nanos ? (clamped - nanos) / 4 : -((nanos - clamped) / 16);
        nanos = Math.min(nanos, MAX_NANOS);
    }

    /** When to end a sleep meant to end by {@code deadline}: that much earlier ({@link System#nanoTime()} scale). */
    public long sleepTarget(long deadline) {
        return deadline - nanos;
    }

    /** Whether {@code deadline} is nearer than a timed sleep could end, seen at {@code nowNanos}: poll instead. */
    public boolean tooNearToSleep(long deadline, long nowNanos) {
        return deadline - nowNanos <= nanos;
    }

    /**
     * A timed sleep to {@code target} ended at {@code nowNanos} by its timer: learns how late.
     * A sleep that ended before its target (a wake-up, a spurious return) teaches nothing.
     */
    public void timerEnded(long target, long nowNanos) {
        if (nowNanos - target >= 0) {
            sample(nowNanos - target);
        }
    }
}
