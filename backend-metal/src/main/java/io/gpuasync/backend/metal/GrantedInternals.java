package io.gpuasync.backend.metal;

import io.gpuasync.backend.metal.internal.MetalInternals;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.ffm.StatusNames;

/** {@link MetalInternals} over this package's members; installed by {@link MetalBackend}. */
final class GrantedInternals extends MetalInternals {

    @Override
    public void enqueueBusy(MetalBackend backend, MetalQueue queue, long iterations) {
        backend.enqueueBusy(queue, iterations);
    }

    @Override
    public void runBusy(MetalBackend backend, MetalQueue queue, long iterations) {
        backend.runBusy(queue, iterations);
    }

    @Override
    public void enqueueBusy(MetalBackend backend, MetalQueue queue, long iterations, BeforeCommit before, String what) {
        backend.enqueueBusy(queue, iterations, before::encode, what);
    }

    @Override
    public LineException nil(String call) {
        return MetalStatus.nil(call);
    }

    @Override
    public LineException error(String call, long error) {
        return MetalStatus.error(call, error);
    }

    @Override
    public StatusNames statusNames() {
        return MetalStatus.NAMES;
    }
}
