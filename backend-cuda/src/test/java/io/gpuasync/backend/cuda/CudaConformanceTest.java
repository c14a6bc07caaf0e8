package io.gpuasync.backend.cuda;

import io.gpuasync.conformance.Capability;
import io.gpuasync.conformance.LineDriverVerification;
import io.gpuasync.spi.LineDriver;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * The CUDA backend's driver table through the real FFM bindings: against the fake libcuda.so.1
 * the build makes (the default in the tests), or against a real driver on a GPU machine (run
 * without {@code -Dgar.cuda.library}). Work is a calibrated memset on a real driver and the fake's
 * own timed work on the fake.
 * FAIL_DOMAIN is not declared: a failed context is sticky for the process, and would fail every
 * property after it (the sticky error is tested in CudaBackendTest, on the fake, which clears it).
 * REFERENCE_COUNT only on the fake, which can tell; MANY_DOMAINS where there are two devices.
 */
class CudaConformanceTest extends LineDriverVerification<CudaStream, CudaContext> {
    // Made on first use, after a subclass's constructor: storeWaits() is the subclass's.
    private CudaBackend cuda;

    /** Whether the backend under test has its store waits on ({@link CudaBackend#builder()}): off here. */
    boolean storeWaits() {
        return false;
    }

    private CudaBackend cuda() {
        if (cuda == null) {
            cuda = CudaBackend.builder().leakReporter((reason, line, address, bytes) -> { }).storeWaits(storeWaits()).load();
        }
        return cuda;
    }

    @Override
    protected LineDriver<CudaStream, CudaContext> driver() {
        return cuda().driver();
    }

    @Override
    protected void makeCurrent(int index) {
        Contexts.makeCurrent(index);
    }

    @Override
    protected void clearCurrent() {
        Contexts.clearCurrent();
    }

    @Override
    protected CudaStream newStream(int index) {
        Contexts.makeCurrent(index);
        CudaStream stream = cuda().createStream();
        Contexts.makeCurrent(0);
        return stream;
    }

    @Override
    protected void closeStream(CudaStream stream) {
        cuda().destroyStream(stream);
    }

    @Override
    protected void enqueueWork(CudaStream stream, Duration duration) {
        // On the fake, its own work, which lasts what it is asked (as HIP's conformance does):
        // a memset calibrated on a loaded machine can fall short of it, and the properties that
        // time a store behind work (line15, line32) then see it land early.
        if (FakeCuda.isLoaded()) {
            FakeCuda.enqueueWork(stream, duration.toNanos());
            return;
        }
        CudaTests.memset().enqueue(stream, duration);
    }

    @Override
    protected Set<Capability> capabilities() {
        Set<Capability> capabilities = EnumSet.of(Capability.NO_CURRENT_DOMAIN);
        // With one hardware queue the driver refuses device-side waits (CudaDriver.waitValue).
        if (CudaDriver.maxConnections() != 1) {
            capabilities.add(Capability.DEVICE_SIDE_WAIT);
            capabilities.add(Capability.WAIT_AHEAD_OF_STORE);
        }
        if (FakeCuda.isLoaded()) {
            capabilities.add(Capability.REFERENCE_COUNT);
        }
        if (domains() >= 2) {
            capabilities.add(Capability.MANY_DOMAINS);
        }
        return capabilities;
    }

    @Override
    protected int domains() {
        return Contexts.devices(2);
    }

    @Override
    protected int domainReferences(int index) {
        return FakeCuda.primaryRefs(index);
    }
}
