package io.gpuasync.backend.vulkan.internal;

import io.gpuasync.spi.ffm.NativeLibrary;

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

    /** The loader, loaded on first use. */
    public static final NativeLibrary LIBRARY = new NativeLibrary(PROPERTY, ENVIRONMENT, "libvulkan.so.1");

    private VulkanLibrary() {
    }
}
