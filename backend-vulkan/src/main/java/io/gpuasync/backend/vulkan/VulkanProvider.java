package io.gpuasync.backend.vulkan;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.bench.BenchWorkload;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The {@code vulkan} backend as {@link java.util.ServiceLoader} finds it. */
public final class VulkanProvider implements BackendProvider {
    private volatile VulkanBackend backend;

    /** For {@link java.util.ServiceLoader}. */
    public VulkanProvider() {
    }

    @Override
    public String name() {
        return "vulkan";
    }

    @Override
    public Optional<Throwable> unavailabilityCause() {
        return VulkanBackend.unavailability();
    }

    /** Each physical device with its driver and what it lacks of what a line needs, for {@code gar doctor}. */
    @Override
    public List<String> describeDevices() {
        try {
            return VulkanBackend.describeDevices();
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            return List.of();
        }
    }

    /**
     * The busy shader ({@code VulkanWork}) on queue 0 of a new device on physical device 0, made
     * current on the calling thread (which queues the work) and calibrated before this returns,
     * with Vulkan's own waits ({@code vkWaitSemaphores}, polling {@code vkGetSemaphoreCounterValue},
     * {@code vkWaitForFences}) as extra rows. Closing it waits for its queue and destroys the device.
     */
    @Override
    public Optional<BenchWorkload<?>> openBenchWorkload() {
        VulkanBackend vulkan = (VulkanBackend) backend();
        VulkanDevice device = vulkan.createDevice(0);
        VulkanQueue queue;
        VulkanWork work;
        try {
            vulkan.useDevice(device);
            queue = device.queue(0);
            work = VulkanWork.calibrate(queue);
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
        return Optional.of(new BenchWorkload<VulkanQueue>() {
            private VulkanBaselines baselines;

            @Override
            public VulkanBackend backend() {
                return vulkan;
            }

            @Override
            public VulkanQueue stream() {
                return queue;
            }

            @Override
            public void enqueue(Duration duration) {
                work.enqueue(queue, duration);
            }

            @Override
            public String describe() {
                return String.format(java.util.Locale.ROOT, "a one-invocation busy compute shader on queue 0 of %s (%s),"
                        + " calibrated at %.3f iterations/ns", device.name(), device.driver(), work.iterationsPerNano());
            }

            @Override
            public List<NativeWait> nativeWaits() {
                if (baselines == null) {
                    baselines = new VulkanBaselines(queue, work);
                }
                return baselines.waits();
            }

            @Override
            public void close() {
                try {
                    if (baselines != null) {
                        baselines.close();
                    }
                } finally {
                    // Waits (bounded) for the queue's work before destroying its objects and the device.
                    device.close();
                }
            }
        });
    }

    @Override
    public Backend<?> backend() {
        ensureAvailability();
        VulkanBackend loaded = backend;
        if (loaded == null) {
            synchronized (this) {
                if (backend == null) {
                    backend = VulkanBackend.load();
                }
                loaded = backend;
            }
        }
        return loaded;
    }
}
