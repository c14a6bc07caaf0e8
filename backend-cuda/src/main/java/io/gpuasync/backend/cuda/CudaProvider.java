package io.gpuasync.backend.cuda;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.LazyBackend;

import java.util.Optional;

/**
 * The {@code cuda} backend as {@link java.util.ServiceLoader} finds it; with store waits when the
 * system property {@value CudaBackend#STORE_WAITS_PROPERTY} is {@code true}.
 */
public final class CudaProvider implements BackendProvider {
    private final LazyBackend<CudaBackend> backend = new LazyBackend<>(this, () -> CudaBackend.builder().storeWaits(Boolean.getBoolean(CudaBackend.STORE_WAITS_PROPERTY)).load());

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
        return backend.get();
    }
}
