package io.gpuasync.backend.metal;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.LazyBackend;

import java.util.Optional;

/** The {@code metal} backend as {@link java.util.ServiceLoader} finds it. */
public final class MetalProvider implements BackendProvider {
    private final LazyBackend<MetalBackend> backend = new LazyBackend<>(this, () -> MetalBackend.load());

    /** For {@link java.util.ServiceLoader}. */
    public MetalProvider() {
    }

    @Override
    public String name() {
        return "metal";
    }

    @Override
    public Optional<Throwable> unavailabilityCause() {
        return MetalBackend.unavailability();
    }

    @Override
    public Backend<?> backend() {
        return backend.get();
    }
}
