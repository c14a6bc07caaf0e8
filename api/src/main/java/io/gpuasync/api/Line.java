package io.gpuasync.api;

import io.gpuasync.core.CompletionLine;
import io.gpuasync.core.DeadlineEstimator;
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
     * Teaches the line's deadline estimator a landing a host saw: {@code word} is what it read
     * from {@code slot} when it found its ticket landed. A host calls it once per landing it
     * sees, with the word it already read (a word seen before teaches nothing again); it is how
     * {@link #wakeAt} and {@link #predictedLanding} learn how long the work takes.
     */
    void observe(Slot slot, long word);

    /**
     * As {@link #observe(Slot, long)}, for a word a host read at its first look after a sleep
     * that began at {@code sleptSinceNanos} ({@link System#nanoTime()}): the store landed at some
     * time in between. The estimator learns it as landing in the middle of that time, and
     * predicts the work still queued behind it from the start of that time, so that a sleeper
     * whose prediction came out too late does not confirm it by seeing every landing only when
     * it wakes. The default forgets the sleep.
     */
    default void observeAfterSleep(Slot slot, long word, long sleptSinceNanos) {
        observe(slot, word);
    }

    /**
     * The earliest {@link System#nanoTime()} at which {@code target} is expected in
     * {@code slot}: the estimator's prediction less its margin, or
     * {@link DeadlineEstimator#UNKNOWN} before the line has seen work of that slot land.
     */
    long wakeAt(Slot slot, long target);

    /**
     * When {@code target} is predicted to land in {@code slot} ({@link System#nanoTime()}), or
     * {@link DeadlineEstimator#UNKNOWN}.
     */
    long predictedLanding(Slot slot, long target);

    /** Tells the estimator how long the work behind each store into {@code slot} takes. */
    void expect(Slot slot, Duration serviceTime);

    /** How the line's landing predictions have scored so far. */
    DeadlineEstimator.Accuracy accuracy();

    /**
     * Asks the driver whether the line's device can still make progress, for a waiter whose
     * ticket is long overdue.
     *
     * @throws GpuException of kind {@link GpuException.Kind#DEVICE_FAILED}, with the driver's
     *     status, if it cannot
     */
    void checkHealth();

    /**
     * Runs {@code action} once, after the line is closed: on a closing thread, or at once on
     * the calling thread if the line is already closed. How a host learns to fail the waits it
     * holds on the line. An action that throws does not keep the others from running; close
     * rethrows the first failure. An action already registered (the same object) is kept
     * once, so a host may register its one action at every wait, cheaply.
     */
    void onClose(Runnable action);

    /**
     * The host's view of the words, read-only: only the device (and the line, to zero them)
     * stores into them. Reading it after {@link #close()} throws {@link IllegalStateException},
     * never reads freed memory. Prefer {@link #reached}, which also teaches the estimator.
     */
    CompletionLine words();

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
     * device may still write corrupts whatever is allocated there next. Then the
     * {@link #onClose} actions run, each once, on one of the closing threads.
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
