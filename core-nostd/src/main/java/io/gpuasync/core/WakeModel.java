package io.gpuasync.core;

/**
 * When a host wakes for a landing and how long it spins over it, from two observed
 * distributions and one quantile. The distributions: how a line's landings fell around their
 * predictions (the estimator's signed errors, {@code e}), and how late this host's timer ends a
 * sleep ({@link TimerLateness}, {@code l}). The quantile {@code q}:
 * <ul>
 * <li>the host sets its timer to {@code predicted + Q_q(e - l)}, so that a share {@code q} of
 *     landings come before the sleep ends (each costs up to a timer's lateness in latency);
 * <li>it spins until {@code predicted + Q_(1-q)(e)}, so that a share {@code q} of landings come
 *     after it stopped (each is then left to the driver's own wait for the store, where the
 *     driver has one, or to a back-off).
 * </ul>
 * A lower {@code q} spins longer for a shorter tail; a higher one spends less CPU and leaves more
 * landings to the timer's lateness and the driver's wake. {@code e - l} is taken over every pair
 * of the two windows, so the wake time follows both noises as they are, not a sum of bounds.
 *
 * <p>Immutable; the computing methods allocate nothing and take the caller's scratch space.
 */
public final class WakeModel {
    /** The default quantile: a tenth of landings before the wake, a tenth after the spin. */
    public static final double DEFAULT_QUANTILE = 0.1;
    /** How many errors a slot needs before its quantiles are used; fewer: wide bounds of its spread. */
    public static final int MIN_ERRORS = 4;

    private final double quantile;
    private final TimerLateness lateness;

    /**
     * A model with quantile {@code quantile} over the sleeps of {@code lateness}.
     *
     * @throws IllegalArgumentException unless {@code 0 < quantile < 0.5}
     */
    public WakeModel(double quantile, TimerLateness lateness) {
        if (lateness == null) {
            throw new NullPointerException("lateness");
        }
        this.quantile = requireQuantile(quantile);
        this.lateness = lateness;
    }

    /**
     * {@code quantile}, if a model can take it.
     *
     * @throws IllegalArgumentException unless {@code 0 < quantile < 0.5}, saying why
     */
    public static double requireQuantile(double quantile) {
        if (!(quantile > 0 && quantile < 0.5)) {
            throw new IllegalArgumentException("the wake quantile must lie in (0, 0.5): the share of landings that may"
                    + " come before the wake and the share left after the spin; got " + quantile);
        }
        return quantile;
    }

    /** The share of landings that come before the wake, and the share that come after the spin. */
    public double quantile() {
        return quantile;
    }

    /** The timer whose lateness the wake time allows for. */
    public TimerLateness lateness() {
        return lateness;
    }

    /**
     * The wake time's offset from the prediction: the {@code q}-quantile of {@code e - l} over
     * every pair of {@code errors[0, n)} and {@code late[0, m)} ({@code m} may be 0: a timer
     * taken to end on time). {@code pairs} holds at least {@code n * max(m, 1)} values.
     */
    public long wakeOffset(long[] errors, int n, long[] late, int m, long[] pairs) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (m == 0) {
                pairs[count++] = errors[i];
            } else {
                for (int j = 0; j < m; j++) {
                    pairs[count++] = errors[i] - late[j];
                }
            }
        }
        return Quantiles.kthSmallest(pairs, count, lowRank(count));
    }

    /** The spin's end offset from the prediction: the {@code (1 - q)}-quantile of {@code errors[0, n)}, reordered. */
    public long spinOffset(long[] errors, int n) {
        return Quantiles.kthSmallest(errors, n, n - 1 - lowRank(n));
    }

    // The 0-based rank of the q-quantile of n values.
    private int lowRank(int n) {
        return (int) Math.min(n - 1, Math.floor(quantile * n));
    }

    @Override
    public String toString() {
        return "WakeModel[quantile=" + quantile + "]";
    }
}
