package io.gpuasync.backend.cuda;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bench's peers held to what a real driver does: a host
 * callback's future is bounded (the driver never runs a host function once the context failed)
 * and completes off the driver's thread; the gate holds a stream's work until the host opens it.
 * On the fake in the build and the real driver in the GPU check.
 */
class HostCallbackAndGateTest {
    // Loaded after the assumption: a load where CUDA is unavailable throws, failing the class.
    private CudaBackend cuda;
    private CudaStream stream;

    @BeforeEach
    void setUp() {
        CudaTests.assumeAvailable();
        cuda = CudaBackend.load((reason, line, address, bytes) -> { });
        Contexts.makeCurrent(0);
        stream = cuda.createStream();
    }

    @AfterEach
    void tearDown() {
        if (stream == null) {
            return;
        }
        if (FakeCuda.isLoaded()) {
            FakeCuda.setSticky(0, 0);
        }
        Contexts.makeCurrent(0);
        cuda.destroyStream(stream);
    }

    @Test
    void aHostCallbackFailsAtItsBoundWhenTheContextFailedBeforeItRan() throws Exception {
        CudaTests.assumeFake("fakeSetSticky: a failed context");
        int pending = CudaBaselines.pendingCallbacks();
        FakeCuda.enqueueWork(stream, 100_000_000L);
        CompletableFuture<Void> callback = CudaBaselines.hostCallback(stream, Duration.ofMillis(200));
        FakeCuda.setSticky(0, 700);
        ExecutionException e = assertThrows(ExecutionException.class, () -> callback.get(60, TimeUnit.SECONDS));
        GpuException cause = assertInstanceOf(GpuException.class, e.getCause());
        assertEquals(GpuException.Kind.TIMED_OUT, cause.kind());
        assertEquals(pending, CudaBaselines.pendingCallbacks(), "the callback's entry was dropped");
    }

    @Test
    void aHostCallbacksStagesRunOffTheDriversThread() throws Exception {
        try (CudaGate gate = CudaGate.open(cuda)) {
            // Held, so the stage is attached before the future can complete (an attached stage
            // of a completed future would run right here).
            gate.hold(stream);
            CompletableFuture<Void> callback = CudaBaselines.hostCallback(stream, Duration.ofSeconds(60));
            CompletableFuture<String> where = callback.thenApply(done -> Thread.currentThread().getName());
            assertFalse(callback.isDone());
            gate.open();
            assertEquals("gar-cuda-host-callbacks", where.get(60, TimeUnit.SECONDS));
        }
    }

    @Test
    void theGateHoldsAStreamsWorkUntilTheHostOpensIt() {
        CudaStream other = cuda.createStream();
        try (Reactor reactor = Reactor.start();
             Line<CudaStream> line = cuda.openLine();
             CudaGate gate = CudaGate.open(cuda)) {
            gate.hold(stream);
            Ticket held = line.signal(stream, Slot.S0);
            // The device makes progress elsewhere meanwhile: the held store is still not there.
            reactor.await(line.signal(other, Slot.S1));
            assertFalse(held.isDone(), "the store behind the gate landed before the gate opened");
            gate.open();
            reactor.await(held);
            // Held again, and opened again: each open lets through what was held before it.
            gate.hold(stream);
            Ticket again = line.signal(stream, Slot.S0);
            reactor.await(line.signal(other, Slot.S1));
            assertFalse(again.isDone());
            gate.open();
            reactor.await(again);
            assertTrue(again.isDone());
        } finally {
            cuda.destroyStream(other);
        }
    }
}
