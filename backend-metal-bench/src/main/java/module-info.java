/**
 * The Metal backend's bench workload, which {@code gar bench --backend metal} finds through
 * {@link io.gpuasync.bench.spi.BenchProvider}, with Metal's own ways of waiting as its extra
 * rows; it exports nothing, since only the provider is reached.
 */
module io.gpuasync.backend.metal.bench {
    requires io.gpuasync.backend.metal;
    requires io.gpuasync.bench.spi;
    // The completed handler's block literal is native memory made here.
    requires com.sun.jna;

    provides io.gpuasync.bench.spi.BenchProvider with io.gpuasync.backend.metal.bench.MetalBenchProvider;
}
