package io.gpuasync.spi;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared event store waits ({@link EventStoreWaits}) over a device of Java threads: each
 * stream's work completes only when the test advances it, and an event's synchronize blocks
 * until its stream ran past its record, as a vendor's blocking-sync event does. Nothing here
 * measures time: a wait that hangs fails the test by its timeout.
 */
@Timeout(60)
class EventStoreWaitsTest {
    // A deadline no wait here reaches: one that returns did so for a landing, a wake or a failure.
    private static final long FAR = TimeUnit.MINUTES.toNanos(10);

    /** A device whose streams run their records when {@link #advance} says so. */
    static final class Device implements EventStoreWaits.Events<String, String> {
        private final Map<String, Long> recordedOn = new HashMap<>();
        private final Map<String, Long> ranOn = new HashMap<>();
        private final Map<Long, String> streamOf = new HashMap<>();
        private final Map<Long, Long> positionOf = new HashMap<>();
        private final List<String> entered = new ArrayList<>();
        private long nextEvent = 1;
        private int live;
        private int failure;
        private int synchronizes;

        @Override
        public synchronized long create(String domain) {
            live++;
            return nextEvent++;
        }

        @Override
        public synchronized void record(String domain, long event, String stream) throws LineException {
            if (stream.equals("refused")) {
                throw new LineException(LineError.ofStatus(77), "record on " + stream);
            }
            long position = recordedOn.merge(stream, 1L, Long::sum);
            streamOf.put(event, stream);
            positionOf.put(event, position);
        }

        @Override
        public synchronized void enter(String domain) {
            entered.add(domain);
        }

        @Override
        public void leave(String domain) {
        }

