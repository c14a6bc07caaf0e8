package io.gpuasync.backend.vulkan;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.Backends;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.MappedLine;
import io.gpuasync.testing.Tickets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Vulkan backend on the real driver (lavapipe in the build): nothing here is a fake. */
class VulkanBackendTest {
    private final List<String> leaks = new CopyOnWriteArrayList<>();
    private VulkanBackend vulkan;
    private VulkanDevice device;
    private VulkanQueue queue;

    @BeforeEach
    void open() {
        Lavapipe.require();
        vulkan = VulkanBackend.load((reason, line, address, bytes) -> leaks.add(reason.name() + " " + line));
        device = vulkan.createDevice(0);
        vulkan.useDevice(device);
        queue = device.queue(0);
    }

    @AfterEach
    void close() {
        if (device != null) {
            device.close();
        }
    }

    @Test
    void theProviderIsFoundAndAvailable() {
        assertTrue(VulkanBackend.unavailability().isEmpty(), () -> VulkanBackend.unavailability().orElseThrow().toString());
        assertTrue(Backends.discover().stream().anyMatch(f -> f.name().equals("vulkan") && f.usable()));
        assertFalse(VulkanBackend.describeDevices().isEmpty());
    }

    @Test
    void aTicketLandsBehindTheQueuesWorkAndTheReactorAwaitsIt() {
        try (VulkanGate gate = new VulkanGate(device); Reactor reactor = Reactor.start();
             Line<VulkanQueue> line = vulkan.openLine()) {
            gate.hold(queue);
            Ticket ticket = line.signal(queue, Slot.S2);
            Ticket next = line.signal(queue, Slot.S2);
            // Held by the gate: the real driver must not have run the store yet, however long we look.
            assertFalse(ticket.isDone(), "the store ran past a closed gate");
            assertEquals(0, HostLine.of(line).words().getAcquire(Slot.S2));
            gate.open();
            reactor.await(next);
            assertEquals(2, HostLine.of(line).words().getAcquire(Slot.S2));
            assertTrue(ticket.isDone());
        }
        assertTrue(leaks.isEmpty(), leaks::toString);
    }

    @Test
    void theLineHoldsAReferenceToTheDeviceForItsWholeLife() {
        int before = device.references();
        Line<VulkanQueue> line = vulkan.openLine();
        assertEquals(before + 1, device.references());
        assertEquals(1, device.livePages());
        line.signal(queue, Slot.S0);
        // The maker lets go first: the line's reference keeps the device (and its imported page) alive.
        device.close();
        assertEquals(before, device.references());
        assertEquals(1, device.livePages());
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
        assertEquals(0, device.references());
        assertEquals(0, device.livePages());
        device = null;
    }

    @Test
    void noCurrentDeviceIsNoDomain() {
        Thread other = Thread.ofPlatform().unstarted(() -> {
            GpuException e = assertThrows(GpuException.class, vulkan::openLine);
            assertEquals(GpuException.Kind.NO_DOMAIN, e.kind());
        });
        runOn(other);
    }

    @Test
    void aClosedDeviceIsNoDomain() {
        VulkanDevice second = vulkan.createDevice(0);
        second.close();
        vulkan.useDevice(second);
        GpuException e = assertThrows(GpuException.class, vulkan::openLine);
        assertEquals(GpuException.Kind.NO_DOMAIN, e.kind());
    }

