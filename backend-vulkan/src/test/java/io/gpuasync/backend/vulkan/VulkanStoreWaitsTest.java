package io.gpuasync.backend.vulkan;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.StoreWaits;
import io.gpuasync.testing.Tickets;
import io.gpuasync.testing.Waiter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Vulkan driver's own wait for its stores ({@link VulkanStoreWaits}) on the real driver, its
 * stores held behind a gate ({@link VulkanGate}) for as long as a test needs. Each wait runs both
 * ways: as the backend runs it on this driver (on lavapipe, which polls for any of several
 * semaphores, a wait for one timeline in slices), and as one {@code vkWaitSemaphores} for any of
 * the timelines and the wake's semaphore. Nothing here measures time: a wait that hangs fails the
 * test by its timeout.
 */
@Timeout(120)
class VulkanStoreWaitsTest {
    // A deadline no wait here may reach: one that returns did so for a landing or a wake.
    private static final long FAR = Duration.ofMinutes(10).toNanos();
    // How long a wait that must end may take on a loaded machine: a liveness bound, not a timing claim.
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private VulkanBackend vulkan;
    private VulkanDevice device;
    private VulkanQueue queue;
    private VulkanGate gate;

    @BeforeEach
    void open() {
        Lavapipe.require();
        vulkan = VulkanBackend.load((reason, line, address, bytes) -> { });
        device = vulkan.createDevice(0);
        vulkan.useDevice(device);
        queue = device.queue(0);
        gate = new VulkanGate(device);
    }

    @AfterEach
    void close() {
        if (gate != null) {
            gate.close();
        }
        if (device != null) {
            device.close();
        }
    }

    private static VulkanStoreWaits waits(boolean asTheBackendDoes) {
        return new VulkanStoreWaits(asTheBackendDoes);
    }

    private static long tokenOf(Line<VulkanQueue> line, Ticket ticket) {
        long token = HostLine.of(line).storeToken(ticket.slot(), ticket.target());
        assertNotEquals(StoreWaits.NO_TOKEN, token, "no token for " + ticket);
        return token;
    }

    /** The backend offers its wait; on lavapipe, which polls for any of several semaphores, sliced. */
    @Test
    void theBackendOffersItsWait() {
        assertTrue(vulkan.driver().storeWaits() instanceof VulkanStoreWaits);
        assertEquals(device.physical.driverId() == Vk.VK_DRIVER_ID_MESA_LLVMPIPE, device.storeWake.pollsForAnyOfMany,
                device.physical.describe());
    }

