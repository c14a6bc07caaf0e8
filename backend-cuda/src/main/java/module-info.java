/**
 * The CUDA backend: FFM downcalls into the driver API ({@code libcuda.so.1}). The bindings live
 * in a package exported only to the bench module; applications see {@link
 * io.gpuasync.backend.cuda.CudaBackend} and {@link io.gpuasync.backend.cuda.CudaStream}.
 */
// The bench module is built after this one: the qualified export names a module not yet there.
@SuppressWarnings("module")
module io.gpuasync.backend.cuda {
    requires transitive io.gpuasync.spi;

    exports io.gpuasync.backend.cuda;
    // The bindings and CudaInternals, for the bench module's workload and CUDA's own waits only.
    exports io.gpuasync.backend.cuda.internal to io.gpuasync.backend.cuda.bench;

    provides io.gpuasync.spi.BackendProvider with io.gpuasync.backend.cuda.CudaProvider;
}
