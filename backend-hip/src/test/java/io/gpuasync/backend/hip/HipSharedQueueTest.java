package io.gpuasync.backend.hip;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.gpuasync.testing.Tickets.awaitLanded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A process whose environment sets {@code GPU_MAX_HW_QUEUES=1}: every stream of a device feeds
 * one hardware queue (clr, rocclr's {@code Device::acquireQueue}), in which each submission waits
 * for every earlier one, so a device-side wait holds up every store submitted after it, on any
 * stream. The waits a line accepts are each behind their store, and land even so. Run by the
 * build in a JVM of its own with that environment (the shared-queue execution in this module's
 * pom), together with the conformance suite; skipped anywhere else.
 */
class HipSharedQueueTest {
    private HipBackend hip;
    private HipStream producer;
    private HipStream consumer;

    @BeforeEach
    void oneQueue() {
        Assumptions.assumeTrue("1".equals(System.getenv("GPU_MAX_HW_QUEUES")),
                "runs where the process environment sets GPU_MAX_HW_QUEUES=1 (the shared-queue execution)");
        hip = HipBackend.load();
        hip.makeCurrent(0);
        producer = hip.createStream();
        consumer = hip.createStream();
    }

    @AfterEach
    void destroy() {
        if (hip != null) {
            hip.destroyStream(producer);
            hip.destroyStream(consumer);
        }
    }

    @Test
    void aWaitBehindItsStoreLandsThoughEveryStreamSharesOneQueue() {
        try (Line<HipStream> line = hip.openLine(); Line<HipStream> marker = hip.openLine()) {
            waitBehindItsStore(line, marker, producer, consumer);
        }
    }

    /**
     * Queues a store into {@code line}'s slot 0 on {@code producer} (behind some work), then a
     * wait for it on {@code consumer}: the wait can only come behind its store. Returns once a
     * store of {@code marker}'s queued behind the wait landed, checking the word moved first.
     */
    static void waitBehindItsStore(Line<HipStream> line, Line<HipStream> marker, HipStream producer, HipStream consumer) {
        if (FakeHip.isLoaded()) {
            FakeHip.enqueueWork(producer, Duration.ofMillis(20).toNanos());
        }
        line.signal(producer, Slot.S0);
        line.waitOnDevice(consumer, Slot.S0, line.lastSignalled(Slot.S0));
        awaitLanded(marker.signal(consumer, Slot.S0));
        assertEquals(line.lastSignalled(Slot.S0), HostLine.of(line).words().getAcquire(Slot.S0),
                "the work behind the wait ran before its word moved");
    }

    // On a real runtime, this checks the fake's model of it.
    @Test
    void theFakeSharesOneQueueSoAWaitHoldsUpAnotherStreamsLaterStore() throws Exception {
        Assumptions.assumeTrue(FakeHip.isLoaded(), "asks the fake which hardware queue each stream feeds");
        assertEquals(FakeHip.hwQueueOf(producer), FakeHip.hwQueueOf(consumer), "two streams, one queue");
        try (HipGate gate = new HipGate(hip, 0); Line<HipStream> line = hip.openLine()) {
            // The wait is on a word the host stores: the gate opens whatever the device does.
            gate.hold(consumer);
            Ticket behind = line.signal(producer, Slot.S0);
            assertFalse(behind.isDone(), "a store submitted after another stream's wait on their one queue ran past it");
            gate.open();
            awaitLanded(behind);
        }
    }
}
