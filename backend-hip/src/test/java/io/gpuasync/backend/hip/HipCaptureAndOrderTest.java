package io.gpuasync.backend.hip;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.gpuasync.testing.Tickets.awaitLanded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A HIP line and graph capture: against the fake libamdhip64, which behaves as ROCm does (see
 * fakes/fake_hip.c: stream operations queued at once during a capture), and a real runtime in
 * the GPU check.
 */
class HipCaptureAndOrderTest {
    private static final int CAPTURE_MODE_RELAXED = 2;

    private final List<String> leaks = new CopyOnWriteArrayList<>();
    private final HipBackend hip = HipBackend.load((reason, line, address, bytes) -> leaks.add(reason.name()));
    private HipStream stream;

    @BeforeEach
    void setUp() {
        hip.makeCurrent(0);
        stream = hip.createStream();
    }

    @AfterEach
    void tearDown() {
        hip.makeCurrent(0);
        hip.destroyStream(stream);
    }

    // ---------------------------------------------------------------- capture

    @Test
    void aStoreOrAWaitIntoACapturingStreamIsRefusedAndQueuesNothing() {
        Line<HipStream> line = hip.openLine();
        assertEquals(0, FakeHip.beginCapture(stream, CAPTURE_MODE_RELAXED));
        try {
            GpuException store = assertThrows(GpuException.class, () -> line.signal(stream, Slot.S0));
            assertEquals(Hip.HIP_ERROR_STREAM_CAPTURE_UNSUPPORTED, store.status());
            assertTrue(store.getMessage().contains("capturing a graph") && store.getMessage().contains("hipStreamEndCapture"),
                    store.getMessage());
            GpuException wait = assertThrows(GpuException.class, () -> line.waitOnDevice(stream, Slot.S1, 0));
            assertEquals(Hip.HIP_ERROR_STREAM_CAPTURE_UNSUPPORTED, wait.status());
        } finally {
            assertEquals(0, FakeHip.endCapture(stream), "asking whether the stream captures broke its capture");
        }
        // Behind whatever the refused calls might have queued on the stream: had the store been
        // queued, it would have landed first.
        awaitLanded(line.signal(stream, Slot.S2));
        assertEquals(0, HostLine.of(line).words().getAcquire(Slot.S0), "the refused store was queued");
        line.close();
        assertEquals(Line.State.CLOSED, line.state(), "leaks: " + leaks);
    }

}
