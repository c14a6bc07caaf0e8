/**
 * The Vulkan backend: FFM downcalls into the Vulkan loader ({@code libvulkan.so.1}), every entry
 * point resolved through {@code vkGetInstanceProcAddr} and {@code vkGetDeviceProcAddr}. The
 * bindings live in a package exported only to the bench module; applications see {@link
 * io.gpuasync.backend.vulkan.VulkanBackend}, {@link io.gpuasync.backend.vulkan.VulkanDevice} and
 * {@link io.gpuasync.backend.vulkan.VulkanQueue}.
 */
// The bench module is built after this one: the qualified export names a module not yet there.
@SuppressWarnings("module")
module io.gpuasync.backend.vulkan {
    requires transitive io.gpuasync.spi;

    exports io.gpuasync.backend.vulkan;
    // The bindings and VulkanInternals, for the bench module's own ways of waiting only.
    exports io.gpuasync.backend.vulkan.internal to io.gpuasync.backend.vulkan.bench;

    provides io.gpuasync.spi.BackendProvider with io.gpuasync.backend.vulkan.VulkanProvider;
}
