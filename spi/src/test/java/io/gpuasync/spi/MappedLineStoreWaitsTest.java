package io.gpuasync.spi;

import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.FakeDriver.Domain;
import io.gpuasync.spi.FakeDriver.Stream;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a line does with its driver's own wait for stores: tokens, waits through the line, and its close. */
class MappedLineStoreWaitsTest {
    private final FakeDriver fake = new FakeDriver();
    private final Stream own = new Stream(1, 1);
    private final LeakReporter quiet = (reason, line, address, bytes) -> { };

    /** A store wait that hands out tokens from its own count and blocks until woken or released. */
    private static class TestStoreWaits implements StoreWaits<Stream, Domain> {
        final List<String> calls = new CopyOnWriteArrayList<>();
        volatile boolean failQueued;
        volatile CountDownLatch entered = new CountDownLatch(1);
        private final Object monitor = new Object();
        private long wakes;
        private long tokens = 100;

        @Override
        public synchronized long queued(Domain domain, Stream stream, long address, long value) throws LineException {
            if (failQueued) {
                throw new LineException(LineError.ofStatus(999), "queued");
            }
            calls.add("queued " + value);
            return ++tokens;
        }

        @Override
        public long wakes(Domain domain) {
            synchronized (monitor) {
                return wakes;
            }
        }

        @Override
        public boolean awaitAny(Domain domain, long[] tokens, int count, long deadlineNanos, long wakesSeen)
                throws LineException {
            calls.add("await " + tokens[0] + " x" + count + " on device " + domain.device());
            synchronized (monitor) {
                entered.countDown();
                while (wakes == wakesSeen && deadlineNanos - System.nanoTime() > 0) {
                    try {
                        monitor.wait(Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return false;
                    }
                }
            }
            calls.add("await returned");
            return false;
        }

        @Override
        public void wake(Domain domain) {
            synchronized (monitor) {
                wakes++;
                monitor.notifyAll();
            }
        }
    }

    private final TestStoreWaits storeWaits = new TestStoreWaits();

    private final LineDriver<Stream, Domain> driver = new ForwardingLineDriver<>(fake) {
        @Override
        public StoreWaits<Stream, Domain> storeWaits() {
            return storeWaits;
        }

        @Override
        public void release(Domain domain) {
            storeWaits.calls.add("release");
            super.release(domain);
        }
    };

    @Test
    void eachStoreKeepsTheTokenItsDriverGaveAndOnlyTheLatestStoresKeepThem() {
        try (MappedLine<Stream, Domain> line = MappedLine.open(driver, quiet)) {
            Ticket first = line.signal(own, Slot.S2);
            Ticket second = line.signal(own, Slot.S2);
            assertEquals(101, line.storeToken(Slot.S2, first.target()));
            assertEquals(102, line.storeToken(Slot.S2, second.target()));
            assertEquals(StoreWaits.NO_TOKEN, line.storeToken(Slot.S2, second.target() + 1), "not queued yet");
            assertEquals(StoreWaits.NO_TOKEN, line.storeToken(Slot.S3, first.target()), "another slot's");
            for (int i = 0; i < MappedLine.TOKENS_KEPT; i++) {
                line.signal(own, Slot.S2);
            }
            assertEquals(StoreWaits.NO_TOKEN, line.storeToken(Slot.S2, second.target()),
                    TOKENS_KEPT_MESSAGE);
            fake.run(Integer.MAX_VALUE);
        }
    }

    private static final String TOKENS_KEPT_MESSAGE = "more than TOKENS_KEPT stores later, the line no longer knows it";

    @Test
    void aStoreWhoseTokenFailedIsStillQueuedAndLeftToPolling() {
        try (MappedLine<Stream, Domain> line = MappedLine.open(driver, quiet)) {
            storeWaits.failQueued = true;
            Ticket ticket = line.signal(own, Slot.S0);
            assertEquals(StoreWaits.NO_TOKEN, line.storeToken(Slot.S0, ticket.target()));
            fake.run(1);
            assertTrue(ticket.isDone(), "the store itself was queued and landed");
        }
    }

