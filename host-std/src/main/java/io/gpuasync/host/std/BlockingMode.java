package io.gpuasync.host.std;

/**
 * How a blocking {@link Reactor#await} on the reactor's default plan waits. Waits given a plan
 * of their own ({@link Reactor#await(io.gpuasync.api.Ticket, io.gpuasync.core.WaitPlan)} with
 * another plan) always run it themselves.
 */
public enum BlockingMode {
    /**
     * The waiter runs the plan itself: sleeps to shortly before the predicted landing, spins
     * over it. The lowest latency for a few waiters (no wake-up hop), one timer per waiter.
     */
    OWN_PLAN,
    /**
     * The waiter parks with no timer and the reactor's engine unparks it when its word lands:
     * one timer for all waiters, a wake-up hop (a few microseconds) for each.
     */
    HAND_OFF,
    /**
     * {@link #OWN_PLAN} for a platform thread that would wait alone: the engine holds no wait
     * (so its driver has no timer armed that the waiter could share) and fewer platform threads
     * run their own plans than there are cores to spin on besides the dispatcher's;
     * {@link #HAND_OFF} otherwise, and always for virtual threads (whose spinning holds a
     * carrier, and whose timed parks allocate). The default.
     */
    ADAPTIVE
}
