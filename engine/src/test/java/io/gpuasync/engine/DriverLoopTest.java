package io.gpuasync.engine;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
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
        TimerLateness lateness = new TimerLateness();
        Thread[] driver = new Thread[1];
        WaitEngine engine = new WaitEngine(EngineSettings.DEFAULTS, () -> LockSupport.unpark(driver[0]), lateness);
        Sleeper sleeper = new Sleeper(lateness, target -> {
            if (target == WaitEngine.NO_DEADLINE) {
                LockSupport.park();
                return false;
            }
            LockSupport.parkNanos(Math.max(1, target - System.nanoTime()));
            return System.nanoTime() - target >= 0;
        });
        driver[0] = Thread.ofPlatform().daemon().start(() -> DriverLoop.run(engine, sleeper));
        try (SimStream stream = sim.device(0).createStream(); Line<SimStream> line = sim.openLine()) {
            for (int i = 0; i < 50; i++) {
                stream.busy(Duration.ofNanos(300_000));
                Ticket ticket = line.signal(stream, Slot.S0);
                assertEquals(ticket, engine.whenLanded(ticket).get(10, TimeUnit.SECONDS));
            }
            // The sleeps it took taught the lateness (the polls alone would not).
            assertTrue(lateness.samples() > 0, lateness.toString());
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
}
