package io.gpuasync.backend.vulkan.bench;

import io.gpuasync.backend.vulkan.VulkanBackend;
import io.gpuasync.backend.vulkan.VulkanDevice;
import io.gpuasync.backend.vulkan.VulkanQueue;
import io.gpuasync.backend.vulkan.internal.VulkanInternals;
import io.gpuasync.bench.spi.BenchProvider;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.bench.spi.BusyKernelWorkload;
import io.gpuasync.bench.spi.BusyWork;
import io.gpuasync.spi.BackendProvider;

import java.util.Locale;

/**
 * The {@code vulkan} backend's bench workload: the busy shader on queue 0 of a new device on
 * physical device 0, made current on the calling thread (which queues the work) and calibrated
 * before {@link #open} returns, with Vulkan's own waits ({@link VulkanBaselines}) as extra rows.
 * Closing it waits for its queue and destroys the device.
 */
public final class VulkanBenchProvider implements BenchProvider {

    /** For {@link java.util.ServiceLoader}. */
    public VulkanBenchProvider() {
    }

    @Override
    public String backend() {
        return "vulkan";
    }

    @Override
    public BenchWorkload<?> open(BackendProvider provider) {
        VulkanBackend vulkan = (VulkanBackend) provider.backend();
        VulkanInternals internals = VulkanInternals.get();
        VulkanDevice device = vulkan.createDevice(0);
        try {
            vulkan.useDevice(device);
            VulkanQueue queue = device.queue(0);
            BusyWork work = BusyWork.calibrate(iterations -> internals.runBusy(vulkan, queue, iterations));
            String description = String.format(Locale.ROOT, "a one-invocation busy compute shader on queue 0 of %s (%s),"
                    + " calibrated at %.3f iterations/ns", device.name(), device.driver(), work.iterationsPerNano());
            // Closing the device waits (bounded) for the queue's work before destroying its objects.
            return new BusyKernelWorkload<>(vulkan, queue, work, iterations -> internals.enqueueBusy(vulkan, queue, iterations),
                    description, calibrated -> new VulkanBaselines(queue, calibrated), device::close);
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
    }
}
