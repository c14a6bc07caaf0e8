package io.gpuasync.backend.vulkan.internal;

import io.gpuasync.spi.NativeLibrary;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;

/**
 * Where the Vulkan loader comes from: the system property {@value #PROPERTY}, else the environment
 * variable {@value #ENVIRONMENT}, else the dynamic loader's search for {@code libvulkan.so.1}. Which
 * driver the loader then runs is the loader's choice ({@code VK_DRIVER_FILES} pins one).
 */
public final class VulkanLibrary {
    /** The system property naming another loader path. */
    public static final String PROPERTY = "gar.vulkan.library";
    /** The environment variable, for when the property cannot be set. */
    public static final String ENVIRONMENT = "GAR_VULKAN_LIBRARY";

    static final NativeLibrary LIBRARY = new NativeLibrary(PROPERTY, ENVIRONMENT, "libvulkan.so.1");

    private VulkanLibrary() {
    }

    /** The library's name or path, as it will be (or was) loaded. */
    public static String location() {
        return LIBRARY.location();
    }

    /** Why the library cannot be loaded, or empty. */
    public static Optional<Throwable> loadFailure() {
        return LIBRARY.loadFailure();
    }

    /** Why the loader cannot be used: not loadable, or without {@code vkGetInstanceProcAddr}. */
    public static Optional<Throwable> unavailability() {
        return LIBRARY.unavailability(List.of(Vk.F_vkGetInstanceProcAddr.name()));
    }

    static MemorySegment find(String symbol) {
        return LIBRARY.find(symbol);
    }
}
