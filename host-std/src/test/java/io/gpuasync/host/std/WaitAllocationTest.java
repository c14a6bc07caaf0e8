package io.gpuasync.host.std;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a wait allocates on the waiting thread, counted by the thread's own allocation counter
 * around the wait alone (the simulated device's thread allocates its queue entries, which a GPU
 * does not, and is not counted).
 */
class WaitAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void aBlockingWaitAllocatesNothingInSteadyState() {
        SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
        try (Reactor reactor = Reactor.builder().backend(sim).build();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {
            long total = 0;
            int measured = 0;
            for (int i = 0; i < 3_000; i++) {
                // Short work, so each wait parks, spins and backs off for real.
                stream.busy(Duration.ofNanos(30_000));
                Ticket ticket = line.signal(stream, Slot.S0);
                long before = THREADS.getCurrentThreadAllocatedBytes();
                reactor.await(ticket);
                long bytes = THREADS.getCurrentThreadAllocatedBytes() - before;
                if (i >= 1_000) {
                    total += bytes;
                    measured++;
                }
            }
            assertTrue(total == 0, "blocking waits allocated " + total + " bytes over " + measured);
        }
    }

    @Test
    void anAsyncWaitAllocatesLittleMoreThanItsFuture() throws Exception {
        SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
        try (Reactor reactor = Reactor.builder().backend(sim).build();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {
            long total = 0;
            int measured = 0;
            for (int i = 0; i < 3_000; i++) {
                stream.busy(Duration.ofNanos(10_000));
                Ticket ticket = line.signal(stream, Slot.S1);
                long before = THREADS.getCurrentThreadAllocatedBytes();
                CompletableFuture<Ticket> future = reactor.whenLanded(ticket);
                long bytes = THREADS.getCurrentThreadAllocatedBytes() - before;
                future.join();
                if (i >= 1_000) {
                    total += bytes;
                    measured++;
                }
            }
            // The future: a 12-byte header, its result and stack fields, the ticket and a start time.
            double perWait = (double) total / measured;
            System.out.printf("async wait: %.1f bytes allocated per whenLanded%n", perWait);
            assertTrue(perWait <= 40, "an async wait allocated " + perWait + " bytes on average");
        }
    }
}
