/**
 * A device simulated on CPU threads: each stream runs its queued work in order on a thread of
 * its own and then stores into real native memory, so every line, wait plan and host runs, and
 * is benchmarked, on a machine without a GPU. Registered as the backend {@code sim}.
 */
module io.gpuasync.backend.sim {
    requires transitive io.gpuasync.spi;

    exports io.gpuasync.backend.sim;

    provides io.gpuasync.spi.BackendProvider with io.gpuasync.backend.sim.SimProvider;
}
