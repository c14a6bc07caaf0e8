package io.gpuasync.host.std;

import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.testing.Gates;
import io.gpuasync.testing.WatchedLine;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Which way {@link BlockingMode#ADAPTIVE} waits, read from each wait's flight-recorder event
 * (its plan is {@code HAND_OFF} when the engine took the sleep): a platform thread that would
 * wait alone runs its own plan; one that arrives while the engine holds a wait joins it; a
 * virtual thread always hands off. Every awaited ticket is held at a gate until the reactor holds
 * its wait (the line tells, {@link WatchedLine}), so each wait really waits, however slowly this
 * thread gets there.
 */
class AdaptiveModeTest {

    @Test
    void aLoneWaiterRunsItsPlanAndOneBesideAnEngineWaitJoinsIt(@TempDir Path dir) throws Exception {
        SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
        List<RecordedEvent> waits = WaitEvents.recordedWhile(dir, () -> {
            try (Reactor reactor = Reactor.start();
                 SimStream asyncStream = sim.device(0).createStream();
                 SimStream blockingStream = sim.device(0).createStream();
                 WatchedLine<SimStream> line = new WatchedLine<>(sim.openLine())) {
                // Alone: the engine holds nothing.
                CountDownLatch alone = Gates.gate(blockingStream);
                Ticket lone = line.signal(blockingStream, Slot.S0);
                Gates.Opening loneOpened = Gates.openWhen(line.nextWait(), alone);
                reactor.await(lone);
                loneOpened.assertOpenedBySignal();

                // Beside a future the engine holds.
                CountDownLatch held = Gates.gate(asyncStream);
                CompletableFuture<Ticket> future = reactor.whenLanded(line.signal(asyncStream, Slot.S1));
                CountDownLatch beside = Gates.gate(blockingStream);
                Ticket joining = line.signal(blockingStream, Slot.S2);
                Gates.Opening besideOpened = Gates.openWhen(line.nextWait(), beside);
                reactor.await(joining);
                besideOpened.assertOpenedBySignal();
                held.countDown();
                future.join();

                // A virtual thread, the engine empty again.
                CountDownLatch virtualGate = Gates.gate(blockingStream);
                Ticket virtualTicket = line.signal(blockingStream, Slot.S3);
                Gates.Opening virtualOpened = Gates.openWhen(line.nextWait(), virtualGate);
                Thread virtual = Thread.ofVirtual().start(() -> reactor.await(virtualTicket));
                virtual.join();
                virtualOpened.assertOpenedBySignal();
            }
        });
        assertNotEquals("HAND_OFF", planOf(waits, 0), "a lone platform waiter runs its own plan");
        assertEquals("HAND_OFF", planOf(waits, 2), "a waiter beside a wait the engine holds hands off");
        assertEquals("HAND_OFF", planOf(waits, 3), "a virtual thread hands off");
    }

    private static String planOf(List<RecordedEvent> waits, int slot) {
        List<RecordedEvent> ofSlot = waits.stream().filter(e -> e.getInt("slot") == slot).toList();
        assertEquals(1, ofSlot.size(), "one wait event for slot " + slot + ": " + waits);
        assertEquals("LANDED", ofSlot.getFirst().getString("outcome"));
        return ofSlot.getFirst().getString("plan");
    }
}
