package io.gpuasync.backend.cuda;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.bench.BenchWorkload;

import java.util.Optional;

/**
 * The {@code cuda} backend as {@link java.util.ServiceLoader} finds it; with store waits when the
 * system property {@value CudaBackend#STORE_WAITS_PROPERTY} is {@code true}.
 */
public final class CudaProvider implements BackendProvider {
    private volatile CudaBackend backend;

    /** For {@link java.util.ServiceLoader}. */
    public CudaProvider() {
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public Optional<Throwable> unavailabilityCause() {
        return CudaBackend.unavailability();
    }

    @Override
    public Backend<?> backend() {
        ensureAvailability();
        CudaBackend loaded = backend;
        if (loaded == null) {
            synchronized (this) {
                if (backend == null) {
                    backend = CudaBackend.builder().storeWaits(Boolean.getBoolean(CudaBackend.STORE_WAITS_PROPERTY)).load();
                }
                loaded = backend;
            }
        }
        return loaded;
    }

    /**
     * A calibrated memset of a 256 MiB buffer on a stream of its own in device 0's primary
     * context, made current on the calling thread (which queues the work): what
     * {@code gar bench --host ... --backend cuda} waits for.
     */
    @Override
    public Optional<BenchWorkload<?>> openBenchWorkload() {
        return Optional.of(CudaBenchWorkload.open((CudaBackend) backend()));
    }
}
