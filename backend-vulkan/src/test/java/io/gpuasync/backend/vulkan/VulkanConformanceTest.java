package io.gpuasync.backend.vulkan;

import io.gpuasync.conformance.Capability;
import io.gpuasync.conformance.LineDriverVerification;
import io.gpuasync.spi.LineDriver;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * The Vulkan backend's driver table on the real driver the loader runs (lavapipe in the build,
 * NVIDIA's on a GPU machine): two logical devices on physical device 0 (two domains), the busy
 * shader calibrated once as the work. REFERENCE_COUNT and PAGE_COUNT are the backend's own counts,
 * which are what decide when a device is destroyed (Vulkan keeps none); NO_CURRENT_DOMAIN clears
 * the thread's current device. DEVICE_SIDE_WAIT is not
 * declared (the driver refuses it, VulkanDriver says why); FAIL_DOMAIN is not: a lost device
 * cannot be provoked on lavapipe, and one simulated above the driver would test the simulation;
 * FAULT_INJECTION is not: retainCurrent makes no Vulkan call, and a failed vkQueueSubmit has no
 * effect (spec: vkQueueSubmit), so "queued, then reported failed" would simulate what Vulkan forbids.
 */
class VulkanConformanceTest extends LineDriverVerification<VulkanQueue, VulkanDevice> {
    private static VulkanBackend vulkan;
    private static VulkanDevice[] devices;
    private static VulkanWork work;

    private static synchronized VulkanBackend vulkan() {
        if (vulkan == null) {
            vulkan = Lavapipe.backend();
            devices = new VulkanDevice[] {vulkan.createDevice(0), vulkan.createDevice(0)};
            work = VulkanWork.calibrate(devices[0].queue(0));
        }
        return vulkan;
    }

    @Override
    protected LineDriver<VulkanQueue, VulkanDevice> driver() {
        return vulkan().driver();
    }

    @Override
    protected void makeCurrent(int index) {
        vulkan().useDevice(devices[index]);
    }

    @Override
    protected VulkanQueue newStream(int index) {
        vulkan();
        return devices[index].queue(0);
    }

    @Override
    protected void closeStream(VulkanQueue queue) {
        // The queue is the device's; nothing to give back.
    }

    @Override
    protected void enqueueWork(VulkanQueue queue, Duration duration) {
        vulkan();
        work.enqueue(queue, duration);
    }

    @Override
    protected Set<Capability> capabilities() {
        return EnumSet.of(Capability.MANY_DOMAINS, Capability.REFERENCE_COUNT, Capability.PAGE_COUNT,
                Capability.NO_CURRENT_DOMAIN);
    }

    @Override
    protected void clearCurrent() {
        vulkan().clearCurrentDevice();
    }

    @Override
    protected int domains() {
        return 2;
    }

    @Override
    protected int domainReferences(int index) {
        vulkan();
        return devices[index].references();
    }

    @Override
    protected int hostPages(int index) {
        vulkan();
        return devices[index].livePages();
    }
}
