package io.gpuasync.backend.hip;

import io.gpuasync.api.Line;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.MappedLine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * HIP's {@code hipHostUnregister} waits for every stream of the device (ROCm clr HEAD,
 * {@code ihipHostUnregister}: {@code SyncAllStreams()}; hipamd 5.2.3: every device's null
 * stream, which first waits for the blocking streams), so a line's free can wait without
 * bound for other owners' work; and, from a thread not in the relaxed
 * capture mode, both it and {@code hipHostRegister} fail while another thread captures a graph
 * in the global mode (and clr invalidates that capture). Against the fake, taught both.
 */
class HipUnregisterTest {
    private final List<String> leaks = new CopyOnWriteArrayList<>();
    private final HipBackend hip = HipBackend.load((reason, line, address, bytes) -> leaks.add(reason.name()));
    private HipStream stalled;
    private HipStream other;

    @BeforeEach
    void setUp() {
        Assumptions.assumeTrue(FakeHip.isLoaded(), "the stalled stream is the fake runtime's");
        hip.makeCurrent(0);
        stalled = hip.createStream();
        other = hip.createStream();
    }

    @AfterEach
    void tearDown() {
        if (stalled != null) {
            hip.destroyStream(stalled);
            hip.destroyStream(other);
        }
    }

    @Test
    void aFreeThatWaitsForAnotherOwnersStalledStreamEndsAtTheSettleBoundAndKeepsThePage() throws Exception {
        // Another owner's stream, stalled by a device-side wait for a word the host stores later.
        HipGate gate = new HipGate(hip, 0);
        gate.hold(stalled);
        MappedLine<HipStream, HipDevice> line = MappedLine.open(hip.driver(),
                (reason, name, address, bytes) -> leaks.add(reason.name()), NanoClock.SYSTEM, Duration.ofMillis(300));
        line.signal(other, Slot.S0);
        int registered = FakeHip.registeredPages();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread closer = Thread.ofPlatform().daemon().start(() -> {
            try {
                line.close();
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        // The line's own work settles at once; only the unregister waits, for the stalled stream.
        closer.join(Duration.ofSeconds(30));
        assertFalse(closer.isAlive(), "the close waited without bound in hipHostUnregister");
        assertNull(failure.get());
        // The watchdog's question is answered, not held up behind the free.
        assertEquals(Line.State.LEAKED, line.state());
        assertEquals(List.of("SETTLE_TIMED_OUT"), leaks);
        // The stalled stream goes on: the free it held up ends, and only then is the page unregistered.
        gate.open();
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (FakeHip.registeredPages() >= registered && System.nanoTime() - until < 0) {
            Thread.sleep(5);
        }
        assertEquals(registered - 1, FakeHip.registeredPages(), "the late unregister never ended");
        gate.close();
    }

    @Test
    void anotherThreadsGlobalCaptureNeitherRefusesALinesRegistrationNorIsBrokenByIt() throws InterruptedException {
        AtomicReference<Integer> begun = new AtomicReference<>();
        Thread owner = Thread.ofPlatform().start(() -> begun.set(FakeHip.beginCapture(stalled, 0)));
        owner.join();
        assertEquals(0, begun.get());
        try {
            Line<HipStream> line = hip.openLine();
            line.signal(other, Slot.S0);
            line.close();
            assertEquals(Line.State.CLOSED, line.state(), "leaks: " + leaks);
        } finally {
            // cuda.h's CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, 901 in HIP too, had either call broken it.
            assertEquals(0, FakeHip.endCapture(stalled));
        }
    }
}
