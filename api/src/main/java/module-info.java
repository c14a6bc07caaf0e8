/**
 * What applications compile against: a backend, its lines, the tickets a signal returns, and the
 * one exception type, {@link io.gpuasync.api.GpuException}.
 */
module io.gpuasync.api {
    requires transitive io.gpuasync.core;

    exports io.gpuasync.api;
}
