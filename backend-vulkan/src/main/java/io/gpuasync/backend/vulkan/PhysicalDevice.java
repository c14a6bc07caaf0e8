package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Commands;
import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkExtensionProperties;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkExternalBufferProperties;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkExternalMemoryProperties;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceBufferDeviceAddressFeatures;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceDriverProperties;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceExternalBufferInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceExternalMemoryHostPropertiesEXT;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceFeatures;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceFeatures2;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceProperties;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceProperties2;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceShaderAtomicInt64Features;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceTimelineSemaphoreFeatures;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkQueueFamilyProperties;
import io.gpuasync.spi.MappedLine;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * What a {@code VkPhysicalDevice} offers of what a line needs, read once: its name and driver,
 * its queue families, and every requirement it misses, each named:
 * <ul>
 * <li>Vulkan 1.2 (timeline semaphores and buffer device addresses are core there);
 * <li>{@code VK_EXT_external_memory_host} with {@code minImportedHostPointerAlignment} at most a
 *     page, and a host allocation importable into a storage buffer with a device address
 *     ({@code vkGetPhysicalDeviceExternalBufferProperties}), so the line's own page can be imported;
 * <li>the features {@code timelineSemaphore}, {@code bufferDeviceAddress},
 *     {@code shaderBufferInt64Atomics} and {@code shaderInt64} (the store is a 64-bit atomic through
 *     a device address; {@code store.spv} declares the {@code Int64} capability);
 * <li>a queue family with compute.
 * </ul>
 *
 * @param name         {@code VkPhysicalDeviceProperties::deviceName}
 * @param driver       {@code VkPhysicalDeviceDriverProperties::driverName} and {@code driverInfo}
 * @param driverId     {@code VkPhysicalDeviceDriverProperties::driverID} (0 where it was not read)
 * @param apiVersion   the device's Vulkan version, as the header packs it
 * @param family       the first queue family with {@code VK_QUEUE_COMPUTE_BIT}, or -1
 * @param queueCount   that family's queues
 * @param families     every queue family's {@code queueFlags} and {@code queueCount}, by index
 * @param missing      what it lacks, one phrase each; empty if a line can live on it
 */
