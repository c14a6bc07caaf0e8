package io.gpuasync.spi;

import java.lang.foreign.MemorySegment;

/**
 * What a {@link MappedLine} needs of a vendor's driver: the table each backend supplies. The
 * line is its only caller, and passes back only values this driver handed out; the ownership
 * rules are the line's, so a driver only does what each method says.
 *
 * <p>Calls that can fail throw {@link LineException}; {@link #release} and {@link #freeHost}
 * cannot report failure, as the vendor calls behind them (a release, a free) leave nothing a
 * caller could do differently.
 *
 * @param <S> the vendor's stream handle; its {@code equals} says whether two are one stream
 * @param <D> a domain the line holds a reference to: the handles needed to use and release it
 */
public interface LineDriver<S, D> {

    /**
     * Takes a reference to the domain of the calling thread's current context or device, which
     * keeps it alive until {@link #release}.
     *
     * @throws LineException {@link LineError.NoDomain} when none is current
     */
    D retainCurrent() throws LineException;

    /** Drops one reference taken by {@link #retainCurrent}, once. */
    void release(D domain);

    /**
     * A page-locked, device-mapped host allocation of {@code bytes}, owned by {@code domain} and
     * aligned to a page. The segment's size may be 0 (a raw pointer); the line sizes it.
     */
    MemorySegment allocHost(D domain, long bytes) throws LineException;

    /** The device address of {@code host}, a page from {@link #allocHost} not yet freed. */
    long deviceAddress(D domain, MemorySegment host) throws LineException;

    /** Frees a page from {@link #allocHost}, once, while {@code domain} is still retained. */
    void freeHost(D domain, MemorySegment host);

    /**
     * Whether {@link #freeHost} may wait for work of the device that is not the line's (HIP's
     * {@code hipHostUnregister} waits for every stream of the device). The line then frees on a
     * thread of its own within its settle bound, and keeps the page as leaked, with its domain,
     * when the free has not returned by then. The default: the free returns promptly, and runs
     * on the closing thread.
     */
    default boolean freeWaitsForDevice() {
        return false;
    }

    /** Whether {@code stream} belongs to {@code domain}. */
    boolean streamIn(S stream, D domain) throws LineException;

    /**
     * Queues on {@code stream} a 64-bit store of {@code value} at device address {@code address},
     * behind the work queued on that stream before it: all 64 bits at once (never two 32-bit
     * halves, which a reader can see between), and never merged into an earlier store still queued.
     */
    void writeValue(S stream, long address, long value) throws LineException;

    /**
     * Queues on {@code stream} a device-side wait: the stream runs nothing queued after it until
     * the 64-bit word at device address {@code address} reaches {@code value} (cyclically, as
     * {@link io.gpuasync.core.Sequences#reached} compares, or plainly where the vendor compares
     * plainly: the same until a word has taken 2^63 stores). The line calls it only with a
     * stream of its own domain, and counts it as queued work that {@link #settle} must cover,
     * since the device reads the page until the wait is satisfied.
     *
     * @throws LineException {@link LineError.Unavailable} from a driver without device-side waits
     *     (the default), or the vendor's failure
     */
    default void waitValue(S stream, long address, long value) throws LineException {
        throw new LineException(LineError.UNAVAILABLE, name() + " offers no device-side wait on a line's word");
    }

    /**
     * Refuses a device-side wait on {@code stream} for a value whose store the line has not
     * queued yet, where this driver cannot keep such a wait from holding up that store for good:
     * where streams share a hardware queue (HIP's, beyond {@code GPU_MAX_HW_QUEUES}), a store
     * submitted after a wait may sit behind it. {@link MappedLine#waitOnDevice} calls it, before
     * {@link #waitValue}, for such a wait only; a wait for a value already queued is never ahead
     * of its store. The default accepts it.
     *
     * @throws LineException {@link LineError.Unavailable} saying why, and what to do instead
     */
    default void checkWaitAheadOfStore(S stream) throws LineException {
    }

    /**
     * Waits until nothing the line queued on {@code streams} (its stores and device-side waits)
     * can still touch its page, giving up at {@code deadlineNanos}. The line owns that deadline
     * (one bound for every backend): it calls this on a thread of its own and stops waiting for
     * the answer shortly after the deadline, keeping the page as leaked, so a driver whose wait
     * cannot be bounded does not hang {@code close()}; a driver that can bound its wait returns
     * false by the deadline rather than leave that thread blocked. It need not (and, where
     * other owners' work shares the domain, should not) wait for more than these streams.
     *
     * @param streams       each stream of {@code domain} on which something the line queued (a
     *                      store, a device-side wait, work with a device address it handed out)
     *                      may still touch the page, once: a stream whose last store of the line
     *                      has landed, with no wait or address since, is left out
     * @param deadlineNanos the {@link System#nanoTime()} by which to answer
     * @return false if the driver could not wait, so stores may still be pending
     */
    boolean settle(D domain, java.util.List<S> streams, long deadlineNanos);

    /**
     * Returns normally if {@code domain} can still make progress; throws the driver's sticky
     * error if it cannot (a CUDA context after an illegal address, a lost device). Asked only
     * for a wait long past its predicted landing, so it may cost a driver call. Called from any
     * thread, whichever domain (or none) is current there: it asks {@code domain}, not the
     * calling thread's current one. The default cannot tell, and says healthy.
     */
    default void checkHealth(D domain) throws LineException {
    }

    /**
     * The driver's own blocking wait for its stores, or null where the vendor offers none (the
     * default): hosts then poll this driver's lines with a back-off once a landing is overdue.
     * The same object every call.
     */
    default StoreWaits<S, D> storeWaits() {
        return null;
    }

    /** A name for this driver in messages: {@code cuda}, {@code hip}, {@code sim}. */
    String name();
}
