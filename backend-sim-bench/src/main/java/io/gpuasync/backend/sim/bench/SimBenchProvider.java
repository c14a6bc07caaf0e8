package io.gpuasync.backend.sim.bench;

import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.bench.spi.BenchProvider;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.spi.BackendProvider;

/**
 * The {@code sim} backend's bench workload: busy work on a new stream of the provider's backend's
 * device 0, held at a gate its thread spins at and stamped when it ends ({@link SimBenchWorkload}),
 * with the callback model as the simulation's own way of waiting.
 */
public final class SimBenchProvider implements BenchProvider {

    /** For {@link java.util.ServiceLoader}. */
    public SimBenchProvider() {
    }

    @Override
    public String backend() {
        return "sim";
    }

    @Override
    public BenchWorkload<?> open(BackendProvider provider) {
        return new SimBenchWorkload((SimBackend) provider.backend());
    }
}
