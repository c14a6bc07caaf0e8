package io.gpuasync.host.std;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStatus;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.engine.DeviceFailedEvent;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.testing.Gates;
import io.gpuasync.testing.WatchedLine;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The library's flight recorder events, recorded and read back with {@code jdk.jfr.consumer}. */
class JfrEventsTest {
    @Test
    void waitsDeviceFailuresAndLeaksAreRecordedWithTheirFields(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("gar.jfr");
        SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
        try (Recording recording = new Recording()) {
            recording.enable(WaitEvent.NAME);
            recording.enable(DeviceFailedEvent.NAME);
            recording.enable("io.gpuasync.LineLeak");
            recording.start();
            // Own plans: the blocking waiter must find the dead device itself (ADAPTIVE would
            // hand it to the engine, which already holds the future's wait).
            try (Reactor reactor = Reactor.builder().blockingMode(BlockingMode.OWN_PLAN)
                    .watchdog(Duration.ofMillis(50), Duration.ofMillis(10)).build();
                 SimStream stream = sim.device(0).createStream()) {
                WatchedLine<SimStream> line = new WatchedLine<>(sim.openLine());
                line.expect(Slot.S1, Duration.ofMillis(2));   // so the first wait has a prediction
                // Gated work, so each ticket is still pending when its await starts, however
                // slowly this thread gets there (a landed ticket returns at once and records nothing).
                CountDownLatch first = Gates.gate(stream);
                Ticket ticket = line.signal(stream, Slot.S1);
                Gates.Opening opened = Gates.openWhen(line.nextWait(), first);
                reactor.await(ticket);
                opened.assertOpenedBySignal();

                CountDownLatch second = Gates.gate(stream);
                Ticket late = line.signal(stream, Slot.S2);
                assertThrows(GpuException.class, () -> reactor.await(late, Reactor.DEFAULT_PLAN.withTimeout(Duration.ofMillis(5))));
                second.countDown();

                // A dead device: the blocking waiter and the watchdog each find it; the line
                // then cannot settle and keeps its page.
                stream.sleep(Duration.ofSeconds(10));
                Ticket doomed = line.signal(stream, Slot.S2);
                CompletableFuture<Ticket> future = reactor.whenLanded(doomed);
                sim.device(0).fail(SimStatus.ILLEGAL_ADDRESS);
                assertThrows(GpuException.class, () -> reactor.await(doomed));
                assertThrows(Exception.class, future::join);
                line.close();
                assertEquals(Line.State.LEAKED, line.state());
            }
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);

        List<RecordedEvent> waits = named(events, "io.gpuasync.Wait");
        RecordedEvent landed = waits.stream().filter(e -> e.getString("outcome").equals("LANDED")).findFirst().orElseThrow();
        assertEquals(1, landed.getInt("slot"));
        assertEquals(1, landed.getLong("target"));
        assertTrue(landed.getString("line").contains("sim"), landed.getString("line"));
        assertTrue(landed.getString("plan").contains("SleepToWake"), landed.getString("plan"));
        assertTrue(landed.getLong("landedNanos") != 0);
        assertTrue(landed.getLong("predictedLandingNanos") != 0, "the expected service time gave a prediction");
        assertEquals(landed.getLong("landedNanos") - landed.getLong("predictedLandingNanos"),
                landed.getDuration("landingErrorNanos").toNanos());
        assertTrue(landed.getDuration().toNanos() > 0);
        RecordedEvent timedOut = waits.stream().filter(e -> e.getString("outcome").equals("TIMED_OUT")).findFirst().orElseThrow();
        assertEquals(2, timedOut.getInt("slot"));
        assertEquals(0, timedOut.getLong("landedNanos"));
        assertTrue(timedOut.getLong("parkedNanos") + timedOut.getLong("spins") + timedOut.getLong("driverWaitNanos") > 0,
                "it parked, spun or waited in the driver before giving up");
        assertTrue(waits.stream().anyMatch(e -> e.getString("outcome").equals("DEVICE_FAILED")), waits.toString());

        List<RecordedEvent> failures = named(events, "io.gpuasync.DeviceFailed");
        assertTrue(failures.stream().anyMatch(e -> e.getString("foundBy").equals("WAITER")), failures.toString());
        assertTrue(failures.stream().allMatch(e -> e.getInt("status") == SimStatus.ILLEGAL_ADDRESS), failures.toString());

        List<RecordedEvent> leaks = named(events, "io.gpuasync.LineLeak");
        assertEquals(1, leaks.size(), leaks.toString());
        assertEquals("SETTLE_FAILED", leaks.getFirst().getString("reason"));
        assertEquals(4096, leaks.getFirst().getLong("bytes"));
    }

    @Test
    void nothingIsRecordedUnlessEnabled(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("none.jfr");
        SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
        try (Recording recording = new Recording()) {
            recording.disable(WaitEvent.NAME);
            recording.start();
            try (Reactor reactor = Reactor.start();
                 SimStream stream = sim.device(0).createStream();
                 Line<SimStream> line = sim.openLine()) {
                stream.sleep(Duration.ofMillis(1));
                reactor.await(line.signal(stream, Slot.S0), WaitPlan.busySpin());
            }
            recording.stop();
            recording.dump(file);
        }
        assertEquals(List.of(), named(RecordingFile.readAllEvents(file), "io.gpuasync.Wait"));
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
    }
}
