package io.gpuasync.conformance;

import org.junit.jupiter.api.Test;

import static io.gpuasync.conformance.BrokenSimConformance.failsWith;

/**
 * The suite's rules for a driver's own wait for stores catch each broken wait of
 * {@link BrokenStoreWaits}, run through the property of the rule it breaks; the sim's own wait
 * passes them (SimConformanceTest).
 */
class BrokenStoreWaitsTest {
    private static BrokenSimConformance broken(
            java.util.function.UnaryOperator<io.gpuasync.spi.StoreWaits<io.gpuasync.backend.sim.SimStream,
                    io.gpuasync.backend.sim.SimDevice>> breaker) {
        return new BrokenSimConformance((sim, driver) -> BrokenStoreWaits.with(driver, breaker));
    }

    @Test
    void aWaitThatSaysLandedAtOnceIsCaughtByLine35() {
        failsWith("line35", () -> broken(BrokenStoreWaits.SaysLandedAtOnce::new)
                .required_line35_aDriversWaitForStoresNeverReturnsBeforeOneLanded(2));
    }

    @Test
    void aWaitThatNeverSaysLandedIsCaughtByLine35() {
        failsWith("line35", () -> broken(BrokenStoreWaits.NeverSaysLanded::new)
                .required_line35_aDriversWaitForStoresNeverReturnsBeforeOneLanded(1));
    }

    @Test
    void aWaitThatIgnoresItsDeadlineIsCaughtByLine36() {
        failsWith("line36", () -> broken(BrokenStoreWaits.IgnoresItsDeadline::new)
                .required_line36_aDriversWaitForStoresReturnsByItsDeadline());
    }

    @Test
    void aWaitThatLosesAWakeBeforeItStartsIsCaughtByLine37() {
        failsWith("line37", () -> broken(BrokenStoreWaits.LosesEarlyWakes::new)
                .required_line37_aWakeEndsADriversWaitForStoresAndIsNeverLost());
    }

    @Test
    void aDriverWithoutAWaitOfItsOwnIsFoundToHaveNoneAndOneWithAWaitIsChecked() {
        BrokenSimConformance without = new BrokenSimConformance((sim, driver) -> new io.gpuasync.spi.ForwardingLineDriver<>(driver) {
            @Override
            public io.gpuasync.spi.StoreWaits<io.gpuasync.backend.sim.SimStream, io.gpuasync.backend.sim.SimDevice> storeWaits() {
                return null;
            }
        });
        org.junit.jupiter.api.Assertions.assertFalse(without.driverWaitsForStores(), "its line35-37 are skipped");
        org.junit.jupiter.api.Assertions.assertTrue(new SimConformanceTest().driverWaitsForStores(),
                "the sim's own are run, whatever it declares");
    }
}
