package io.gpuasync.host.std;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.LeakReporter;
import io.gpuasync.spi.MappedLine;
import io.gpuasync.testing.ClosesAfterEach;
import io.gpuasync.testing.Gates;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the reactor owes its waiters when lines, drivers and callers misbehave. */
class ReactorReliabilityTest implements ClosesAfterEach {
    private final List<LeakReporter.Reason> leaks = new CopyOnWriteArrayList<>();
    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> leaks.add(reason));

    private static GpuException failureOf(CompletableFuture<?> future) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
        return assertInstanceOf(GpuException.class, e.getCause());
    }

    /**
     * Platform threads awaiting tickets (spinning, parking, polling isDone) while the lines they
     * wait on close under them: every wait ends, and no thread's interrupt status is set by it.
     */
    @Test
    void closingLinesUnderWaitersNeverInterruptsThem() throws Exception {
        Reactor reactor = closeLater(Reactor.start());
        SimStream stream = closeLater(sim.device(0).createStream());
        AtomicInteger interrupted = new AtomicInteger();
        AtomicInteger unexpected = new AtomicInteger();
        AtomicReference<Line<SimStream>> current = new AtomicReference<>();
        AtomicReference<Ticket> pending = new AtomicReference<>();
        CountDownLatch stop = new CountDownLatch(1);
        WaitPlan[] plans = {Reactor.DEFAULT_PLAN, WaitPlan.busySpin(), WaitPlan.backoff(Duration.ofNanos(1_000), Duration.ofMillis(1))};
        List<Thread> waiters = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            WaitPlan plan = plans[w];
            waiters.add(Thread.ofPlatform().start(() -> {
                while (stop.getCount() > 0) {
                    Ticket ticket = pending.get();
                    if (ticket == null) {
                        Thread.onSpinWait();
                        continue;
                    }
                    try {
                        reactor.await(ticket, plan);
                        ticket.isDone();
                    } catch (GpuException e) {
                        if (e.kind() != GpuException.Kind.CLOSED) {
                            unexpected.incrementAndGet();
                        }
                    }
                    if (Thread.currentThread().isInterrupted()) {
                        interrupted.incrementAndGet();
                        Thread.interrupted();
                    }
                }
            }));
        }
        for (int i = 0; i < 400; i++) {
            Line<SimStream> line = sim.openLine();
            current.set(line);
            CountDownLatch gate = Gates.gate(stream);
            pending.set(line.signal(stream, Slot.of(i % Slot.COUNT)));
            Thread.onSpinWait();
            gate.countDown();
            line.close();
        }
        stop.countDown();
        pending.set(null);
        for (Thread waiter : waiters) {
            waiter.join();
        }
        assertEquals(0, interrupted.get(), "waiters found interrupted after their lines closed");
        assertEquals(0, unexpected.get(), "waits ended other than landed or CLOSED");
        assertEquals(List.of(), leaks);
    }

    /**
     * A driver's settle that throws an Error: the line's close throws it, and the reactor's
     * waits on that line, blocking and async, end CLOSED rather than hang.
     */
    @Test
    void anErrorFromSettleStillFailsTheLinesWaitsWithClosed() throws Exception {
        Reactor reactor = closeLater(Reactor.start());
        SimStream stream = closeLater(sim.device(0).createStream());
        MappedLine<SimStream, SimDevice> line = MappedLine.open(new ForwardingLineDriver<>(sim.driver()) {
            @Override
            public boolean settle(SimDevice domain, List<SimStream> streams, long deadlineNanos) {
                throw new AssertionError("settle broke");
            }
        }, (reason, name, address, bytes) -> leaks.add(reason), NanoClock.SYSTEM, Duration.ofSeconds(5));
        CountDownLatch gate = Gates.gate(stream);
        CompletableFuture<Ticket> async = reactor.whenLanded(line.signal(stream, Slot.S0));
        Ticket blocking = line.signal(stream, Slot.S1);
        AtomicReference<Throwable> blockingEnd = new AtomicReference<>();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                reactor.await(blocking);
            } catch (Throwable t) {
                blockingEnd.set(t);
            }
        });
        AssertionError thrown = assertThrows(AssertionError.class, line::close);
        assertEquals("settle broke", thrown.getMessage());
        assertEquals(Line.State.LEAKED, line.state());
        assertEquals(GpuException.Kind.CLOSED, failureOf(async).kind());
        waiter.join(TimeUnit.SECONDS.toMillis(10));
        assertEquals(GpuException.Kind.CLOSED, assertInstanceOf(GpuException.class, blockingEnd.get()).kind());
        assertEquals(List.of(LeakReporter.Reason.CLOSE_FAILED), leaks);
        gate.countDown();
    }

    /**
     * The reactor keeps no line reachable: a line the application forgot after waiting on it
     * (the last one it waited on) is still reported by the leak detector: nothing the reactor
     * keeps between waits, such as the line it last watched, may hold it.
     */
    @Test
    void aForgottenLineIsReportedEvenIfItWasTheLastOneWaitedOn() throws InterruptedException {
        Reactor reactor = closeLater(Reactor.start());
        SimStream stream = closeLater(sim.device(0).createStream());
        waitOnAFreshLineAndForgetIt(reactor, stream);
        for (int attempt = 0; attempt < 200 && !leaks.contains(LeakReporter.Reason.NEVER_CLOSED); attempt++) {
            System.gc();
            Thread.sleep(10);
        }
        assertEquals(List.of(LeakReporter.Reason.NEVER_CLOSED), leaks);
    }

    private void waitOnAFreshLineAndForgetIt(Reactor reactor, SimStream stream) {
        Line<SimStream> line = sim.openLine();
        reactor.await(line.signal(stream, Slot.S0));
        reactor.whenLanded(line.signal(stream, Slot.S1)).join();
    }

    /** A cancelled future's place is free for the next call at once, not at the next watchdog round. */
    @Test
    void cancelledFuturesFreeTheirCapacityAtOnce() throws Exception {
        int capacity = 64;
        // A watchdog that never comes around during the test: only cancellation frees places.
        Reactor reactor = closeLater(Reactor.builder().capacity(capacity)
                .watchdog(Duration.ofHours(1), Duration.ofHours(1)).build());
        SimStream stream = closeLater(sim.device(0).createStream());
        List<Line<SimStream>> lines = new ArrayList<>();
        for (int i = 0; i < 2 * capacity / Slot.COUNT; i++) {
            lines.add(closeLater(sim.openLine()));
        }
        CountDownLatch gate = Gates.gate(stream);
        List<CompletableFuture<Ticket>> first = new ArrayList<>();
        for (int i = 0; i < capacity; i++) {
            first.add(reactor.whenLanded(lines.get(i / Slot.COUNT).signal(stream, Slot.of(i % Slot.COUNT))));
        }
        for (CompletableFuture<Ticket> future : first) {
            assertTrue(future.cancel(false));
        }
        List<CompletableFuture<Ticket>> second = new ArrayList<>();
        for (int i = capacity; i < 2 * capacity; i++) {
            second.add(reactor.whenLanded(lines.get(i / Slot.COUNT).signal(stream, Slot.of(i % Slot.COUNT))));
        }
        gate.countDown();
        for (CompletableFuture<Ticket> future : second) {
            assertTrue(future.get(10, TimeUnit.SECONDS).isDone());
        }
        // And the capacity still holds: with every place taken, the next wait is refused.
        CountDownLatch again = Gates.gate(stream);
        List<CompletableFuture<Ticket>> full = new ArrayList<>();
        for (int i = 0; i < capacity; i++) {
            full.add(reactor.whenLanded(lines.get(i / Slot.COUNT).signal(stream, Slot.of(i % Slot.COUNT))));
        }
        CompletableFuture<Ticket> refused = reactor.whenLanded(lines.getLast().signal(stream, Slot.S7));
        assertEquals(GpuException.Kind.CAPACITY, failureOf(refused).kind());
        again.countDown();
        for (CompletableFuture<Ticket> future : full) {
            assertTrue(future.get(10, TimeUnit.SECONDS).isDone());
        }
    }

    /** A closed reactor refuses every wait, blocking or async, even for a landed ticket. */
    @Test
    void aClosedReactorRefusesBlockingAndAsyncWaitsAlike() throws Exception {
        Reactor reactor = Reactor.start();
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        Ticket landed = line.signal(stream, Slot.S0);
        reactor.await(landed);
        reactor.close();
        assertEquals(GpuException.Kind.CLOSED, assertThrows(GpuException.class, () -> reactor.await(landed)).kind());
        assertEquals(GpuException.Kind.CLOSED, failureOf(reactor.whenLanded(landed)).kind());
        assertTrue(landed.isDone());
    }

    @Test
    void nullArgumentsToTheBuilderNameTheParameter() {
        Reactor.Builder builder = Reactor.builder();
        assertEquals("grace", assertThrows(NullPointerException.class,
                () -> builder.watchdog(null, Duration.ofSeconds(1))).getMessage());
        assertEquals("interval", assertThrows(NullPointerException.class,
                () -> builder.watchdog(Duration.ofSeconds(1), null)).getMessage());
        assertEquals("plan", assertThrows(NullPointerException.class, () -> builder.defaultPlan(null)).getMessage());
        assertEquals("mode", assertThrows(NullPointerException.class, () -> builder.blockingMode(null)).getMessage());
    }
}
