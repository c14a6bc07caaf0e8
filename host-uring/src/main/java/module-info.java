/**
 * The io_uring host: a ring of its own, set up and driven through FFM system calls (no liburing,
 * no JNI). One thread owns the ring and drives the wait engine: it sleeps to the engine's next
 * deadline on one absolute {@code IORING_OP_TIMEOUT}, moved rather than re-armed, and is woken by
 * an eventfd whose read stays pending on the ring. Linux only; probed, with a stored cause.
 */
module io.gpuasync.host.uring {
    requires transitive io.gpuasync.engine;
    // Only for UringReactor.startOrFallBack, which runs the std host where io_uring cannot.
    requires io.gpuasync.host.std;

    exports io.gpuasync.host.uring;
}
