package io.gpuasync.core;

/**
 * Predicts, per slot, when a queued store will land, from how long the work queued before the
 * stores has been taking, and measures how its landings fall around its predictions.
 *
 * <p>The model is a FIFO server: work queued on a stream runs in order, so the store of sequence
 * {@code n} lands at {@code max(landing(n - 1), submit(n)) + service}, where {@code service} is
 * the time one unit of work takes: the median of the last {@value #HISTORY} samples, so that one
 * wild sample (a preempted observer, a GC pause) moves no prediction. While work stays queued,
 * each observed landing restarts the count for the stores behind it, so an error of one
 * prediction does not carry into the next. Each observed landing also gives one signed error
 * ({@code landing - prediction}); the last {@value #HISTORY} per slot are the distribution a
 * {@link WakeModel} takes its wake and spin times from ({@link #predict}).
 *
 * <p>A landing is known only when someone looks: an observer says between which times it came
 * ({@link #observed(Slot, long, long, long, long)}) and, if it slept, when its timer was set to
 * end. A landing found by an observer that was looking (polling, or blocked in the driver's wait,
 * which reports its return less its wake-up) is exact. One found at the first look after a sleep
 * came some time during it: its error is
 * taken at the timer's target (a late wake says only that the landing came before it), and its
 * service time at the middle of the sleep, so that a prediction that came out too late is not
 * confirmed by every sleeper that trusts it: such landings pull the estimate down until sleepers
 * wake before landings again. The median ignores the few that come before a wake when
 * predictions are right.
 *
 * <p>State is fixed at construction; nothing allocates after it, apart from
 * {@link #accuracy()}'s snapshot. Not thread-safe: confine an estimator to one thread, or guard
 * it with a lock of its own.
 */
public final class DeadlineEstimator {
    /**
     * "No estimate": what the predictions hold when there is none, and what the completion port
     * and a wait plan's runner take and give for the same fact. The one constant for it.
     */
    public static final long UNKNOWN = Long.MIN_VALUE;
    /** How many outstanding submissions per slot keep their submit time and prediction. */
    public static final int WINDOW = 64;
    /** How many recent service times, and errors, per slot the estimates are taken over. */
    public static final int HISTORY = 16;

    private static final int MASK = WINDOW - 1;
    // Until a slot has WakeModel.MIN_ERRORS errors, it wakes and spins this many spreads of its
    // service time either side of the prediction.
    private static final int COLD_SPREADS = 2;

    private final NanoClock clock;

    private final long[] serviceNanos = new long[Slot.COUNT];
    private final long[] deviationNanos = new long[Slot.COUNT];
    private final long[] samples = new long[Slot.COUNT];
    private final long[] history = new long[Slot.COUNT * HISTORY];
    // The signed errors (landing - prediction) of the last HISTORY scored landings per slot.
    private final long[] errors = new long[Slot.COUNT * HISTORY];
    private final long[] errorCount = new long[Slot.COUNT];
    // Where the medians and quantiles are worked out; one estimator runs on one thread at a time.
    private final long[] scratch = new long[HISTORY];
    private final long[] latenessScratch = new long[TimerLateness.WINDOW];
    private final long[] pairs = new long[HISTORY * TimerLateness.WINDOW];
    private final long[] lastSubmitted = new long[Slot.COUNT];
    private final long[] lastObserved = new long[Slot.COUNT];
    private final long[] lastLandingNanos = new long[Slot.COUNT];
    private final long[] predictedTailNanos = new long[Slot.COUNT];
    private final long[] submitNanos = new long[Slot.COUNT * WINDOW];
    private final long[] predictionNanos = new long[Slot.COUNT * WINDOW];

    private long predictions;
    private long landedLate;
    private long landedLateNanos;
    private long mostLateNanos;
    private long landedEarly;
    private long landedEarlyNanos;
    private long mostEarlyNanos;

    /** An estimator that reads time from {@code clock}. */
    public DeadlineEstimator(NanoClock clock) {
        if (clock == null) {
            throw new NullPointerException("clock");
        }
        this.clock = clock;
        java.util.Arrays.fill(predictedTailNanos, UNKNOWN);
        java.util.Arrays.fill(lastLandingNanos, UNKNOWN);
    }

