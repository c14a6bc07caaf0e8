/**
 * The HIP backend: FFM downcalls into {@code libamdhip64.so}. The bindings live in a package this
 * module does not export; applications see {@link io.gpuasync.backend.hip.HipBackend} and
 * {@link io.gpuasync.backend.hip.HipStream}.
 */
module io.gpuasync.backend.hip {
    requires transitive io.gpuasync.spi;

    exports io.gpuasync.backend.hip;

    provides io.gpuasync.spi.BackendProvider with io.gpuasync.backend.hip.HipProvider;
}
