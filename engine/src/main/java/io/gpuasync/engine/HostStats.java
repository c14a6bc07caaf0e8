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
 * @param polls              steps taken because the idle strategy said poll (a wait due, in
 *                           its spin)
 * @param wakeUps            wake-ups from other threads (the io_uring host's eventfd reads, the
 *                           steps queued on the Netty loop by a wait from another thread)
 * @param timerLatenessNanos the median of how late the host's recent timed sleeps ended
 */
public record HostStats(long threadId, long timersArmed, long timersMoved, long timersRemoved, long timerFires,
                        long polls, long wakeUps, long timerLatenessNanos) {
}
