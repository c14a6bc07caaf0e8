package io.gpuasync.engine;

/**
 * What a host's driving thread and its timer did so far, read at once: for tools that watch a
 * host ({@code gar bench} counts timers and polls per await, and the driving thread's CPU) and
 * for tests. Counts only grow. A host without one of these parts counts 0 there: the std host's
 * dispatcher parks for its deadlines and submits no timeout, so its four timer counts are 0.
 *
 * @param threadId           the thread that drives the host's wait engine (the std host's
 *                           dispatcher, the io_uring host's ring thread, the Netty loop), by
 *                           {@link Thread#threadId()}, for its CPU time
 * @param timersArmed        fresh timeouts submitted
 * @param timersMoved        timeouts moved to a new deadline
 * @param timersRemoved      timeouts removed because the engine wanted no deadline
 * @param timerFires         timeouts that fired
 * @param polls              looks at the words over a landing nearer than the timer's lateness
 * @param wakeUps            wake-ups from other threads (the io_uring host's eventfd reads, the
 *                           steps queued on the Netty loop by a wait from another thread)
 * @param probes             probe timeouts armed because the timer's lateness had no recent sample
 * @param rests              sleeps to the engine's own deadline after polling an overdue wait for
 *                           {@link WaitTuning#POLL_RUN_MAX_NANOS} without a landing
 * @param timerLatenessNanos how late, as learned so far, the host's timed sleeps end: they are
 *                           armed that much early
 */
public record HostStats(long threadId, long timersArmed, long timersMoved, long timersRemoved, long timerFires,
                        long polls, long wakeUps, long probes, long rests, long timerLatenessNanos) {
}