    /**
     * A queue kept past its device's destruction refuses the application's submit and the
     * backend's own work, naming why, instead of passing the destroyed device's handles to the
     * driver; where the test layer is under the device, it sees that nothing reached the driver.
     */
    @Test
    void aQueueOfADestroyedDeviceRefusesSubmitsAndSaysWhy() {
        VulkanDevice second = vulkan.createDevice(0);
        VulkanQueue kept = second.queue(0);
        java.util.Optional<TestLayer> layer = TestLayer.find().filter(l -> l.under(second));
        second.close();
        assertEquals(0, second.references());
        long submits = layer.map(TestLayer::submits).orElse(0L);
        GpuException e = assertThrows(GpuException.class, () -> kept.submit(java.lang.foreign.MemorySegment.NULL, 0, 0));
        assertEquals(GpuException.Kind.CLOSED, e.kind());
        assertTrue(e.getMessage().contains("the device was destroyed") && e.getMessage().contains("nothing was submitted"),
                e.getMessage());
        GpuException busy = assertThrows(GpuException.class, () -> vulkan.enqueueBusy(kept, 10));
        assertEquals(GpuException.Kind.CLOSED, busy.kind());
        assertEquals(submits, layer.map(TestLayer::submits).orElse(0L), "a submit reached the driver after the device was destroyed");
    }

    @Test
    void aQueueOfAnotherDeviceIsForeign() {
        try (VulkanDevice other = vulkan.createDevice(0); Line<VulkanQueue> line = vulkan.openLine()) {
            GpuException e = assertThrows(GpuException.class, () -> line.signal(other.queue(0), Slot.S0));
            assertEquals(GpuException.Kind.FOREIGN_STREAM, e.kind());
            assertEquals(0, other.queue(0).lastSubmitted(), "the foreign queue got a submission");
        }
    }

    private static boolean aThreadIsInSettle() {
        return Thread.getAllStackTraces().values().stream().anyMatch(stack -> java.util.Arrays.stream(stack)
                .anyMatch(f -> f.getClassName().equals(VulkanDriver.class.getName()) && f.getMethodName().equals("settle")));
    }

    @Test
    void closingUnderPendingWorkWaitsForTheStoreThenFrees() {
        VulkanGate gate = new VulkanGate(device);
        Line<VulkanQueue> line = vulkan.openLine();
        gate.hold(queue);
        line.signal(queue, Slot.S1);
        long store = queue.lastSubmitted();
        // The gate opens once the close waits in the driver's settle: a close that freed the page
        // without waiting for the store would have freed it while the store was still held.
        Thread opener = Thread.ofPlatform().start(() -> {
            long giveUpAt = System.nanoTime() + Tickets.LANDS_WITHIN.toNanos();
            while (!aThreadIsInSettle() && System.nanoTime() - giveUpAt < 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
            gate.open();
        });
        line.close();
        assertEquals(Line.State.CLOSED, line.state(), "close returned without the store landing: " + leaks);
        assertEquals(0, device.livePages());
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment counter = arena.allocate(Long.BYTES);
            assertEquals(0, queue.completed(counter));
            assertTrue(counter.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0) >= store,
                    "the page was freed before the submission of its store had finished");
        }
        join(opener);
        gate.close();
    }

    @Test
    void closingUnderWorkThatOutlastsTheBoundKeepsThePageAndReportsIt() {
        VulkanGate gate = new VulkanGate(device);
        MappedLine<VulkanQueue, VulkanDevice> line = MappedLine.open(vulkan.driver(), (reason, name, address, bytes) ->
                leaks.add(reason.name()), io.gpuasync.core.NanoClock.SYSTEM, Duration.ofMillis(200));
        gate.hold(queue);
        line.signal(queue, Slot.S1);
        line.close();
        assertEquals(Line.State.LEAKED, line.state());
        assertEquals(List.of("SETTLE_TIMED_OUT"), leaks);
        assertEquals(1, device.livePages(), "a page was freed under a pending store");
        gate.close();
    }

    @Test
    void deviceSideWaitsAreUnavailableAndSaySo() {
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            GpuException e = assertThrows(GpuException.class,
                    () -> line.waitOnDevice(queue, Slot.S0, 1));
            assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
            assertTrue(e.getMessage().contains("semaphores"), e.getMessage());
        }
    }

    private static void runOn(Thread thread) {
        Throwable[] failure = new Throwable[1];
        thread.setUncaughtExceptionHandler((t, e) -> failure[0] = e);
        thread.start();
        join(thread);
        if (failure[0] != null) {
            throw new AssertionError(failure[0]);
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
