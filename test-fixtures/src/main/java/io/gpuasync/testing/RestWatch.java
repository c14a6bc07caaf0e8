package io.gpuasync.testing;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * Watches a host's driver over an overdue wait while the test holds the driver's timer lateness
 * above the engine's longest poll back-off, as load would: a burst pushed into it, and pushed
 * again before the driver's own sleeps could take it out of the estimate. Counts, no clocks.
 * The engine's types stay out of it (this module comes before the engine): a test hands over
 * its lateness's methods and its driver's counts.
 */
public final class RestWatch {
    /** A lateness no real sleep is likely to match to the nanosecond: an estimate at it is the burst's. */
    public static final long BURST_NANOS = 987_654;
    private static final long WATCH_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long CHECK_EVERY_NANOS = 20_000;

    private RestWatch() {
    }

    /**
     * A driver's timer lateness, by its methods: learn a sample, how many it learned, its
     * estimate; and the estimate's window and rank (the {@code rank}-th largest of the last
     * {@code window} samples).
     */
    public record Lateness(LongConsumer sample, LongSupplier samples, LongSupplier estimate, int window, int rank) {
    }

    /**
     * The driver's counts at two points of one stretch under the burst, {@code rests} rests
     * apart, the first read after it rested: between them the estimate stood above every look of
     * an overdue wait, so a driver whose polling is bounded rests throughout. A stretch this
     * thread came back to too late (the estimate may have fallen meanwhile) is dropped and
     * another watched.
     *
     * @throws AssertionError if the driver does not rest {@code rests} times in a row within 30 s
     */
    public static <S> List<S> restStretch(Lateness lateness, Supplier<S> stats, ToLongFunction<S> restsOf, int rests) {
        long giveUp = System.nanoTime() + WATCH_NANOS;
        // Two of the burst's samples left in the window keep the estimate at it (the 2nd largest
        // of them); two more to spare, for samples of the driver's taken amid a push.
        long mostOwnSamples = lateness.window() - lateness.rank() - 2;
        long pushedAt = push(lateness);
        S first = null;
        S from = null;
        boolean rested = false;
        for (;;) {
            S now = stats.get();
            boolean held = lateness.samples().getAsLong() - pushedAt <= mostOwnSamples
                    && lateness.estimate().getAsLong() == BURST_NANOS;
            pushedAt = push(lateness);
            if (!held) {
                first = null;
                from = null;
                rested = false;
            } else if (first == null) {
                first = now;
            } else if (from != null) {
                if (restsOf.applyAsLong(now) >= restsOf.applyAsLong(from) + rests) {
                    return List.of(from, now);
                }
            } else if (rested) {
                from = now;     // read after a rest under the burst: the driver rests from then on
            } else {
                rested = restsOf.applyAsLong(now) > restsOf.applyAsLong(first);
            }
            if (System.nanoTime() - giveUp >= 0) {
                throw new AssertionError("the driver never rested " + rests + " times in a row on an overdue wait"
                        + " under a lateness of " + BURST_NANOS + " ns: " + now);
            }
            LockSupport.parkNanos(CHECK_EVERY_NANOS);
        }
    }

    /**
     * The check every driver's test makes of {@link #restStretch}: across {@code rests} rests
     * under the burst the driver polled not once ({@code pollsOf} did not move). {@code driver}
     * names it in the failure.
     *
     * @throws AssertionError if it polled, or never rested that many times in a row
     */
    public static <S> void assertRestsWithoutPolling(String driver, Lateness lateness, Supplier<S> stats,
                                                     ToLongFunction<S> restsOf, ToLongFunction<S> pollsOf, int rests) {
        List<S> stretch = restStretch(lateness, stats, restsOf, rests);
        long before = pollsOf.applyAsLong(stretch.get(0));
        long after = pollsOf.applyAsLong(stretch.get(1));
        if (before != after) {
            throw new AssertionError("the " + driver + " polled while resting (" + (after - before) + " polls across "
                    + rests + " rests): " + stretch);
        }
    }

    private static long push(Lateness lateness) {
        for (int i = 0; i < lateness.window(); i++) {
            lateness.sample().accept(BURST_NANOS);
        }
        return lateness.samples().getAsLong();
    }
}
