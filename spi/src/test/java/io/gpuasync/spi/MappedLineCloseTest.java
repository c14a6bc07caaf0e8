package io.gpuasync.spi;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.FakeDriver.Domain;
import io.gpuasync.spi.FakeDriver.Stream;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a line closes when the driver or the threads around it misbehave. */
class MappedLineCloseTest {
    private final FakeDriver driver = new FakeDriver();
    private final List<LeakReporter.Reason> leaks = new CopyOnWriteArrayList<>();
    private final LeakReporter reporter = (reason, line, address, bytes) -> leaks.add(reason);
    private final Stream own = new Stream(1, 1);

    /**
     * Closing a line while other platform threads read its words never leaves any of them
     * interrupted. Before the fix, the line's view was a shared arena whose close stopped the
     * readers with an asynchronous exception, and about 2 closes in 13,000 left a reader's
     * interrupt status set; here 5,000 closes run under 2 readers.
     */
    @Test
    void closingNeverChangesTheInterruptStatusOfThreadsReadingTheLine() throws Exception {
        AtomicReference<MappedLine<Stream, Domain>> current = new AtomicReference<>();
        AtomicInteger interrupted = new AtomicInteger();
        AtomicLong reads = new AtomicLong();
        AtomicLong refusals = new AtomicLong();
        CountDownLatch stop = new CountDownLatch(1);
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            readers.add(Thread.ofPlatform().start(() -> {
                while (stop.getCount() > 0) {
                    MappedLine<Stream, Domain> line = current.get();
                    if (line == null) {
                        Thread.onSpinWait();
                        continue;
                    }
                    try {
                        line.words().getAcquire(Slot.S0);
                        line.reached(Slot.S1, 1);
                        reads.incrementAndGet();
                    } catch (IllegalStateException | GpuException closed) {
                        refusals.incrementAndGet();
                    }
                    if (Thread.currentThread().isInterrupted()) {
                        interrupted.incrementAndGet();
                        Thread.interrupted();
                    }
                }
            }));
        }
        int closes = 5_000;
        for (int i = 0; i < closes; i++) {
            MappedLine<Stream, Domain> line = MappedLine.open(driver, reporter);
            current.set(line);
            long before = reads.get() + refusals.get();
            // Let the readers reach this line before it closes under them.
            for (int spins = 0; spins < 1_000 && reads.get() + refusals.get() - before < 2; spins++) {
                Thread.onSpinWait();
            }
            line.close();
        }
        stop.countDown();
        for (Thread reader : readers) {
            reader.join();
        }
        assertEquals(0, interrupted.get(), "reader threads found interrupted after " + closes + " closes");
        assertTrue(refusals.get() > 0, "some reads met a closed line (else the test did not race the close)");
        assertEquals(List.of(), driver.violations);
        assertEquals(List.of(), leaks);
    }

    @Test
    void aReadAfterCloseFailsCleanlyThroughEveryView() {
        MappedLine<Stream, Domain> line = MappedLine.open(driver, reporter);
        var view = line.words();
        line.close();
        assertThrows(IllegalStateException.class, () -> view.getAcquire(Slot.S0));
        assertEquals(GpuException.Kind.CLOSED, assertThrows(GpuException.class, () -> line.reached(Slot.S0, 1)).kind());
    }

    /** A driver whose settle blocks until told, counting its calls. */
    private static final class StuckSettle extends ForwardingLineDriver<Stream, Domain> {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger settles = new AtomicInteger();

        StuckSettle(LineDriver<Stream, Domain> to) {
            super(to);
        }

        @Override
        public boolean settle(Domain domain, List<Stream> streams, long deadlineNanos) {
            settles.incrementAndGet();
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return super.settle(domain, streams, deadlineNanos);
        }
    }

    /**
     * A settle that never returns: close returns once the line's bound passed, with the page
     * kept and reported; while it settles, a signal fails at once with CLOSED and a second
     * close waits for the first one's outcome without settling again.
     */
    @Test
    void aSettleThatNeverReturnsIsCutOffByTheLinesBound() throws Exception {
        StuckSettle stuck = new StuckSettle(driver);
        MappedLine<Stream, Domain> line = MappedLine.open(stuck, reporter, NanoClock.SYSTEM, Duration.ofMillis(300));
        try {
            line.signal(own, Slot.S0);
            Thread closer = Thread.ofPlatform().start(line::close);
            assertTrue(stuck.entered.await(10, TimeUnit.SECONDS));
            assertSame(Line.State.CLOSING, line.state());
            // The settle is still blocked (nothing released it): this refusal did not wait for it.
            GpuException refused = assertThrows(GpuException.class, () -> line.signal(own, Slot.S1));
            assertEquals(GpuException.Kind.CLOSED, refused.kind());
            assertEquals(1, stuck.release.getCount());
            line.close();
            closer.join();
            assertSame(Line.State.LEAKED, line.state());
            assertEquals(List.of(LeakReporter.Reason.SETTLE_TIMED_OUT), leaks);
            assertEquals(1, stuck.settles.get(), "a second close settled again");
            assertEquals(1, driver.unreleasedRetains(), "the domain of a leaked line is kept");
            assertEquals(1, driver.livePages(), "the page of a leaked line is kept");
        } finally {
            stuck.release.countDown();
        }
    }

    /**
     * An Error thrown by the driver's settle: the line ends LEAKED and reported before its close
     * actions run, the Error reaches the caller, and a second close neither throws nor settles.
     */
    @Test
    void anErrorFromSettleLeavesTheLineLeakedAndReachesTheCaller() {
        AtomicInteger settles = new AtomicInteger();
        LineDriver<Stream, Domain> throwing = new ForwardingLineDriver<>(driver) {
            @Override
            public boolean settle(Domain domain, List<Stream> streams, long deadlineNanos) {
                settles.incrementAndGet();
                throw new StackOverflowError("settle broke");
            }
        };
        MappedLine<Stream, Domain> line = MappedLine.open(throwing, reporter);
        List<Line.State> seenByAction = new ArrayList<>();
        line.onClose(() -> seenByAction.add(line.state()));
        line.signal(own, Slot.S0);
        StackOverflowError thrown = assertThrows(StackOverflowError.class, line::close);
        assertEquals("settle broke", thrown.getMessage());
        assertSame(Line.State.LEAKED, line.state());
        assertEquals(List.of(Line.State.LEAKED), seenByAction);
        assertEquals(List.of(LeakReporter.Reason.CLOSE_FAILED), leaks);
        line.close();
        assertEquals(1, settles.get());
        assertEquals(List.of(LeakReporter.Reason.CLOSE_FAILED), leaks);
        assertEquals(GpuException.Kind.CLOSED, assertThrows(GpuException.class, () -> line.signal(own, Slot.S0)).kind());
    }

    @Test
    void aFreeThatThrowsKeepsTheDomainAndReportsTheLeak() {
        LineDriver<Stream, Domain> throwing = new ForwardingLineDriver<>(driver) {
            @Override
            public void freeHost(Domain domain, java.lang.foreign.MemorySegment host) {
                throw new IllegalStateException("free broke");
            }
        };
        MappedLine<Stream, Domain> line = MappedLine.open(throwing, reporter);
        assertEquals("free broke", assertThrows(IllegalStateException.class, line::close).getMessage());
        assertSame(Line.State.LEAKED, line.state());
        assertEquals(List.of(LeakReporter.Reason.CLOSE_FAILED), leaks);
        assertEquals(1, driver.unreleasedRetains());
    }

    /** An interrupted closer still settles and frees, and its interrupt status is kept. */
    @Test
    void anInterruptedCloserStillSettlesAndKeepsItsInterruptStatus() {
        CountDownLatch interruptedClose = new CountDownLatch(1);
        LineDriver<Stream, Domain> slow = new ForwardingLineDriver<>(driver) {
            @Override
            public boolean settle(Domain domain, List<Stream> streams, long deadlineNanos) {
                try {
                    // Answers only after the closer was interrupted while waiting for it.
                    interruptedClose.await();
                } catch (InterruptedException e) {
                    return false;
                }
                return super.settle(domain, streams, deadlineNanos);
            }
        };
        MappedLine<Stream, Domain> line = MappedLine.open(slow, reporter);
        line.signal(own, Slot.S0);
        Thread closer = Thread.currentThread();
        Thread.ofPlatform().start(() -> {
            while (closer.getState() != Thread.State.TIMED_WAITING && closer.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            closer.interrupt();
            interruptedClose.countDown();
        });
        try {
            line.close();
            assertTrue(Thread.currentThread().isInterrupted(), "the closer's interrupt status was lost");
        } finally {
            Thread.interrupted();
        }
        assertSame(Line.State.CLOSED, line.state());
        assertEquals(List.of(), leaks);
        assertEquals(0, driver.unreleasedRetains());
    }
}
