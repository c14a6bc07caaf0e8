package io.gpuasync.backend.cuda.bench;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.cuda.CudaBackend;
import io.gpuasync.backend.cuda.CudaProvider;
import io.gpuasync.backend.cuda.CudaStream;
import io.gpuasync.backend.cuda.CudaTests;
import io.gpuasync.backend.cuda.FakeCuda;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.bench.spi.BenchWorkload;
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
        BenchWorkload<?> offered = new CudaBenchProvider().open(provider);
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
                // CUDA's own ways of waiting, each queued behind the gate and done once it opens;
                // CUDA 13.2's host functions where the driver exports cuLaunchHostFunc_v2 (the fake does).
                List<String> rows = CudaBaselines.hostFuncV2()
                        ? List.of("stream-sync", "event-sync", "host-func", "host-func-spin", "host-func-block")
                        : List.of("stream-sync", "event-sync", "host-func");
                assertEquals(rows, workload.nativeWaits().stream().map(BenchWorkload.NativeWait::name).toList());
                assertEquals(CudaBaselines.hostFuncV2(), !workload.describe().contains("cuLaunchHostFunc_v2"),
                        workload.describe());
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

    @Test
    void aSampleQueuesAtMostItsBoundOfMemsetsBehindTheGateHoweverLongItsWork() throws Exception {
        CudaTests.assumeFake("fakePendingOps, to count what waits behind the gate");
        CudaBackend cuda = (CudaBackend) new CudaProvider().backend();
        try (CudaBenchWorkload workload = CudaBenchWorkload.open(cuda, 4, CudaBaselines.hostFuncV2());
             Reactor reactor = Reactor.start();
             Line<CudaStream> line = workload.openLine()) {
            Duration whole = wholeBufferOf(workload);
            // Ten buffers' worth, which one buffer would take ten memsets for.
            Duration work = whole.multipliedBy(10);
            workload.enqueue(work);
            Ticket ticket = line.signal(workload.stream(), Slot.S0);
            // The gate's wait, at most four memsets, the signal: nothing has run, the gate is shut.
            int held = FakeCuda.pendingOps(workload.stream());
            assertTrue(held <= 1 + 4 + 1, held + " operations wait behind the gate");
            assertTrue(workload.describe().contains("at most 4 memsets a sample"), workload.describe());
            workload.release();
            assertEquals(ticket, reactor.whenLanded(ticket).get(60, TimeUnit.SECONDS));
            // The larger buffer serves the next sample as well: no more than four memsets again.
            workload.enqueue(work);
            assertTrue(FakeCuda.pendingOps(workload.stream()) <= 1 + 4, "the next sample queued more");
            workload.release();
            Ticket next = line.signal(workload.stream(), Slot.S0);
            assertEquals(next, reactor.whenLanded(next).get(60, TimeUnit.SECONDS));
        }
    }

    @Test
    void aDriverWithoutCuLaunchHostFuncV2GetsNoRowsOfItAndIsToldSo() {
        CudaTests.assumeAvailable();
        CudaBackend cuda = (CudaBackend) new CudaProvider().backend();
        try (CudaBenchWorkload workload = CudaBenchWorkload.open(cuda, CudaBenchWorkload.MOST_HELD, false)) {
            assertEquals(List.of("stream-sync", "event-sync", "host-func"),
                    workload.nativeWaits().stream().map(BenchWorkload.NativeWait::name).toList());
            assertTrue(workload.describe().contains("cuLaunchHostFunc_v2 (CUDA 13.2") && workload.describe().contains("absent"),
                    workload.describe());
        }
    }

    // "(the whole buffer takes N us; ...": the calibrated time of one memset of the whole buffer.
    private static Duration wholeBufferOf(CudaBenchWorkload workload) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("takes ([0-9.]+) us").matcher(workload.describe());
        assertTrue(m.find(), workload.describe());
        return Duration.ofNanos(Math.round(Double.parseDouble(m.group(1)) * 1000));
    }
}
