package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite catches broken backends: the simulated driver broken one way each, run through the
 * property that checks the rule it breaks, which must fail naming that rule. A suite that passed
 * these would be a suite that cannot fail. Each broken driver wraps the sim's own table, over
 * the {@link InnerFaults} layer, so failures injected inside run the broken driver's own
 * failure paths.
 */
class BrokenDriversTest {
    private static final Duration SHORT_SETTLE_BOUND = Duration.ofMillis(300);

    /** The sim backend's verification, over its driver broken by {@code breaker}. */
    private static SimConformanceTest brokenBy(
            BiFunction<SimBackend, LineDriver<SimStream, SimDevice>, LineDriver<SimStream, SimDevice>> breaker) {
        return new SimConformanceTest() {
            @Override
            protected LineDriver<SimStream, SimDevice> driver() {
                return breaker.apply(sim, super.driver());
            }
        };
    }

    private static SimConformanceTest brokenBy(java.util.function.UnaryOperator<LineDriver<SimStream, SimDevice>> breaker) {
        return brokenBy((sim, driver) -> breaker.apply(driver));
    }

    private static void failsWith(String rule, Executable property) {
        AssertionError e = assertThrows(AssertionError.class, property);
        // Every failure the suite reports starts a line with the rule: "line06: freed a page ...".
        assertTrue(("\n" + e.getMessage()).contains("\n" + rule + ": "), "expected a " + rule + " failure, got: " + e.getMessage());
        System.out.println("caught: " + e.getMessage().lines().filter(l -> l.startsWith(rule + ": ")).findFirst().orElseThrow());
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
        public boolean settle(SimDevice domain, List<SimStream> streams, long deadlineNanos) {
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

    /** A driver that cannot tell a failed device: health is always good. */
    private static final class AlwaysHealthy extends ForwardingLineDriver<SimStream, SimDevice> {
        AlwaysHealthy(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public void checkHealth(SimDevice domain) {
        }
    }

    /** A settle that never returns, whatever its deadline, and ignores interrupts. */
    private static final class SettleNeverReturns extends ForwardingLineDriver<SimStream, SimDevice> {
        SettleNeverReturns(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public boolean settle(SimDevice domain, List<SimStream> streams, long deadlineNanos) {
            for (;;) {
                LockSupport.park(this);
            }
        }
    }

    /** A store that never returns: the property's own deadline must end it. */
    private static final class WriteNeverReturns extends ForwardingLineDriver<SimStream, SimDevice> {
        WriteNeverReturns(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) {
            for (;;) {
                LockSupport.park(this);
            }
        }
    }

    /** A settle that throws an Error. */
    private static final class SettleThrows extends ForwardingLineDriver<SimStream, SimDevice> {
        SettleThrows(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public boolean settle(SimDevice domain, List<SimStream> streams, long deadlineNanos) {
            throw new InternalError("settle broke");
        }
    }

    /**
     * A driver that works only with domain 0: it retains device 0 whatever is current, and
     * releases the current device instead of the one it is given.
     */
    private static final class OnlyDomainZero extends ForwardingLineDriver<SimStream, SimDevice> {
        private final SimBackend sim;

        OnlyDomainZero(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
            this.sim = sim;
        }

        @Override
        public SimDevice retainCurrent() throws LineException {
            SimDevice current = sim.currentDevice();
            sim.device(0).makeCurrent();
            try {
                return super.retainCurrent();
            } finally {
                current.makeCurrent();
            }
        }

        @Override
        public void release(SimDevice domain) {
            super.release(sim.currentDevice());
        }
    }

    /** An allocHost whose failure path releases the domain itself (the line releases it too). */
    private static final class AllocFailureReleasesTheDomain extends ForwardingLineDriver<SimStream, SimDevice> {
        AllocFailureReleasesTheDomain(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public MemorySegment allocHost(SimDevice domain, long bytes) throws LineException {
            try {
                return super.allocHost(domain, bytes);
            } catch (LineException e) {
                super.release(domain);
                throw e;
            }
        }
    }

    /** A store that moves the word back for a moment: v, then v - 1, then v again, 50 ms apart. */
    private static final class WordMovesBack extends ForwardingLineDriver<SimStream, SimDevice> {
        WordMovesBack(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            super.writeValue(stream, address, value);
            stream.sleep(Duration.ofMillis(50));
            super.writeValue(stream, address, value - 1);
            stream.sleep(Duration.ofMillis(50));
            super.writeValue(stream, address, value);
        }
    }

    /** A free that is put off until the domain is released: the page goes after its domain. */
    private static final class FreeAfterRelease extends ForwardingLineDriver<SimStream, SimDevice> {
        private final List<MemorySegment> deferred = new ArrayList<>();

        FreeAfterRelease(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public synchronized void freeHost(SimDevice domain, MemorySegment host) {
            deferred.add(host);
        }

        @Override
        public synchronized void release(SimDevice domain) {
            super.release(domain);
            for (MemorySegment page : deferred) {
                super.freeHost(domain, page);
            }
            deferred.clear();
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
    void releasingTwiceIsCaughtAtTheDriverBoundaryWithoutAnyCapability() {
        SimConformanceTest noCapabilities = new SimConformanceTest() {
            @Override
            protected LineDriver<SimStream, SimDevice> driver() {
                return new ReleaseTwice(super.driver());
            }

            @Override
            protected Set<Capability> capabilities() {
                return Set.of();
            }
        };
        failsWith("line07", () -> noCapabilities.required_line07_everyResourceIsReleasedOnce(3, 1));
    }

    @Test
    void aDriverThatCannotTellAFailedDeviceLeavesItsWaitsHanging() {
        SimConformanceTest broken = new SimConformanceTest() {
            @Override
            protected LineDriver<SimStream, SimDevice> driver() {
                return new AlwaysHealthy(super.driver());
            }

            @Override
            protected Duration patience() {
                return Duration.ofSeconds(1);
            }
        };
        failsWith("line16", broken::required_line16_aFailedDomainIsReportedAndItsWaitsEnd);
    }

    @Test
    void aSettleThatNeverReturnsBreaksTheBoundAndTheRunGoesOn() {
        SimConformanceTest broken = new SimConformanceTest() {
            @Override
            protected LineDriver<SimStream, SimDevice> driver() {
                return new SettleNeverReturns(super.driver());
            }

            @Override
            protected Duration settleBound() {
                return SHORT_SETTLE_BOUND;
            }

            @Override
            protected Duration patience() {
                return Duration.ofSeconds(1);
            }
        };
        failsWith("line15", () -> broken.required_line06_closeNeverFreesUnderAPendingStore(Slot.S2));
        failsWith("line15", broken::required_line15_settleAnswersByItsDeadline);
    }

    @Test
    void aDriverCallThatNeverReturnsFailsItsPropertyByTheDeadline() {
        SimConformanceTest broken = new SimConformanceTest() {
            @Override
            protected LineDriver<SimStream, SimDevice> driver() {
                return new WriteNeverReturns(super.driver());
            }

            @Override
            protected Duration propertyDeadline() {
                return Duration.ofSeconds(2);
            }
        };
        AssertionError e = assertThrows(AssertionError.class,
                () -> broken.required_line03_aTicketIsDoneExactlyWhenItsStoreLanded(Slot.S0));
        assertTrue(e.getMessage().startsWith("line03: the property did not finish within PT2S"), e.getMessage());
        assertTrue(e.getMessage().contains("WriteNeverReturns.writeValue"), "the stuck call is shown: " + e.getMessage());
    }

    @Test
    void anErrorFromSettleIsReportedUnderItsRule() {
        failsWith("line15", () -> brokenBy(SettleThrows::new).required_line06_closeNeverFreesUnderAPendingStore(Slot.S3));
    }

    @Test
    void aDriverThatWorksOnlyWithDomainZeroIsCaughtOnTheOtherDomain() {
        failsWith("line17", () -> brokenBy(OnlyDomainZero::new).required_line17_aLineHoldsTheDomainCurrentWhenItOpened(Slot.S5));
    }

    @Test
    void aFailurePathInsideTheDriverThatReleasesTheDomainIsCaught() {
        failsWith("line18", () -> brokenBy(AllocFailureReleasesTheDomain::new)
                .required_line18_aCallThatFailsInsideTheDriverLeavesNothingAcquired(DriverCall.ALLOC_HOST));
    }

    @Test
    void aWordThatMovesBackForAMomentIsSeen() {
        failsWith("line13", () -> brokenBy(WordMovesBack::new).required_line13_aWordNeverMovesBack(Slot.S2, 4));
    }

    @Test
    void aPageFreedAfterItsDomainWasReleasedIsCaughtByTheCallOrder() {
        failsWith("line06", () -> brokenBy(FreeAfterRelease::new).required_line06_closeNeverFreesUnderAPendingStore(Slot.S6));
    }

    @Test
    void theUnbrokenDriverPassesTheSameCalls() {
        SimConformanceTest sound = brokenBy(d -> d);
        sound.required_line02_storesOnAStreamLandInOrderBehindTheirWork(3);
        sound.required_line03_aTicketIsDoneExactlyWhenItsStoreLanded(Slot.S4);
        sound.required_line04_settleWaitsForEveryQueuedStore(2, 3);
        sound.required_line06_closeNeverFreesUnderAPendingStore(Slot.S1);
        sound.required_line07_everyResourceIsReleasedOnce(3, 1);
        sound.required_line13_aWordNeverMovesBack(Slot.S2, 4);
        sound.required_line17_aLineHoldsTheDomainCurrentWhenItOpened(Slot.S5);
        for (DriverCall call : DriverCall.values()) {
            sound.required_line18_aCallThatFailsInsideTheDriverLeavesNothingAcquired(call);
        }
        // Last: these fail a device of the sound backend for good.
        sound.required_line16_aFailedDomainIsReportedAndItsWaitsEnd();
    }
}
