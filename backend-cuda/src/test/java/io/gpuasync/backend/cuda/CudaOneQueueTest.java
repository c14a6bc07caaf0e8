package io.gpuasync.backend.cuda;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.MappedLine;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A process whose environment sets {@code CUDA_DEVICE_MAX_CONNECTIONS=1}, as large training
 * jobs often do: every stream of a device feeds one hardware queue, in submission order, so a
 * device-side wait queued before the store it waits for, on any stream, never ends. Run by the build in a JVM of its own with that environment (the one-queue
 * execution in this module's pom); skipped anywhere else.
 */
class CudaOneQueueTest {
    private CudaBackend cuda;

    @BeforeEach
    void oneQueue() {
        CudaTests.assumeAvailable();
        Assumptions.assumeTrue(CudaDriver.maxConnections() == 1,
                "runs where the process environment sets CUDA_DEVICE_MAX_CONNECTIONS=1 (the one-queue execution)");
        cuda = CudaBackend.load();
        Contexts.makeCurrent(0);
    }

    @Test
    void aDeviceWaitIsRefusedNamingTheSetting() {
        CudaStream stream = cuda.createStream();
        try (MappedLine<CudaStream, CudaContext> line = (MappedLine<CudaStream, CudaContext>) cuda.openLine()) {
            GpuException e = assertThrows(() -> line.waitOnDevice(stream, Slot.S0, 1));
            assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
            assertTrue(e.getMessage().contains("CUDA_DEVICE_MAX_CONNECTIONS=1"), e.getMessage());
            // Stores are unaffected: they wait for nothing.
            try (Reactor reactor = Reactor.start()) {
                reactor.await(line.signal(stream, Slot.S0));
            }
        } finally {
            cuda.destroyStream(stream);
        }
    }

    @Test
    void theFakeSerializesEveryStreamOfADeviceBehindOneQueue() {
        CudaTests.assumeFake("a sticky error, which releases the stalled queue");
        CudaStream waiting = cuda.createStream();
        CudaStream storing = cuda.createStream();
        MappedLine<CudaStream, CudaContext> line = (MappedLine<CudaStream, CudaContext>) cuda.openLine();
        // The application's own wait, queued before the store it waits for on another stream.
        assertEquals(Cuda.CUDA_SUCCESS, Cuda.cuStreamWaitValue64_v2(waiting.segment(), line.deviceAddress(waiting, Slot.S0), 1,
                Cuda.CU_STREAM_WAIT_VALUE_GEQ));
        Ticket store = line.signal(storing, Slot.S0);
        LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
        assertFalse(store.isDone(), "the store ran past a wait submitted before it: the streams did not share one queue");
        // Only a failed context ends it; then the fake's queue is cleared for the next test.
        FakeCuda.setSticky(0, 700);
        cuda.destroyStream(waiting);
        cuda.destroyStream(storing);
        FakeCuda.setSticky(0, 0);
        line.close();
    }

    private static GpuException assertThrows(org.junit.jupiter.api.function.Executable call) {
        return org.junit.jupiter.api.Assertions.assertThrows(GpuException.class, call);
    }
}
