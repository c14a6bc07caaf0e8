package io.gpuasync.backend.vulkan;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;

import java.util.Optional;

/** The {@code vulkan} backend as {@link java.util.ServiceLoader} finds it. */
public final class VulkanProvider implements BackendProvider {
    private volatile VulkanBackend backend;

    /** For {@link java.util.ServiceLoader}. */
    public VulkanProvider() {
    }

    @Override
    public String name() {
        return "vulkan";
    }

    @Override
    public Optional<Throwable> unavailabilityCause() {
        return VulkanBackend.unavailability();
    }

    @Override
    public Backend<?> backend() {
        ensureAvailability();
        VulkanBackend loaded = backend;
        if (loaded == null) {
            synchronized (this) {
                if (backend == null) {
                    backend = VulkanBackend.load();
                }
                loaded = backend;
            }
        }
        return loaded;
    }
}
