package io.gpuasync.backend.hip;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.LazyBackend;

import java.util.Optional;

/**
 * The {@code hip} backend as {@link java.util.ServiceLoader} finds it; with store waits when the
 * system property {@value HipBackend#STORE_WAITS_PROPERTY} is {@code true}.
 */
public final class HipProvider implements BackendProvider {
    private final LazyBackend<HipBackend> backend = new LazyBackend<>(this, () -> HipBackend.builder().storeWaits(Boolean.getBoolean(HipBackend.STORE_WAITS_PROPERTY)).load());

    /** For {@link java.util.ServiceLoader}. */
    public HipProvider() {
    }

    @Override
    public String name() {
        return "hip";
    }

    @Override
    public Optional<Throwable> unavailabilityCause() {
        return HipBackend.unavailability();
    }

    @Override
    public Backend<?> backend() {
        return backend.get();
    }
}
