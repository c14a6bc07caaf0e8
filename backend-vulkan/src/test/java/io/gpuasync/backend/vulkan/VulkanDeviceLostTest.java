package io.gpuasync.backend.vulkan;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.LineException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A lost device, on the real driver: the test layer ({@link TestLayer}) answers
 * {@code VK_ERROR_DEVICE_LOST} for the lost device's submits, semaphore queries and waits, as a
 * lost device does, while lavapipe runs everything else (creating, freeing, destroying). Nothing
 * of the backend is replaced: the error reaches it from the driver table, as it would on a GPU.
 */
@Timeout(120)
class VulkanDeviceLostTest {
    private final List<String> leaks = new CopyOnWriteArrayList<>();
    private VulkanBackend vulkan;
    private VulkanDevice device;
    private VulkanQueue queue;
    private TestLayer layer;

    @BeforeEach
    void open() {
        Lavapipe.require();
        vulkan = VulkanBackend.load((reason, line, address, bytes) -> leaks.add(reason.name() + " " + line));
        device = vulkan.createDevice(0);
        try {
            layer = TestLayer.require(device);
        } catch (org.opentest4j.TestAbortedException noLayer) {
            device.close();     // skipped: nothing of the test keeps it
            throw noLayer;
        }
        vulkan.useDevice(device);
        queue = device.queue(0);
    }

    @AfterEach
    void close() {
        if (vulkan != null) {     // null where open() found no Vulkan and skipped the test
            vulkan.clearCurrentDevice();
        }
    }

    /**
     * A waiter blocked on a store held behind a gate ends with DEVICE_FAILED and the driver's
     * status once the device is lost (no waiter is left hanging); the line's health check keeps
     * saying so; new lines are refused; and close keeps the page, whose store never was seen
     * finished, rather than free it under the device.
     */
    @Test
    void aLostDeviceEndsPendingWaitsAndKeepsThePageUnderItsStore() throws InterruptedException {
        VulkanGate gate = new VulkanGate(device);
        Line<VulkanQueue> line = vulkan.openLine();
        gate.hold(queue);
        Ticket ticket = line.signal(queue, Slot.S0);
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread waiter;
        try (Reactor reactor = Reactor.start()) {
            waiter = Thread.ofPlatform().start(() -> {
                try {
                    reactor.await(ticket);
                } catch (Throwable e) {
                    ended.set(e);
                }
            });
            long lostBefore = layer.lostAnswers();
            layer.lose(device);
            waiter.join();
            assertTrue(layer.lostAnswers() > lostBefore, "the backend never asked the driver anything after the loss");
        }
        GpuException failed = assertThrows(GpuException.class, () -> {
            throw ended.get();
        }, "the wait ended without a failure");
        assertEquals(GpuException.Kind.DEVICE_FAILED, failed.kind(), failed::toString);
        assertEquals(Vk.VK_ERROR_DEVICE_LOST, failed.status(), failed::toString);
        assertFalse(ticket.isDone(), "the store behind the closed gate landed");

        for (int i = 0; i < 2; i++) {
            GpuException health = assertThrows(GpuException.class, HostLine.of(line)::checkHealth);
            assertEquals(GpuException.Kind.DEVICE_FAILED, health.kind());
            assertEquals(Vk.VK_ERROR_DEVICE_LOST, health.status());
        }
        GpuException refused = assertThrows(GpuException.class, vulkan::openLine);
        assertEquals(Vk.VK_ERROR_DEVICE_LOST, refused.status(), refused::toString);
        assertEquals(1, device.livePages(), "a refused line kept a page");

        line.close();
        assertEquals(Line.State.LEAKED, line.state());
        assertEquals(1, leaks.size(), leaks::toString);
        assertTrue(leaks.getFirst().startsWith("SETTLE_FAILED"), leaks::toString);
        assertEquals(1, device.livePages(), "the page was freed under a store the lost device may still make");
        assertEquals(2, device.references(), "the kept line gave back its reference to the device");
        // Let lavapipe, which the layer cannot stop, run what it holds: into the page the line kept.
        gate.open();
        device.close();
    }

