package io.gpuasync.core;

/**
 * Predicts, per slot, when a queued store will land, from how long the work queued before the
 * stores has been taking.
 *
 * <p>The model is a FIFO server: work queued on a stream runs in order, so the store of sequence
 * {@code n} lands at {@code max(landing(n - 1), submit(n)) + service}, where {@code service} is
 * the time one unit of work takes. While work stays queued, each observed landing restarts the
 * count: the stores behind it land a service time apart from it, so an error of one prediction
 * does not carry into the next. Every observed landing gives one sample of the service time.
 * The estimate is the median of the last {@value #HISTORY} samples, and the spread is their
 * median absolute deviation scaled by 3/2 (about one standard deviation for normal noise). The
 * {@link #margin} is what the estimator measured of its own error on this slot: how much a quarter
 * of the last {@value #HISTORY} landings came before their predictions, so a waiter that sleeps
 * until {@code prediction - margin} wakes after about one landing in four by the estimate alone
 * (the waiter's timer lateness, which it adds, covers more); until four such errors are in, four
 * spreads. Medians, not averages: a host thread preempted for a millisecond, or a GC
 * pause, gives one wild sample, which an average carries into the next dozen predictions and a
 * median ignores. Until four samples are in, the spread is taken as half the estimate.
 *
 * <p>A landing is known only when someone looks: the time of the observation stands in for the
 * time of the landing, so samples are as good as the observer is prompt. When several landings
 * are seen at once, their span is divided among them.
 *
 * <p>State is fixed at construction: per slot the smoothed service time, its deviation, the last
 * landing, and a ring of the last {@value #WINDOW} submissions (a sequence further behind than
 * that has no prediction). Nothing allocates after construction, apart from
 * {@link #accuracy()}'s snapshot.
 *
 * <p>Not thread-safe: confine an estimator to one thread, or guard it with the lock that orders
 * the signals of its line.
 */
public final class DeadlineEstimator {
    /**
     * "No estimate": what {@link #predictedLanding} and {@link #wakeAt} return when they have no
     * prediction, and what the completion port and a wait plan's runner take and give for the
     * same fact. The one constant for it in the library.
     */
    public static final long UNKNOWN = Long.MIN_VALUE;
    /** How many outstanding submissions per slot keep their submit time and prediction. */
    public static final int WINDOW = 64;
    /** How many recent service-time samples per slot the estimate is the median of. */
    public static final int HISTORY = 16;

    private static final int MASK = WINDOW - 1;
    private static final int DEVIATIONS_IN_MARGIN = 4;

    private final NanoClock clock;

    private final long[] serviceNanos = new long[Slot.COUNT];
    private final long[] deviationNanos = new long[Slot.COUNT];
    private final long[] samples = new long[Slot.COUNT];
    private final long[] history = new long[Slot.COUNT * HISTORY];
    // How long before its prediction each of the last HISTORY landings came (0 if after it).
    private final long[] earliness = new long[Slot.COUNT * HISTORY];
    private final long[] errors = new long[Slot.COUNT];
    // Where the medians are worked out; one estimator runs on one thread at a time.
    private final long[] scratch = new long[HISTORY];
    private final long[] lastSubmitted = new long[Slot.COUNT];
    private final long[] lastObserved = new long[Slot.COUNT];
    private final long[] lastLandingNanos = new long[Slot.COUNT];
    private final long[] predictedTailNanos = new long[Slot.COUNT];
    private final long[] submitNanos = new long[Slot.COUNT * WINDOW];
    private final long[] predictionNanos = new long[Slot.COUNT * WINDOW];

    private long predictions;
    private long early;
    private long earlyNanos;
    private long maxEarlyNanos;
    private long late;
    private long lateNanos;
    private long maxLateNanos;

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
        errors[s] = 0;
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
     * How early before a predicted landing a sleeper should wake: how much a quarter of the last
     * {@value #HISTORY} landings on {@code slot} came before their predictions, at least (the
     * {@code n/4}-th largest of the {@code n} scored, the largest while fewer than eight); four
     * spreads until four landings were scored. Not the largest of all: the waiter also wakes
     * ahead by the timer's high-quantile lateness, so the largest error on top of it woke the
     * waiter early for nearly every landing and spun the difference (measured side by side in
     * {@code bench/RESULTS.md}); a landing earlier than this rank costs a wake that comes late.
     */
    public long margin(Slot slot) {
        int s = slot.ordinal();
        int n = (int) Math.min(errors[s], HISTORY);
        if (n < 4) {
            return DEVIATIONS_IN_MARGIN * deviationNanos[s];
        }
        return largest(s * HISTORY, n, Math.max(1, n / 4));
    }

