package io.gpuasync.backend.hip;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;
import io.gpuasync.testing.StoreWaiter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HIP backend's store waits (a {@code hipEventBlockingSync} event behind each store, a
 * syncer per device and stream) through the real bindings on the fake libamdhip64, stores held
 * behind a {@link HipGate} for as long as a test needs. Nothing here
 * measures time: a wait that hangs fails the test by its timeout.
 */
@Timeout(120)
class HipStoreWaitsTest {
    // A deadline no wait here reaches: one that returns did so for a landing or a wake.
    private static final long FAR = 600_000_000_000L;

    private HipBackend hip;
    private HipStream stream;

    @BeforeEach
    void open() {
        Assumptions.assumeTrue(FakeHip.isLoaded(), "needs the fake libamdhip64's live events and spinning synchronizes");
        hip = HipBackend.builder().leakReporter((reason, line, address, bytes) -> { }).storeWaits(true).load();
        hip.makeCurrent(0);
        stream = hip.createStream();
    }

    @AfterEach
    void close() {
        if (stream != null) {
            hip.destroyStream(stream);
        }
    }

    @Test
    void storeWaitsAreOffUnlessTheBackendIsAskedForThem() {
        HipBackend plain = HipBackend.load((reason, line, address, bytes) -> { });
        assertNull(plain.driver().storeWaits(), "store waits are off by default: one runtime call less per signal");
        assertNotNull(hip.driver().storeWaits());
        try (Line<HipStream> line = plain.openLine()) {
            StoreWaiter.assertNoTokenWithout(line, stream, FakeHip::liveEvents);
        }
    }

    @Test
    void aWaitBlocksInABlockingSyncEventAndEndsOnlyOnceTheStoreLanded() throws Exception {
        int spinning = FakeHip.spinningSyncs();
        try (HipGate gate = new HipGate(hip, 0); Line<HipStream> line = hip.openLine()) {
            gate.hold(stream);
            StoreWaiter.assertEndsOnlyOnceLanded(line, line.signal(stream, Slot.S1), gate::open);
        }
        assertEquals(spinning, FakeHip.spinningSyncs(),
                "a syncer spun in hipEventSynchronize: its event was made without hipEventBlockingSync");
    }

    @Test
    void linesOfOneDeviceShareItsEventsAndTheLastCloseDestroysThem() throws Exception {
        int events = FakeHip.liveEvents();
        Line<HipStream> first = hip.openLine();
        try (Line<HipStream> second = hip.openLine()) {
            assertEquals(HostLine.of(first).storeWaitGroup(), HostLine.of(second).storeWaitGroup(),
                    "one device's lines are one group: one wait may cover both");
            first.signal(stream, Slot.S2);
            Ticket b = second.signal(stream, Slot.S2);
            first.close();
            HostLine<?> host = HostLine.of(second);
            long[] tokens = {host.storeToken(b.slot(), b.target())};
            assertTrue(host.awaitStores(tokens, 1, System.nanoTime() + FAR, host.storeWakes()),
                    "a wait of a line whose device's other line closed");
            assertTrue(b.isDone());
            assertTrue(FakeHip.liveEvents() > events, "the first close destroyed the events the second line uses");
        }
        assertEquals(events, FakeHip.liveEvents(), "the last close left store-wait events behind");
    }
}
