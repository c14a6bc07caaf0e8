package io.gpuasync.backend.vulkan;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.backend.vulkan.internal.Commands;
import io.gpuasync.backend.vulkan.internal.VulkanInternals;
import io.gpuasync.backend.vulkan.internal.VulkanLibrary;
import io.gpuasync.spi.LeakReporter;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.MappedLine;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The Vulkan backend: lines in the line's own pages imported into a {@code VkDevice}, stored into
 * by a one-invocation compute shader on a {@code VkQueue}, over the Vulkan loader.
 * <pre>{@code
 * VulkanBackend vulkan = VulkanBackend.load();          // GpuException UNAVAILABLE, with the cause
 * try (VulkanDevice device = vulkan.createDevice(0)) {   // or vulkan.wrapDevice(...) of LWJGL's handles
 *     vulkan.useDevice(device);                          // this thread's current device
 *     VulkanQueue queue = device.queue(0);
 *     try (Line<VulkanQueue> line = vulkan.openLine()) {
 *         queue.submit(yourSubmitInfos, 1, 0);           // your work, under the queue's lock
 *         reactor.await(line.signal(queue, Slot.S0));    // lands once that work is done
 *     }
 * }
 * }</pre>
 * The backend makes one {@code VkInstance} (Vulkan 1.2) for the process; which driver runs is
 * the loader's choice ({@code VK_DRIVER_FILES} pins one, as the build pins Mesa's lavapipe).
 */
public final class VulkanBackend implements Backend<VulkanQueue> {
    // Far beyond any busy work a test or the bench asks for.
    private static final long RUN_BOUND_NANOS = 60_000_000_000L;
    private final LeakReporter leakReporter;
    private final ThreadLocal<VulkanDevice> current = new ThreadLocal<>();
    private final VulkanDriver driver = new VulkanDriver(current::get);

    static {
        VulkanInternals.install(new GrantedInternals());
    }

    private VulkanBackend(LeakReporter leakReporter) {
        this.leakReporter = leakReporter;
    }

    /**
     * The backend, once the loader ({@code libvulkan.so.1}, or the path {@link VulkanLibrary#PROPERTY}
     * names) is loaded, a Vulkan 1.2 instance is made, and some physical device can hold a line.
     *
     * @throws GpuException of kind {@link GpuException.Kind#UNAVAILABLE} saying which failed
     */
    public static VulkanBackend load() {
        return load(LeakReporter.logging());
    }

    /** As {@link #load()}, reporting leaked lines to {@code leakReporter}. */
    public static VulkanBackend load(LeakReporter leakReporter) {
        unavailability().ifPresent(cause -> {
            throw new GpuException(GpuException.Kind.UNAVAILABLE, LineError.UNAVAILABLE.status(),
                    "Vulkan is unavailable: " + cause.getMessage(), cause);
        });
        return new VulkanBackend(Objects.requireNonNull(leakReporter, "leakReporter"));
    }

    /** Why Vulkan cannot be used here (loader, instance, or no device that can hold a line), or empty. */
    public static Optional<Throwable> unavailability() {
        Optional<Throwable> instance = VulkanInstance.unavailability();
        if (instance.isPresent()) {
            return instance;
        }
        List<PhysicalDevice> devices = physicalDevices();
        if (devices.isEmpty()) {
            return Optional.of(new IllegalStateException("the Vulkan loader lists no physical device (VK_DRIVER_FILES="
                    + System.getenv("VK_DRIVER_FILES") + ")"));
        }
        List<String> why = new ArrayList<>();
        for (PhysicalDevice device : devices) {
            if (device.missing().isEmpty()) {
                return Optional.empty();
            }
            why.add(device.name() + " lacks " + String.join(", ", device.missing()));
        }
        return Optional.of(new IllegalStateException("no Vulkan device can hold a line: " + String.join("; ", why)));
    }

    private static volatile List<PhysicalDevice> physical;

    private static List<PhysicalDevice> physicalDevices() {
        List<PhysicalDevice> read = physical;
        if (read == null) {
            synchronized (VulkanBackend.class) {
                read = physical;
                if (read == null) {
                    VulkanInstance instance = VulkanInstance.get();
                    List<PhysicalDevice> all = new ArrayList<>();
                    for (MemorySegment handle : instance.physicalDevices) {
                        all.add(PhysicalDevice.read(instance.vk, handle));
                    }
                    read = List.copyOf(all);
                    physical = read;
                }
            }
        }
        return read;
    }

    /**
     * Each physical device the loader lists, in its order, described for a person: its name,
     * driver and Vulkan version, and what it lacks of what a line needs (nothing: "ready").
     */
    public static List<String> describeDevices() {
        List<String> lines = new ArrayList<>();
        for (PhysicalDevice device : physicalDevices()) {
            lines.add(device.describe() + (device.missing().isEmpty() ? ": ready (VK_EXT_external_memory_host, timeline"
                    + " semaphores, buffer device addresses, 64-bit integers and buffer atomics)" : ": lacks " + String.join(", ", device.missing())));
        }
        return lines;
    }

    @Override
    public String name() {
        return "vulkan";
    }

