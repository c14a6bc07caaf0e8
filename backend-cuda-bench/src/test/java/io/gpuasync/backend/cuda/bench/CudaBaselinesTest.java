package io.gpuasync.backend.cuda.bench;

import io.gpuasync.api.GpuException;
import io.gpuasync.backend.cuda.Contexts;
import io.gpuasync.backend.cuda.CudaBackend;
import io.gpuasync.backend.cuda.CudaStream;
import io.gpuasync.backend.cuda.CudaTests;
import io.gpuasync.backend.cuda.FakeCuda;
import io.gpuasync.backend.cuda.internal.CudaInternals;
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

/**
 * CUDA's own waits held to what a real driver does: an event and a host callback end with the
 * work before them; a host callback's future is bounded (the driver never runs a host function
 * once the context failed) and completes off the driver's thread. On the fake in the build and
 * the real driver in the GPU check.
 */
class CudaBaselinesTest {
    // Loaded after the assumption: a load where CUDA is unavailable throws, failing the class.
    private CudaBackend cuda;
    private CudaInternals internals;
    private CudaStream stream;

    @BeforeEach
    void setUp() {
        CudaTests.assumeAvailable();
        cuda = CudaBackend.load((reason, line, address, bytes) -> { });
        internals = CudaInternals.get();
        Contexts.makeCurrent(0);
        stream = cuda.createStream();
    }

    @AfterEach
    void tearDown() {
        if (stream != null) {
            CudaTests.clearAndDestroy(cuda, stream);
        }
    }

    @Test
    void aBlockingEventAndAHostCallbackEndWithTheWorkBeforeThem() throws Exception {
        // Large enough that a memset takes far longer on a GPU than queueing it does.
        try (CudaInternals.Work work = internals.allocateWork(256L << 20)) {
            work.calibrate(stream);
            work.enqueue(stream, Duration.ofMillis(30));
            try (CudaBaselines.BlockingEvent event = new CudaBaselines.BlockingEvent()) {
                event.record(stream);
                CompletableFuture<Void> callback = CudaBaselines.hostCallback(stream, Duration.ofSeconds(30), -1);
                assertFalse(callback.isDone(), "the callback runs after the work");
                event.synchronize();
                callback.get(10, TimeUnit.SECONDS);
            }
            internals.synchronize(stream);
        }
    }

    @Test
    void aHostCallbackFailsAtItsBoundWhenTheContextFailedBeforeItRan() throws Exception {
        CudaTests.assumeFake("fakeSetSticky: a failed context");
        int pending = CudaBaselines.pendingCallbacks();
        FakeCuda.enqueueWork(stream, 100_000_000L);
        CompletableFuture<Void> callback = CudaBaselines.hostCallback(stream, Duration.ofMillis(200), -1);
        FakeCuda.setSticky(0, 700);
        ExecutionException e = assertThrows(ExecutionException.class, () -> callback.get(60, TimeUnit.SECONDS));
        GpuException cause = assertInstanceOf(GpuException.class, e.getCause());
        assertEquals(GpuException.Kind.TIMED_OUT, cause.kind());
        assertEquals(pending, CudaBaselines.pendingCallbacks(), "the callback's entry was dropped");
    }

    @Test
    void aHostCallbacksStagesRunOffTheDriversThread() throws Exception {
        try (CudaInternals.Gate gate = internals.openGate(cuda)) {
            // Held, so the stage is attached before the future can complete (an attached stage
            // of a completed future would run right here).
            gate.hold(stream);
            CompletableFuture<Void> callback = CudaBaselines.hostCallback(stream, Duration.ofSeconds(60), -1);
            CompletableFuture<String> where = callback.thenApply(done -> Thread.currentThread().getName());
            assertFalse(callback.isDone());
            gate.open();
            assertEquals("gar-cuda-host-callbacks", where.get(60, TimeUnit.SECONDS));
        }
    }
}
