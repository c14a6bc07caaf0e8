package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStatus;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.LineDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.function.BiFunction;

/**
 * The rules {@code line20} to {@code line31} catch the drivers of {@link VendorBugDrivers}: each
 * run through the property of the rule it breaks, which must fail naming that rule.
 */
class VendorBugBrokenDriversTest {

    private static SimConformanceTest brokenBy(
            BiFunction<SimBackend, LineDriver<SimStream, SimDevice>, LineDriver<SimStream, SimDevice>> breaker) {
        return new BrokenSimConformance(breaker);
    }

    private static void failsWith(String rule, Executable property) {
        BrokenSimConformance.failsWith(rule, property);
    }

    /**
     * Fails the broken backend's device 0 after its property: a stream held for good by the broken
     * driver (a wait that can never be satisfied) then ends, and the property's thread with it.
     */
    private static void releaseHeldStreams(SimConformanceTest broken) {
        broken.sim.device(0).fail(SimStatus.LAUNCH_FAILED);
    }

    @Test
    void line20_aStoreTruncatedTo32BitsNeverReaches2To32() {
        SimConformanceTest broken = brokenBy(VendorBugDrivers.StoreTruncatedTo32Bits::new);
        failsWith("line20", () -> broken.required_line20_valuesAcross2To32And2To63LandWhole(Slot.S3));
        releaseHeldStreams(broken);
    }

    @Test
    void line20_aStoreInTwoHalvesMovesTheWordBackAt2To32() {
        failsWith("line20", () -> brokenBy(VendorBugDrivers.StoreInTwoHalves::new)
                .required_line20_valuesAcross2To32And2To63LandWhole(Slot.S1));
    }

    @Test
    void line21_aWaitComparedForEqualityHoldsItsStreamForGood() {
        SimConformanceTest broken = brokenBy(VendorBugDrivers.WaitForEqual::new);
        failsWith("line21", () -> broken.required_line21_aWaitForAValueAlreadyPassedLetsItsStreamRunOn(2));
        releaseHeldStreams(broken);
    }

    @Test
    void line22_aSettleOfTheWholeDeviceLeaksLinesBehindOthersWork() {
        failsWith("line22", () -> brokenBy(VendorBugDrivers.SettleSynchronizesTheDevice::new)
                .required_line22_settleWaitsOnlyForTheLinesOwnStreams());
    }

    @Test
    void line23_aSettleThatIgnoresItsDeadlineStaysBlocked() {
        failsWith("line23", () -> brokenBy(VendorBugDrivers.SettleIgnoresItsDeadline::new)
                .required_line23_settleReturnsByItsDeadline());
    }

    @Test
    void line24_aSettleOfTheStoringStreamsOnlyFreesUnderAWait() {
        failsWith("line24", () -> brokenBy(VendorBugDrivers.SettleTracksOnlyStores::new)
                .required_line24_aLineWaitedOnWithNothingStoredKeepsItsPage());
    }

    @Test
    void line25_aSettleThatForgetsAFailedStoreFreesUnderIt() {
        failsWith("line25", () -> brokenBy(VendorBugDrivers.SettleForgetsAFailedStore::new)
                .required_line25_aStoreQueuedThenReportedFailedIsStillSettled(Slot.S2));
    }

    @Test
    void line26_healthOfTheCurrentDeviceIsCaughtFromOtherThreads() {
        failsWith("line26", () -> brokenBy(VendorBugDrivers.HealthOfTheCurrentDevice::new)
                .required_line26_healthIsAskedOfTheDomainGivenFromAnyThread());
    }

    @Test
    void line27_aDefaultDeviceWithNoneCurrentIsCaught() {
        failsWith("line27", () -> brokenBy(VendorBugDrivers.DeviceZeroWhenNoneIsCurrent::new)
                .required_line27_withNoDomainCurrentOpeningFailsNoDomain());
    }

    @Test
    void line28_storesOnThePagesFirstStreamLandBeforeTheirWork() {
        failsWith("line28", () -> brokenBy(VendorBugDrivers.StoresOnThePagesFirstStream::new)
                .required_line28_aSecondStreamsStoreLandsBehindThatStreamsWork(Slot.S4));
    }

    @Test
    void line29_mergedStoresLandBeforeTheirWork() {
        failsWith("line29", () -> brokenBy(VendorBugDrivers.MergesQueuedStores::new)
                .required_line29_aStoreIsNeverMergedIntoAnEarlierOneStillQueued(Slot.S5));
    }

    @Test
    void line30_aSettleOfTheQueueOnlyFreesUnderARunningWait() {
        failsWith("line30", () -> brokenBy(VendorBugDrivers.SettleWaitsOnlyForTheQueue::new)
                .required_line30_settleCoversAWaitUnderWay());
    }

    @Test
    void line31_aFailurePathThatGivesBackAnotherLinesReferenceIsCaught() {
        failsWith("line31", () -> brokenBy(VendorBugDrivers.RetainFailureReleasesTheLastRetained::new)
                .required_line31_aFailurePathUndoesItsOwnWorkOnceEveryTime());
    }

    @Test
    void theUnbrokenDriverPassesTheSameProperties() {
        SimConformanceTest sound = brokenBy((sim, d) -> d);
        sound.required_line20_valuesAcross2To32And2To63LandWhole(Slot.S3);
        sound.required_line21_aWaitForAValueAlreadyPassedLetsItsStreamRunOn(2);
        sound.required_line22_settleWaitsOnlyForTheLinesOwnStreams();
        sound.required_line23_settleReturnsByItsDeadline();
        sound.required_line24_aLineWaitedOnWithNothingStoredKeepsItsPage();
        sound.required_line25_aStoreQueuedThenReportedFailedIsStillSettled(Slot.S2);
        sound.required_line27_withNoDomainCurrentOpeningFailsNoDomain();
        sound.required_line28_aSecondStreamsStoreLandsBehindThatStreamsWork(Slot.S4);
        sound.required_line29_aStoreIsNeverMergedIntoAnEarlierOneStillQueued(Slot.S5);
        sound.required_line30_settleCoversAWaitUnderWay();
        sound.required_line31_aFailurePathUndoesItsOwnWorkOnceEveryTime();
        // Last: it fails a device of the sound backend for good.
        sound.required_line26_healthIsAskedOfTheDomainGivenFromAnyThread();
    }
}