    @Test
    void aTokenNamesTheQueueAndTheTimelineValueItsStoresSubmitSignals() {
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            Ticket ticket = line.signal(queue, Slot.S1);
            assertEquals(VulkanStoreWaits.token(queue.index(), queue.lastSubmitted()), tokenOf(line, ticket));
            Tickets.awaitLanded(ticket);
        }
    }

    /**
     * A store's own value is found after other lines stored through the queue; once it is out of
     * the queue's record, the value of the latest submission, which follows it too.
     */
    @Test
    void aStoresSignalIsItsOwnAfterOtherStoresAndLaterOnceForgotten() throws LineException {
        try (Line<VulkanQueue> line = vulkan.openLine(); Line<VulkanQueue> other = vulkan.openLine()) {
            long address = line.deviceAddress(queue, Slot.S0);
            long elsewhere = other.deviceAddress(queue, Slot.S0);
            long own = queue.store(address, 1);
            queue.store(elsewhere, 1);
            queue.store(elsewhere, 2);
            assertEquals(own, queue.storeSignal(address, 1));
            for (int i = 3; i < 3 + 16; i++) {
                queue.store(elsewhere, i);
            }
            assertEquals(queue.lastSubmitted(), queue.storeSignal(address, 1));
            assertTrue(queue.lastSubmitted() > own);
            queue.awaitValue(queue.lastSubmitted(), System.nanoTime() + FAR);
        }
    }

    /** A store recorded into the application's command buffer has no token: hosts poll for it. */
    @Test
    void aStoreRecordedIntoTheApplicationsCommandBufferHasNoToken() {
        try (ApplicationWork work = new ApplicationWork(device); Line<VulkanQueue> line = vulkan.openLine()) {
            // The queue's timeline has a value by now, which the recorded store does not follow.
            Tickets.awaitLanded(line.signal(queue, Slot.S2));
            Ticket recorded = queue.recordSignal(line, Slot.S2, work.begin().address());
            work.end();
            assertEquals(StoreWaits.NO_TOKEN, HostLine.of(line).storeToken(recorded.slot(), recorded.target()));
            work.submitThrough(queue);
            work.open();
            Tickets.awaitLanded(recorded);
            Ticket next = line.signal(queue, Slot.S2);
            assertNotEquals(StoreWaits.NO_TOKEN, HostLine.of(line).storeToken(next.slot(), next.target()));
            Tickets.awaitLanded(next);
        }
    }

    @ParameterizedTest(name = "as the backend does: {0}")
    @ValueSource(booleans = {true, false})
    void aWaitEndsByItsDeadlineWhileItsStoreIsHeld(boolean asTheBackendDoes) throws LineException {
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            gate.hold(queue);
            Ticket ticket = line.signal(queue, Slot.S3);
            long[] tokens = {tokenOf(line, ticket)};
            assertFalse(waits(asTheBackendDoes).awaitAny(device, tokens, 1, System.nanoTime() + Duration.ofMillis(30).toNanos(),
                    waits(asTheBackendDoes).wakes(device)));
            assertFalse(ticket.isDone());
            gate.open();
            Tickets.awaitLanded(ticket);
        }
    }

    // How many waits warm up, and then how many are counted.
    private static final int WAITS = 2_000;

    /**
     * A wait allocates nothing once its thread's native arguments exist: the device makes the
     * calls a wait makes when it is made, so even a thread's first wait allocates only those
     * arguments, not the bindings, which allocate on their first calls in the JVM. Each
     * wait here blocks in the driver until its deadline: the store is held.
     */
    @ParameterizedTest(name = "as the backend does: {0}")
    @ValueSource(booleans = {true, false})
    void aWaitAllocatesNothing(boolean asTheBackendDoes) throws Exception {
        VulkanStoreWaits waits = waits(asTheBackendDoes);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            gate.hold(queue);
            Ticket ticket = line.signal(queue, Slot.S6);
            long[] tokens = {tokenOf(line, ticket)};
            long[] allocated = new long[2];
            Waiter waiter = new Waiter(() -> {
                long before = threads.getCurrentThreadAllocatedBytes();
                waits.awaitAny(device, tokens, 1, System.nanoTime() + 20_000, waits.wakes(device));
                allocated[0] = threads.getCurrentThreadAllocatedBytes() - before;
                for (int i = 0; i < WAITS; i++) {
                    waits.awaitAny(device, tokens, 1, System.nanoTime() + 20_000, waits.wakes(device));
                }
                before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < WAITS; i++) {
                    waits.awaitAny(device, tokens, 1, System.nanoTime() + 20_000, waits.wakes(device));
                }
                allocated[1] = threads.getCurrentThreadAllocatedBytes() - before;
                return null;
            });
            assertEquals(null, waiter.join(2 * WAITS + " waits of 20 us", PATIENCE));
            assertFalse(ticket.isDone(), "the store is held throughout");
            assertTrue(allocated[0] < 4_096, "a thread's first wait allocated " + allocated[0] + " bytes");
            // Under one object per ten waits: a wait that allocated would leave 16 bytes or more
            // each; what a first compilation resolves on the calling thread comes once.
            assertTrue(allocated[1] < 16 * WAITS / 10, WAITS + " waits allocated " + allocated[1] + " bytes");
            gate.open();
            Tickets.awaitLanded(ticket);
        }
    }

    /**
     * The wait returns true only once the store landed: a waiter that loops over its false
     * returns looks at the word as soon as one returns true, and the gate opens only after the
     * waiter started.
     */
    @ParameterizedTest(name = "as the backend does: {0}")
    @ValueSource(booleans = {true, false})
    void aWaitReturnsTrueOnlyOnceTheStoreLanded(boolean asTheBackendDoes) throws Exception {
        VulkanStoreWaits waits = waits(asTheBackendDoes);
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            gate.hold(queue);
            line.signal(queue, Slot.S4);
            Ticket ticket = line.signal(queue, Slot.S5);
            long[] tokens = {tokenOf(line, ticket)};
            Waiter waiter = new Waiter(() -> {
                while (!waits.awaitAny(device, tokens, 1, System.nanoTime() + FAR, waits.wakes(device))) {
                    Thread.onSpinWait();
                }
                return ticket.isDone();
            });
            waiter.awaitBlocked();
            gate.open();
            assertEquals(Boolean.TRUE, waiter.join("the wait for a store that landed", PATIENCE),
                    "the wait said the store landed and its word had not reached it");
        }
    }

    /**
     * A wake after the caller read the wake count ends the wait it then starts (false, the store
     * still held), and nothing more: the next wait, with the count read anew, blocks until the
     * store lands and says so.
     */
    @ParameterizedTest(name = "as the backend does: {0}")
    @ValueSource(booleans = {true, false})
    void aWakeAfterTheCountWasReadEndsTheWaitAndCostsOneFalseAtMost(boolean asTheBackendDoes) throws Exception {
        VulkanStoreWaits waits = waits(asTheBackendDoes);
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            gate.hold(queue);
            Ticket ticket = line.signal(queue, Slot.S6);
            long[] tokens = {tokenOf(line, ticket)};
            long seen = waits.wakes(device);
            waits.wake(device);
            Object first = new Waiter(() -> waits.awaitAny(device, tokens, 1, System.nanoTime() + FAR, seen))
                    .join("a wait that started after a wake (the wake was lost)", PATIENCE);
            assertEquals(Boolean.FALSE, first, "woken, yet it said the store landed");
            assertFalse(ticket.isDone());
            Waiter next = new Waiter(() -> waits.awaitAny(device, tokens, 1, System.nanoTime() + FAR, waits.wakes(device)));
            gate.open();
            assertEquals(Boolean.TRUE, next.join("the wait after the woken one", PATIENCE),
                    "the wait after the woken one did not wait for the store");
        }
    }

    /** A wake ends a wait that is blocked: woken again and again until it returns, and it returns false. */
    @ParameterizedTest(name = "as the backend does: {0}")
    @ValueSource(booleans = {true, false})
    void aWakeEndsABlockedWait(boolean asTheBackendDoes) throws Exception {
        VulkanStoreWaits waits = waits(asTheBackendDoes);
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            gate.hold(queue);
            Ticket ticket = line.signal(queue, Slot.S7);
            long[] tokens = {tokenOf(line, ticket)};
            long seenBefore = waits.wakes(device);
            Waiter waiter = new Waiter(() -> waits.awaitAny(device, tokens, 1, System.nanoTime() + FAR, seenBefore));
            // Not ended by a wake before it: woken only once it most likely blocked.
            waiter.awaitBlocked();
            long until = System.nanoTime() + PATIENCE.toNanos();
            while (!waiter.returnedWithin(Duration.ofMillis(10)) && System.nanoTime() - until < 0) {
                waits.wake(device);
            }
            assertEquals(Boolean.FALSE, waiter.join("a blocked wait woken again and again", PATIENCE));
            assertFalse(ticket.isDone());
            gate.open();
        }
    }

    /**
     * Tokens of several lines and stores: the wait is for the first of them (the lowest value of
     * the queue's timeline), and a token already seen reached answers at once.
     */
    @ParameterizedTest(name = "as the backend does: {0}")
    @ValueSource(booleans = {true, false})
    void aWaitForManyEndsWithTheFirstToLand(boolean asTheBackendDoes) throws Exception {
        VulkanStoreWaits waits = waits(asTheBackendDoes);
        try (Line<VulkanQueue> line = vulkan.openLine(); Line<VulkanQueue> other = vulkan.openLine()) {
            Ticket landed = line.signal(queue, Slot.S0);
            Tickets.awaitLanded(landed);
            gate.hold(queue);
            List<Ticket> held = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                held.add(line.signal(queue, Slot.S1));
                held.add(other.signal(queue, Slot.S1));
            }
            long[] tokens = new long[held.size()];
            for (int i = 0; i < tokens.length; i++) {
                tokens[tokens.length - 1 - i] = tokenOf(i % 2 == 0 ? line : other, held.get(i));
            }
            assertFalse(waits.awaitAny(device, tokens, tokens.length, System.nanoTime() + Duration.ofMillis(20).toNanos(),
                    waits.wakes(device)));
            long[] withLanded = java.util.Arrays.copyOf(tokens, tokens.length + 1);
            withLanded[tokens.length] = tokenOf(line, landed);
            assertTrue(waits.awaitAny(device, withLanded, withLanded.length, System.nanoTime() + FAR, waits.wakes(device)));
            gate.open();
            assertTrue(waits.awaitAny(device, tokens, tokens.length, System.nanoTime() + FAR, waits.wakes(device)));
            assertTrue(held.stream().anyMatch(Ticket::isDone));
            held.forEach(Tickets::awaitLanded);
        }
    }

    /**
     * Wakes from several threads at once each signal the wake's semaphore to a higher value than
     * the last (Mesa loses the device on a timeline value that does not increase), and the last
     * signal counts them all: none is lost.
     */
    @Test
    void wakesFromManyThreadsAreSignalledInOrderAndNoneIsLost() throws Exception {
        VulkanStoreWaits waits = waits(true);
        int threads = 4;
        int each = 2_000;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> wakers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            wakers.add(Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                for (int i = 0; i < each; i++) {
                    waits.wake(device);
                }
            }));
        }
        go.countDown();
        for (Thread waker : wakers) {
            waker.join();
        }
        assertEquals(0, device.lostStatus(), "a wake signalled a value that did not increase");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment counter = arena.allocate(Vk.C_LONG);
            assertEquals(Vk.VK_SUCCESS, Vk.vkGetSemaphoreCounterValue(device.vk, device.handle, device.storeWake.semaphore,
                    counter));
            assertEquals((long) threads * each, counter.get(ValueLayout.JAVA_LONG, 0));
        }
        assertEquals((long) threads * each, device.storeWake.wakes());
    }

    /**
     * A wait that blocks until its store lands allocates nothing either, counted around the wait
     * alone (the signal before it allocates its ticket), both ways.
     */
    @Test
    void aWaitThatBlocksUntilItsStoreLandsAllocatesNothing() throws LineException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int warmUp = 15_000;
        int measured = 10_000;
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            HostLine<VulkanQueue> host = HostLine.of(line);
            long[] tokens = new long[1];
            for (boolean asTheBackendDoes : new boolean[] {true, false}) {
                VulkanStoreWaits waits = waits(asTheBackendDoes);
                long bytes = 0;
                int landed = 0;
                for (int i = 0; i < warmUp + measured; i++) {
                    Ticket ticket = line.signal(queue, Slot.S3);
                    tokens[0] = host.storeToken(ticket.slot(), ticket.target());
                    long before = threads.getCurrentThreadAllocatedBytes();
                    boolean done = waits.awaitAny(device, tokens, 1, System.nanoTime() + FAR, waits.wakes(device));
                    long after = threads.getCurrentThreadAllocatedBytes();
                    if (i >= warmUp) {
                        bytes += after - before;
                        landed += done ? 1 : 0;
                    }
                }
                assertEquals(measured, landed, "a wait with a far deadline returned before its store landed");
                assertTrue(bytes < measured / 100, (asTheBackendDoes ? "the backend's wait" : "the wait for any")
                        + " allocated " + bytes + " bytes over " + measured + " waits for a landing");
            }
        }
    }

    @Test
    void aTokenOfNoQueueOfTheDeviceIsRefusedByName() {
        VulkanStoreWaits waits = waits(true);
        long foreign = VulkanStoreWaits.token(device.queueCount(), 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> waits.awaitAny(device, new long[] {foreign}, 1, System.nanoTime(), waits.wakes(device)));
        assertTrue(e.getMessage().contains(Long.toHexString(foreign)) && e.getMessage().contains("tokens[0]"), e.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> waits.awaitAny(device, new long[] {StoreWaits.NO_TOKEN}, 1, System.nanoTime(), waits.wakes(device)));
        assertTrue(none.getMessage().contains("tokens[0]"), none.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> waits.awaitAny(device, new long[1], 2, System.nanoTime(), waits.wakes(device)));
    }

    /**
     * The wait and the wake allocate nothing in steady state: the wait for a held store that
     * times out at once (one {@code vkWaitSemaphores} each), both ways, and a wake with the
     * wait it ends; counted with the thread's own allocation counter after warm-up.
     */
    @Test
    void waitingAndWakingAllocateNothing() throws LineException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported(), "this JVM cannot count allocations");
        int warmUp = 100_000;
        int measured = 500_000;
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            gate.hold(queue);
            Ticket ticket = line.signal(queue, Slot.S0);
            long[] tokens = {tokenOf(line, ticket), tokenOf(line, ticket)};
            for (boolean asTheBackendDoes : new boolean[] {true, false}) {
                VulkanStoreWaits waits = waits(asTheBackendDoes);
                long landed = 0;
                for (int i = 0; i < warmUp; i++) {
                    landed += waits.awaitAny(device, tokens, 1 + (i & 1), System.nanoTime(), waits.wakes(device)) ? 1 : 0;
                    waits.wake(device);
                    landed += waits.awaitAny(device, tokens, 1, System.nanoTime(), waits.wakes(device)) ? 1 : 0;
                }
                long before = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < measured; i++) {
                    landed += waits.awaitAny(device, tokens, 1 + (i & 1), System.nanoTime(), waits.wakes(device)) ? 1 : 0;
                    waits.wake(device);
                    landed += waits.awaitAny(device, tokens, 1, System.nanoTime(), waits.wakes(device)) ? 1 : 0;
                }
                long bytes = threads.getCurrentThreadAllocatedBytes() - before;
                assertEquals(0, landed, "a held store was said to have landed");
                assertTrue(bytes < measured / 1_000, (asTheBackendDoes ? "the backend's wait" : "the wait for any")
                        + " allocated " + bytes + " bytes over " + measured + " rounds");
            }
            gate.open();
        }
    }
}
