package io.gpuasync.backend.sim;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.Backends;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.LeakReporter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SimBackendTest {
    private final List<String> leaks = new CopyOnWriteArrayList<>();
    private final SimBackend sim = SimBackend.create(2, (LeakReporter) (reason, line, address, bytes) -> leaks.add(reason.name()));

    @AfterEach
    void closeDevices() {
        for (int i = 0; i < sim.deviceCount(); i++) {
            try {
                sim.device(i).close();
            } catch (IllegalStateException stillInUse) {
                // A test that leaves a device in use on purpose says so itself.
            }
        }
    }

    private static void awaitDone(Ticket ticket) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!ticket.isDone()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("ticket " + ticket + " did not land in 10 s");
            }
            Thread.sleep(1);
        }
    }

    @Test
    void aTicketLandsOnlyAfterTheWorkQueuedBeforeIt() throws InterruptedException {
        SimStream stream = sim.device(0).createStream();
        try (Line<SimStream> line = sim.openLine()) {
            long[] workEnded = {0};
            stream.sleep(Duration.ofMillis(30));
            stream.call(() -> workEnded[0] = System.nanoTime());
            Ticket ticket = line.signal(stream, Slot.S2);
            assertFalse(ticket.isDone(), "30 ms of work is queued before the store");
            awaitDone(ticket);
            assertTrue(workEnded[0] != 0, "the work ran before the store landed");
            assertEquals(1, HostLine.of(line).words().getAcquire(Slot.S2));
        }
        assertEquals(0, sim.device(0).liveAllocations());
        assertEquals(0, sim.device(0).retains());
    }

    @Test
    void aStreamRunsItsItemsInOrder() throws InterruptedException {
        SimStream stream = sim.device(0).createStream();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            int n = i;
            if (i % 10 == 0) {
                stream.busy(Duration.ofNanos(50_000));
            }
            stream.call(() -> order.add(n));
        }
        assertTrue(stream.synchronize(Duration.ofSeconds(10)));
        assertEquals(100, order.size());
        for (int i = 0; i < 100; i++) {
            assertEquals(i, order.get(i));
        }
    }

    @Test
    void aStreamOfAnotherDeviceIsForeign() {
        SimStream other = sim.device(1).createStream();
        try (Line<SimStream> line = sim.openLine()) {
            GpuException e = assertThrows(GpuException.class, () -> line.signal(other, Slot.S0));
            assertEquals(GpuException.Kind.FOREIGN_STREAM, e.kind());
            assertEquals(-4, e.status());
        }
    }

    @Test
    void theCurrentDeviceDecidesTheLinesDomain() throws InterruptedException {
        sim.device(1).makeCurrent();
        SimStream onOne = sim.device(1).createStream();
        try (Line<SimStream> line = sim.openLine()) {
            assertEquals(1, sim.device(1).retains());
            awaitDone(line.signal(onOne, Slot.S0));
        }
        sim.clearCurrent();
        GpuException e = assertThrows(GpuException.class, sim::openLine);
        assertEquals(GpuException.Kind.NO_DOMAIN, e.kind());
        assertEquals(-3, e.status());
        sim.device(0).makeCurrent();
        sim.openLine().close();
    }

    @Test
    void aLineOpensOnADeviceByNumberWhateverTheThreadHasCurrent() throws InterruptedException {
        sim.clearCurrent();
        SimStream onOne = sim.device(1).createStream();
        try (Line<SimStream> line = sim.openLine(1)) {
            assertEquals(1, sim.device(1).retains());
            awaitDone(line.signal(onOne, Slot.S0));
        }
        assertEquals(0, sim.device(1).retains());
        assertEquals(null, sim.currentDevice(), "opening made a device current");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sim.openLine(2));
        assertTrue(e.getMessage().contains("sim device 2 does not exist"), e.getMessage());
    }

    @Test
    void aFailedDeviceRefusesWorkAndItsLinesLeakRatherThanFreeUnderAPendingStore() {
        SimStream stream = sim.device(0).createStream();
        Line<SimStream> line = sim.openLine();
        stream.sleep(Duration.ofMillis(50));
        Ticket ticket = line.signal(stream, Slot.S0);
        sim.device(0).fail(SimStatus.ILLEGAL_ADDRESS);

        GpuException health = assertThrows(GpuException.class, HostLine.of(line)::checkHealth);
        assertEquals(GpuException.Kind.DEVICE_FAILED, health.kind());
        assertEquals(700, health.status());
        assertTrue(health.getMessage().contains("CUDA_ERROR_ILLEGAL_ADDRESS"), health.getMessage());
        GpuException refused = assertThrows(GpuException.class, () -> line.signal(stream, Slot.S1));
        assertEquals(700, refused.status());
        // The driver's own wait for the store says so too, rather than return false for ever.
        HostLine<SimStream> host = HostLine.of(line);
        long[] tokens = {host.storeToken(Slot.S0, ticket.target())};
        GpuException waited = assertThrows(GpuException.class,
                () -> host.awaitStores(tokens, 1, System.nanoTime() + Duration.ofSeconds(10).toNanos(), host.storeWakes()));
        assertEquals(GpuException.Kind.DEVICE_FAILED, waited.kind());
        assertEquals(700, waited.status());

        line.close();
        assertEquals(Line.State.LEAKED, line.state());
        assertEquals(List.of("SETTLE_FAILED"), leaks);
        assertEquals(Line.State.LEAKED, ticket.line().state());
        assertEquals(1, sim.device(0).liveAllocations(), "the page is kept");
        assertEquals(1, sim.device(0).retains(), "and so is the device");
    }

    @Test
    void closingADeviceInUseFailsAndChangesNothing() throws InterruptedException {
        SimDevice device = sim.device(0);
        SimStream stream = device.createStream();
        Line<SimStream> line = sim.openLine();
        IllegalStateException held = assertThrows(IllegalStateException.class, device::close);
        assertTrue(held.getMessage().contains("1 line reference(s)"), held.getMessage());

        stream.sleep(Duration.ofMillis(100));
        Ticket ticket = line.signal(stream, Slot.S0);
        line.close();
        assertTrue(ticket.line().state() == Line.State.CLOSED, "close settled the device first");

        stream.sleep(Duration.ofMillis(200));
        IllegalStateException busy = assertThrows(IllegalStateException.class, device::close);
        assertTrue(busy.getMessage().contains("work queued on sim stream"), busy.getMessage());
        assertTrue(stream.synchronize(Duration.ofSeconds(10)), "the stream still runs: nothing was lost");
        device.close();
        GpuException closed = assertThrows(GpuException.class, device::createStream);
        assertEquals(GpuException.Kind.CLOSED, closed.kind());
        GpuException noDevice = assertThrows(GpuException.class, sim::openLine);
        assertEquals(GpuException.Kind.NO_DOMAIN, noDevice.kind());
    }

    @Test
    void aStoreIntoFreedMemoryFaultsTheDeviceInsteadOfWritingIt() throws InterruptedException {
        SimDevice device = sim.device(0);
        SimStream stream = device.createStream();
        long address = device.allocate(4096).address();
        assertTrue(device.free(address));
        stream.store(address + 8, 1);
        assertFalse(stream.synchronize(Duration.ofSeconds(10)));
        assertEquals(SimStatus.ILLEGAL_ADDRESS, device.stickyError());
        assertTrue(device.failureCause().getMessage().contains("which is not allocated"));
    }

    @Test
    void aWorkItemThatThrowsFailsTheDeviceLikeAKernelFault() throws InterruptedException {
        SimStream stream = sim.device(0).createStream();
        // Held up, so the item after the fault is queued before the fault happens.
        stream.sleep(Duration.ofMillis(50));
        stream.call(() -> {
            throw new IllegalStateException("kernel bug");
        });
        List<String> after = new CopyOnWriteArrayList<>();
        stream.call(() -> after.add("ran"));
        assertFalse(stream.synchronize(Duration.ofSeconds(10)));
        assertEquals(SimStatus.LAUNCH_FAILED, sim.device(0).stickyError());
        assertEquals("kernel bug", sim.device(0).failureCause().getMessage());
        assertEquals(List.of(), after, "nothing queued after a fault runs");
    }

    @Test
    void aStreamCanWaitOnTheDeviceForAnotherStreamsLine() throws InterruptedException {
        SimStream producer = sim.device(0).createStream();
        SimStream consumer = sim.device(0).createStream();
        try (Line<SimStream> line = sim.openLine()) {
            consumer.waitValue(line.deviceAddress(consumer, Slot.S0), 1);
            Ticket after = line.signal(consumer, Slot.S1);
            producer.sleep(Duration.ofMillis(50));
            Ticket first = line.signal(producer, Slot.S0);
            assertFalse(after.isDone(), "the consumer waits, on the device, for the producer's store");
            awaitDone(after);
            assertTrue(first.isDone());
        }
    }

    @Test
    void badWorkIsRefused() {
        SimStream stream = sim.device(0).createStream();
        assertThrows(IllegalArgumentException.class, () -> stream.busy(Duration.ofNanos(-1)));
        assertThrows(NullPointerException.class, () -> stream.call(null));
        assertThrows(IllegalArgumentException.class, () -> sim.device(2));
        assertThrows(IllegalArgumentException.class, () -> SimBackend.create(0));
        stream.close();
        assertEquals(GpuException.Kind.CLOSED, assertThrows(GpuException.class, () -> stream.busy(Duration.ZERO)).kind());
    }

    @Test
    void theServiceLoaderFindsTheSimBackend() {
        List<Backends.Found> found = Backends.discover();
        assertTrue(found.stream().anyMatch(f -> f.name().equals("sim") && f.usable()), found.toString());
        assertEquals("sim", Backends.named("sim").name());
    }

    /**
     * The shape {@code try (Line l = ...) { reactor.await(t); }} takes when the await is
     * interrupted: close then runs on an interrupted thread. It still waits for the store (the
     * sim's settle no longer sees the closer's interrupt: it runs on the line's settler thread),
     * frees the page, and leaves the interrupt status set.
     */
    @Test
    void closingOnAnInterruptedThreadStillSettlesAndFrees() {
        SimStream stream = sim.device(0).createStream();
        try {
            Line<SimStream> line = sim.openLine();
            stream.sleep(Duration.ofMillis(100));
            Ticket ticket = line.signal(stream, Slot.S0);
            Thread.currentThread().interrupt();
            try {
                line.close();
                assertTrue(Thread.currentThread().isInterrupted(), "close cleared the interrupt status");
            } finally {
                Thread.interrupted();
            }
            assertEquals(Line.State.CLOSED, line.state());
            assertEquals(List.of(), leaks);
            assertEquals(0, sim.device(0).liveAllocations());
            assertEquals(0, sim.device(0).retains());
            assertTrue(stream.isIdle(), "close returned before the store ran");
        } finally {
            stream.close();
        }
    }

    /** A device-side wait is queued work of the line: a line only waited on settles before it frees. */
    @Test
    void aLineOnlyWaitedOnByTheDeviceSettlesThatWaitBeforeFreeing() throws InterruptedException {
        SimStream producer = sim.device(0).createStream();
        SimStream consumer = sim.device(0).createStream();
        io.gpuasync.spi.MappedLine<SimStream, SimDevice> line =
                io.gpuasync.spi.MappedLine.open(sim.driver(), (reason, name, address, bytes) -> leaks.add(reason.name()),
                        io.gpuasync.core.NanoClock.SYSTEM, Duration.ofMillis(300));
        long word = line.deviceAddress(producer, Slot.S0);
        line.waitOnDevice(consumer, Slot.S0, 1);
        line.close();
        // The wait was never satisfied: the page is kept rather than freed under the poll.
        assertEquals(Line.State.LEAKED, line.state());
        assertEquals(List.of("SETTLE_TIMED_OUT"), leaks);
        assertEquals(1, sim.device(0).liveAllocations());
        // The kept page is still there to store into: that lets the consumer go, to close it.
        producer.store(word, 1);
        assertTrue(consumer.synchronize(Duration.ofSeconds(10)));
        consumer.close();
        producer.close();
        GpuException foreign = assertThrows(GpuException.class, () -> {
            try (Line<SimStream> other = sim.openLine()) {
                sim.setCurrent(sim.device(1));
                SimStream elsewhere = sim.device(1).createStream();
                try {
                    other.waitOnDevice(elsewhere, Slot.S0, 1);
                } finally {
                    elsewhere.close();
                    sim.setCurrent(sim.device(0));
                }
            }
        });
        assertEquals(GpuException.Kind.FOREIGN_STREAM, foreign.kind());
    }
}
