package io.gpuasync.backend.metal;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.metal.fake.FakeMetal;
import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.ObjC;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.StoreWaits;
import io.gpuasync.testing.Waiter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.time.Duration;

import static io.gpuasync.testing.Tickets.awaitLanded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Metal driver's own wait for its stores ({@link MetalStoreWaits}), through the real bridge
 * against the fake, the way hosts reach it ({@link HostLine#awaitStores}). A queue is held at a
 * device-side wait on a gate event until the test opens it from another queue, so no outcome
 * depends on how threads are scheduled; a wait that hangs fails by the test's timeout.
 */
@Timeout(120)
class MetalStoreWaitsTest {
    // A deadline no wait here may reach: one that returns did so for a landing or a wake.
    private static final long FAR = Duration.ofMinutes(10).toNanos();
    // How long a wait that must end may take on a loaded machine: a liveness bound, not a timing claim.
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private MetalBackend metal;
    private MetalQueue queue;
    private MetalQueue other;
    private MetalQueue opener;
    private long gate;
    private long gateValue;

    @BeforeEach
    void fake() {
        assumeTrue(FakeMetal.isLoaded(), "steers the fake runtime and Metal, which are not the libraries loaded");
        FakeMetal.METAL.fakeMetalSetMode(0);
        metal = MetalBackend.load((reason, line, address, bytes) -> { });
        metal.useDevice(0);
        queue = metal.createQueue();
        other = metal.createQueue();
        opener = metal.createQueue();
        gate = Msg.word(Msg.word(queue.handle(), Sel.DEVICE), Sel.NEW_SHARED_EVENT);
    }

    @AfterEach
    void openAndRelease() {
        if (metal == null) {
            return;
        }
        open();
        metal.runBusy(queue, 1);
        metal.runBusy(other, 1);
        metal.destroyQueue(opener);
        metal.destroyQueue(other);
        metal.destroyQueue(queue);
        ObjC.objc_release(gate);
        FakeMetal.METAL.fakeMetalSetMode(0);
        FakeMetal.METAL.fakeMetalSharedEventWaits(1);
    }

    /** Holds {@code held} at a device-side wait until {@link #open}: its stores cannot land before. */
    private void hold(MetalQueue held) {
        FakeMetal.commitWait(held, gate, ++gateValue);
    }

    /** Lets every queue held so far run on. */
    private void open() {
        openTo(gateValue);
    }

    /** Lets the queues held up to the {@code value}-th {@link #hold} run on; those held after stay. */
    private void openTo(long value) {
        FakeMetal.commitSignal(opener, gate, value);
    }

    private static long tokenOf(Line<MetalQueue> line, Ticket ticket) {
        long token = HostLine.of(line).storeToken(ticket.slot(), ticket.target());
        assertNotEquals(StoreWaits.NO_TOKEN, token, "no token for " + ticket);
        return token;
    }

    // What a wait for tokens returned, and whether ticket was done right after: "true, false" is a lie.
    private static String awaitAndLook(HostLine<MetalQueue> host, long[] tokens, long deadline, long wakes, Ticket ticket) {
        boolean landed = host.awaitStores(tokens, tokens.length, deadline, wakes);
        return landed + ", " + ticket.isDone();
    }

    @Test
    void theDriverOffersItsWaitWhereSharedEventsCanBeWaitedOn() {
        assertTrue(metal.driver().storeWaits() instanceof MetalStoreWaits, "no store waits on a system that has them");
        assertSame(metal.driver().storeWaits(), metal.driver().storeWaits());
        try (Line<MetalQueue> line = metal.openLine()) {
            assertEquals(MetalStoreWaits.token(0, 1), tokenOf(line, line.signal(queue, Slot.S0)));
        }
    }

    /** Before macOS 12 a shared event has no timed wait: no store waits, hosts poll, stores still land. */
    @Test
    void beforeMacOS12ThereIsNoStoreWaitAndHostsPoll() {
        FakeMetal.METAL.fakeMetalSharedEventWaits(0);
        MetalBackend older = MetalBackend.load((reason, line, address, bytes) -> { });
        older.useDevice(0);
        assertNull(older.driver().storeWaits());
        try (Line<MetalQueue> line = older.openLine()) {
            Ticket ticket = line.signal(queue, Slot.S1);
            assertEquals(StoreWaits.NO_TOKEN, HostLine.of(line).storeToken(ticket.slot(), ticket.target()));
            awaitLanded(ticket);
        }
    }

    /** A token is the queue's index in its line and the count of the line's stores on that queue. */
    @Test
    void aTokenNamesTheQueueAndTheCountOfItsStoresThere() {
        long violations = FakeMetal.METAL.fakeMetalViolations();
        try (Line<MetalQueue> line = metal.openLine()) {
            assertEquals(MetalStoreWaits.token(0, 1), tokenOf(line, line.signal(queue, Slot.S0)));
            assertEquals(MetalStoreWaits.token(0, 2), tokenOf(line, line.signal(queue, Slot.S1)));
            assertEquals(MetalStoreWaits.token(1, 1), tokenOf(line, line.signal(other, Slot.S2)));
            // A queue that waits on the device for a slot: its announcing signal and the count share one buffer.
            line.waitOnDevice(other, Slot.S0, 1);
            Ticket last = line.signal(queue, Slot.S0);
            assertEquals(MetalStoreWaits.token(0, 3), tokenOf(line, last));
            awaitLanded(last);
        }
        assertEquals(violations, FakeMetal.METAL.fakeMetalViolations(), FakeMetal.violations());
    }

    @Test
    void aWaitReturnsTrueOnlyOnceTheStoreLanded() throws Exception {
        try (Line<MetalQueue> line = metal.openLine()) {
            HostLine<MetalQueue> host = HostLine.of(line);
            hold(queue);
            Ticket ticket = line.signal(queue, Slot.S3);
            long[] tokens = {tokenOf(line, ticket)};
            Waiter waiter = new Waiter(() -> awaitAndLook(host, tokens, System.nanoTime() + FAR, host.storeWakes(), ticket));
            waiter.awaitBlocked();
            assertFalse(ticket.isDone());
            open();
            assertEquals("true, true", waiter.join("a wait for a store that landed", PATIENCE));
        }
    }

    /**
     * Every store visible only when its command buffer completes, buffers of a queue out of
     * order: the store event, signalled from a command buffer after the store's, is never ahead
     * of the word.
     */
    @Test
    void theEventIsNeverAheadOfTheWordWhenStoresAreVisibleOnlyAtCompletion() {
        long violations = FakeMetal.METAL.fakeMetalViolations();
        FakeMetal.METAL.fakeMetalSetMode(FakeMetal.OUT_OF_ORDER | FakeMetal.VISIBLE_AT_COMPLETION_ONLY);
        try (Line<MetalQueue> line = metal.openLine()) {
            HostLine<MetalQueue> host = HostLine.of(line);
            long[] tokens = new long[1];
            for (int i = 0; i < 200; i++) {
                Ticket ticket = line.signal(queue, Slot.of(i % Slot.COUNT));
                tokens[0] = tokenOf(line, ticket);
                assertEquals("true, true", awaitAndLook(host, tokens, System.nanoTime() + FAR, host.storeWakes(), ticket),
                        "store " + i);
            }
        }
        assertEquals(violations, FakeMetal.METAL.fakeMetalViolations(), FakeMetal.violations());
    }

    /** By its deadline, a whole millisecond away or less than one (parked in Java), its store held. */
    @Test
    void aWaitEndsByItsDeadlineWhileItsStoreIsHeld() {
        try (Line<MetalQueue> line = metal.openLine()) {
            HostLine<MetalQueue> host = HostLine.of(line);
            hold(queue);
            Ticket ticket = line.signal(queue, Slot.S2);
            long[] tokens = {tokenOf(line, ticket)};
            for (long nanos : new long[] {Duration.ofMillis(20).toNanos(), 300_000, 0}) {
                long deadline = System.nanoTime() + nanos;
                assertEquals("false, false", awaitAndLook(host, tokens, deadline, host.storeWakes(), ticket), nanos + " ns");
                assertTrue(System.nanoTime() - deadline >= 0, "returned false before its deadline, not woken");
            }
            open();
            awaitLanded(ticket);
        }
    }

    @Test
    void aWakeAfterTheCountWasReadEndsTheWaitThatStartsThen() {
        try (Line<MetalQueue> line = metal.openLine()) {
            HostLine<MetalQueue> host = HostLine.of(line);
            hold(queue);
            Ticket ticket = line.signal(queue, Slot.S4);
            long[] tokens = {tokenOf(line, ticket)};
            long seen = host.storeWakes();
            host.wakeStoreWaits();
            assertEquals("false, false", awaitAndLook(host, tokens, System.nanoTime() + FAR, seen, ticket));
        }
    }

    @Test
    void aWakeEndsABlockedWait() throws Exception {
        try (Line<MetalQueue> line = metal.openLine()) {
            HostLine<MetalQueue> host = HostLine.of(line);
            hold(queue);
            Ticket ticket = line.signal(queue, Slot.S5);
            long[] tokens = {tokenOf(line, ticket)};
            long seen = host.storeWakes();
            Waiter waiter = new Waiter(() -> awaitAndLook(host, tokens, System.nanoTime() + FAR, seen, ticket));
            waiter.awaitBlocked();
            host.wakeStoreWaits();
            assertEquals("false, false", waiter.join("a woken wait", PATIENCE));
        }
    }

    /**
     * A wait for stores on two queues blocks in Metal on the first token's event; the second
     * queue's store landing is seen between its slices.
     */
    @Test
    void aWaitForStoresOnTwoQueuesEndsWithTheOtherQueuesLanding() throws Exception {
        try (Line<MetalQueue> line = metal.openLine()) {
            HostLine<MetalQueue> host = HostLine.of(line);
            hold(other);
            long otherHeldUntil = gateValue;
            hold(queue);
            Ticket landing = line.signal(other, Slot.S7);
            Ticket held = line.signal(queue, Slot.S6);
            long[] tokens = {tokenOf(line, held), tokenOf(line, landing)};
            Waiter waiter = new Waiter(() -> awaitAndLook(host, tokens, System.nanoTime() + FAR, host.storeWakes(), landing));
            waiter.awaitBlocked();
            openTo(otherHeldUntil);
            assertEquals("true, true", waiter.join("a wait for two queues' stores", PATIENCE));
            assertFalse(held.isDone(), "the first token's queue was opened too");
        }
    }

    @Test
    void aTokenNoStoreOfTheLineGotIsRefusedByName() {
        try (Line<MetalQueue> line = metal.openLine()) {
            HostLine<MetalQueue> host = HostLine.of(line);
            Ticket ticket = line.signal(queue, Slot.S0);
            awaitLanded(ticket);
            for (long token : new long[] {MetalStoreWaits.token(1, 1), MetalStoreWaits.token(0, 2), MetalStoreWaits.token(0, 0),
                    StoreWaits.NO_TOKEN}) {
                long[] tokens = {tokenOf(line, ticket), token};
                IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                        () -> host.awaitStores(tokens, 2, System.nanoTime() + FAR, host.storeWakes()));
                assertTrue(refused.getMessage().contains(Long.toHexString(token)) && refused.getMessage().contains("tokens[1]"),
                        refused.getMessage());
            }
            assertThrows(IndexOutOfBoundsException.class, () -> host.awaitStores(new long[1], 2, System.nanoTime(),
                    host.storeWakes()));
        }
    }

    /** Each queue's store event is the line's: made on the queue's first store, released with the line. */
    @Test
    void eachQueuesStoreEventIsReleasedWithItsLine() {
        String events = "FakeMTLSharedEvent";
        long before = FakeMetal.settledLive(events);
        Line<MetalQueue> line = metal.openLine();
        line.signal(queue, Slot.S0);
        line.signal(other, Slot.S1);
        awaitLanded(line.signal(queue, Slot.S2));
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
        FakeMetal.awaitAtMost("live shared events", () -> FakeMetal.RUNTIME.fakeObjcLive(events), before);
    }

    /**
     * The wait and the wake allocate nothing in steady state: waits for a held store that end at
     * once (a deadline passed, a wake), and a wait that blocks in Metal until its store landed,
     * counted around the wait alone with the thread's own allocation counter after warm-up.
     */
    @Test
    void waitingAndWakingAllocateNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported(), "this JVM cannot count allocations");
        try (Line<MetalQueue> line = metal.openLine()) {
            HostLine<MetalQueue> host = HostLine.of(line);
            hold(queue);
            Ticket held = line.signal(queue, Slot.S0);
            long[] tokens = {tokenOf(line, held), tokenOf(line, line.signal(queue, Slot.S1))};
            int warmUp = 50_000;
            int measured = 200_000;
            long landed = 0;
            long before = 0;
            for (int i = 0; i < warmUp + measured; i++) {
                if (i == warmUp) {
                    before = threads.getCurrentThreadAllocatedBytes();
                }
                landed += host.awaitStores(tokens, 1 + (i & 1), System.nanoTime(), host.storeWakes()) ? 1 : 0;
                long seen = host.storeWakes();
                host.wakeStoreWaits();
                landed += host.awaitStores(tokens, 1, System.nanoTime() + FAR, seen) ? 1 : 0;
            }
            long bytes = threads.getCurrentThreadAllocatedBytes() - before;
            assertEquals(0, landed, "a held store was said to have landed");
            // A one-off (the JIT's) may show; one object a round would be 16 bytes each.
            assertTrue(bytes < measured / 100, "allocated " + bytes + " bytes over " + measured + " rounds");
            open();
            awaitLanded(held);
            int blocking = 2_000;
            bytes = 0;
            int blocked = 0;
            for (int i = 0; i < blocking * 2; i++) {
                Ticket ticket = line.signal(queue, Slot.S2);
                tokens[0] = host.storeToken(ticket.slot(), ticket.target());
                long wakes = host.storeWakes();
                long start = threads.getCurrentThreadAllocatedBytes();
                boolean done = host.awaitStores(tokens, 1, System.nanoTime() + FAR, wakes);
                long end = threads.getCurrentThreadAllocatedBytes();
                if (i >= blocking) {
                    bytes += end - start;
                    blocked += done ? 1 : 0;
                }
            }
            assertEquals(blocking, blocked, "a wait with a far deadline returned before its store landed");
            assertTrue(bytes < blocking / 100, "waits until a landing allocated " + bytes + " bytes over " + blocking);
        }
    }
}
