/**
 * The Vulkan backend's bench workload, which {@code gar bench --backend vulkan} finds through
 * {@link io.gpuasync.bench.spi.BenchProvider}, with Vulkan's own ways of waiting as its extra
 * rows; it exports nothing, since only the provider is reached.
 */
module io.gpuasync.backend.vulkan.bench {
    requires io.gpuasync.backend.vulkan;
    requires io.gpuasync.bench.spi;

    provides io.gpuasync.bench.spi.BenchProvider with io.gpuasync.backend.vulkan.bench.VulkanBenchProvider;
}