    @Test
    void linesOfOneDriverAndDomainShareAGroupAndWaitThroughTheirDriver() throws Exception {
        try (MappedLine<Stream, Domain> a = MappedLine.open(driver, quiet);
             MappedLine<Stream, Domain> b = MappedLine.open(driver, quiet);
             MappedLine<Stream, Domain> none = MappedLine.open(fake, quiet)) {
            assertNotNull(a.storeWaitGroup());
            assertNull(none.storeWaitGroup(), "a driver without a store wait has no group");
            assertFalse(none.awaitStores(new long[] {1}, 1, System.nanoTime() + 1_000_000_000L, none.storeWakes()),
                    "and its lines return at once");
            assertEquals(StoreWaits.NO_TOKEN, none.storeToken(Slot.S0, none.signal(own, Slot.S0).target()));
            // The fake hands out a domain per retain: a group is one driver and one domain.
            assertFalse(a.storeWaitGroup().equals(b.storeWaitGroup()));
            assertEquals(a.storeWaitGroup(), a.storeWaitGroup());
            long[] tokens = {a.storeToken(Slot.S0, a.signal(own, Slot.S0).target())};
            Thread waiter = Thread.ofPlatform().start(() -> a.awaitStores(tokens, 1, System.nanoTime() + 60_000_000_000L, a.storeWakes()));
            assertTrue(storeWaits.entered.await(10, TimeUnit.SECONDS));
            a.wakeStoreWaits();
            waiter.join(10_000);
            assertFalse(waiter.isAlive(), "a wake ends the wait in the driver");
            assertTrue(storeWaits.calls.contains("await 101 x1 on device 1"), storeWaits.calls.toString());
            fake.run(Integer.MAX_VALUE);
        }
    }

    @Test
    void closeWakesAWaitInTheDriverAndLetsTheDomainGoOnlyAfterItReturned() throws Exception {
        MappedLine<Stream, Domain> line = MappedLine.open(driver, quiet);
        long[] tokens = {line.storeToken(Slot.S1, line.signal(own, Slot.S1).target())};
        fake.run(1);
        Thread waiter = Thread.ofPlatform().start(() -> line.awaitStores(tokens, 1, System.nanoTime() + 60_000_000_000L, line.storeWakes()));
        assertTrue(storeWaits.entered.await(10, TimeUnit.SECONDS));
        line.close();
        waiter.join(10_000);
        assertFalse(waiter.isAlive());
        List<String> calls = storeWaits.calls;
        assertTrue(calls.indexOf("await returned") >= 0 && calls.indexOf("await returned") < calls.indexOf("release"),
                "the wait left the driver before the domain went: " + calls);
        int before = calls.size();
        assertFalse(line.awaitStores(tokens, 1, System.nanoTime() + 60_000_000_000L, 0), "a closed line waits for nothing");
        assertEquals(0, line.storeWakes());
        line.wakeStoreWaits();
        assertEquals(before, calls.size(), "nor calls its driver: its domain is gone");
    }

    @Test
    void aFailedWaitInTheDriverIsADeviceFailure() {
        LineDriver<Stream, Domain> failing = new ForwardingLineDriver<>(fake) {
            @Override
            public StoreWaits<Stream, Domain> storeWaits() {
                return new TestStoreWaits() {
                    @Override
                    public boolean awaitAny(Domain domain, long[] tokens, int count, long deadlineNanos,
                                            long wakesSeen) throws LineException {
                        throw new LineException(LineError.ofStatus(719), "the vendor's wait");
                    }
                };
            }
        };
        try (MappedLine<Stream, Domain> line = MappedLine.open(failing, quiet)) {
            io.gpuasync.api.GpuException e = assertThrows(io.gpuasync.api.GpuException.class,
                    () -> line.awaitStores(new long[] {1}, 1, System.nanoTime(), 0));
            assertEquals(io.gpuasync.api.GpuException.Kind.DEVICE_FAILED, e.kind());
            assertEquals(719, e.status());
        }
    }
}
