package io.gpuasync.backend.cuda;

import io.gpuasync.conformance.Capability;
import io.gpuasync.conformance.LineDriverVerification;
import io.gpuasync.spi.LineDriver;

import java.time.Duration;
import java.util.Set;

/**
 * The CUDA backend's driver table, through the real FFM bindings, against the fake libcuda.so.1
 * built for the tests. FAIL_DOMAIN is not declared: the fake's devices are process-wide, and a
 * failed one would fail every property after it (the sticky error is tested in CudaBackendTest,
 * which clears it).
 */
class CudaConformanceTest extends LineDriverVerification<CudaStream, CudaContext> {
    private final CudaBackend cuda = CudaBackend.load((reason, line, address, bytes) -> { });

    @Override
    protected LineDriver<CudaStream, CudaContext> driver() {
        return cuda.driver();
    }

    @Override
    protected void makeCurrent(int index) {
        FakeCuda.makeCurrent(index);
    }

    @Override
    protected CudaStream newStream(int index) {
        FakeCuda.makeCurrent(index);
        CudaStream stream = cuda.createStream();
        FakeCuda.makeCurrent(0);
        return stream;
    }

    @Override
    protected void closeStream(CudaStream stream) {
        cuda.destroyStream(stream);
    }

    @Override
    protected void enqueueWork(CudaStream stream, Duration duration) {
        FakeCuda.enqueueWork(stream, duration.toNanos());
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
    protected void enqueueWaitValue(CudaStream stream, long address, long value) {
        try {
            ((CudaDriver) cuda.driver()).waitValue(stream, address, value);
        } catch (io.gpuasync.spi.LineException e) {
            throw e.toGpuException("test wait");
        }
    }

    @Override
    protected int domainReferences(int index) {
        return FakeCuda.primaryRefs(index);
    }
}
