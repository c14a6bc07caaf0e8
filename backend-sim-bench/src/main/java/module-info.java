/**
 * The simulation's bench workload, which {@code gar bench} finds through
 * {@link io.gpuasync.bench.spi.BenchProvider}; it exports nothing, since only the provider is reached.
 */
module io.gpuasync.backend.sim.bench {
    requires io.gpuasync.backend.sim;
    requires io.gpuasync.bench.spi;

    provides io.gpuasync.bench.spi.BenchProvider with io.gpuasync.backend.sim.bench.SimBenchProvider;
}
