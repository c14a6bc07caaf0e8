package io.gpuasync.backend.metal;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.bench.BenchWorkload;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The {@code metal} backend as {@link java.util.ServiceLoader} finds it. */
public final class MetalProvider implements BackendProvider {
    private static final Duration OWN_WAIT_BOUND = Duration.ofSeconds(30);

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
     * The busy kernel ({@code MetalWork}) on a new command queue of the calling thread's current
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
            // Made on the first call of nativeWaits(): a workload not asked for them makes no event.
            private OwnWaits ownWaits;

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
                return String.format(java.util.Locale.ROOT, "a one-thread busy compute kernel on an MTLCommandQueue, calibrated at %.3f "
                        + "iterations/ns", work.iterationsPerNano());
            }

            @Override
            public List<NativeWait> nativeWaits() {
                if (ownWaits == null) {
                    ownWaits = MetalProvider.nativeWaits(metal, queue, work);
                }
                return ownWaits.waits();
            }

            @Override
            public void close() {
                if (ownWaits != null) {
                    ownWaits.event().close();
                }
                // Work still queued runs to its end: releasing the queue does not cancel it.
                metal.destroyQueue(queue);
            }
        });
    }

    /** Metal's own ways of waiting on the workload's queue, and the shared event one of them polls. */
    private record OwnWaits(List<BenchWorkload.NativeWait> waits, MetalBaselines.SharedEventWaiter event) {
    }

    private static OwnWaits nativeWaits(MetalBackend metal, MetalQueue queue, MetalWork work) {
        MetalBaselines.SharedEventWaiter event = new MetalBaselines.SharedEventWaiter(queue);
        return new OwnWaits(List.of(
                BenchWorkload.NativeWait.of("cb-wait", "commit the work's command buffer, then [commandBuffer waitUntilCompleted] "
                        + "(the thread blocks inside Metal) and read its status",
                        duration -> metal.runBusy(queue, work.iterationsFor(duration))),
                BenchWorkload.NativeWait.of("event-poll", "the work's command buffer signals a private MTLSharedEvent after the "
                        + "kernel (encodeSignalEvent:value:); busy poll of [event signaledValue], one objc_msgSend "
                        + "per look, no sleep",
                        duration -> event.poll(event.enqueueBusyAndSignal(metal, queue, work.iterationsFor(duration)),
                                boundOf(duration))),
                BenchWorkload.NativeWait.of("cb-handler", "[commandBuffer addCompletedHandler:] with an Objective-C block built "
                        + "through JNA; the block completes a CompletableFuture the waiter blocks on (the CPU of "
                        + "Metal's thread that runs the block is not counted)",
                        duration -> MetalBaselines.CompletedHandler.await(MetalBaselines.CompletedHandler.enqueueBusy(
                                metal, queue, work.iterationsFor(duration)), boundOf(duration)))), event);
    }

    // Far beyond any sample's work: a wait that has not ended by then never will (a failed
    // command buffer signals nothing and, where the handler is lost, calls nothing).
    private static Duration boundOf(Duration work) {
        Duration tenfold = work.multipliedBy(10);
        return tenfold.compareTo(OWN_WAIT_BOUND) > 0 ? tenfold : OWN_WAIT_BOUND;
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