        @Override
        public synchronized int synchronize(long event) {
            synchronizes++;
            notifyAll();
            String stream = streamOf.get(event);
            long position = positionOf.get(event);
            while (failure == 0 && ranOn.getOrDefault(stream, 0L) < position) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 999;
                }
            }
            return failure;
        }

        @Override
        public synchronized void destroy(String domain, long event) {
            live--;
        }

        @Override
        public LineException failure(int status, String call) {
            return new LineException(LineError.ofStatus(status), call);
        }

        /** Runs the next {@code records} records of {@code stream}. */
        synchronized void advance(String stream, long records) {
            ranOn.merge(stream, records, Long::sum);
            notifyAll();
        }

        synchronized void fail(int status) {
            failure = status;
            notifyAll();
        }

        /** Waits until the syncers called synchronize {@code count} times in all. */
        synchronized void awaitSynchronizes(int count) throws InterruptedException {
            while (synchronizes < count) {
                wait();
            }
        }

        synchronized int live() {
            return live;
        }
    }

    private final Device device = new Device();
    private final EventStoreWaits<String, String> waits = new EventStoreWaits<>("test", device, 4);

    // Every record run, so the close finds no syncer blocked; a closed domain's close does nothing.
    @AfterEach
    void closeTheDomain() {
        device.advance("a", 1_000);
        device.advance("b", 1_000);
        waits.close("d");
    }

    /** A wait on its own thread: its result, or what it threw. */
    private static final class Waiter {
        final AtomicReference<Object> result = new AtomicReference<>();
        final CountDownLatch done = new CountDownLatch(1);
        final Thread thread;

        Waiter(EventStoreWaits<String, String> waits, String domain, long[] tokens, long deadline, long wakesSeen) {
            thread = Thread.ofPlatform().daemon().start(() -> {
                try {
                    result.set(waits.awaitAny(domain, tokens, tokens.length, deadline, wakesSeen));
                } catch (Throwable t) {
                    result.set(t);
                } finally {
                    done.countDown();
                }
            });
        }

        Object await() throws InterruptedException {
            done.await();
            return result.get();
        }
    }

    @Test
    void aWaitEndsTrueOnlyOnceItsStreamRanPastTheRecordBehindItsStore() throws Exception {
        waits.open("d");
        long first = waits.queued("d", "a", 0, 1);
        long second = waits.queued("d", "a", 0, 2);
        Waiter waiter = new Waiter(waits, "d", new long[] {second}, System.nanoTime() + FAR, waits.wakes("d"));
        // The syncer synchronizes the first record; running it lands only the first.
        device.awaitSynchronizes(1);
        device.advance("a", 1);
        assertTrue(waits.awaitAny("d", new long[] {first}, 1, System.nanoTime() + FAR, waits.wakes("d")));
        assertFalse(waits.awaitAny("d", new long[] {second}, 1, System.nanoTime(), waits.wakes("d")),
                "the second record has not run: its wait must end false at its deadline");
        assertEquals(1, waiter.done.getCount(), "the waiter for the second store returned before its record ran");
        device.advance("a", 1);
        assertEquals(Boolean.TRUE, waiter.await());
    }

    @Test
    void aWakeEndsABlockedWaitAndOneReadBeforeTheCallIsNeverLost() throws Exception {
        waits.open("d");
        long token = waits.queued("d", "a", 0, 1);
        long seen = waits.wakes("d");
        waits.wake("d");
        assertFalse(waits.awaitAny("d", new long[] {token}, 1, System.nanoTime() + FAR, seen));
        Waiter waiter = new Waiter(waits, "d", new long[] {token}, System.nanoTime() + FAR, waits.wakes("d"));
        while (waiter.done.getCount() > 0) {
            waits.wake("d");
            waiter.done.await(10, TimeUnit.MILLISECONDS);
        }
        assertEquals(Boolean.FALSE, waiter.await());
    }

    @Test
    void aPlaceIsReusedOnlyAfterItsEventCompletedAndAnOldTokenStillAnswersTrue() throws Exception {
        waits.open("d");
        long[] tokens = new long[4];
        for (int i = 0; i < 4; i++) {
            tokens[i] = waits.queued("d", "a", 0, i + 1);
        }
        assertEquals(StoreWaits.NO_TOKEN, waits.queued("d", "a", 0, 5), "every event of the pool is pending");
        device.advance("a", 1);
        assertTrue(waits.awaitAny("d", new long[] {tokens[0]}, 1, System.nanoTime() + FAR, waits.wakes("d")));
        // The first place is free again once the syncer handed it back.
        long reused = StoreWaits.NO_TOKEN;
        while (reused == StoreWaits.NO_TOKEN) {
            reused = waits.queued("d", "a", 0, 5);
            Thread.onSpinWait();
        }
        assertEquals(tokens[0] & 0xFFFF, reused & 0xFFFF, "the completed place is the one reused");
        assertNotEquals(tokens[0], reused);
        assertTrue(waits.awaitAny("d", new long[] {tokens[0]}, 1, System.nanoTime() + FAR, waits.wakes("d")),
                "the older token of a reused place still landed");
        assertFalse(waits.awaitAny("d", new long[] {reused}, 1, System.nanoTime(), waits.wakes("d")),
                "the newer store of a reused place has not landed");
        device.advance("a", 4);
        assertTrue(waits.awaitAny("d", new long[] {reused}, 1, System.nanoTime() + FAR, waits.wakes("d")));
    }

    @Test
    void oneSyncerServesAStreamAndItRetiresWhenIdleAndTheLastCloseDestroysTheEvents() throws Exception {
        waits.open("d");
        waits.open("d");
        long a = waits.queued("d", "a", 0, 1);
        waits.queued("d", "a", 0, 2);
        long b = waits.queued("d", "b", 0, 1);
        assertEquals(2, waits.syncersOf("d"), "one syncer per stream with events pending");
        assertEquals(3, waits.eventsOf("d"));
        device.advance("a", 2);
        device.advance("b", 1);
        assertTrue(waits.awaitAny("d", new long[] {a}, 1, System.nanoTime() + FAR, waits.wakes("d")));
        assertTrue(waits.awaitAny("d", new long[] {b}, 1, System.nanoTime() + FAR, waits.wakes("d")));
        while (waits.syncersOf("d") > 0) {
            Thread.sleep(5);
        }
        waits.close("d");
        assertEquals(3, device.live(), "a close that is not the last keeps the pool");
        waits.close("d");
        assertEquals(0, device.live(), "the last close destroys every event");
        assertEquals(StoreWaits.NO_TOKEN, waits.queued("d", "a", 0, 3), "a closed domain gives no token");
    }

    @Test
    void aFailedSynchronizeFailsTheWaitsWithItsStatus() throws Exception {
        waits.open("d");
        long token = waits.queued("d", "a", 0, 1);
        Waiter waiter = new Waiter(waits, "d", new long[] {token}, System.nanoTime() + FAR, waits.wakes("d"));
        device.awaitSynchronizes(1);
        device.fail(719);
        LineException failure = assertInstanceOf(LineException.class, waiter.await());
        assertEquals(719, failure.error().status());
        assertEquals(StoreWaits.NO_TOKEN, waits.queued("d", "a", 0, 2), "a failed domain gives no more tokens");
        waits.close("d");
        assertEquals(0, device.live());
    }

    @Test
    void aRefusedRecordThrowsAndGivesThePlaceBack() throws Exception {
        waits.open("d");
        for (int i = 0; i < 8; i++) {
            LineException refused = assertThrows(LineException.class, () -> waits.queued("d", "refused", 0, 1));
            assertEquals(77, refused.error().status());
        }
        assertNotEquals(StoreWaits.NO_TOKEN, waits.queued("d", "a", 0, 1), "the refused records kept no place");
    }

    @Test
    void aTokenThatWasNeverGivenIsRefusedByName() throws Exception {
        waits.open("d");
        long token = waits.queued("d", "a", 0, 1);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> waits.awaitAny("d", new long[] {token + (1L << 16)}, 1, System.nanoTime() + FAR, waits.wakes("d")));
        assertTrue(refused.getMessage().contains("tokens[0]"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new EventStoreWaits<>("test", device, 0));
    }

    @Test
    void waitingAllocatesNothing() throws Exception {
        waits.open("d");
        long token = waits.queued("d", "a", 0, 1);
        long pending = waits.queued("d", "b", 0, 1);
        device.advance("a", 1);
        long[] landed = {token};
        long[] notYet = {pending};
        assertTrue(waits.awaitAny("d", landed, 1, System.nanoTime() + FAR, waits.wakes("d")));
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        // Counted around the waits alone, in rounds until one allocates nothing: the compiler's
        // own work may allocate in a round while the waits warm up; a wait that allocates does
        // so in every round.
        long allocated = -1;
        for (int round = 0; round < 5 && allocated != 0; round++) {
            allocated = 0;
            for (int i = 0; i < 10_000; i++) {
                long wakes = waits.wakes("d");
                long deadline = System.nanoTime();
                long before = threads.getCurrentThreadAllocatedBytes();
                waits.awaitAny("d", landed, 1, 0, wakes);
                waits.awaitAny("d", notYet, 1, deadline, wakes);
                allocated += threads.getCurrentThreadAllocatedBytes() - before;
            }
        }
        assertEquals(0, allocated, "20,000 waits (landed, and at their deadline) allocated " + allocated + " bytes in each of 5 rounds");
    }
}
