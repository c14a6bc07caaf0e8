package io.gpuasync.backend.cuda;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;

/** The bench's CUDA work and the peers it is compared with, through the real bindings. */
class CudaBaselinesTest {
    // Loaded after the assumption: a load where CUDA is unavailable throws, failing the class.
    private CudaBackend cuda;
    private CudaStream stream;
    private CudaWork work;

    @BeforeEach
    void setUp() {
        CudaTests.assumeAvailable();
        cuda = CudaBackend.load((reason, line, address, bytes) -> { });
        Contexts.makeCurrent(0);
        stream = cuda.createStream();
        // Large enough that a memset takes far longer on a GPU than queueing it does.
        work = CudaWork.allocate(256L << 20);
    }

    @AfterEach
    void tearDown() {
        if (stream == null) {
            return;
        }
        CudaBaselines.synchronize(stream);
        work.close();
        cuda.destroyStream(stream);
    }

    @Test
    void aBlockingEventAndAHostCallbackEndWithTheWorkBeforeThem() throws Exception {
        work.calibrate(stream);
        work.enqueue(stream, Duration.ofMillis(30));
        try (CudaBaselines.BlockingEvent event = new CudaBaselines.BlockingEvent()) {
            event.record(stream);
            CompletableFuture<Void> callback = CudaBaselines.hostCallback(stream);
            assertFalse(callback.isDone(), "the callback runs after the work");
            event.synchronize();
            callback.get(10, TimeUnit.SECONDS);
        }
    }
}