record PhysicalDevice(MemorySegment handle, String name, String driver, int driverId, int apiVersion, int family,
                      int queueCount, List<QueueFamily> families, List<String> missing) {

    /** One queue family: its {@code VkQueueFlags} and how many queues it has. */
    record QueueFamily(int flags, int queueCount) {
        boolean computes() {
            return (flags & Vk.VK_QUEUE_COMPUTE_BIT) != 0;
        }
    }

    /** Reads {@code physical} through the instance commands {@code vk}. */
    static PhysicalDevice read(Commands vk, MemorySegment physical) {
        try (Arena arena = Arena.ofConfined()) {
            List<String> missing = new ArrayList<>();
            MemorySegment basic = arena.allocate(VkPhysicalDeviceProperties.LAYOUT);
            Vk.vkGetPhysicalDeviceProperties(vk, physical, basic);
            int api = basic.get(ValueLayout.JAVA_INT, VkPhysicalDeviceProperties.apiVersion$OFFSET);
            String name = basic.getString(VkPhysicalDeviceProperties.deviceName$OFFSET);
            if (Integer.compareUnsigned(api, Vk.VK_API_VERSION_1_2) < 0) {
                missing.add("Vulkan 1.2 (the device offers " + VulkanInstance.versionString(api) + ")");
                return new PhysicalDevice(physical, name, "?", 0, api, -1, 0, List.of(), List.copyOf(missing));
            }
            boolean hostImport = hasExtension(vk, physical, arena, Vk.VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
            MemorySegment hostProperties = arena.allocate(VkPhysicalDeviceExternalMemoryHostPropertiesEXT.LAYOUT);
            VkPhysicalDeviceExternalMemoryHostPropertiesEXT.sType(hostProperties,
                    Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT);
            MemorySegment driverProperties = arena.allocate(VkPhysicalDeviceDriverProperties.LAYOUT);
            VkPhysicalDeviceDriverProperties.sType(driverProperties, Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES);
            // The host properties are chained only where the extension exists (an unknown sType
            // in a chain is the application's error, spec "Valid Usage for Structure Pointer Chains").
            VkPhysicalDeviceDriverProperties.pNext(driverProperties, hostImport ? hostProperties : MemorySegment.NULL);
            MemorySegment properties = arena.allocate(VkPhysicalDeviceProperties2.LAYOUT);
            VkPhysicalDeviceProperties2.sType(properties, Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2);
            VkPhysicalDeviceProperties2.pNext(properties, driverProperties);
            Vk.vkGetPhysicalDeviceProperties2(vk, physical, properties);
            String driver = driverProperties.getString(VkPhysicalDeviceDriverProperties.driverName$OFFSET) + " "
                    + driverProperties.getString(VkPhysicalDeviceDriverProperties.driverInfo$OFFSET);
            if (!hostImport) {
                missing.add(Vk.VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME + " (the line's own page cannot be imported)");
            } else {
                long alignment = VkPhysicalDeviceExternalMemoryHostPropertiesEXT.minImportedHostPointerAlignment(hostProperties);
                if (alignment > MappedLine.PAGE) {
                    missing.add("minImportedHostPointerAlignment <= " + MappedLine.PAGE + " (the device asks " + alignment + ")");
                }
                if (!importsHostPages(vk, physical, arena)) {
                    missing.add("host allocations importable into a storage buffer with a device address"
                            + " (vkGetPhysicalDeviceExternalBufferProperties of VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT"
                            + " does not say VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT)");
                }
            }
            MemorySegment atomics = arena.allocate(VkPhysicalDeviceShaderAtomicInt64Features.LAYOUT);
            VkPhysicalDeviceShaderAtomicInt64Features.sType(atomics,
                    Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES);
            MemorySegment addresses = arena.allocate(VkPhysicalDeviceBufferDeviceAddressFeatures.LAYOUT);
            VkPhysicalDeviceBufferDeviceAddressFeatures.sType(addresses,
                    Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES);
            VkPhysicalDeviceBufferDeviceAddressFeatures.pNext(addresses, atomics);
            MemorySegment timeline = arena.allocate(VkPhysicalDeviceTimelineSemaphoreFeatures.LAYOUT);
            VkPhysicalDeviceTimelineSemaphoreFeatures.sType(timeline,
                    Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES);
            VkPhysicalDeviceTimelineSemaphoreFeatures.pNext(timeline, addresses);
            MemorySegment features = arena.allocate(VkPhysicalDeviceFeatures2.LAYOUT);
            VkPhysicalDeviceFeatures2.sType(features, Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
            VkPhysicalDeviceFeatures2.pNext(features, timeline);
            Vk.vkGetPhysicalDeviceFeatures2(vk, physical, features);
            if (VkPhysicalDeviceTimelineSemaphoreFeatures.timelineSemaphore(timeline) == 0) {
                missing.add("the timelineSemaphore feature (the settle)");
            }
            if (VkPhysicalDeviceBufferDeviceAddressFeatures.bufferDeviceAddress(addresses) == 0) {
                missing.add("the bufferDeviceAddress feature (the store's target)");
            }
            if (VkPhysicalDeviceShaderAtomicInt64Features.shaderBufferInt64Atomics(atomics) == 0) {
                missing.add("the shaderBufferInt64Atomics feature (the store is a 64-bit atomic)");
            }
            MemorySegment core = features.asSlice(VkPhysicalDeviceFeatures2.features$OFFSET, VkPhysicalDeviceFeatures.LAYOUT);
            if (VkPhysicalDeviceFeatures.shaderInt64(core) == 0) {
                missing.add("the shaderInt64 feature (the store's shader declares the Int64 capability)");
            }
            MemorySegment count = arena.allocate(Vk.C_INT);
            Vk.vkGetPhysicalDeviceQueueFamilyProperties(vk, physical, count, MemorySegment.NULL);
            int families = count.get(ValueLayout.JAVA_INT, 0);
            MemorySegment list = arena.allocate(VkQueueFamilyProperties.LAYOUT, Math.max(1, families));
            Vk.vkGetPhysicalDeviceQueueFamilyProperties(vk, physical, count, list);
            int family = -1;
            int queues = 0;
            List<QueueFamily> all = new ArrayList<>();
            for (int i = 0; i < count.get(ValueLayout.JAVA_INT, 0); i++) {
                MemorySegment entry = list.asSlice(i * VkQueueFamilyProperties.LAYOUT.byteSize(),
                        VkQueueFamilyProperties.LAYOUT);
                QueueFamily each = new QueueFamily(VkQueueFamilyProperties.queueFlags(entry),
                        VkQueueFamilyProperties.queueCount(entry));
                all.add(each);
                if (family < 0 && each.computes()) {
                    family = i;
                    queues = each.queueCount();
                }
            }
            if (family < 0) {
                missing.add("a queue family with VK_QUEUE_COMPUTE_BIT");
            }
            return new PhysicalDevice(physical, name, driver.trim(),
                    VkPhysicalDeviceDriverProperties.driverID(driverProperties), api, family, queues, List.copyOf(all),
                    List.copyOf(missing));
        }
    }

    // Spec: Capabilities, "External Memory Capabilities": what the driver says of importing a host
    // allocation into a buffer with the usages the line's buffer has (VulkanDevice.importPage).
    private static boolean importsHostPages(Commands vk, MemorySegment physical, Arena arena) {
        MemorySegment info = arena.allocate(VkPhysicalDeviceExternalBufferInfo.LAYOUT);
        VkPhysicalDeviceExternalBufferInfo.sType(info, Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_BUFFER_INFO);
        VkPhysicalDeviceExternalBufferInfo.usage(info, VulkanDevice.PAGE_USAGE);
        VkPhysicalDeviceExternalBufferInfo.handleType(info, Vk.VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT);
        MemorySegment properties = arena.allocate(VkExternalBufferProperties.LAYOUT);
        VkExternalBufferProperties.sType(properties, Vk.VK_STRUCTURE_TYPE_EXTERNAL_BUFFER_PROPERTIES);
        Vk.vkGetPhysicalDeviceExternalBufferProperties(vk, physical, info, properties);
        MemorySegment memory = properties.asSlice(VkExternalBufferProperties.externalMemoryProperties$OFFSET,
                VkExternalMemoryProperties.LAYOUT);
        return (VkExternalMemoryProperties.externalMemoryFeatures(memory) & Vk.VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT) != 0
                && (VkExternalMemoryProperties.compatibleHandleTypes(memory)
                        & Vk.VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT) != 0;
    }

    /** The family at {@code index}, or why a line's queues cannot come from it. */
    String refusesFamily(int index, int queues) {
        if (index < 0 || index >= families.size()) {
            return "queue family " + index + ": " + name + " has " + families.size() + " (0 to " + (families.size() - 1) + ")";
        }
        QueueFamily chosen = families.get(index);
        if (!chosen.computes()) {
            return "queue family " + index + " of " + name + " has no VK_QUEUE_COMPUTE_BIT (queueFlags 0x"
                    + Integer.toHexString(chosen.flags()) + "): the store is a compute dispatch";
        }
        if (queues < 1 || queues > chosen.queueCount()) {
            return "queueCount " + queues + " of queue family " + index + " of " + name + ", which has " + chosen.queueCount();
        }
        return null;
    }

    private static boolean hasExtension(Commands vk, MemorySegment physical, Arena arena, String wanted) {
        MemorySegment count = arena.allocate(Vk.C_INT);
        if (Vk.vkEnumerateDeviceExtensionProperties(vk, physical, MemorySegment.NULL, count, MemorySegment.NULL) != Vk.VK_SUCCESS) {
            return false;
        }
        int n = count.get(ValueLayout.JAVA_INT, 0);
        MemorySegment list = arena.allocate(VkExtensionProperties.LAYOUT, Math.max(1, n));
        int status = Vk.vkEnumerateDeviceExtensionProperties(vk, physical, MemorySegment.NULL, count, list);
        if (status != Vk.VK_SUCCESS && status != Vk.VK_INCOMPLETE) {
            return false;
        }
        for (int i = 0; i < count.get(ValueLayout.JAVA_INT, 0); i++) {
            long at = i * VkExtensionProperties.LAYOUT.byteSize() + VkExtensionProperties.extensionName$OFFSET;
            if (list.getString(at).equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the driver answers {@code vkWaitSemaphores} for any of several semaphores by
     * polling them in a loop until one is reached, instead of blocking: Mesa's runtime does so
     * for timeline semaphores it emulates (lavapipe's), which offer no wait for many
     * ({@code __vk_sync_wait_many} in {@code vk_sync.c}).
     */
    boolean pollsForAnyOfMany() {
        return driverId == Vk.VK_DRIVER_ID_MESA_LLVMPIPE;
    }

    /** {@code "NAME, driver DRIVER, Vulkan MAJOR.MINOR.PATCH"}: the name, the driver and the device's version. */
    String describe() {
        return name + ", driver " + driver + ", Vulkan " + VulkanInstance.versionString(apiVersion);
    }
}
