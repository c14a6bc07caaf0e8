package io.gpuasync.api;

import io.gpuasync.core.Slot;

import java.time.Duration;

/**
 * A completion line: one page-locked, device-mapped host page whose first 64 bytes are eight
 * words that streams store increasing sequence numbers into, behind the work queued before each
 * store. The host awaits work by watching a word: no driver call and no callback thread.
 *
 * <p>A slot serves one stream at a time, since two streams storing into one word could move it
 * back; another stream may take a slot over once every store queued into it has landed.
 *
 * <p>{@link #close()} waits for every store queued into the line before freeing the page, and
 * keeps the page (reporting the leak) rather than free it under a store it could not wait for.
 *
 * <p>This is what applications call. The host's view of a line (the words to poll, the landings
 * it saw taught to the line's deadline estimator, its predictions, the device's health, close
 * listeners) is {@code io.gpuasync.spi.HostLine}, which every line a backend opens also is.
 *
 * @param <S> the backend's stream type
 */
public interface Line<S> extends AutoCloseable {

    /**
     * Queues, on {@code stream} behind the work already queued there, the store of
     * {@code slot}'s next sequence number, and returns the ticket that lands with it.
     *
     * @throws GpuException {@link GpuException.Kind#FOREIGN_STREAM} if the stream is not of this
     *     line's context or device; {@link GpuException.Kind#SLOT_BUSY} if the slot serves another
     *     stream with stores pending; {@link GpuException.Kind#CLOSED} after close; or the
     *     driver's failure
     */
    Ticket signal(S stream, Slot slot);

    /**
     * Whether {@code slot}'s word has reached {@code target}: a read and a wrap-safe compare,
     * with no other effect.
     *
     * @throws GpuException of kind {@link GpuException.Kind#CLOSED} once the line is closed
     */
    boolean reached(Slot slot, long target);

    /**
     * {@code slot}'s word, read with acquire ordering.
     *
     * @throws GpuException of kind {@link GpuException.Kind#CLOSED} once the line is closed
     */
    long word(Slot slot);

    /**
     * Queues on {@code stream} a device-side wait: work queued on it after this runs once
     * {@code slot}'s word has reached {@code target}, with no host round trip (CUDA's
     * {@code cuStreamWaitValue64}, HIP's {@code hipStreamWaitValue64}, Metal's
     * {@code encodeWaitForEvent}). Held to the same rules as a store: only a stream of the
     * line's context or device, and {@link #close()} settles it before the page is freed (the
     * device reads the word until the wait is satisfied).
     *
     * <p>A wait for a sequence that is never stored stalls its stream for good, and then a
     * close of the line cannot settle: it keeps the page as leaked after its bound.
     *
     * @throws GpuException {@link GpuException.Kind#FOREIGN_STREAM}, {@link GpuException.Kind#CLOSED},
     *     {@link GpuException.Kind#UNAVAILABLE} when the backend has no device-side wait, or the
     *     driver's failure
     */
    void waitOnDevice(S stream, Slot slot, long target);

    /**
     * Tells the line's deadline estimator how long the work behind each store into
     * {@code slot} takes, for an application that knows (a calibrated kernel): a host's first
     * wait then has a prediction before any landing was seen.
     */
    void expect(Slot slot, Duration serviceTime);

    /**
     * The device address of {@code slot}'s word: the line's device address plus 8 per slot. A
     * line whose close must settle the device work that uses the address before freeing its
     * page cannot hand it out without the stream that work goes on, and refuses: every line of
     * a GPU backend does; use {@link #deviceAddress(Object, Slot)}.
     *
     * @throws GpuException of kind {@link GpuException.Kind#CLOSED} once the line is closed
     * @throws UnsupportedOperationException from a line that hands the address out only with its stream
     */
    long deviceAddress(Slot slot);

    /**
     * The device address of {@code slot}'s word, for device work the caller queues on
     * {@code stream}: the line takes that stream as its own work's, so that {@link #close()}
     * waits for it before freeing the page. Work queued with the address on another stream is
     * not waited for. The default refuses.
     *
     * @throws GpuException {@link GpuException.Kind#FOREIGN_STREAM} if the stream is not of this
     *     line's context or device; {@link GpuException.Kind#CLOSED} once the line is closing
     * @throws UnsupportedOperationException from a line that cannot settle a stream
     */
    default long deviceAddress(S stream, Slot slot) {
        throw new UnsupportedOperationException(this + " cannot settle a stream it is given: no device address");
    }

    /** The last sequence number signalled into {@code slot} (0 before the first). */
    long lastSignalled(Slot slot);

    /** Where the line is in its life. */
    State state();

    /**
     * Waits for every store queued into the line, frees the page, and lets go of the device
     * context. Idempotent, and safe to call from several threads: every caller returns after
     * the page is freed (or kept). The wait for the device is bounded: past the bound the page
     * is kept as leaked, and close returns. A close never changes the interrupt status of any
     * thread, the closer's included, and an interrupted closer still settles. If the stores cannot be waited for, the page and the context
     * are kept (state {@link State#LEAKED}) and the leak is reported, because freeing a page a
     * device may still write corrupts whatever is allocated there next. Then the actions hosts
     * registered to learn of the close run, each once, on one of the closing threads.
     */
    @Override
    void close();

    /** Where a line is in its life. */
    enum State {
        /** Signals are accepted. */
        OPEN,
        /**
         * Being closed: signals are refused, the device is being settled (bounded), waits may
         * still see their words land.
         */
        CLOSING,
        /** Closed; the page is freed and the context released. */
        CLOSED,
        /** Closed, but the stores could not be waited for: page and context kept, and reported. */
        LEAKED
    }
}