    @Override
    public Class<VulkanQueue> streamType() {
        return VulkanQueue.class;
    }

    /** The driver table, for tools that drive it directly (the conformance suite). */
    public LineDriver<VulkanQueue, VulkanDevice> driver() {
        return driver;
    }

    /** How many physical devices the loader lists. */
    public int physicalDeviceCount() {
        return physicalDevices().size();
    }

    /**
     * A new {@code VkDevice} on physical device {@code index}, with every queue of its first
     * compute family, {@code VK_EXT_external_memory_host} and the features a line needs
     * ({@code timelineSemaphore}, {@code bufferDeviceAddress}, {@code shaderBufferInt64Atomics},
     * {@code shaderInt64}). Each call
     * makes another logical device (another domain), even on the same physical device.
     *
     * @throws GpuException {@link GpuException.Kind#UNAVAILABLE} naming what the device lacks, or the driver's status
     */
    public VulkanDevice createDevice(int index) {
        List<PhysicalDevice> devices = physicalDevices();
        Objects.checkIndex(index, devices.size());
        try {
            return VulkanDevice.create(VulkanInstance.get(), devices.get(index));
        } catch (LineException e) {
            throw e.toGpuException("creating a Vulkan device on " + devices.get(index).name());
        }
    }

    /**
     * Wraps a {@code VkDevice} another library made (LWJGL's {@code VkDevice.address()}, and its
     * instance's and physical device's), without taking ownership: the backend never destroys it,
     * and its maker must keep it alive until the wrapper is closed and every line on it closed.
     * What the device must have been made with:
     * <ul>
     * <li>an instance made for Vulkan 1.2 or later ({@code VkApplicationInfo.apiVersion}): the
     *     backend calls the core 1.2 commands, not the KHR extensions' names;
     * <li>the device extension {@code VK_EXT_external_memory_host};
     * <li>the features {@code timelineSemaphore}, {@code bufferDeviceAddress} (Vulkan 1.2),
     *     {@code shaderBufferInt64Atomics} (Vulkan 1.2) and {@code shaderInt64} (Vulkan 1.0);
     * <li>{@code queueCount} queues of {@code queueFamily}, a family with {@code VK_QUEUE_COMPUTE_BIT}
     *     (whichever the application prefers, a compute-only one among them).
     * </ul>
     * Vulkan cannot be asked what a device enabled: the backend refuses, naming it, a physical
     * device that does not offer a feature, an instance or device whose 1.2 commands or
     * extension commands do not resolve, and a family that is not there or has no compute.
     *
     * @throws GpuException {@link GpuException.Kind#UNAVAILABLE} naming what is missing
     * @throws IllegalArgumentException naming the family, or the count, that does not fit
     */
    public VulkanDevice wrapDevice(long instance, long physicalDevice, long device, int queueFamily, int queueCount) {
        MemorySegment instanceHandle = MemorySegment.ofAddress(instance);
        Commands commands = Commands.ofInstance(instanceHandle);
        PhysicalDevice physicalRead = PhysicalDevice.read(commands, MemorySegment.ofAddress(physicalDevice));
        try {
            return VulkanDevice.wrap(physicalRead, instanceHandle, commands, MemorySegment.ofAddress(device), queueFamily,
                    queueCount);
        } catch (LineException e) {
            throw e.toGpuException("wrapping VkDevice 0x" + Long.toHexString(device));
        }
    }

    /** Makes {@code device} the calling thread's current device, which {@link #openLine()} opens lines on. */
    public void useDevice(VulkanDevice device) {
        current.set(Objects.requireNonNull(device, "device"));
    }

    /** Leaves the calling thread with no current device, as every thread starts. */
    public void clearCurrentDevice() {
        current.remove();
    }

    /** The calling thread's current device, or empty. */
    public Optional<VulkanDevice> currentDevice() {
        return Optional.ofNullable(current.get());
    }

    /**
     * A line on the calling thread's current device.
     *
     * @throws GpuException {@link GpuException.Kind#NO_DOMAIN} with none current (or it was closed),
     *     or the driver's status with its name
     */
    @Override
    public Line<VulkanQueue> openLine() {
        return MappedLine.open(driver, leakReporter);
    }

    /**
     * Queues on {@code queue} the backend's busy shader for {@code iterations} loop iterations:
     * device work of a length the bench and the tests calibrate.
     */
    void enqueueBusy(VulkanQueue queue, long iterations) {
        try {
            queue.busy(iterations, 0, 0);
        } catch (LineException e) {
            throw e.toGpuException("queueing busy work on " + queue);
        }
    }

    /** As {@link #enqueueBusy}, returning once the work completed ({@code vkWaitSemaphores}, bounded by a minute). */
    void runBusy(VulkanQueue queue, long iterations) {
        try {
            long value = queue.busy(iterations, 0, 0);
            VulkanStatus.NAMES.check(queue.awaitValue(value, System.nanoTime() + RUN_BOUND_NANOS),
                    "vkWaitSemaphores(busy work on " + queue + ")");
        } catch (LineException e) {
            throw e.toGpuException("running busy work");
        }
    }
}
