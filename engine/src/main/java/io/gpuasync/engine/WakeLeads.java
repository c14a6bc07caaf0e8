package io.gpuasync.engine;

import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WakeLead;

/**
 * The engine's wake lead: how long before a predicted landing a pending wait is due, per slot,
 * learned from whether the first poll at or after a wait's due found it landed ({@link WakeLead},
 * one in eight of them). It corrects whatever margin the driver takes for its timer (its
 * {@link TimerLateness}), so it may go below 0. Per port entry it remembers whether that wait's
 * due lay ahead when it was registered and its outcome is not yet learned, or, if it was
 * registered after its due, when.
 *
 * <p>The driving thread alone uses it; allocates nothing.
 */
final class WakeLeads {
    private final WakeLead[] leads = new WakeLead[Slot.COUNT];
    private final boolean[] open;
    private final long[] registeredAfterDue;
    private final TimerLateness lateness;

    WakeLeads(int entries, TimerLateness lateness) {
        this.lateness = lateness;
        this.open = new boolean[entries];
        this.registeredAfterDue = new long[entries];
        for (int s = 0; s < Slot.COUNT; s++) {
            leads[s] = new WakeLead(0, -WaitTuning.MOST_LEAD_NANOS, WaitTuning.MOST_LEAD_NANOS);
        }
    }

    /** When a wait for a landing {@code predicted} on {@code slot} is due; UNKNOWN stays UNKNOWN. */
    long wakeAt(Slot slot, long predicted) {
        return leads[slot.index()].wakeAt(predicted);
    }

    /**
     * A wait was registered at {@code entry} at {@code nowNanos}, due at {@code due} ({@code wakeAt}
     * UNKNOWN: it had no prediction). Only a wait whose due lies ahead says something about the
     * lead: one that landed before it was registered, or came in late, would only teach it to wake
     * earlier.
     */
    void registered(int entry, long wakeAt, long due, long nowNanos) {
        open[entry] = due - nowNanos > 0;
        registeredAfterDue[entry] = wakeAt != DeadlineEstimator.UNKNOWN && !open[entry]
                ? nowNanos : DeadlineEstimator.UNKNOWN;
    }

    /**
     * The first poll at or after the due of the wait at {@code entry} found it landed (late: the
     * due came after the landing) or not (the driver woke before it). A wait registered after its
     * due that then waited longer than the driver's timer is late could have been slept to.
     */
    void judge(int entry, Slot slot, boolean landed, long nowNanos) {
        WakeLead lead = leads[slot.index()];
        if (landed && registeredAfterDue[entry] != DeadlineEstimator.UNKNOWN) {
            lead.skippedSleep(nowNanos - registeredAfterDue[entry], lateness.nanos());
            return;
        }
        if (!open[entry]) {
            return;
        }
        open[entry] = false;
        if (landed) {
            lead.late();
        } else {
            lead.early();
        }
    }

    /** The wait at {@code entry} was removed without landing: nothing to learn from it. */
    void forget(int entry) {
        open[entry] = false;
        registeredAfterDue[entry] = DeadlineEstimator.UNKNOWN;
    }
}
