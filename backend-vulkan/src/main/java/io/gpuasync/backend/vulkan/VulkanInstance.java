package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Commands;
import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkApplicationInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkInstanceCreateInfo;
import io.gpuasync.backend.vulkan.internal.VulkanLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The backend's one {@code VkInstance} for the process (Vulkan 1.2), made on first use and kept
 * for good, as Metal's device list is: every device the backend makes is a child of it, and
 * destroying it would need every line of every backend closed first.
 */
final class VulkanInstance {
    private static volatile Object made;

    final MemorySegment handle;
    final Commands vk;
    final List<MemorySegment> physicalDevices;

    private VulkanInstance(MemorySegment handle, Commands vk, List<MemorySegment> physicalDevices) {
        this.handle = handle;
        this.vk = vk;
        this.physicalDevices = physicalDevices;
    }

    /** The instance, or why there is none (no loader, a loader older than 1.2, vkCreateInstance failed). */
    static Optional<Throwable> unavailability() {
        Object result = make();
        return result instanceof Throwable t ? Optional.of(t) : Optional.empty();
    }

    static VulkanInstance get() {
        Object result = make();
        if (result instanceof Throwable t) {
            throw new IllegalStateException("no Vulkan instance: " + t.getMessage(), t);
        }
        return (VulkanInstance) result;
    }

    private static Object make() {
        Object result = made;
        if (result == null) {
            synchronized (VulkanInstance.class) {
                result = made;
                if (result == null) {
                    try {
                        result = create();
                    } catch (RuntimeException | UnsatisfiedLinkError e) {
                        result = e;
                    }
                    made = result;
                }
            }
        }
        return result;
    }

    private static Object create() {
        Optional<Throwable> library = VulkanLibrary.LIBRARY.unavailability(List.of(Vk.F_vkGetInstanceProcAddr.name()));
        if (library.isPresent()) {
            return library.get();
        }
        Commands global = Commands.ofInstance(MemorySegment.NULL);
        List<String> missing = global.missing(Vk.Level.GLOBAL);
        if (!missing.isEmpty()) {
            return new UnsatisfiedLinkError("unresolved symbol: " + missing + " through vkGetInstanceProcAddr of "
                    + VulkanLibrary.LIBRARY.location() + " (a Vulkan 1.0 loader?)");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment version = arena.allocate(Vk.C_INT);
            int status = Vk.vkEnumerateInstanceVersion(global, version);
            int instanceVersion = version.get(ValueLayout.JAVA_INT, 0);
            if (status != Vk.VK_SUCCESS || Integer.compareUnsigned(instanceVersion, Vk.VK_API_VERSION_1_2) < 0) {
                return new IllegalStateException("the Vulkan loader " + VulkanLibrary.LIBRARY.location() + " offers instance version "
                        + versionString(instanceVersion) + "; the backend needs 1.2 (timeline semaphores, buffer device"
                        + " addresses)");
            }
            MemorySegment app = arena.allocate(VkApplicationInfo.LAYOUT);
            VkApplicationInfo.sType(app, Vk.VK_STRUCTURE_TYPE_APPLICATION_INFO);
            VkApplicationInfo.pApplicationName(app, arena.allocateFrom("gpu-async-reactor"));
            VkApplicationInfo.pEngineName(app, arena.allocateFrom("gpu-async-reactor"));
            VkApplicationInfo.apiVersion(app, Vk.VK_API_VERSION_1_2);
            MemorySegment info = arena.allocate(VkInstanceCreateInfo.LAYOUT);
            VkInstanceCreateInfo.sType(info, Vk.VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
            VkInstanceCreateInfo.pApplicationInfo(info, app);
            MemorySegment out = arena.allocate(Vk.C_POINTER);
            status = Vk.vkCreateInstance(global, info, MemorySegment.NULL, out);
            if (status != Vk.VK_SUCCESS) {
                return new IllegalStateException(VulkanStatus.NAMES.describe("vkCreateInstance(Vulkan 1.2)", status)
                        + (status == Vk.VK_ERROR_INCOMPATIBLE_DRIVER ? ": no Vulkan driver found (VK_DRIVER_FILES="
                        + System.getenv("VK_DRIVER_FILES") + ")" : ""));
            }
            MemorySegment instance = out.get(ValueLayout.ADDRESS, 0);
            Commands vk = Commands.ofInstance(instance);
            missing = vk.missing(Vk.Level.INSTANCE);
            if (!missing.isEmpty()) {
                return new UnsatisfiedLinkError("unresolved symbol: " + missing + " of the Vulkan instance");
            }
            MemorySegment count = arena.allocate(Vk.C_INT);
            VulkanStatus.NAMES.check(Vk.vkEnumeratePhysicalDevices(vk, instance, count, MemorySegment.NULL),
                    "vkEnumeratePhysicalDevices");
            int n = count.get(ValueLayout.JAVA_INT, 0);
            MemorySegment devices = arena.allocate(Vk.C_POINTER, Math.max(1, n));
            int listed = Vk.vkEnumeratePhysicalDevices(vk, instance, count, devices);
            if (listed != Vk.VK_SUCCESS && listed != Vk.VK_INCOMPLETE) {
                throw VulkanStatus.NAMES.failure(listed, "vkEnumeratePhysicalDevices").toGpuException("listing Vulkan devices");
            }
            List<MemorySegment> physical = new ArrayList<>();
            for (int i = 0; i < count.get(ValueLayout.JAVA_INT, 0); i++) {
                physical.add(devices.getAtIndex(ValueLayout.ADDRESS, i));
            }
            return new VulkanInstance(instance, vk, List.copyOf(physical));
        } catch (io.gpuasync.spi.LineException e) {
            return e;
        }
    }

    static String versionString(int version) {
        return (version >>> 22) + "." + ((version >>> 12) & 0x3ff) + "." + (version & 0xfff);
    }
}
