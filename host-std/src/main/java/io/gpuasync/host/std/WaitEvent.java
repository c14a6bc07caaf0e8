package io.gpuasync.host.std;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * One blocking wait of {@link Reactor}, as the JDK Flight Recorder sees it: one per await that had
 * to wait (a ticket already landed when {@code await} is called returns at once and records
 * nothing). Disabled (the
 * default), it costs the wait a few branches and no allocation: each thread reuses one instance,
 * and nothing is read or formatted for it unless a recording enabled it.
 */
@Name(WaitEvent.NAME)
@Label("GPU Wait")
@Category({"GPU Async Reactor"})
@Description("A blocking wait for a ticket: where, what plan, when it was predicted to land and when it did, how it ended")
@StackTrace(false)
final class WaitEvent extends Event {
    static final String NAME = "io.gpuasync.Wait";

    @Label("Line")
    String line;

    @Label("Slot")
    int slot;

    @Label("Target")
    @Description("The sequence number the slot's word had to reach")
    long target;

    @Label("Plan")
    String plan;

    @Label("Predicted Landing")
    @Description("System.nanoTime() the estimator predicted for the landing, or 0 if it had no estimate")
    long predictedLandingNanos;

    @Label("Landed")
    @Description("System.nanoTime() when the waiter saw the ticket landed, or 0 if it did not land")
    long landedNanos;

    @Label("Landing Error")
    @Description("Landed minus predicted (negative: landed early), 0 without both")
    @Timespan(Timespan.NANOSECONDS)
    long landingErrorNanos;

    @Label("Wake Lead")
    @Description("How long before the predicted landing the wake model set the wait's timer (negative: after it; 0 without a prediction)")
    @Timespan(Timespan.NANOSECONDS)
    long wakeLeadNanos;

    @Label("Spin Past")
    @Description("How long after the predicted landing the wake model let the wait spin (0 without a prediction)")
    @Timespan(Timespan.NANOSECONDS)
    long spinPastNanos;

    @Label("Parked")
    @Timespan(Timespan.NANOSECONDS)
    long parkedNanos;

    @Label("Parks")
    @Description("Sleeps the plan took, timed or to the wake time in the driver's own wait (each costs a timer's"
            + " arming and a wake-up)")
    long parks;

    @Label("In Driver")
    @Description("How long the wait blocked in the driver's own wait for the store after its spin")
    @Timespan(Timespan.NANOSECONDS)
    long driverWaitNanos;

    @Label("Spins")
    @Description("Spin and yield steps the plan took")
    long spins;

    @Label("Outcome")
    @Description("LANDED, TIMED_OUT, CLOSED, INTERRUPTED or DEVICE_FAILED")
    String outcome;
}
