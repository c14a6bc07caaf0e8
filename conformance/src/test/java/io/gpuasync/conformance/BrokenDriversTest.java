package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.LineDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite catches broken backends: the simulated driver broken three ways, each run through
 * the rules it breaks, each of which must fail naming itself. A suite that passed these would be
 * a suite that cannot fail.
 */
class BrokenDriversTest {

    /** The sim backend's verification, over its driver broken by {@code breaker}. */
    private static SimConformanceTest brokenBy(java.util.function.UnaryOperator<LineDriver<SimStream, SimDevice>> breaker) {
        return new SimConformanceTest() {
            @Override
            protected LineDriver<SimStream, SimDevice> driver() {
                return breaker.apply(super.driver());
            }
        };
    }

    private static void failsWith(String rule, Executable property) {
        AssertionError e = assertThrows(AssertionError.class, property);
        // Every failure the suite reports starts its line with the rule: "line06: freed a page ...".
        assertTrue(String.valueOf(e.getMessage()).contains(rule + ": "), "expected a " + rule + " failure, got: " + e.getMessage());
    }

    /** A driver that stores at once, instead of behind the work queued on the stream. */
    private static final class StoreBeforeTheWork extends ForwardingLineDriver<SimStream, SimDevice> {
        StoreBeforeTheWork(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        // Reaching the raw page is what this broken driver is about.
        @SuppressWarnings("restricted")
        @Override
        public void writeValue(SimStream stream, long address, long value) {
            MemorySegment.ofAddress(address).reinterpret(8).set(ValueLayout.JAVA_LONG, 0, value);
        }
    }

    /** A driver whose settle does not wait: closing then frees the page under pending stores. */
    private static final class SettleWithoutWaiting extends ForwardingLineDriver<SimStream, SimDevice> {
        SettleWithoutWaiting(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public boolean settle(SimDevice domain, java.util.List<SimStream> streams, long deadlineNanos) {
            return true;
        }
    }

    /** A driver that lets go of a domain twice for each release. */
    private static final class ReleaseTwice extends ForwardingLineDriver<SimStream, SimDevice> {
        ReleaseTwice(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public void release(SimDevice domain) {
            super.release(domain);
            super.release(domain);
        }
    }

    @Test
    void storingBeforeTheWorkBreaksOrderAndTickets() {
        SimConformanceTest broken = brokenBy(StoreBeforeTheWork::new);
        failsWith("line02", () -> broken.required_line02_storesOnAStreamLandInOrderBehindTheirWork(3));
        failsWith("line03", () -> broken.required_line03_aTicketIsDoneExactlyWhenItsStoreLanded(Slot.S4));
    }

    @Test
    void settlingWithoutWaitingFreesUnderAPendingStore() {
        failsWith("line04", () -> brokenBy(SettleWithoutWaiting::new).required_line04_settleWaitsForEveryQueuedStore(2, 3));
        failsWith("line06", () -> brokenBy(SettleWithoutWaiting::new).required_line06_closeNeverFreesUnderAPendingStore(Slot.S1));
    }

    @Test
    void releasingTwiceIsCaughtByTheDomainsOwnCount() {
        failsWith("line07", () -> brokenBy(ReleaseTwice::new).required_line07_everyResourceIsReleasedOnce(3, 1));
    }

    @Test
    void theUnbrokenDriverPassesTheSameCalls() {
        SimConformanceTest sound = brokenBy(d -> d);
        sound.required_line02_storesOnAStreamLandInOrderBehindTheirWork(3);
        sound.required_line03_aTicketIsDoneExactlyWhenItsStoreLanded(Slot.S4);
        sound.required_line04_settleWaitsForEveryQueuedStore(2, 3);
        sound.required_line06_closeNeverFreesUnderAPendingStore(Slot.S1);
        sound.required_line07_everyResourceIsReleasedOnce(3, 1);
    }
}
