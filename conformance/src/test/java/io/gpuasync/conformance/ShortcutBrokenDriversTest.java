package io.gpuasync.conformance;

import io.gpuasync.core.Slot;
import org.junit.jupiter.api.Test;

import static io.gpuasync.conformance.BrokenSimConformance.failsWith;

/**
 * The suite catches the drivers of {@link ShortcutDrivers}, each run through the property of
 * the rule it breaks, which must fail naming that rule, every time: each of those drivers passes
 * the properties the suite had before.
 */
class ShortcutBrokenDriversTest {

    @Test
    void line32_aHostStoreWhenTheQueueIsEmptyLandsBeforeTheRunningOperation() {
        failsWith("line32", () -> new BrokenSimConformance(ShortcutDrivers.HostStoreWhenTheQueueIsEmpty::new)
                .required_line32_aStoreLandsBehindTheOperationItsStreamIsRunning());
    }

    @Test
    void line33_aNewerStoreThatReplacesAQueuedOneHoldsItBack() {
        failsWith("line33", () -> new BrokenSimConformance(ShortcutDrivers.NewerStoreReplacesAQueuedOne::new)
                .required_line33_aLaterStoreIntoTheSameWordNeverHoldsAnEarlierOneBack(Slot.S2));
    }

    @Test
    void theUnbrokenDriverPassesTheSameProperties() {
        BrokenSimConformance sound = new BrokenSimConformance((sim, driver) -> driver);
        sound.required_line32_aStoreLandsBehindTheOperationItsStreamIsRunning();
        sound.required_line33_aLaterStoreIntoTheSameWordNeverHoldsAnEarlierOneBack(Slot.S2);
    }
}
