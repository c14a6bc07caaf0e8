/**
 * The Vulkan backend: FFM downcalls into the Vulkan loader ({@code libvulkan.so.1}), every entry
 * point resolved through {@code vkGetInstanceProcAddr} and {@code vkGetDeviceProcAddr}. The
 * bindings live in a package this module does not export; applications see {@link
 * io.gpuasync.backend.vulkan.VulkanBackend}, {@link io.gpuasync.backend.vulkan.VulkanDevice} and
 * {@link io.gpuasync.backend.vulkan.VulkanQueue}.
 */
module io.gpuasync.backend.vulkan {
    requires transitive io.gpuasync.spi;
    // The bench workload this module still carries (to move to a bench module of its own).
    requires io.gpuasync.bench.spi;

    exports io.gpuasync.backend.vulkan;

    provides io.gpuasync.spi.BackendProvider with io.gpuasync.backend.vulkan.VulkanProvider;
    provides io.gpuasync.bench.spi.BenchProvider with io.gpuasync.backend.vulkan.VulkanBenchProvider;
}