    /**
     * Primes {@code slot} with an expected service time, for work whose duration the caller
     * knows; later observations refine it.
     *
     * @throws IllegalArgumentException if {@code nanos} is negative
     */
    public void expect(Slot slot, long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("expected service time must be >= 0 ns, got " + nanos);
        }
        int s = slot.ordinal();
        samples[s] = 0;
        errorCount[s] = 0;
        learn(s, nanos);
    }

    /**
     * Records that the store of {@code sequence} was queued on {@code slot}'s stream now, and
     * returns when it is predicted to land ({@link #UNKNOWN} before the first sample).
     * Sequences are expected in order, one more than the last each time.
     */
    public long submitted(Slot slot, long sequence) {
        long now = clock.nanoTime();
        int s = slot.ordinal();
        int at = s * WINDOW + (int) (sequence & MASK);
        submitNanos[at] = now;
        lastSubmitted[s] = sequence;
        long prediction = UNKNOWN;
        if (samples[s] > 0) {
            long tail = predictedTailNanos[s];
            long start = tail == UNKNOWN || tail - now < 0 ? now : tail;
            prediction = start + serviceNanos[s];
        }
        predictionNanos[at] = prediction;
        predictedTailNanos[s] = prediction;
        return prediction;
    }

    /**
     * When {@code sequence} of {@code slot} is predicted to land, or {@link #UNKNOWN} if the
     * estimator has no sample yet, or the sequence already landed, or it is more than
     * {@value #WINDOW} submissions behind.
     */
    public long predictedLanding(Slot slot, long sequence) {
        int s = slot.ordinal();
        if (!inWindow(s, sequence)) {
            return UNKNOWN;
        }
        return predictionNanos[s * WINDOW + (int) (sequence & MASK)];
    }

    /**
     * Fills {@code into} with the landing of {@code sequence} in {@code slot} and, by
     * {@code model}, when to wake for it and until when to spin over it, at {@code nowNanos}
     * (this estimator's clock, for the timer's recent sleeps). Until the slot has
     * {@value WakeModel#MIN_ERRORS} errors, the wake and the spin's end lie two spreads of its
     * service time (and the timer's median lateness) either side of the landing. All
     * {@link #UNKNOWN} without a prediction.
     */
    public void predict(Slot slot, long sequence, WakeModel model, long nowNanos, Prediction into) {
        long landing = predictedLanding(slot, sequence);
        if (landing == UNKNOWN) {
            into.clear();
            return;
        }
        int s = slot.ordinal();
        int m = model.lateness().recent(nowNanos, latenessScratch);
        int n = (int) Math.min(errorCount[s], HISTORY);
        long wakeOffset;
        long spinOffset;
        if (n < WakeModel.MIN_ERRORS) {
            long spread = COLD_SPREADS * deviationNanos[s];
            wakeOffset = -spread - (m == 0 ? 0 : Quantiles.kthSmallest(latenessScratch, m, (m - 1) / 2));
            spinOffset = spread;
        } else {
            System.arraycopy(errors, s * HISTORY, scratch, 0, n);
            wakeOffset = model.wakeOffset(scratch, n, latenessScratch, m, pairs);
            spinOffset = model.spinOffset(scratch, n);
        }
        long wakeAt = landing + wakeOffset;
        long spinUntil = landing + spinOffset;
        into.set(landing, wakeAt, spinUntil - wakeAt < 0 ? wakeAt : spinUntil);
    }

    /** The estimated service time of {@code slot} (a median), or 0 before the first sample. */
    public long serviceNanos(Slot slot) {
        return serviceNanos[slot.ordinal()];
    }

    /**
     * Records that {@code slot}'s word was seen to read {@code word} now, by an observer that
     * looked promptly: every sequence up to it landed, now. Seeing a word that has not moved does
     * nothing.
     */
    public void observed(Slot slot, long word) {
        observed(slot, word, UNKNOWN, UNKNOWN, UNKNOWN);
    }

    /**
     * Records that {@code slot}'s word was read as {@code word} at {@code seenNanos} (this
     * estimator's clock; {@link #UNKNOWN}: now): every sequence up to it landed, after
     * {@code fromNanos} (the observer's previous look, or when its sleep began;
     * {@link #UNKNOWN}: just before this look). {@code wakeTargetNanos} is when the observer's
     * timer was set to end, if it slept since that look; {@link #UNKNOWN} if it was looking all
     * along (polling, or blocked in the driver's wait), and then the landing is taken as seen.
     * Learns the service time from the newly landed sequences and the error of the newest's
     * prediction (see the class comment); the stores still queued are predicted from the earliest
     * the landing can have come. A time before the last landing taught counts as that one's:
     * landings never go back.
     */
    public void observed(Slot slot, long word, long fromNanos, long wakeTargetNanos, long seenNanos) {
        int s = slot.ordinal();
        long previous = lastObserved[s];
        if (!Sequences.reached(word, previous + 1)) {
            return;
        }
        long seen = seenNanos == UNKNOWN ? clock.nanoTime() : seenNanos;
        if (lastLandingNanos[s] != UNKNOWN && seen - lastLandingNanos[s] < 0) {
            seen = lastLandingNanos[s];
        }
        // When the landing is taken to have come, for the service time and for the error.
        long now = seen;
        long errorAt = seen;
        // The earliest the newest landing can have come: what later stores are counted from.
        long earliest = seen;
        // A word past the last submission moved by signals this estimator was not told of:
        // learn only from those it was.
        long newest = Sequences.reached(word, lastSubmitted[s]) ? lastSubmitted[s] : word;
        long landed = newest - previous;
        if (landed > 0 && newest - lastSubmitted[s] <= 0 && lastSubmitted[s] - previous <= WINDOW) {
            long firstSubmit = submitNanos[s * WINDOW + (int) ((previous + 1) & MASK)];
            long lastLanding = lastLandingNanos[s];
            // FIFO: the first of them started when it was queued or when the one before it
            // landed, whichever came later.
            long start = lastLanding == UNKNOWN || firstSubmit - lastLanding > 0
                    ? firstSubmit : lastLanding;
            if (fromNanos != UNKNOWN && fromNanos - seen < 0) {
                // It came after the previous look, and not before its work could start.
                long from = fromNanos - start > 0 ? fromNanos : start;
                earliest = from;
                if (wakeTargetNanos != UNKNOWN) {
                    // Found at the first look after a sleep: somewhere in it.
                    now = from + (seen - from) / 2;
                    errorAt = wakeTargetNanos - from < 0 ? from : wakeTargetNanos - seen > 0 ? seen : wakeTargetNanos;
                }
            }
            learn(s, Math.max(0, now - start) / landed);
            long predicted = predictionNanos[s * WINDOW + (int) (newest & MASK)];
            if (predicted != UNKNOWN) {
                errors[s * HISTORY + (int) (errorCount[s] % HISTORY)] = errorAt - predicted;
                errorCount[s]++;
            }
            // Scored by when it was seen: the accuracy reports what observers saw.
            score(predicted, seen);
        }
        if (newest == lastSubmitted[s]) {
            // Nothing is queued any more: the next store starts from this landing, not from a
            // prediction that may lie in the future.
            predictedTailNanos[s] = now;
        } else if (landed > 0 && samples[s] > 0 && lastSubmitted[s] - newest <= WINDOW) {
            // Work is still queued: the stores behind this one land a service time apart from
            // the earliest this landing can have come, not from the predictions made when they
            // were queued, whose errors would add up for as long as the queue never drains.
            predictedTailNanos[s] = earliest + (lastSubmitted[s] - newest) * serviceNanos[s];
        }
        lastObserved[s] = word;
        lastLandingNanos[s] = now;
    }

    private boolean inWindow(int s, long sequence) {
        return Sequences.reached(sequence, lastObserved[s] + 1)
                && Sequences.reached(lastSubmitted[s], sequence)
                && lastSubmitted[s] - sequence < WINDOW;
    }

    private void learn(int s, long sample) {
        history[s * HISTORY + (int) (samples[s] % HISTORY)] = sample;
        samples[s]++;
        int n = (int) Math.min(samples[s], HISTORY);
        System.arraycopy(history, s * HISTORY, scratch, 0, n);
        long median = median(n);
        for (int i = 0; i < n; i++) {
            scratch[i] = Math.abs(history[s * HISTORY + i] - median);
        }
        long spread = n < 4 ? median / 2 : median(n) * 3 / 2;
        serviceNanos[s] = median;
        deviationNanos[s] = spread;
    }

    // The median of scratch[0, n), reordering it; for even n the lower of the two middle
    // values, so a tie leans early.
    private long median(int n) {
        return Quantiles.kthSmallest(scratch, n, (n - 1) / 2);
    }

    private void score(long prediction, long landing) {
        if (prediction == UNKNOWN) {
            return;
        }
        predictions++;
        long error = landing - prediction;
        if (error > 0) {
            landedLate++;
            landedLateNanos += error;
            mostLateNanos = Math.max(mostLateNanos, error);
        } else if (error < 0) {
            landedEarly++;
            landedEarlyNanos -= error;
            mostEarlyNanos = Math.max(mostEarlyNanos, -error);
        }
    }

    /** How the predictions scored so far, across all slots. */
    public Accuracy accuracy() {
        return new Accuracy(predictions, landedLate, landedLateNanos, mostLateNanos, landedEarly, landedEarlyNanos,
                mostEarlyNanos);
    }

    /**
     * How the landings the estimator observed fell against their predictions: <em>late</em>, a
     * landing after its prediction (a waiter that trusted it woke too soon and waited on);
     * <em>early</em>, one before it (a waiter that trusted it overslept). Early and late always
     * say where the landing fell, as the wait events' landing error does. Exact ones count in neither.
     *
     * @param predictions      landings scored against a prediction
     * @param landedLate       landings after their prediction
     * @param landedLateNanos  total time by which they came after it
     * @param mostLateNanos    the most any one did
     * @param landedEarly      landings before their prediction
     * @param landedEarlyNanos total time by which they came before it
     * @param mostEarlyNanos   the most any one did
     */
    public record Accuracy(long predictions, long landedLate, long landedLateNanos, long mostLateNanos,
                           long landedEarly, long landedEarlyNanos, long mostEarlyNanos) {
        /** Mean time by which a late landing came after its prediction, or 0 if none did. */
        public long meanLateNanos() {
            return landedLate == 0 ? 0 : landedLateNanos / landedLate;
        }

        /** Mean time by which an early landing came before its prediction, or 0 if none did. */
        public long meanEarlyNanos() {
            return landedEarly == 0 ? 0 : landedEarlyNanos / landedEarly;
        }
    }
}
