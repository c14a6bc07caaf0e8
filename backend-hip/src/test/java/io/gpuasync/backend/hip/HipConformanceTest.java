package io.gpuasync.backend.hip;

import io.gpuasync.conformance.Capability;
import io.gpuasync.conformance.LineDriverVerification;
import io.gpuasync.spi.LineDriver;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

import java.time.Duration;
import java.util.Set;

/**
 * The HIP backend's driver table through the real FFM bindings, against the fake libamdhip64
 * built for the tests. FAIL_DOMAIN is not declared: the fake's devices are process-wide; nor
 * WAIT_AHEAD_OF_STORE: the driver refuses a wait for a store not queued yet, which a stream
 * sharing the wait's hardware queue could never run (HipDriver.checkWaitAheadOfStore).
 *
 * <p>On a real HIP runtime (the GPU check, {@code gpu/check.sh hip}, on an AMD machine) every
 * property is reported as skipped, with the reason: the suite needs device work of a chosen
 * duration, and the HIP backend has none yet (CUDA's is a calibrated memset, {@code CudaWork}).
 */
@AddLifecycleHook(HipConformanceTest.OnlyWithDeviceWork.class)
class HipConformanceTest extends LineDriverVerification<HipStream, HipDevice> {
    /** Skips the suite where there is no device work to queue: a real runtime, not the fake. */
    static final class OnlyWithDeviceWork implements SkipExecutionHook {
        @Override
        public SkipResult shouldBeSkipped(LifecycleContext context) {
            return FakeHip.isLoaded() ? SkipResult.doNotSkip() : SkipResult.skip("no HIP device work of a chosen"
                    + " duration yet (a calibrated hipMemsetD32Async, as CudaWork is for CUDA); the fake's fakeEnqueueWork"
                    + " is not in " + io.gpuasync.backend.hip.internal.HipLibrary.LIBRARY.location());
        }
    }

    // Made on first use, after a subclass's constructor: storeWaits() is the subclass's.
    private HipBackend hip;

    /** Whether the backend under test has its store waits on ({@link HipBackend#builder()}): off here. */
    boolean storeWaits() {
        return false;
    }

    private HipBackend hip() {
        if (hip == null) {
            hip = HipBackend.builder().leakReporter((reason, line, address, bytes) -> { }).storeWaits(storeWaits()).load();
        }
        return hip;
    }

    @Override
    protected LineDriver<HipStream, HipDevice> driver() {
        return hip().driver();
    }

    @Override
    protected void makeCurrent(int index) {
        hip().makeCurrent(index);
    }

    @Override
    protected HipStream newStream(int index) {
        hip().makeCurrent(index);
        HipStream stream = hip().createStream();
        hip().makeCurrent(0);
        return stream;
    }

    @Override
    protected void closeStream(HipStream stream) {
        hip().destroyStream(stream);
    }

    @Override
    protected void enqueueWork(HipStream stream, Duration duration) {
        FakeHip.enqueueWork(stream, duration.toNanos());
    }

    @Override
    protected Set<Capability> capabilities() {
        return Set.of(Capability.MANY_DOMAINS, Capability.DEVICE_SIDE_WAIT, Capability.REFERENCE_COUNT);
    }

    @Override
    protected int domains() {
        return 2;
    }

    @Override
    protected int domainReferences(int index) {
        return FakeHip.primaryRefs(index);
    }
}
