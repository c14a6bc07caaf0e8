package io.gpuasync.host.uring.internal;

import io.gpuasync.host.uring.Uring;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The owner's sleep on a real ring: one timeout moved, an eventfd read for wake-ups. Counts, not clocks. */
@Timeout(60)
class RingSleeperTest {
    private static final long HOUR = 3_600_000_000_000L;

    @BeforeAll
    static void kernelRunsIoUring() {
        assumeTrue(Uring.isAvailable(), () -> "io_uring unavailable here: " + Uring.unavailabilityCause().orElseThrow());
    }

    @Test
    void aSleepEndsAtItsDeadline() {
        try (RingSleeper sleeper = RingSleeper.open(8)) {
            long deadline = System.nanoTime() + 2_000_000;
            while (sleeper.timer().fired() == 0) {
                sleeper.sleepUntil(deadline);
            }
            assertTrue(System.nanoTime() >= deadline);
            assertEquals(1, sleeper.timer().armed());
            assertEquals(0, sleeper.timer().moved());
            assertFalse(sleeper.timer().pending());
        }
    }

    @Test
    void aNewDeadlineMovesTheOneTimeoutInsteadOfArmingAnother() throws Exception {
        try (RingSleeper sleeper = RingSleeper.open(8)) {
            CountDownLatch asleep = new CountDownLatch(1);
            Thread waker = Thread.ofPlatform().start(() -> {
                try {
                    asleep.await();
                } catch (InterruptedException e) {
                    return;
                }
                sleeper.wake();
            });
            asleep.countDown();
            while (sleeper.wakeReads() == 0) {
                sleeper.sleepUntil(System.nanoTime() + HOUR);   // only the wake can end this
            }
            waker.join();
            assertTrue(sleeper.timer().pending());
            long deadline = System.nanoTime() + 1_000_000;
            while (sleeper.timer().fired() == 0) {
                sleeper.sleepUntil(deadline);
            }
            assertTrue(System.nanoTime() >= deadline);
            assertEquals(1, sleeper.timer().armed(), "one IORING_OP_TIMEOUT for both deadlines");
            assertEquals(1, sleeper.timer().moved(), "moved once, by IORING_TIMEOUT_UPDATE");
        }
    }

    @Test
    void noDeadlineRemovesTheTimeoutAndOnlyAWakeEndsTheSleep() throws Exception {
        try (RingSleeper sleeper = RingSleeper.open(8)) {
            sleeper.wake();
            sleeper.sleepUntil(System.nanoTime() + HOUR);   // armed, then ended by the wake already sent
            assertEquals(1, sleeper.wakeReads());
            AtomicBoolean woken = new AtomicBoolean();
            Thread waker = Thread.ofPlatform().start(() -> {
                woken.set(true);
                sleeper.wake();
            });
            while (sleeper.wakeReads() < 2) {
                sleeper.sleepUntil(RingSleeper.NO_DEADLINE);
            }
            waker.join();
            assertTrue(woken.get());
            assertEquals(1, sleeper.timer().removed());
            assertEquals(0, sleeper.timer().fired());
            assertFalse(sleeper.timer().pending());
        }
    }

    @Test
    void aWakeWhoseReadCompletedBeforeTheSleepEndsItAtOnce() {
        // Found hung in gar bench --host (the io_uring host slept with no timeout while a wait
        // waited to be taken): a wake read that completed while the owner was not asleep is
        // reaped as the next sleep begins; the signals it coalesced wrote nothing, their work
        // is in the owner's queue, and only a look after the sleep would see it.
        try (RingSleeper sleeper = RingSleeper.open(8)) {
            sleeper.sleepUntil(System.nanoTime());          // arms the read; the deadline has passed
            sleeper.wake();                                  // the read completes now, on this thread's way out of write(2)
            sleeper.wake();                                  // coalesced: writes nothing
            long sleeps = sleeper.sleeps();
            long reads = sleeper.wakeReads();
            // Before the fix this slept to its deadline (with none: for good); a far deadline
            // makes that a failure below rather than a hung build.
            sleeper.sleepUntil(System.nanoTime() + 5_000_000_000L);
            assertEquals(reads + 1, sleeper.wakeReads());
            assertEquals(sleeps, sleeper.sleeps(), "returned without entering a sleep: the owner must look for work first");
        }
    }

    @Test
    void manyWakesCoalesceIntoFewReads() throws Exception {
        try (RingSleeper sleeper = RingSleeper.open(8)) {
            int threads = 4;
            int wakesEach = 10_000;
            Thread[] wakers = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                wakers[t] = Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < wakesEach; i++) {
                        sleeper.wake();
                    }
                });
            }
            for (Thread waker : wakers) {
                waker.join();
            }
            sleeper.sleepUntil(RingSleeper.NO_DEADLINE);
            // Every wake before the first read coalesced into one write of the eventfd.
            assertEquals(1, sleeper.wakeReads());
        }
    }

    @Test
    void closingWithAReadPendingEndsItFirst() {
        RingSleeper sleeper = RingSleeper.open(8);
        sleeper.sleepUntil(System.nanoTime());          // arms the read and a timeout that fires at once
        sleeper.close();
        sleeper.close();
        sleeper.wake();                                  // after close: does nothing, touches no descriptor
    }
}
