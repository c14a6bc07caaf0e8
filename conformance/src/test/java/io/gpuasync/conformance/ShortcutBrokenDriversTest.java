package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.LineDriver;
import org.junit.jupiter.api.Test;

import static io.gpuasync.conformance.BrokenSimConformance.failsWith;

/**
 * The suite catches the drivers of {@link ShortcutDrivers}, each run through the property of
 * the rule it breaks, which must fail naming that rule, every time: each of those drivers passes
 * the properties the suite had before.
 */
class ShortcutBrokenDriversTest {

    /** The sim whose current device is kept per process: the suite's makeCurrent is that backend's. */
    private static final class CurrentKeptPerProcess extends BrokenSimConformance {
        private final ShortcutDrivers.CurrentDeviceKeptPerProcess broken;

        CurrentKeptPerProcess() {
            super((sim, driver) -> driver);
            broken = new ShortcutDrivers.CurrentDeviceKeptPerProcess(sim, super.driver());
        }

        @Override
        protected LineDriver<SimStream, SimDevice> driver() {
            return broken;
        }

        @Override
        protected void makeCurrent(int index) {
            broken.makeCurrent(index);
        }

        @Override
        protected void clearCurrent() {
            broken.clearCurrent();
        }
    }

    @Test
    void line32_aHostStoreWhenTheQueueIsEmptyLandsBeforeTheRunningOperation() {
        failsWith("line32", () -> new BrokenSimConformance(ShortcutDrivers.HostStoreWhenTheQueueIsEmpty::new)
                .required_line32_aStoreLandsBehindTheOperationItsStreamIsRunning(Slot.S6));
    }

    @Test
    void line33_aNewerStoreThatReplacesAQueuedOneHoldsItBack() {
        failsWith("line33", () -> new BrokenSimConformance(ShortcutDrivers.NewerStoreReplacesAQueuedOne::new)
                .required_line33_aLaterStoreIntoTheSameWordNeverHoldsAnEarlierOneBack(Slot.S2));
    }

    @Test
    void line34_aCurrentDeviceKeptPerProcessOpensOnAnotherThreadsDevice() {
        failsWith("line34", new CurrentKeptPerProcess()::required_line34_theCurrentDomainIsPerThread);
    }

    @Test
    void theUnbrokenDriverPassesTheSameProperties() {
        BrokenSimConformance sound = new BrokenSimConformance((sim, driver) -> driver);
        sound.required_line32_aStoreLandsBehindTheOperationItsStreamIsRunning(Slot.S6);
        sound.required_line33_aLaterStoreIntoTheSameWordNeverHoldsAnEarlierOneBack(Slot.S2);
        sound.required_line34_theCurrentDomainIsPerThread();
    }
}
