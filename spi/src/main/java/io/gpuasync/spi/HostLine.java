package io.gpuasync.spi;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.CompletionLine;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.WakeModel;
import io.gpuasync.core.Slot;

import java.util.Objects;

/**
 * The host's view of a line: what a host that waits on lines (the wait engine, a blocking waiter,
 * a benchmark) needs beyond what applications call, which is {@link Line}. A host reads a word
 * itself, from {@link #words()}, hands each landing it saw to the line's deadline estimator
 * ({@link #observe}), asks when a target will land and when to wake for it ({@link #predict}),
 * asks whether the device still works ({@link #checkHealth}), and learns of the line's close
 * ({@link #onClose}).
 *
 * <p>Every line a backend opens is one: {@link MappedLine} implements it, so a backend written
 * against {@link LineDriver} has nothing to implement here. A host holds an application's
 * {@code Line} (a {@link Ticket}'s) and gets this view with {@link #of(Line)}, which says what was
 * wrong when the line is of some other kind (a wrapper around a line, say): there is no view of
 * the words to wait on without the line's own.
 *
 * <p>A host calls these on its wait paths, and in steady state none allocates: {@link #accuracy()}
 * makes a snapshot, {@link #onClose} allocates only when it registers an action it did not hold,
 * and a failure allocates its exception.
 *
 * @param <S> the backend's stream type
 */
public interface HostLine<S> extends Line<S> {

    /**
     * The host's view of {@code line}: the line itself, when it is a {@code HostLine}.
     *
     * @throws IllegalArgumentException naming the line and its class, if it is not one (then
     *     no host can wait on it: pass the line the backend opened, not a wrapper around it)
     */
    static <S> HostLine<S> of(Line<S> line) {
        if (line instanceof HostLine<S> host) {
            return host;
        }
        Objects.requireNonNull(line, "line");
        throw new IllegalArgumentException(line + " (a " + line.getClass().getName() + ") is not a line a backend"
                + " opened: a host waits only on lines with a host view (" + HostLine.class.getName() + "), such as"
                + " every backend's openLine returns; wait on that line's tickets, not on those of a wrapper around it");
    }

    /**
     * Teaches the line's deadline estimator a landing a host saw: {@code word} is what it read
     * from {@code slot} when it found its ticket landed. A host calls it once per landing it
     * sees, with the word it already read (a word seen before teaches nothing again); it is how
     * {@link #predict} learns how long the work takes. {@link Line#reached} teaches nothing.
     */
    void observe(Slot slot, long word);

    /**
     * As {@link #observe(Slot, long)}, for a word a host read at {@code seenNanos}
     * ({@link System#nanoTime()}; {@link DeadlineEstimator#UNKNOWN}: now), whose landing came
     * after {@code fromNanos} (its previous look, or when the sleep before this look began;
     * {@link DeadlineEstimator#UNKNOWN}: just before this look), while it meant to wake at
     * {@code wakeTargetNanos} ({@link DeadlineEstimator#UNKNOWN}: it did not sleep). A host that
     * ends the wait first and teaches the line after hands in when it read the word, not when its
     * continuations had run. See {@link DeadlineEstimator#observed(Slot, long, long, long, long)}.
     */
    void observe(Slot slot, long word, long fromNanos, long wakeTargetNanos, long seenNanos);

    /**
     * Fills {@code into} with what the line predicts of {@code target} in {@code slot}, in one
     * look: when it lands, and, by {@code model}, when to wake for it and until when to spin over
     * it. All {@link DeadlineEstimator#UNKNOWN} before the line has seen work of that slot land
     * (or been told, {@link Line#expect}). Allocates nothing: the holder is the caller's.
     */
    void predict(Slot slot, long target, WakeModel model, Prediction into);

    /** How the line's landing predictions have scored so far: a snapshot. */
    DeadlineEstimator.Accuracy accuracy();

    /**
     * Asks the driver whether the line's device can still make progress, for a waiter whose
     * ticket is long overdue.
     *
     * @throws io.gpuasync.api.GpuException of kind
     *     {@link io.gpuasync.api.GpuException.Kind#DEVICE_FAILED}, with the driver's status, if
     *     it cannot; {@link io.gpuasync.api.GpuException.Kind#CLOSED} once the line is closed
     */
    void checkHealth();

    /**
     * The token of the store of {@code target} into {@code slot}, or of a later store into it,
     * for {@link #awaitStores}; {@link StoreWaits#NO_TOKEN} where the driver has no store wait of
     * its own ({@link LineDriver#storeWaits()}) or gave none for that store, or the line queued
     * more than {@value MappedLine#TOKENS_KEPT} stores into the slot since. Allocates nothing.
     */
    long storeToken(Slot slot, long target);

    /**
     * What lines share a driver's wait: lines whose groups are equal (one driver, one domain)
     * may have their tokens waited for in one {@link #awaitStores} call; null where the driver
     * has no store wait of its own.
     */
    Object storeWaitGroup();

    /**
     * How many times the store waits of this line's group were woken ({@link #wakeStoreWaits});
     * read before deciding what to wait for, and handed to {@link #awaitStores}. 0 without a
     * driver's wait or once the line is closing.
     */
    long storeWakes();

    /**
     * Blocks the calling thread in the driver's own wait until one of the stores whose tokens
     * ({@link #storeToken}, of this line or of another line of its {@link #storeWaitGroup()})
     * are {@code tokens[0 .. count)} landed, {@code deadlineNanos} ({@link System#nanoTime()})
     * passed, or the group was woken since {@link #storeWakes} read {@code wakesSeen}. Returns
     * false at once when the driver has no such wait or the line is closing (its close wakes
     * every wait first). Allocates nothing.
     *
     * @return true if one of the stores landed
     * @throws io.gpuasync.api.GpuException of kind
     *     {@link io.gpuasync.api.GpuException.Kind#DEVICE_FAILED}, with the driver's status,
     *     when the driver's wait failed
     */
    boolean awaitStores(long[] tokens, int count, long deadlineNanos, long wakesSeen);

    /** Ends every {@link #awaitStores} of this line's group blocked now; any thread, never blocks. */
    void wakeStoreWaits();

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
     * never reads freed memory.
     */
    CompletionLine words();
}
