package io.gpuasync.host.std;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.engine.TimerLateness;
import io.gpuasync.engine.WaitTuning;
import io.gpuasync.testing.RestWatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reactor's timer lateness, pushed up as a burst of load would push it (sleeps descheduled for
 * milliseconds), comes back within a bounded number of waits shorter than it, for each of the std
 * host's drivers: the dispatcher (async waits) and a blocking waiter on its own plan. Neither
 * sleeps to such waits (the estimate says a sleep would end after them): what teaches it again
 * are the probes of {@link io.gpuasync.engine.Sleeper}. Counts, no clocks.
 */
@Timeout(120)
class LatenessRecoveryTest {
    // Each wait not landed when it began begins at least one polling run (unless it landed before
    // its driver took it: twice the bound allows for those), and every 4th stale run probes: 16
    // probes turn the window.
    private static final int MOST_WAITS = 2 * (WaitTuning.LATENESS_WINDOW + 1) * WaitTuning.PROBE_EVERY_STALE_RUNS;

    // A burst's lateness no real sleep is likely to match to the nanosecond, so the estimate
    // that comes back can be told from it on any machine, under any load.
    private static final long BURST_NANOS = RestWatch.BURST_NANOS;

    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });

    @Test
    void theDispatcherForgetsABurstWithinABoundedNumberOfShortWaits() throws Exception {
        recovers(Reactor.builder(), (reactor, ticket) -> {
            try {
                reactor.whenLanded(ticket).get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void aWaiterOnItsOwnPlanForgetsABurstWithinABoundedNumberOfShortWaits() throws Exception {
        recovers(Reactor.builder().blockingMode(BlockingMode.OWN_PLAN), Reactor::await);
    }

    private void recovers(Reactor.Builder builder, BiConsumer<Reactor, Ticket> waitFor) throws Exception {
        try (Reactor reactor = builder.build();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {
            for (int i = 0; i < 20; i++) {      // the estimator learns the work
                stream.busy(Duration.ofNanos(200_000));
                waitFor.accept(reactor, line.signal(stream, Slot.S0));
            }
            TimerLateness lateness = reactor.timerLateness();
            for (int i = 0; i < WaitTuning.LATENESS_WINDOW; i++) {
                lateness.sample(BURST_NANOS);
            }
            long afterBurst = lateness.samples();
            int waits = 0;
            for (int all = 0; lateness.samples() - afterBurst < WaitTuning.LATENESS_WINDOW && waits < MOST_WAITS
                    && all < 20 * MOST_WAITS; all++) {
                stream.busy(Duration.ofNanos(200_000));
                Ticket ticket = line.signal(stream, Slot.S0);
                // Only a wait that had not landed when it began is a wait its driver runs.
                if (!ticket.isDone()) {
                    waits++;
                }
                waitFor.accept(reactor, ticket);
            }
            assertTrue(lateness.samples() - afterBurst >= WaitTuning.LATENESS_WINDOW,
                    "the burst is still in the window after " + waits + " waits: " + lateness);
        }
    }
}