    // The rank-th largest (rank <= 4) of earliness[from, from + n), without allocating.
    private long largest(int from, int n, int rank) {
        long first = 0;
        long second = 0;
        long third = 0;
        long fourth = 0;
        for (int i = 0; i < n; i++) {
            long e = earliness[from + i];
            if (e > first) {
                fourth = third;
                third = second;
                second = first;
                first = e;
            } else if (e > second) {
                fourth = third;
                third = second;
                second = e;
            } else if (e > third) {
                fourth = third;
                third = e;
            } else if (e > fourth) {
                fourth = e;
            }
        }
        return switch (rank) {
            case 1 -> first;
            case 2 -> second;
            case 3 -> third;
            default -> fourth;
        };
    }

    /**
     * The earliest time {@code sequence} is expected to land: the prediction less the
     * {@link #margin}; {@link #UNKNOWN} where there is no prediction.
     */
    public long wakeAt(Slot slot, long sequence) {
        long predicted = predictedLanding(slot, sequence);
        return predicted == UNKNOWN ? UNKNOWN : predicted - margin(slot);
    }

    /** The estimated service time of {@code slot} (a median), or 0 before the first sample. */
    public long serviceNanos(Slot slot) {
        return serviceNanos[slot.ordinal()];
    }

    /**
     * Records that {@code slot}'s word was seen to read {@code word} now: every sequence up to it
     * landed. Learns the service time from the newly landed sequences and scores the prediction
     * of the newest. Seeing a word that has not moved does nothing.
     */
    public void observed(Slot slot, long word) {
        observed(slot, word, UNKNOWN);
    }

    /**
     * As {@link #observed(Slot, long)}, for a word read at the first look after a sleep that
     * began at {@code sleptSinceNanos}: the store landed at some time in between, perhaps long
     * before the look. The estimator learns it as if it landed in the middle of that time. Why:
     * an observer that sleeps until the prediction sees every landing no earlier than the
     * prediction, so learning the look's time would confirm any prediction that came out too
     * late, for good (seen: a hybrid waiter whose estimate had gone to five times its work woke
     * that late at the median, every wait; bench/RESULTS.md). Learned earlier instead, such landings pull
     * the estimate down, halving it in a few waits, until the sleeper wakes before a landing
     * again and sees it as it happens. For the same reason the stores still queued behind it are
     * predicted from the start of the sleep, the earliest it can have landed. {@link #UNKNOWN}
     * for {@code sleptSinceNanos} means the observer did not sleep.
     */
    public void observed(Slot slot, long word, long sleptSinceNanos) {
        observed(slot, word, sleptSinceNanos, UNKNOWN);     // now, read once the word is known to be new
    }

