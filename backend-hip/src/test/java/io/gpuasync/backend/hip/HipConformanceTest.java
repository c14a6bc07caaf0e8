package io.gpuasync.backend.hip;

import io.gpuasync.conformance.Capability;
import io.gpuasync.conformance.LineDriverVerification;
import io.gpuasync.spi.LineDriver;

import java.time.Duration;
import java.util.Set;

/**
 * The HIP backend's driver table through the real FFM bindings, against the fake libamdhip64
 * built for the tests. FAIL_DOMAIN is not declared: the fake's devices are process-wide.
 */
class HipConformanceTest extends LineDriverVerification<HipStream, HipDevice> {
    private final HipBackend hip = HipBackend.load((reason, line, address, bytes) -> { });

    @Override
    protected LineDriver<HipStream, HipDevice> driver() {
        return hip.driver();
    }

    @Override
    protected void makeCurrent(int index) {
        hip.makeCurrent(index);
    }

    @Override
    protected HipStream newStream(int index) {
        hip.makeCurrent(index);
        HipStream stream = hip.createStream();
        hip.makeCurrent(0);
        return stream;
    }

    @Override
    protected void closeStream(HipStream stream) {
        hip.destroyStream(stream);
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
    protected void enqueueWaitValue(HipStream stream, long address, long value) {
        try {
            ((HipDriver) hip.driver()).waitValue(stream, address, value);
        } catch (io.gpuasync.spi.LineException e) {
            throw e.toGpuException("test wait");
        }
    }

    @Override
    protected int domainReferences(int index) {
        return FakeHip.primaryRefs(index);
    }
}
