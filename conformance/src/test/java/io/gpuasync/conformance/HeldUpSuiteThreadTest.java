package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineException;
import org.junit.jupiter.api.Test;

import java.time.Duration;

/**
 * A sound driver, with the suite's own thread held up after each store it queues for longer than
 * the work queued ahead of the store (as a loaded machine's scheduler can): the properties that
 * look for a store landed too early must not count the landing the hold-up let happen against the
 * driver. Before they asked whether the work could still be running, each of these failed here.
 */
class HeldUpSuiteThreadTest {
    private static final Duration HELD_UP = LineDriverVerification.LONG_WORK.plusMillis(50);

    /** Forwards every call; a store's caller returns only after {@link #HELD_UP}. */
    private static final class HeldUpAfterEachStore extends ForwardingLineDriver<SimStream, SimDevice> {
        HeldUpAfterEachStore(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            super.writeValue(stream, address, value);
            try {
                Thread.sleep(HELD_UP);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static BrokenSimConformance heldUp() {
        return new BrokenSimConformance((sim, driver) -> new HeldUpAfterEachStore(driver));
    }

    @Test
    void line02_storesInOrder() {
        heldUp().required_line02_storesOnAStreamLandInOrderBehindTheirWork(2);
    }

    @Test
    void line03_aTicketIsDoneWhenItsStoreLanded() {
        heldUp().required_line03_aTicketIsDoneExactlyWhenItsStoreLanded(Slot.S3);
    }

    @Test
    void line16_aFailedDomainIsReported() {
        heldUp().required_line16_aFailedDomainIsReportedAndItsWaitsEnd();
    }

    @Test
    void line19_aStreamWaitsOnTheDeviceForAWord() {
        heldUp().required_line19_aStreamWaitsOnTheDeviceForAWord(Slot.S5);
    }
}
