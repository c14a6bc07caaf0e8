package io.gpuasync.backend.vulkan;

import io.gpuasync.bench.spi.BusyWork;

import io.gpuasync.conformance.Capability;
import io.gpuasync.conformance.LineDriverVerification;
import io.gpuasync.spi.LineDriver;
import net.jqwik.api.lifecycle.AddLifecycleHook;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * The Vulkan backend's driver table on the real driver the loader runs (lavapipe in the build,
 * NVIDIA's on a GPU machine): two logical devices on physical device 0 (two domains), the busy
 * shader calibrated once as the work. REFERENCE_COUNT and PAGE_COUNT are the backend's own counts,
 * which are what decide when a device is destroyed (Vulkan keeps none); NO_CURRENT_DOMAIN clears
 * the thread's current device.
 *
 * <p>FAIL_DOMAIN, where the test layer is under the devices (the module's pom puts it there):
 * {@link #failDomain} has the layer lose the device ({@link TestLayer#lose}), so that its submits,
 * semaphore queries and waits answer {@code VK_ERROR_DEVICE_LOST} from the driver table, as a
 * lost device's do, while lavapipe still runs the rest. A lost device stays lost, so the next
 * property gets a fresh device in its place; the lost one is kept by the line the property leaked.
 *
 * <p>Not declared: DEVICE_SIDE_WAIT (the driver refuses it, VulkanDriver says why), and
 * FAULT_INJECTION, which fails each of retainCurrent, allocHost, deviceAddress and writeValue
 * inside the driver: retainCurrent and deviceAddress make no Vulkan call that could fail (a
 * count, and a lookup of the address vkGetBufferDeviceAddress gave when the page was imported),
 * and a vkQueueSubmit that fails with anything but VK_ERROR_DEVICE_LOST has no effect (spec:
 * vkQueueSubmit), so "queued, then reported failed" would be a failure Vulkan forbids, while one
 * with VK_ERROR_DEVICE_LOST loses the device, which the property does not expect.
 *
 * <p>Without Vulkan every property is skipped, saying why ({@link Lavapipe.SkipWithoutVulkan}).
 */
@AddLifecycleHook(Lavapipe.SkipWithoutVulkan.class)
class VulkanConformanceTest extends LineDriverVerification<VulkanQueue, VulkanDevice> {
    private static VulkanBackend vulkan;
    private static VulkanDevice[] shared;
    private static BusyWork work;
    // This property's devices: those shared when it began (jqwik makes an instance per
    // property), so that a device it lost stays its domain until it ends.
    private VulkanDevice[] devices;

    private static synchronized VulkanBackend vulkan() {
        if (vulkan == null) {
            vulkan = Lavapipe.backend();
            shared = new VulkanDevice[] {vulkan.createDevice(0), vulkan.createDevice(0)};
            VulkanQueue calibration = shared[0].queue(0);
            long start = System.nanoTime();
            work = BusyWork.calibrate(iterations -> vulkan.runBusy(calibration, iterations));
            // In the test's output (the GPU check's conformance.log): every property's work is
            // sized by this rate, so a suite that ran long or timed out shows it here.
            System.out.printf("VulkanConformanceTest: the busy shader runs %.3f iterations/us on %s"
                    + " (calibrated in %d ms)%n", work.iterationsPerNano() * 1e3, shared[0],
                    (System.nanoTime() - start) / 1_000_000);
        }
        return vulkan;
    }

    private synchronized VulkanDevice device(int index) {
        if (devices == null) {
            vulkan();
            synchronized (VulkanConformanceTest.class) {
                for (int i = 0; i < shared.length; i++) {
                    if (shared[i] == null) {
                        shared[i] = vulkan.createDevice(0);
                    }
                }
                devices = shared.clone();
            }
        }
        return devices[index];
    }

    @Override
    protected LineDriver<VulkanQueue, VulkanDevice> driver() {
        return vulkan().driver();
    }

    @Override
    protected void makeCurrent(int index) {
        vulkan().useDevice(device(index));
    }

    @Override
    protected VulkanQueue newStream(int index) {
        return device(index).queue(0);
    }

    @Override
    protected void closeStream(VulkanQueue queue) {
        // The queue is the device's; nothing to give back.
    }

    @Override
    protected void enqueueWork(VulkanQueue queue, Duration duration) {
        vulkan();
        vulkan.enqueueBusy(queue, work.iterationsFor(duration));
    }

    @Override
    protected Set<Capability> capabilities() {
        Set<Capability> capabilities = EnumSet.of(Capability.MANY_DOMAINS, Capability.REFERENCE_COUNT,
                Capability.PAGE_COUNT, Capability.NO_CURRENT_DOMAIN);
        if (TestLayer.find().filter(layer -> layer.under(device(0)) && layer.under(device(1))).isPresent()) {
            capabilities.add(Capability.FAIL_DOMAIN);
        }
        return capabilities;
    }

    @Override
    protected void failDomain(int index) {
        VulkanDevice lost = device(index);
        TestLayer.find().orElseThrow().lose(lost);
        // Its replacement is made when the next property first asks for a device, not here: the
        // layer does not stop what lavapipe already runs, and making a device can take longer than
        // the work the failing property queued, whose store must not land before it looks.
        synchronized (VulkanConformanceTest.class) {
            shared[index] = null;
        }
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
        return device(index).references();
    }

    @Override
    protected int hostPages(int index) {
        return device(index).livePages();
    }
}
