package io.gpuasync.spi;

import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.WakeModel;
import io.gpuasync.core.Sequences;
import io.gpuasync.core.Slot;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A line's {@link DeadlineEstimator} behind a lock of its own, not the line's: a waiter that saw
 * its word land must not wait behind a signal that is in a driver call. Each method takes the
 * lock once; {@link #predict} answers a wait's questions (when the target lands, when to wake
 * for it, until when to spin) under that one acquisition.
 */
final class LineEstimator {
    private final DeadlineEstimator estimator;
    private final Object lock = new Object();
    // Per slot, the newest word the estimator was told of: written under lock, read without
    // it, so that the waits of a batch that landed together (which all hand in the same word)
    // take the lock once, not once each. A stale read only takes the lock.
    private final AtomicLongArray taught = new AtomicLongArray(Slot.COUNT);

    private final NanoClock clock;

    LineEstimator(NanoClock clock) {
        this.clock = clock;
        this.estimator = new DeadlineEstimator(clock);
    }

    /** The store of {@code target} into {@code slot} was queued now. */
    void submitted(Slot slot, long target) {
        synchronized (lock) {
            estimator.submitted(slot, target);
        }
    }

    /** See {@link HostLine#observe(Slot, long, long, long, long)}; a word seen before takes no lock. */
    void observed(Slot slot, long word, long fromNanos, long wakeTargetNanos, long seenNanos) {
        int k = slot.ordinal();
        if (!Sequences.reached(word, taught.getAcquire(k) + 1)) {
            return;     // nothing the estimator has not seen: it would ignore it
        }
        synchronized (lock) {
            estimator.observed(slot, word, fromNanos, wakeTargetNanos, seenNanos);
            if (Sequences.reached(word, taught.getPlain(k) + 1)) {
                taught.setRelease(k, word);
            }
        }
    }

    /** Fills {@code into} with the landing of {@code target} in {@code slot} and the model's wake and spin times. */
    void predict(Slot slot, long target, WakeModel model, Prediction into) {
        synchronized (lock) {
            estimator.predict(slot, target, model, clock.nanoTime(), into);
        }
    }

    /** The work behind each store into {@code slot} takes {@code nanos}. */
    void expect(Slot slot, long nanos) {
        synchronized (lock) {
            estimator.expect(slot, nanos);
        }
    }

    DeadlineEstimator.Accuracy accuracy() {
        synchronized (lock) {
            return estimator.accuracy();
        }
    }
}
