package io.gpuasync.testing;

import io.gpuasync.api.Ticket;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/** Waiting for tickets in a test, without a host: a poll of the word, bounded so that a ticket that never lands fails the test instead of hanging it. */
public final class Tickets {
    /**
     * How long a ticket may take to land before the test fails: long enough for a loaded
     * machine, short enough that a hung test says so. A liveness bound, not a timing claim.
     */
    public static final Duration LANDS_WITHIN = Duration.ofSeconds(60);

    // Polls this many times before it parks between polls: most tickets in tests land in that time.
    private static final int SPINS = 10_000;
    private static final long PARK_NANOS = 100_000;

    private Tickets() {
    }

    /**
     * Returns once {@code ticket} landed.
     *
     * @throws AssertionError if it did not within {@link #LANDS_WITHIN}
     * @throws io.gpuasync.api.GpuException of kind CLOSED if its line closed
     */
    public static void awaitLanded(Ticket ticket) {
        long deadline = System.nanoTime() + LANDS_WITHIN.toNanos();
        for (int polls = 0; !ticket.isDone(); polls++) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(ticket + " did not land within " + LANDS_WITHIN.toSeconds() + " s");
            }
            if (polls < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(PARK_NANOS);
            }
        }
    }
}
