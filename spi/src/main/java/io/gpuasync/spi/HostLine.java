package io.gpuasync.spi;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.CompletionLine;
import io.gpuasync.core.DeadlineEstimator;
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
     * As {@link #observe(Slot, long)}, for a word a host read at its first look after a sleep
     * that began at {@code sleptSinceNanos} ({@link System#nanoTime()}): the store landed at some
     * time in between. The estimator learns it as landing in the middle of that time, and
     * predicts the work still queued behind it from the start of that time, so that a sleeper
     * whose prediction came out too late does not confirm it by seeing every landing only when
     * it wakes. {@link DeadlineEstimator#UNKNOWN} for {@code sleptSinceNanos}: the host did not
     * sleep. The default forgets the sleep.
     */
    default void observeAfterSleep(Slot slot, long word, long sleptSinceNanos) {
        observe(slot, word);
    }

    /**
     * As {@link #observeAfterSleep(Slot, long, long)}, for a word read at {@code seenNanos}
     * ({@link System#nanoTime()}, the clock a line's estimator counts in;
     * {@link DeadlineEstimator#UNKNOWN}: now) and handed in afterwards: a host ends the wait
     * first and teaches the line after, so that the continuation does not wait for the
     * estimator, and tells when it read the word, not when its continuations had run. A time
     * before a landing the line was taught meanwhile counts as that one's. The default forgets
     * when.
     */
    default void observeAfterSleep(Slot slot, long word, long sleptSinceNanos, long seenNanos) {
        observeAfterSleep(slot, word, sleptSinceNanos);
    }

    /**
     * Fills {@code into} with what the estimator predicts of {@code target} in {@code slot}, both
     * from one look at it: when it lands, and the earliest time to wake for it (the landing less
     * the estimator's margin). Each is {@link DeadlineEstimator#UNKNOWN} before the line has seen
     * work of that slot land (or been told, {@link Line#expect}). Allocates nothing: the holder is
     * the caller's, reused from wait to wait.
     */
    void predict(Slot slot, long target, Prediction into);

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

    /**
     * What {@link #predict} fills in: a mutable holder a host owns and reuses, so that a wait
     * asks for a prediction without allocating. Not thread-safe: one per thread that predicts.
     */
    final class Prediction {
        private long landing = DeadlineEstimator.UNKNOWN;
        private long wakeAt = DeadlineEstimator.UNKNOWN;

        /** A holder with no prediction in it. */
        public Prediction() {
        }

        /** When the target is predicted to land ({@link System#nanoTime()}), or {@link DeadlineEstimator#UNKNOWN}. */
        public long landing() {
            return landing;
        }

        /** The earliest time to wake for the target ({@link System#nanoTime()}), or {@link DeadlineEstimator#UNKNOWN}. */
        public long wakeAt() {
            return wakeAt;
        }

        /** Sets both: what a {@link HostLine#predict} does. */
        public void set(long landing, long wakeAt) {
            this.landing = landing;
            this.wakeAt = wakeAt;
        }

        @Override
        public String toString() {
            return "Prediction[landing=" + landing + ", wakeAt=" + wakeAt + "]";
        }
    }
}
