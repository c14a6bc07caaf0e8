package io.gpuasync.backend.metal.bench;

import io.gpuasync.backend.metal.MetalBackend;
import io.gpuasync.backend.metal.MetalQueue;
import io.gpuasync.backend.metal.internal.MetalInternals;
import io.gpuasync.bench.spi.BenchProvider;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.bench.spi.BusyKernelWorkload;
import io.gpuasync.bench.spi.BusyWork;
import io.gpuasync.spi.BackendProvider;

import java.util.Locale;

/**
 * The {@code metal} backend's bench workload: the busy kernel on a new command queue of the
 * calling thread's current device, calibrated on that queue before {@link #open} returns, with
 * Metal's own waits ({@link MetalBaselines}) as extra rows.
 */
public final class MetalBenchProvider implements BenchProvider {

    /** For {@link java.util.ServiceLoader}. */
    public MetalBenchProvider() {
    }

    @Override
    public String backend() {
        return "metal";
    }

    @Override
    public BenchWorkload<?> open(BackendProvider provider) {
        MetalBackend metal = (MetalBackend) provider.backend();
        MetalInternals internals = MetalInternals.get();
        MetalQueue queue = metal.createQueue();
        try {
            BusyWork work = BusyWork.calibrate(iterations -> internals.runBusy(metal, queue, iterations));
            String description = String.format(Locale.ROOT, "a one-thread busy compute kernel on an MTLCommandQueue,"
                    + " calibrated at %.3f iterations/ns", work.iterationsPerNano());
            // Work still queued runs to its end: releasing the queue does not cancel it.
            return new BusyKernelWorkload<>(metal, queue, work, iterations -> internals.enqueueBusy(metal, queue, iterations),
                    description, calibrated -> new MetalBaselines(metal, queue, calibrated), () -> metal.destroyQueue(queue));
        } catch (RuntimeException e) {
            metal.destroyQueue(queue);
            throw e;
        }
    }
}