    /**
     * As {@link #observed(Slot, long, long)}, for a word read at {@code seenNanos} (this
     * estimator's clock; {@link #UNKNOWN}: now) and handed in later: an observer that ends the
     * wait first and teaches the estimator after, so that the waiter does not wait for the
     * learning, tells when it looked, not when it got round to saying so. A time before the last
     * landing another observer taught meanwhile counts as that landing's: landings never go back.
     */
    public void observed(Slot slot, long word, long sleptSinceNanos, long seenNanos) {
        int s = slot.ordinal();
        long previous = lastObserved[s];
        if (!Sequences.reached(word, previous + 1)) {
            return;
        }
        long seen = seenNanos == UNKNOWN ? clock.nanoTime() : seenNanos;
        if (lastLandingNanos[s] != UNKNOWN && seen - lastLandingNanos[s] < 0) {
            seen = lastLandingNanos[s];
        }
        long now = seen;
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
            if (sleptSinceNanos != UNKNOWN && sleptSinceNanos - seen < 0) {
                // Landed while the observer slept, and not before the work could start.
                long from = sleptSinceNanos - start > 0 ? sleptSinceNanos : start;
                now = from + (seen - from) / 2;
                earliest = from;
            }
            learn(s, Math.max(0, now - start) / landed);
            long predicted = predictionNanos[s * WINDOW + (int) (newest & MASK)];
            if (predicted != UNKNOWN) {
                // By when it was seen, not as learned (the middle of a sleep it landed in): a
                // waiter that woke after a landing would otherwise record it up to half its
                // sleep early, widen the margin, wake earlier and spin it (seen: margins of half
                // the work while predictions were a few microseconds off). What was seen is
                // the least the landing can have been early by; a prompt observer sees it exact.
                earliness[s * HISTORY + (int) (errors[s] % HISTORY)] = Math.max(0, predicted - seen);
                errors[s]++;
            }
            // Scored by when it was seen: the accuracy reports what observers saw.
            score(predictionNanos[s * WINDOW + (int) (newest & MASK)], seen);
        }
        if (newest == lastSubmitted[s]) {
            // Nothing is queued any more: the next store starts from this landing, not from a
            // prediction that may lie in the future.
            predictedTailNanos[s] = now;
        } else if (landed > 0 && samples[s] > 0 && lastSubmitted[s] - newest <= WINDOW) {
            // Work is still queued: the stores behind this one land a service time apart from
            // this landing. Chained from the predictions made when they were queued instead, the
            // next submission's error is the sum of every error since the queue last drained,
            // which under a queue that never drains wanders without bound (seen with 256
            // waiters on 16 streams: predictions many times the work late, then early).
            // Counted from the earliest the landing can have come, not from when it was seen:
            // an observer that looks at the predictions sees landings late by as much as they
            // are late, and counting from its look would keep them late for good; predictions
            // that come early only cost an observer a look too soon, which it then corrects.
            // An observer that says nothing of its looks is taken as prompt (its look is the
            // landing); one whose first look came long after the landing makes the stores queued
            // before the next observation late by as much, and that observation counts again.
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

    // The median of scratch[0, n), sorted in place; for even n the lower of the two middle
    // values, so a tie leans early. An insertion sort of our own, not Arrays.sort: the first
    // C2 compilation of DualPivotQuicksort.sort, requested by whichever thread called it, loads
    // the classes of its signature (DualPivotQuicksort$Sorter) on that thread, and a waiter
    // allocated 160 bytes in the one wait that crossed the threshold (seen in JFR).
    private long median(int n) {
        for (int i = 1; i < n; i++) {
            long value = scratch[i];
            int j = i - 1;
            while (j >= 0 && scratch[j] > value) {
                scratch[j + 1] = scratch[j];
                j--;
            }
            scratch[j + 1] = value;
        }
        return scratch[(n - 1) / 2];
    }

    private void score(long prediction, long landing) {
        if (prediction == UNKNOWN) {
            return;
        }
        predictions++;
        long error = landing - prediction;
        if (error > 0) {
            early++;
            earlyNanos += error;
            maxEarlyNanos = Math.max(maxEarlyNanos, error);
        } else if (error < 0) {
            late++;
            lateNanos -= error;
            maxLateNanos = Math.max(maxLateNanos, -error);
        }
    }

    /** How the predictions scored so far, across all slots. */
    public Accuracy accuracy() {
        return new Accuracy(predictions, early, earlyNanos, maxEarlyNanos, late, lateNanos, maxLateNanos);
    }

    /**
     * How the estimator's predictions compared with the landings it observed. A prediction is
     * <em>early</em> when the store landed after it (a sleeper that trusted it woke too soon and
     * had to wait on), <em>late</em> when the store landed before it (a sleeper overslept by that
     * much, less the margin). Predictions that were exact count in neither.
     *
     * @param predictions  landings scored against a prediction
     * @param early        predictions the landing came after
     * @param earlyNanos   total time by which those landings came after their prediction
     * @param maxEarlyNanos the most any one did
     * @param late         predictions the landing came before
     * @param lateNanos    total time by which those landings came before their prediction
     * @param maxLateNanos the most any one did
     */
    public record Accuracy(long predictions, long early, long earlyNanos, long maxEarlyNanos,
                           long late, long lateNanos, long maxLateNanos) {
        /** Mean time by which an early prediction was early, or 0 if none was. */
        public long meanEarlyNanos() {
            return early == 0 ? 0 : earlyNanos / early;
        }

        /** Mean time by which a late prediction was late, or 0 if none was. */
        public long meanLateNanos() {
            return late == 0 ? 0 : lateNanos / late;
        }
    }
}
