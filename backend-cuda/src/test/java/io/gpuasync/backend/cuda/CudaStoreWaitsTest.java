package io.gpuasync.backend.cuda;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;
import io.gpuasync.testing.StoreWaiter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CUDA backend's store waits (a {@code CU_EVENT_BLOCKING_SYNC} event behind each store, a
 * syncer per line and stream) through the real bindings on the fake libcuda.so.1, stores held
 * behind a {@link CudaGate} for as long as a test needs. Nothing here measures time: a wait that
 * hangs fails the test by its timeout.
 */
@Timeout(120)
class CudaStoreWaitsTest {
    // A deadline no wait here reaches: one that returns did so for a landing, a wake or a failure.
    private static final long FAR = 600_000_000_000L;

    private CudaBackend cuda;
    private CudaStream stream;

    @BeforeEach
    void open() {
        CudaTests.assumeFake("spinning synchronizes, live events, sticky errors");
        cuda = CudaBackend.builder().leakReporter((reason, line, address, bytes) -> { }).storeWaits(true).load();
        Contexts.makeCurrent(0);
        stream = cuda.createStream();
    }

    @AfterEach
    void close() {
        if (stream != null) {
            CudaTests.clearAndDestroy(cuda, stream);
        }
    }

    @Test
    void storeWaitsAreOffUnlessTheBackendIsAskedForThem() {
        CudaBackend plain = CudaBackend.load((reason, line, address, bytes) -> { });
        assertNull(plain.driver().storeWaits(), "store waits are off by default: one driver call less per signal");
        assertNotNull(cuda.driver().storeWaits());
        try (Line<CudaStream> line = plain.openLine()) {
            StoreWaiter.assertNoTokenWithout(line, stream, FakeCuda::liveEvents);
        }
    }

    @Test
    void aWaitBlocksInABlockingSyncEventAndEndsOnlyOnceTheStoreLanded() throws Exception {
        int spinning = FakeCuda.spinningSyncs();
        try (CudaGate gate = CudaGate.open(cuda); Line<CudaStream> line = cuda.openLine()) {
            gate.hold(stream);
            StoreWaiter.assertEndsOnlyOnceLanded(line, line.signal(stream, Slot.S1), gate::open);
        }
        assertEquals(spinning, FakeCuda.spinningSyncs(),
                "a syncer busy-waited in cuEventSynchronize: its event was made without CU_EVENT_BLOCKING_SYNC");
    }

    @Test
    void aLostDeviceFailsTheWaitWithTheDriversStatus() throws Exception {
        try (CudaGate gate = CudaGate.open(cuda)) {
            Line<CudaStream> line = cuda.openLine();
            gate.hold(stream);
            Ticket ticket = line.signal(stream, Slot.S2);
            HostLine<?> host = HostLine.of(line);
            StoreWaiter waiter = new StoreWaiter(host, host.storeToken(ticket.slot(), ticket.target()));
            waiter.awaitParked();
            FakeCuda.setSticky(0, 719);
            GpuException failure = assertInstanceOf(GpuException.class, waiter.await());
            assertEquals(GpuException.Kind.DEVICE_FAILED, failure.kind());
            assertEquals(719, failure.status());
            assertTrue(failure.getMessage().contains("CUDA_ERROR_LAUNCH_FAILED"), failure.getMessage());
            // The device back (the fake's error cleared), the line settles and closes.
            FakeCuda.setSticky(0, 0);
            gate.open();
            line.close();
            assertEquals(Line.State.CLOSED, line.state());
        }
    }

    @Test
    void closingTheLineDestroysItsEventsAndEndsItsSyncers() throws Exception {
        int events = FakeCuda.liveEvents();
        try (CudaGate gate = CudaGate.open(cuda)) {
            int gateEvents = FakeCuda.liveEvents();
            try (Line<CudaStream> line = cuda.openLine()) {
                gate.hold(stream);
                HostLine<?> host = HostLine.of(line);
                Ticket last = null;
                for (int i = 0; i < 5; i++) {
                    last = line.signal(stream, Slot.S3);
                }
                assertTrue(FakeCuda.liveEvents() > gateEvents, "no event was recorded behind the stores");
                assertTrue(syncers() > 0);
                gate.open();
                long token = host.storeToken(last.slot(), last.target());
                assertTrue(host.awaitStores(new long[] {token}, 1, System.nanoTime() + FAR, host.storeWakes()));
            }
            assertEquals(gateEvents, FakeCuda.liveEvents(), "the line's close left store-wait events behind");
            assertEquals(0, syncers(), "the line's close left a syncer thread running");
        }
        assertEquals(events, FakeCuda.liveEvents());
    }

    private static long syncers() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("gar-cuda-store-syncer-") && t.isAlive()).count();
    }
}
