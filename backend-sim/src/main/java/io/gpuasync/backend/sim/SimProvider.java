package io.gpuasync.backend.sim;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;

import java.util.Optional;

/** The {@code sim} backend as {@link java.util.ServiceLoader} finds it: always available. */
public final class SimProvider implements BackendProvider {
    private static final class Shared {
        static final SimBackend BACKEND = SimBackend.create(1);
    }

    /** For {@link java.util.ServiceLoader}. */
    public SimProvider() {
    }

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public Optional<Throwable> unavailabilityCause() {
        return Optional.empty();
    }

    /** One backend of one device per process, shared by every caller. */
    @Override
    public Backend<?> backend() {
        return Shared.BACKEND;
    }
}
