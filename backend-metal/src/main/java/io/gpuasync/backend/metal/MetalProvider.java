package io.gpuasync.backend.metal;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.BenchWorkload;

import java.time.Duration;
import java.util.Optional;

/** The {@code metal} backend as {@link java.util.ServiceLoader} finds it. */
public final class MetalProvider implements BackendProvider {
    private volatile MetalBackend backend;

    /** For {@link java.util.ServiceLoader}. */
    public MetalProvider() {
    }

    @Override
    public String name() {
        return "metal";
    }

    @Override
    public Optional<Throwable> unavailabilityCause() {
        return MetalBackend.unavailability();
    }

    /**
     * The busy kernel ({@link MetalWork}) on a new command queue of the calling thread's current
     * device, calibrated on that queue before this returns (a few hundred milliseconds: a GPU's
     * loop rate is not known in advance).
     */
    @Override
    public Optional<BenchWorkload<?>> openBenchWorkload() {
        MetalBackend metal = (MetalBackend) backend();
        MetalQueue queue = metal.createQueue();
        MetalWork work;
        try {
            work = MetalWork.calibrate(metal, queue);
        } catch (RuntimeException e) {
            metal.destroyQueue(queue);
            throw e;
        }
        return Optional.of(new BenchWorkload<MetalQueue>() {
            @Override
            public MetalBackend backend() {
                return metal;
            }

            @Override
            public MetalQueue stream() {
                return queue;
            }

            @Override
            public void enqueue(Duration duration) {
                work.enqueue(queue, duration);
            }

            @Override
            public String describe() {
                return String.format("a one-thread busy compute kernel on an MTLCommandQueue, calibrated at %.3f "
                        + "iterations/ns", work.iterationsPerNano());
            }

            @Override
            public void close() {
                // Work still queued runs to its end: releasing the queue does not cancel it.
                metal.destroyQueue(queue);
            }
        });
    }

    @Override
    public Backend<?> backend() {
        ensureAvailability();
        MetalBackend loaded = backend;
        if (loaded == null) {
            synchronized (this) {
                if (backend == null) {
                    backend = MetalBackend.load();
                }
                loaded = backend;
            }
        }
        return loaded;
    }
}
