package io.gpuasync.backend.cuda;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gate held to what a real driver does: it holds a stream's work until the host opens it.
 * On the fake in the build and the real driver in the GPU check.
 */
class CudaGateTest {
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
        Contexts.makeCurrent(0);
        cuda.destroyStream(stream);
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
