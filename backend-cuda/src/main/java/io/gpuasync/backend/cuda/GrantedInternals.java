package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.CudaInternals;
import io.gpuasync.spi.ffm.StatusNames;

/** {@link CudaInternals} over this package's members; installed by {@link CudaBackend}. */
final class GrantedInternals extends CudaInternals {

    @Override
    public Gate openGate(CudaBackend backend) {
        return CudaGate.open(backend);
    }

    @Override
    public Work allocateWork(long bytes) {
        return CudaWork.allocate(bytes);
    }

    @Override
    public void synchronize(CudaStream stream) {
        CudaDriver.synchronize(stream);
    }

    @Override
    public StatusNames statusNames() {
        return CudaStatus.NAMES;
    }
}
