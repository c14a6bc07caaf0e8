package io.gpuasync.spi;

/**
 * A driver's own blocking wait for the stores it queued: how a host blocks a thread until a
 * line's word landed instead of polling it, where the vendor can (a Vulkan timeline value, a
 * Metal shared event, a blocking-sync CUDA or HIP event, the sim's stream). Optional: a
 * {@link LineDriver} without one returns null from {@link LineDriver#storeWaits()}, and hosts
 * poll that line's words with a back-off instead.
 *
 * <p>The line is the only caller of {@link #queued}, and hosts reach {@link #awaitAny} and
 * {@link #wake} only through the line ({@link HostLine#awaitStores}), which keeps the domain
 * retained while a wait is in the driver and wakes every wait before it lets the domain go.
 *
 * @param <S> the vendor's stream handle
 * @param <D> the vendor's domain handle
 */
public interface StoreWaits<S, D> {
    /** What {@link #queued} returns for a store it cannot wait for: hosts poll for that one. */
    long NO_TOKEN = Long.MIN_VALUE;

    /**
     * The line queued on {@code stream} the store of {@code value} at {@code address}
     * ({@link LineDriver#writeValue} returned): returns what {@link #awaitAny} needs to wait for
     * that store (a timeline value, an event's index), or {@link #NO_TOKEN}. Called under the
     * line's queueing lock, in the order of the stores, never for a store that failed.
     */
    long queued(D domain, S stream, long address, long value) throws LineException;

    /**
     * How many times {@link #wake} was called for {@code domain} so far: a caller reads it before
     * it decides what to wait for, and hands it to {@link #awaitAny}, so that a wake between the
     * two is never lost. Only changes matter; never blocks.
     */
    long wakes(D domain);

    /**
     * Blocks the calling thread until at least one of the stores whose tokens are
     * {@code tokens[0 .. count)} landed (its value is what an acquire load of its word reads
     * now), until {@code deadlineNanos} ({@link System#nanoTime()}) passed, or until
     * {@link #wakes} for {@code domain} is no longer {@code wakesSeen} (returns false at once if
     * it already is not), whichever comes first.
     *
     * <p>Never returns true before one of the stores landed; returns true, not at its deadline,
     * once one has; returns false at its deadline (within what the vendor's own timed wait
     * overshoots) or at a wake, and otherwise only rarely (a spurious return, which callers
     * take as a reason to look again). Every token is one this driver's {@link #queued} returned
     * for {@code domain}; the stores may belong to different lines of that domain and their
     * pages may already be freed: a wait reads no page.
     *
     * @return true if one of the stores landed
     * @throws LineException the vendor's failure (a lost device)
     */
    boolean awaitAny(D domain, long[] tokens, int count, long deadlineNanos, long wakesSeen) throws LineException;

    /**
     * Counts a wake for {@code domain} ({@link #wakes}) and so ends, promptly, every
     * {@link #awaitAny} on it that is blocked now or that a caller is about to start with the
     * count it read before. From any thread, cheap, and it never blocks: a host calls it when
     * the set of stores it waits for changed, and a line before it lets its domain go.
     */
    void wake(D domain);
}
