package io.gpuasync.backend.metal;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;

import java.util.Optional;

/** The {@code metal} backend as {@link java.util.ServiceLoader} finds it. */
public final class MetalProvider implements BackendProvider {
    private volatile MetalBackend backend;

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
        ensureAvailability();
        MetalBackend loaded = backend;
        if (loaded == null) {
            synchronized (this) {
                if (backend == null) {
                    backend = MetalBackend.load();
                }
                loaded = backend;
            }
        }
        return loaded;
    }
}
