package io.gpuasync.backend.cuda.bench;

import io.gpuasync.backend.cuda.CudaBackend;
import io.gpuasync.bench.spi.BenchProvider;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.spi.BackendProvider;

/**
 * The {@code cuda} backend's bench workload: a calibrated memset of a 256 MiB buffer on a stream
 * of its own in device 0's primary context, made current on the calling thread (which queues the
 * work), held at a gate ({@link CudaBenchWorkload}).
 */
public final class CudaBenchProvider implements BenchProvider {

    /** For {@link java.util.ServiceLoader}. */
    public CudaBenchProvider() {
    }

    @Override
    public String backend() {
        return "cuda";
    }

    @Override
    public BenchWorkload<?> open(BackendProvider provider) {
        return CudaBenchWorkload.open((CudaBackend) provider.backend());
    }
}
