package io.gpuasync.backend.vulkan;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.LazyBackend;

import java.util.List;
import java.util.Optional;

/** The {@code vulkan} backend as {@link java.util.ServiceLoader} finds it. */
public final class VulkanProvider implements BackendProvider {
    private final LazyBackend<VulkanBackend> backend = new LazyBackend<>(this, () -> VulkanBackend.load());

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

    /** Each physical device with its driver and what it lacks of what a line needs, for {@code gar doctor}. */
    @Override
    public List<String> describeDevices() {
        try {
            return VulkanBackend.describeDevices();
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            return List.of();
        }
    }

    @Override
    public Backend<?> backend() {
        return backend.get();
    }
}
