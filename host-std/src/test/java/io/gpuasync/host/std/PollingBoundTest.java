package io.gpuasync.host.std;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.engine.HostStats;
import io.gpuasync.engine.TimerLateness;
import io.gpuasync.engine.WaitTuning;
import io.gpuasync.testing.Gates;
import io.gpuasync.testing.RestWatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The dispatcher over an overdue wait while its timer lateness stands above the engine's longest
 * poll back-off, as load leaves it: every look of the wait is nearer than a sleep could end, and
 * only the sleeper's polling bound keeps it from spinning a core until the landing. Counts, no
 * clocks.
 */
@Timeout(120)
class PollingBoundTest {
    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });

    @Test
    void anOverdueWaitUnderALatenessAboveTheBackOffIsRestedForNotPolledOn() throws Exception {
        try (Reactor reactor = Reactor.builder().build();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {
            TimerLateness lateness = reactor.timerLateness();
            CountDownLatch gate = Gates.gate(stream);
            CompletableFuture<Ticket> landed;
            try {
                // Work the line has no prediction for, held: the engine looks at it every
                // back-off, and none of its looks finds it landed.
                landed = reactor.whenLanded(line.signal(stream, Slot.S0));
                RestWatch.assertRestsWithoutPolling("dispatcher", new RestWatch.Lateness(lateness::sample,
                        lateness::samples, lateness::nanos, WaitTuning.LATENESS_WINDOW, WaitTuning.LATENESS_RANK),
                        reactor::stats, HostStats::rests, HostStats::polls, 2 * WaitTuning.LATENESS_WINDOW);
            } finally {
                gate.countDown();
            }
            landed.get(10, TimeUnit.SECONDS);
        }
    }
}