    /**
     * The driver's own wait for a store held behind a gate fails with {@code VK_ERROR_DEVICE_LOST}
     * once the device is lost, both as the backend waits on this driver and as one wait for any
     * of the timelines and the wake; through the line, as DEVICE_FAILED with the status.
     */
    @Test
    void aLostDeviceFailsTheDriversWaitForAStore() {
        VulkanGate gate = new VulkanGate(device);
        Line<VulkanQueue> line = vulkan.openLine();
        gate.hold(queue);
        Ticket ticket = line.signal(queue, Slot.S2);
        long[] tokens = {HostLine.of(line).storeToken(ticket.slot(), ticket.target())};
        long far = System.nanoTime() + 600_000_000_000L;
        layer.lose(device);
        for (boolean asTheBackendDoes : new boolean[] {true, false}) {
            LineException e = assertThrows(LineException.class,
                    () -> new VulkanStoreWaits(asTheBackendDoes).awaitAny(device, tokens, 1, far, device.storeWake.wakes()));
            assertEquals(Vk.VK_ERROR_DEVICE_LOST, e.error().status(), e::toString);
        }
        GpuException failed = assertThrows(GpuException.class, () -> HostLine.of(line).awaitStores(tokens, 1, far, HostLine.of(line).storeWakes()));
        assertEquals(GpuException.Kind.DEVICE_FAILED, failed.kind(), failed::toString);
        assertEquals(Vk.VK_ERROR_DEVICE_LOST, failed.status(), failed::toString);
        assertFalse(ticket.isDone(), "the store behind the closed gate landed");
        line.close();
        assertEquals(Line.State.LEAKED, line.state());
        gate.open();
        device.close();
    }

    /**
     * A line whose every store the driver said was finished before the loss frees its page on
     * close, leaks nothing, and gives back its reference; the device is then destroyed.
     */
    @Test
    void aLostDeviceWithNothingPendingFreesThePageOnClose() {
        Line<VulkanQueue> line = vulkan.openLine();
        try (Reactor reactor = Reactor.start()) {
            reactor.await(line.signal(queue, Slot.S1));
        }
        // The backend itself sees its submission finish (the word landing says only that the
        // shader stored), as a health check or a recycled command buffer would.
        assertEquals(Vk.VK_SUCCESS, queue.awaitValue(queue.lastSubmitted(), System.nanoTime() + 60_000_000_000L));
        layer.lose(device);
        GpuException health = assertThrows(GpuException.class, HostLine.of(line)::checkHealth);
        assertEquals(GpuException.Kind.DEVICE_FAILED, health.kind());
        assertEquals(Vk.VK_ERROR_DEVICE_LOST, health.status());

        line.close();
        assertEquals(Line.State.CLOSED, line.state(), () -> "leaks: " + leaks);
        assertTrue(leaks.isEmpty(), leaks::toString);
        assertEquals(0, device.livePages());
        assertEquals(1, device.references());
        device.close();
        assertEquals(0, device.references());
        assertThrows(GpuException.class, () -> device.queue(0));
    }

    /**
     * A line that never stored, on a device whose queues nobody opened, is still told that its
     * device is lost: the health check asks the device's first queue.
     */
    @Test
    void aLostDeviceIsReportedToALineThatNeverStored() {
        try (VulkanDevice fresh = vulkan.createDevice(0)) {
            TestLayer.require(fresh);
            vulkan.useDevice(fresh);
            Line<VulkanQueue> line = vulkan.openLine();
            layer.lose(fresh);
            GpuException health = assertThrows(GpuException.class, HostLine.of(line)::checkHealth,
                    "a line on a lost device with no queue opened was reported healthy");
            assertEquals(GpuException.Kind.DEVICE_FAILED, health.kind());
            assertEquals(Vk.VK_ERROR_DEVICE_LOST, health.status());
            line.close();
            assertEquals(Line.State.CLOSED, line.state(), () -> "leaks: " + leaks);
            assertEquals(0, fresh.livePages());
        }
        device.close();
    }

    /**
     * {@code VK_ERROR_DEVICE_LOST} from a submit is recorded on the device at once, before any
     * health check asks: the application's submit and the line's next store fail with it, and
     * the line reports it.
     */
    @Test
    void aLostDeviceSeenByASubmitIsTheLinesStickyError() {
        Line<VulkanQueue> line = vulkan.openLine();
        layer.lose(device);
        assertEquals(0, device.lostStatus(), "lost before anything asked the driver");
        GpuException submit = assertThrows(GpuException.class, () -> queue.submit(MemorySegment.NULL, 0, 0));
        assertEquals(GpuException.Kind.DRIVER_STATUS, submit.kind());
        assertEquals(Vk.VK_ERROR_DEVICE_LOST, submit.status());
        assertEquals(Vk.VK_ERROR_DEVICE_LOST, device.lostStatus(), "the submit's VK_ERROR_DEVICE_LOST was not kept");

        GpuException store = assertThrows(GpuException.class, () -> line.signal(queue, Slot.S3));
        assertEquals(Vk.VK_ERROR_DEVICE_LOST, store.status(), store::toString);
        GpuException health = assertThrows(GpuException.class, HostLine.of(line)::checkHealth);
        assertEquals(GpuException.Kind.DEVICE_FAILED, health.kind());
        assertEquals(Vk.VK_ERROR_DEVICE_LOST, health.status());
        // Nothing of the line's reached the device: nothing pending, so close frees the page.
        line.close();
        assertEquals(Line.State.CLOSED, line.state(), () -> "leaks: " + leaks);
        assertEquals(0, device.livePages());
        device.close();
    }
}
