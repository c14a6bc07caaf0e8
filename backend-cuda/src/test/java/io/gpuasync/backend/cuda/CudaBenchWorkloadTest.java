package io.gpuasync.backend.cuda;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.bench.BenchWorkload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bench workload the CUDA provider offers (what gar bench --host ... --backend cuda waits
 * for), on the fake driver in the build and the real one in the GPU check.
 */
class CudaBenchWorkloadTest {
    @Test
    void theProviderOffersCalibratedWorkThatASignalLandsBehindAndReleasesItAll() throws Exception {
        CudaTests.assumeAvailable();
        CudaProvider provider = new CudaProvider();
        BenchWorkload<?> offered = provider.openBenchWorkload().orElseThrow();
        @SuppressWarnings("unchecked")
        BenchWorkload<CudaStream> workload = (BenchWorkload<CudaStream>) offered;
        try (Reactor reactor = Reactor.start()) {
            assertSame(provider.backend(), workload.backend());
            assertTrue(workload.describe().startsWith("a calibrated cuMemsetD32Async of up to 256 MiB"), workload.describe());
            try (Line<CudaStream> line = workload.openLine()) {
                for (int i = 0; i < 20; i++) {
                    workload.enqueue(Duration.ofNanos(200_000));
                    Ticket ticket = line.signal(workload.stream(), Slot.S0);
                    workload.release();
                    assertEquals(ticket, reactor.whenLanded(ticket).get(60, TimeUnit.SECONDS));
                }
                // CUDA's own ways of waiting, each queued behind the gate and done once it opens.
                assertEquals(List.of("stream-sync", "event-sync", "host-func"),
                        workload.nativeWaits().stream().map(BenchWorkload.NativeWait::name).toList());
                for (BenchWorkload.NativeWait wait : workload.nativeWaits()) {
                    wait.queue(Duration.ofNanos(200_000));
                    Ticket behind = line.signal(workload.stream(), Slot.S0);
                    workload.release();
                    wait.await();
                    assertEquals(behind, reactor.whenLanded(behind).get(60, TimeUnit.SECONDS), wait.name());
                }
            }
            assertThrows(IllegalArgumentException.class, () -> workload.enqueue(Duration.ZERO));
        } finally {
            workload.close();
            workload.close();       // idempotent: the stream is destroyed once
        }
    }
}
