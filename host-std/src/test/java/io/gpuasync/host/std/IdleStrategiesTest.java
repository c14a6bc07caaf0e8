package io.gpuasync.host.std;

import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.engine.IdleStrategy;
import io.gpuasync.testing.Gates;
import io.gpuasync.testing.WatchedLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reactor's dispatcher idles as the strategy it was built with says: counted in its polls (the
 * steps after which it said poll) while a wait is held at a gate, never timed.
 */
class IdleStrategiesTest {
    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });

    static Stream<IdleStrategy> everyStrategy() {
        return Stream.of(IdleStrategy.busySpin(), IdleStrategy.yielding(), IdleStrategy.parkToDeadline(),
                IdleStrategy.blockUntilWoken(), IdleStrategy.adaptive());
    }

    @ParameterizedTest
    @MethodSource("everyStrategy")
    void everyStrategyLandsBlockingAndAsyncWaits(IdleStrategy strategy) throws Exception {
        try (Reactor reactor = Reactor.builder().idleStrategy(strategy).build();
             SimStream stream = sim.device(0).createStream();
             WatchedLine<SimStream> line = new WatchedLine<>(sim.openLine())) {
            for (int i = 0; i < 20; i++) {
                stream.busy(Duration.ofNanos(100_000));
                CompletableFuture<Ticket> future = reactor.whenLanded(line.signal(stream, Slot.S0));
                stream.busy(Duration.ofNanos(100_000));
                reactor.await(line.signal(stream, Slot.S1));
                future.get(10, TimeUnit.SECONDS);
            }
            assertEquals(strategy, reactor.idleStrategy());
        }
    }

    @Test
    void busySpinPollsForAsLongAsAWaitIsHeld() throws Exception {
        try (Reactor reactor = Reactor.builder().idleStrategy(IdleStrategy.busySpin()).build();
             SimStream stream = sim.device(0).createStream();
             WatchedLine<SimStream> line = new WatchedLine<>(sim.openLine())) {
            CountDownLatch gate = Gates.gate(stream);
            try {
                CountDownLatch taken = line.nextWait();
                CompletableFuture<Ticket> future = reactor.whenLanded(line.signal(stream, Slot.S0));
                taken.await();
                long from = reactor.stats().polls();
                // However slowly this thread gets here, the dispatcher polls all along.
                for (int tries = 0; reactor.stats().polls() - from < 10_000 && tries < 10_000; tries++) {
                    LockSupport.parkNanos(1_000_000);
                }
                assertTrue(reactor.stats().polls() - from >= 10_000, "polls: " + (reactor.stats().polls() - from));
                gate.countDown();
                future.get(10, TimeUnit.SECONDS);
            } finally {
                gate.countDown();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("strategiesThatLeaveAHeldWaitToTheDriver")
    void aHeldWaitIsLeftToTheDriversOwnWaitNotPolled(IdleStrategy strategy) throws Exception {
        try (Reactor reactor = Reactor.builder().idleStrategy(strategy).build();
             SimStream stream = sim.device(0).createStream();
             WatchedLine<SimStream> line = new WatchedLine<>(sim.openLine())) {
            CountDownLatch gate = Gates.gate(stream);
            try {
                CountDownLatch taken = line.nextWait();
                // No prediction yet: each strategy looks once, then hands the wait to the sim's wait.
                CompletableFuture<Ticket> future = reactor.whenLanded(line.signal(stream, Slot.S0));
                taken.await();
                long from = reactor.stats().polls();
                Thread.sleep(50);     // the dispatcher's chance to poll, which it must not take
                long polled = reactor.stats().polls() - from;
                assertTrue(polled <= 2, strategy + " polled " + polled + " times a wait its driver watches");
                gate.countDown();
                assertEquals(1, future.get(10, TimeUnit.SECONDS).target(), "the driver's wait woke the dispatcher");
            } finally {
                gate.countDown();
            }
        }
    }

    static Stream<IdleStrategy> strategiesThatLeaveAHeldWaitToTheDriver() {
        return Stream.of(IdleStrategy.parkToDeadline(), IdleStrategy.blockUntilWoken(), IdleStrategy.adaptive());
    }

    @Test
    void aWakeQuantileOutsideItsRangeIsRefusedSayingWhy() {
        for (double bad : new double[] {0, 0.5, -0.1, Double.NaN}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Reactor.builder().wakeQuantile(bad));
            assertTrue(e.getMessage().contains("(0, 0.5)"), e.getMessage());
        }
        try (Reactor reactor = Reactor.builder().wakeQuantile(0.1).build()) {
            assertEquals(0.1, reactor.wakeModel().quantile());
        }
    }
}
