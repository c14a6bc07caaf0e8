/**
 * The CUDA backend's bench workload, which {@code gar bench --backend cuda} finds through
 * {@link io.gpuasync.bench.spi.BenchProvider}, with CUDA's own ways of waiting as its extra rows;
 * it exports nothing, since only the provider is reached. Its host functions are upcalls, so it
 * needs native access.
 */
module io.gpuasync.backend.cuda.bench {
    requires io.gpuasync.backend.cuda;
    requires io.gpuasync.bench.spi;

    provides io.gpuasync.bench.spi.BenchProvider with io.gpuasync.backend.cuda.bench.CudaBenchProvider;
}
