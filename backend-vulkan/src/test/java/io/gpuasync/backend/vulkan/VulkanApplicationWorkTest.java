package io.gpuasync.backend.vulkan;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.LeakReporter;
import io.gpuasync.spi.MappedLine;
import io.gpuasync.testing.Tickets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A line with the application's own work on its queue, on the real driver, as an application
 * queues it ({@link ApplicationWork}: its own pipeline, command buffer and gate): the line's close
 * under work that uses the line's device address, and the line's store recorded into the
 * application's command buffer ({@link VulkanQueue#recordSignal}), which lands with the
 * application's one submit, with no submission of its own, and which the close waits for like
 * any store.
 *
 * <p>{@code Line.deviceAddress(queue, slot)} promises that the close waits for work
 * queued with the address on that queue, whether the application submitted it through
 * {@link VulkanQueue#submit} or with its own {@code vkQueueSubmit} under {@link VulkanQueue#lock()}.
 * The work is held at its gate while the line closes: the close must not free the page (it keeps
 * it once its bound passes), and a line opened after must not see the work's store.
 */
@Timeout(120)
class VulkanApplicationWorkTest {
    private static final long STORED = 0x5eed_0000_0042L;

    private record Leak(LeakReporter.Reason reason, long address) {
    }

    private final List<Leak> leaks = new CopyOnWriteArrayList<>();
    private final LeakReporter reporter = (reason, line, address, bytes) -> leaks.add(new Leak(reason, address));
    private VulkanBackend vulkan;
    private VulkanDevice device;
    private VulkanQueue queue;

    @BeforeEach
    void open() {
        Lavapipe.require();
        vulkan = VulkanBackend.load(reporter);
        device = vulkan.createDevice(0);
        vulkan.useDevice(device);
        queue = device.queue(0);
    }

    @AfterEach
    void close() {
        if (vulkan != null) {
            vulkan.clearCurrentDevice();
        }
        if (device != null) {
            device.close();
        }
    }

    @Test
    void aLineKeepsItsPageUnderHeldWorkSubmittedThroughTheQueueWithItsAddress() {
        keepsItsPageUnder(work -> work.submitThrough(queue));
    }

    @Test
    void aLineKeepsItsPageUnderHeldWorkTheApplicationSubmittedItselfUnderTheQueuesLock() {
        keepsItsPageUnder(work -> work.submitItself(queue));
    }

    // A line that only handed out its address (nothing of its own queued), its bound short: the
    // close must end LEAKED, the page kept, since the work that stores into it is held.
    private void keepsItsPageUnder(Consumer<ApplicationWork> submit) {
        try (ApplicationWork work = new ApplicationWork(device)) {
            MappedLine<VulkanQueue, VulkanDevice> line = MappedLine.open(vulkan.driver(), reporter, NanoClock.SYSTEM,
                    Duration.ofMillis(300));
            work.recordStore(line.deviceAddress(queue, Slot.S0), STORED);
            submit.accept(work);
            line.close();
            Line.State closed = line.state();
            int pagesAfterClose = device.livePages();
            // Opened before the work runs: a page freed by the close is the one it is likely to get.
            try (Line<VulkanQueue> next = vulkan.openLine()) {
                work.open();
                work.awaitDone();
                for (Slot slot : Slot.values()) {
                    assertEquals(0, HostLine.of(next).words().getAcquire(slot),
                            "a line opened after the close saw the held work's store in " + slot);
                }
            }
            assertEquals(Line.State.LEAKED, closed, "close freed the page while work storing through its address was held");
            assertEquals(1, pagesAfterClose, "the page was freed under the held work");
            assertEquals(1, leaks.size(), leaks::toString);
            assertTrue(leaks.getFirst().reason().name().startsWith("SETTLE_"), leaks::toString);
            // The kept page got the store: the work did write through the address the line gave.
            assertEquals(STORED, MemorySegment.ofAddress(leaks.getFirst().address()).reinterpret(8)
                    .get(ValueLayout.JAVA_LONG, 0));
        }
    }

    /**
     * The same close, with the gate opened once the close is waiting: it returns CLOSED, and the
     * page it freed held the work's store when it was freed (the free came after the work).
     */
    @Test
    void aCloseWaitsForTheWorkThatUsesTheAddressThenFrees() throws InterruptedException {
        CountDownLatch settling = new CountDownLatch(1);
        AtomicLong wordAtFree = new AtomicLong(-1);
        ForwardingLineDriver<VulkanQueue, VulkanDevice> watched = new ForwardingLineDriver<>(vulkan.driver()) {
            @Override
            public boolean settle(VulkanDevice domain, List<VulkanQueue> streams, long deadlineNanos) {
                settling.countDown();
                return super.settle(domain, streams, deadlineNanos);
            }

            @Override
            public void freeHost(VulkanDevice domain, MemorySegment host) {
                wordAtFree.set(host.reinterpret(8).get(ValueLayout.JAVA_LONG, 0));
                super.freeHost(domain, host);
            }
        };
        try (ApplicationWork work = new ApplicationWork(device)) {
            MappedLine<VulkanQueue, VulkanDevice> line = MappedLine.open(watched, reporter, NanoClock.SYSTEM,
                    Duration.ofSeconds(60));
            work.recordStore(line.deviceAddress(queue, Slot.S0), STORED);
            work.submitItself(queue);
            Thread opener = Thread.ofPlatform().start(() -> {
                try {
                    settling.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                work.open();
            });
            line.close();
            opener.join();
            assertEquals(Line.State.CLOSED, line.state(), leaks::toString);
            assertEquals(STORED, wordAtFree.get(), "the page was freed before the work's store");
            assertEquals(0, device.livePages());
        }
    }

    /**
     * Where nothing can have been submitted past the backend's own signals, the close waits for
     * the last of them and submits nothing; once the line handed out its address for the queue
     * and the application held the queue's lock, it submits one empty batch to follow whatever
     * the application submitted then (without the address, nothing the application submits can
     * touch the page, and the queue is not settled once the line's store landed).
     */
    @Test
    void theCloseSubmitsACoveringBatchOnlyAfterTheApplicationHeldTheLock() {
        TestLayer layer = TestLayer.require(device);
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            line.signal(queue, Slot.S1);
            long before = layer.submits();
            line.close();
            assertEquals(before, layer.submits(), "the close of a line whose store was the last submission submitted");
        }
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            line.signal(queue, Slot.S1);
            line.deviceAddress(queue, Slot.S1);
            queue.lock().lock();
            queue.lock().unlock();
            long before = layer.submits();
            line.close();
            assertEquals(before + 1, layer.submits(), "the close did not follow what the application may have submitted");
            assertEquals(Line.State.CLOSED, line.state());
        }
    }

    // ---------------------------------------------------------------- a store recorded into the application's command buffer

    @Test
    void aRecordedStoreLandsWithTheApplicationsSubmitAndNoSubmitOfItsOwn() {
        TestLayer layer = TestLayer.require(device);
        try (ApplicationWork work = new ApplicationWork(device); Line<VulkanQueue> line = vulkan.openLine()) {
            line.signal(queue, Slot.S2);
            long submits = layer.submits();
            Ticket ticket = queue.recordSignal(line, Slot.S2, work.begin().address());
            work.end();
            assertEquals(submits, layer.submits(), "recording the store submitted something");
            assertEquals(2, ticket.target());
            assertEquals(2, line.lastSignalled(Slot.S2));
            work.submitItself(queue);
            assertEquals(submits + 1, layer.submits(), "the store took a submission of its own");
            assertFalse(ticket.isDone(), "the recorded store ran before the application's batch passed its gate");
            work.open();
            Tickets.awaitLanded(ticket);
            assertEquals(2, HostLine.of(line).words().getAcquire(Slot.S2));
            // The next signal outside recordSignal is the line's own submission again.
            Tickets.awaitLanded(line.signal(queue, Slot.S2));
        }
        assertTrue(leaks.isEmpty(), leaks::toString);
    }

    /** A recorded store is the line's work on the queue: the close keeps the page while it is held. */
    @Test
    void aLineKeepsItsPageUnderARecordedStoreHeldAtTheApplicationsGate() {
        try (ApplicationWork work = new ApplicationWork(device)) {
            MappedLine<VulkanQueue, VulkanDevice> line = MappedLine.open(vulkan.driver(), reporter, NanoClock.SYSTEM,
                    Duration.ofMillis(300));
            queue.recordSignal(line, Slot.S0, work.begin().address());
            work.end();
            work.submitThrough(queue);
            line.close();
            assertEquals(Line.State.LEAKED, line.state(), "close freed the page under a recorded store held at the gate");
            assertEquals(1, device.livePages());
        }
    }

    @Test
    void aQueueOfAnotherDeviceIsRefusedAndNothingIsRecorded() {
        try (VulkanDevice other = vulkan.createDevice(0); ApplicationWork work = new ApplicationWork(other);
             Line<VulkanQueue> line = vulkan.openLine()) {
            long buffer = work.begin().address();
            GpuException foreign = assertThrows(GpuException.class, () -> other.queue(0).recordSignal(line, Slot.S1, buffer));
            assertEquals(GpuException.Kind.FOREIGN_STREAM, foreign.kind());
            assertEquals(0, line.lastSignalled(Slot.S1));
            work.end();
            assertThrows(IllegalArgumentException.class, () -> queue.recordSignal(line, Slot.S1, 0));
        }
    }
}
