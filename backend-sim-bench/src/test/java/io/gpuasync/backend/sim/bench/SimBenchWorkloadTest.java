package io.gpuasync.backend.sim.bench;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimProvider;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.core.Slot;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The simulation's bench workload holds its work at a gate, stamps its end and calls back. */
class SimBenchWorkloadTest {

    @Test
    void theBenchProviderOpensAWorkloadWhoseWorkASignalLandsBehind() throws Exception {
        BenchWorkload<?> offered = new SimBenchProvider().open(new SimProvider());
        assertEquals("sim", offered.backend().name());
        try (BenchWorkload<SimStream> workload = cast(offered);
             Line<SimStream> line = workload.openLine()) {
            assertTrue(workload.holdsWork() && workload.stampsEnd());
            workload.enqueue(Duration.ofMillis(30));
            Ticket ticket = line.signal(workload.stream(), Slot.S0);
            // Held at its gate: the stream cannot drain, however long it is given, until released.
            assertFalse(workload.stream().synchronize(Duration.ofMillis(50)));
            assertFalse(ticket.isDone());
            long released = System.nanoTime();
            workload.release();
            assertTrue(workload.stream().synchronize(Duration.ofSeconds(30)));
            assertTrue(ticket.isDone());
            assertTrue(workload.lastEnd() - released >= Duration.ofMillis(30).toNanos(), "stamped after its work");
            // Its own way of waiting, the callback model: queued behind the gate, done once released.
            BenchWorkload.NativeWait callback = workload.nativeWaits().getFirst();
            assertEquals("callback", callback.name());
            callback.queue(Duration.ofMillis(1));
            Ticket behind = line.signal(workload.stream(), Slot.S0);
            workload.release();
            callback.await();
            assertTrue(workload.stream().synchronize(Duration.ofSeconds(30)));
            assertTrue(behind.isDone());
            long[] thread = new long[1];
            assertTrue(workload.onDeviceThread(() -> thread[0] = Thread.currentThread().threadId()));
            assertTrue(thread[0] != Thread.currentThread().threadId(), "ran on the device's thread");
        }
    }

    @SuppressWarnings("unchecked")
    private static BenchWorkload<SimStream> cast(BenchWorkload<?> workload) {
        return (BenchWorkload<SimStream>) workload;
    }
}
