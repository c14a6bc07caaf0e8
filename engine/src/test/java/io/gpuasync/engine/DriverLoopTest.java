package io.gpuasync.engine;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.core.TimerLateness;
import io.gpuasync.testing.Gates;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one driver loop on a thread of its own, with a parking timer, as the std host runs it. */
class DriverLoopTest {
    @Test
    void drivesWaitsToTheirLandingAndEndsWhatIsLeftWhenClosed() throws Exception {
        SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
        Thread[] driver = new Thread[1];
        WaitEngine engine = new WaitEngine(EngineSettings.DEFAULTS, () -> LockSupport.unpark(driver[0]));
        TimerLateness lateness = engine.model().lateness();
        CountingIdleStrategy strategy = new CountingIdleStrategy(IdleStrategy.adaptive());
        driver[0] = Thread.ofPlatform().daemon().start(() -> DriverLoop.run(engine, strategy, target -> {
            if (target == WaitEngine.NO_DEADLINE) {
                LockSupport.park();
                return false;
            }
            LockSupport.parkNanos(Math.max(1, target - System.nanoTime()));
            return System.nanoTime() - target >= 0;
        }));
        try (SimStream stream = sim.device(0).createStream(); Line<SimStream> line = sim.openLine()) {
            // Until a sleep its timer ended taught the lateness (the polls alone would not): a
            // sleep a wake cut short teaches nothing, so how many waits that takes varies.
            int waits = 0;
            while (waits < 50 || lateness.samples() == 0 && waits < 2_000) {
                stream.busy(Duration.ofNanos(300_000));
                Ticket ticket = line.signal(stream, Slot.S0);
                assertEquals(ticket, engine.whenLanded(ticket).get(10, TimeUnit.SECONDS));
                waits++;
            }
            assertTrue(lateness.samples() > 0, lateness + " after " + waits + " waits");
            assertTrue(strategy.sleeps() > 0 && strategy.blocks() > 0, "slept to deadlines, and blocked without one");
            CountDownLatch gate = Gates.gate(stream);
            try {
                var pending = engine.whenLanded(line.signal(stream, Slot.S1));
                engine.close();
                driver[0].join(10_000);
                assertFalse(driver[0].isAlive());
                assertTrue(pending.isCompletedExceptionally());
            } finally {
                gate.countDown();
            }
        } finally {
            engine.close();
        }
    }

    @Test
    void aStepThatThrowsAbandonsTheEngineAndTheErrorReachesTheHost() throws Exception {
        SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
        WaitEngine engine = new WaitEngine(EngineSettings.DEFAULTS, () -> { });
        RuntimeException broken = new IllegalStateException("a strategy that throws");
        IdleStrategy throwing = (deadline, now) -> {
            throw broken;
        };
        try (SimStream stream = sim.device(0).createStream(); Line<SimStream> line = sim.openLine()) {
            CountDownLatch gate = Gates.gate(stream);
            try {
                var pending = engine.whenLanded(line.signal(stream, Slot.S0));
                assertEquals(broken, org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                        () -> DriverLoop.run(engine, throwing, target -> true)));
                assertTrue(engine.isClosed());
                var failure = org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.ExecutionException.class,
                        () -> pending.get(10, TimeUnit.SECONDS)).getCause();
                assertEquals(io.gpuasync.api.GpuException.Kind.CLOSED, ((io.gpuasync.api.GpuException) failure).kind());
                assertEquals(broken, failure.getCause(), "the wait says why");
            } finally {
                gate.countDown();
            }
        }
    }

    @Test
    void joinWaitsForTheDriverThroughAnInterruptAndKeepsIt() throws Exception {
        CountDownLatch ending = new CountDownLatch(1);
        Thread driver = Thread.ofPlatform().daemon().start(() -> {
            try {
                ending.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread closer = Thread.currentThread();
        // Lets the driver end only once the closer waits in join again after its interrupt.
        Thread releaser = Thread.ofPlatform().daemon().start(() -> {
            while (closer.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            ending.countDown();
        });
        closer.interrupt();
        DriverLoop.join(driver);
        assertFalse(driver.isAlive(), "returned before the driver ended");
        assertTrue(Thread.interrupted(), "the closer's interrupt is kept");
        releaser.join();
    }

    @Test
    void joinReturnsAtOnceOnTheDriverItselfAndForAThreadNeverStarted() {
        DriverLoop.join(Thread.currentThread());
        DriverLoop.join(Thread.ofPlatform().unstarted(() -> { }));
    }
}
