/**
 * The CUDA backend: FFM downcalls into the driver API ({@code libcuda.so.1}). The bindings live
 * in a package this module does not export; applications see {@link
 * io.gpuasync.backend.cuda.CudaBackend} and {@link io.gpuasync.backend.cuda.CudaStream}.
 */
module io.gpuasync.backend.cuda {
    requires transitive io.gpuasync.spi;
    // The bench workload this module still carries (to move to a bench module of its own).
    requires io.gpuasync.bench.spi;

    exports io.gpuasync.backend.cuda;

    provides io.gpuasync.spi.BackendProvider with io.gpuasync.backend.cuda.CudaProvider;
    provides io.gpuasync.bench.spi.BenchProvider with io.gpuasync.backend.cuda.CudaBenchProvider;
}
