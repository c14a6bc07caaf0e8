package io.gpuasync.backend.vulkan;

import io.gpuasync.api.GpuException;
import io.gpuasync.backend.vulkan.internal.Commands;
import io.gpuasync.backend.vulkan.internal.Shaders;
import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkBufferCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkBufferDeviceAddressInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkComputePipelineCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkDeviceCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkDeviceQueueCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkExternalMemoryBufferCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkImportMemoryHostPointerInfoEXT;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkMemoryAllocateFlagsInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkMemoryAllocateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkMemoryHostPointerPropertiesEXT;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkMemoryRequirements;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkMemoryType;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceBufferDeviceAddressFeatures;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceFeatures;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceFeatures2;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceMemoryProperties;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceShaderAtomicInt64Features;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPhysicalDeviceTimelineSemaphoreFeatures;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPipelineLayoutCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPipelineShaderStageCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPushConstantRange;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkShaderModuleCreateInfo;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A line's domain on Vulkan: one {@code VkDevice} with its {@code VkPhysicalDevice} and the
 * queue family the backend uses, either made by the backend ({@link VulkanBackend#createDevice})
 * or wrapped from handles another library made ({@link VulkanBackend#wrapDevice}). Two logical
 * devices on one physical device are two domains.
 *
 * <p>Vulkan counts no references to a device, so this object does: the one who made or wrapped
 * it holds one, given back by {@link #close()}, and every line holds its own from before its page
 * is imported until after it is freed. When the last is given back the backend's objects on the
 * device (its pipelines, command pools and semaphores) are destroyed, and a device the backend
 * made is destroyed with {@code vkDestroyDevice}; a wrapped device is left to its maker, who must
 * keep it alive while a line on it is open (Vulkan cannot tell anyone that a device was destroyed).
 *
 * <p>{@code VK_ERROR_DEVICE_LOST} from any call the backend makes on the device is sticky (spec:
 * Devices and Queues, "Lost Device": a lost device stays lost, and its queues and semaphores may
 * report it from then on): every line's health check reports it after that, and new lines are refused.
 * A line closed on a lost device frees its page only where the driver had already said that every
 * submission behind its stores finished; otherwise the page is kept (the line ends leaked), since
 * whether the lost device still writes it is unknown. Once the device is destroyed its queues
 * refuse submissions ({@link VulkanQueue#submit}) instead of passing dangling handles to the driver.
 */
public final class VulkanDevice implements AutoCloseable {
    /** Push constants of both shaders: 16 bytes (a device address and a 64-bit value, or two 32-bit words). */
    static final int PUSH_BYTES = 16;
    /** The usages of a line's buffer: the store reaches it as a storage buffer, by its device address. */
    static final int PAGE_USAGE = Vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | Vk.VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    // The commands core in Vulkan 1.2 the backend calls: unresolved where the instance (or the
    // device) was made for an older version, even with the KHR extensions that offered them.
    private static final java.util.Set<String> CORE_1_2 = java.util.Set.of(Vk.F_vkGetBufferDeviceAddress.name(),
            Vk.F_vkGetSemaphoreCounterValue.name(), Vk.F_vkWaitSemaphores.name(), Vk.F_vkSignalSemaphore.name());
    private static final Duration DESTROY_BOUND = Duration.ofSeconds(30);

    final PhysicalDevice physical;
    final MemorySegment instance;
    final MemorySegment handle;
    final Commands vk;
    final boolean owned;
    final int family;
    private final VulkanQueue[] queues;

    final long pipelineLayout;
    final long storePipeline;
    final long busyPipeline;
    private final long storeModule;
    private final long busyModule;
    // The busy shader's sink: a small device buffer it writes only in a case that never happens.
    private final long sinkBuffer;
    private final long sinkMemory;
    final long sinkAddress;
    /** The wake of the store waits on this device ({@link VulkanStoreWaits}). */
    final StoreWake storeWake;

    private final Object lock = new Object();
    // Guarded by lock.
    private int references = 1;
    private boolean userClosed;
    private boolean destroyed;
    // 0, or the sticky VkResult (VK_ERROR_DEVICE_LOST) that failed the device.
    private volatile int lost;

    // The lines' pages, by host address: freed by freePage only.
    private final Map<Long, Page> pages = new ConcurrentHashMap<>();

    private record Page(Arena arena, long buffer, long memory, long deviceAddress) {
    }

    private VulkanDevice(PhysicalDevice physical, MemorySegment instance, MemorySegment handle, Commands vk, boolean owned,
                         int family, int queueCount, long[] objects) {
        this.physical = physical;
        this.instance = instance;
        this.handle = handle;
        this.vk = vk;
        this.owned = owned;
        this.family = family;
        this.queues = new VulkanQueue[queueCount];
        this.pipelineLayout = objects[0];
        this.storeModule = objects[1];
        this.busyModule = objects[2];
        this.storePipeline = objects[3];
        this.busyPipeline = objects[4];
        this.sinkBuffer = objects[5];
        this.sinkMemory = objects[6];
        this.sinkAddress = objects[7];
        this.storeWake = new StoreWake(this, objects[8], physical.pollsForAnyOfMany());
    }

    /** Makes a device on {@code physical}, with every queue of its compute family and what a line needs enabled. */
    static VulkanDevice create(VulkanInstance instance, PhysicalDevice physical) throws LineException {
        requireUsable(physical);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment priorities = arena.allocate(Vk.C_FLOAT, physical.queueCount());
            for (int i = 0; i < physical.queueCount(); i++) {
                priorities.setAtIndex(ValueLayout.JAVA_FLOAT, i, 1.0f);
            }
            MemorySegment queueInfo = arena.allocate(VkDeviceQueueCreateInfo.LAYOUT);
            VkDeviceQueueCreateInfo.sType(queueInfo, Vk.VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
            VkDeviceQueueCreateInfo.queueFamilyIndex(queueInfo, physical.family());
            VkDeviceQueueCreateInfo.queueCount(queueInfo, physical.queueCount());
            VkDeviceQueueCreateInfo.pQueuePriorities(queueInfo, priorities);
            MemorySegment atomics = arena.allocate(VkPhysicalDeviceShaderAtomicInt64Features.LAYOUT);
            VkPhysicalDeviceShaderAtomicInt64Features.sType(atomics,
                    Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES);
            VkPhysicalDeviceShaderAtomicInt64Features.shaderBufferInt64Atomics(atomics, 1);
            MemorySegment addresses = arena.allocate(VkPhysicalDeviceBufferDeviceAddressFeatures.LAYOUT);
            VkPhysicalDeviceBufferDeviceAddressFeatures.sType(addresses,
                    Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES);
            VkPhysicalDeviceBufferDeviceAddressFeatures.bufferDeviceAddress(addresses, 1);
            VkPhysicalDeviceBufferDeviceAddressFeatures.pNext(addresses, atomics);
            MemorySegment timeline = arena.allocate(VkPhysicalDeviceTimelineSemaphoreFeatures.LAYOUT);
            VkPhysicalDeviceTimelineSemaphoreFeatures.sType(timeline,
                    Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES);
            VkPhysicalDeviceTimelineSemaphoreFeatures.timelineSemaphore(timeline, 1);
            VkPhysicalDeviceTimelineSemaphoreFeatures.pNext(timeline, addresses);
            MemorySegment features = arena.allocate(VkPhysicalDeviceFeatures2.LAYOUT);
            VkPhysicalDeviceFeatures2.sType(features, Vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
            VkPhysicalDeviceFeatures2.pNext(features, timeline);
            VkPhysicalDeviceFeatures.shaderInt64(features.asSlice(VkPhysicalDeviceFeatures2.features$OFFSET,
                    VkPhysicalDeviceFeatures.LAYOUT), 1);
            MemorySegment extensions = arena.allocate(Vk.C_POINTER);
            extensions.set(ValueLayout.ADDRESS, 0, arena.allocateFrom(Vk.VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME));
            MemorySegment info = arena.allocate(VkDeviceCreateInfo.LAYOUT);
            VkDeviceCreateInfo.sType(info, Vk.VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
            // The features in the chain, pEnabledFeatures NULL (spec: VkDeviceCreateInfo, "pNext").
            VkDeviceCreateInfo.pNext(info, features);
            VkDeviceCreateInfo.queueCreateInfoCount(info, 1);
            VkDeviceCreateInfo.pQueueCreateInfos(info, queueInfo);
            VkDeviceCreateInfo.enabledExtensionCount(info, 1);
            VkDeviceCreateInfo.ppEnabledExtensionNames(info, extensions);
            MemorySegment out = arena.allocate(Vk.C_POINTER);
            VulkanStatus.NAMES.check(Vk.vkCreateDevice(instance.vk, physical.handle(), info, MemorySegment.NULL, out),
                    "vkCreateDevice(" + physical.name() + ")");
            MemorySegment device = out.get(ValueLayout.ADDRESS, 0);
            Commands commands = instance.vk.withDevice(device);
            try {
                return finish(physical, instance.handle, device, commands, true, physical.family(), physical.queueCount());
            } catch (LineException | RuntimeException e) {
                Vk.vkDestroyDevice(commands, device, MemorySegment.NULL);
                throw e;
            }
        }
    }

    /**
     * Wraps a device another library made. It must have been made on {@code physical}, under an
     * instance made for Vulkan 1.2 or later ({@code VkApplicationInfo.apiVersion}), with
     * {@code queueCount} queues of {@code family} (one with compute),
     * {@code VK_EXT_external_memory_host} and the features {@code timelineSemaphore},
     * {@code bufferDeviceAddress}, {@code shaderBufferInt64Atomics} and {@code shaderInt64} enabled.
     * Vulkan cannot be asked what a device enabled: the backend checks that the physical device
     * offers the features, and that the commands of the version and the extension resolve.
     */
    static VulkanDevice wrap(PhysicalDevice physical, MemorySegment instance, Commands instanceCommands,
                             MemorySegment device, int family, int queueCount) throws LineException {
        requireUsable(physical);
        String refused = physical.refusesFamily(family, queueCount);
        if (refused != null) {
            throw new IllegalArgumentException(refused);
        }
        return finish(physical, instance, device, instanceCommands.withDevice(device), false, family, queueCount);
    }

    private static void requireUsable(PhysicalDevice physical) throws LineException {
        if (!physical.missing().isEmpty()) {
            throw new LineException(LineError.UNAVAILABLE, physical.name() + " cannot hold a line: it lacks "
                    + String.join(", ", physical.missing()));
        }
    }

    // The backend's own objects on the device; a failure destroys, in reverse order, what was made.
    private static VulkanDevice finish(PhysicalDevice physical, MemorySegment instance, MemorySegment device,
                                       Commands vk, boolean owned, int family, int queueCount) throws LineException {
        java.util.List<String> missing = vk.missing(Vk.Level.DEVICE);
        if (!missing.isEmpty()) {
            throw new LineException(LineError.UNAVAILABLE, "the device cannot hold a line: it needs " + needs(missing));
        }
        long[] objects = new long[9];
        int made = 0;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(Vk.C_LONG);
            MemorySegment range = arena.allocate(VkPushConstantRange.LAYOUT);
            VkPushConstantRange.stageFlags(range, Vk.VK_SHADER_STAGE_COMPUTE_BIT);
            VkPushConstantRange.size(range, PUSH_BYTES);
            MemorySegment layoutInfo = arena.allocate(VkPipelineLayoutCreateInfo.LAYOUT);
            VkPipelineLayoutCreateInfo.sType(layoutInfo, Vk.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
            VkPipelineLayoutCreateInfo.pushConstantRangeCount(layoutInfo, 1);
            VkPipelineLayoutCreateInfo.pPushConstantRanges(layoutInfo, range);
            VulkanStatus.NAMES.check(Vk.vkCreatePipelineLayout(vk, device, layoutInfo, MemorySegment.NULL, out),
                    "vkCreatePipelineLayout");
            objects[made++] = out.get(ValueLayout.JAVA_LONG, 0);
            for (String shader : new String[] {Shaders.STORE, Shaders.BUSY}) {
                byte[] code = Shaders.load(shader);
                MemorySegment words = arena.allocate(code.length, 4);
                words.copyFrom(MemorySegment.ofArray(code));
                MemorySegment moduleInfo = arena.allocate(VkShaderModuleCreateInfo.LAYOUT);
                VkShaderModuleCreateInfo.sType(moduleInfo, Vk.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
                VkShaderModuleCreateInfo.codeSize(moduleInfo, code.length);
                VkShaderModuleCreateInfo.pCode(moduleInfo, words);
                VulkanStatus.NAMES.check(Vk.vkCreateShaderModule(vk, device, moduleInfo, MemorySegment.NULL, out),
                        "vkCreateShaderModule(" + shader + ")");
                objects[made++] = out.get(ValueLayout.JAVA_LONG, 0);
            }
            for (int i = 0; i < 2; i++) {
                MemorySegment pipelineInfo = arena.allocate(VkComputePipelineCreateInfo.LAYOUT);
                VkComputePipelineCreateInfo.sType(pipelineInfo, Vk.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
                MemorySegment stage = pipelineInfo.asSlice(VkComputePipelineCreateInfo.stage$OFFSET,
                        VkPipelineShaderStageCreateInfo.LAYOUT);
                VkPipelineShaderStageCreateInfo.sType(stage, Vk.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
                VkPipelineShaderStageCreateInfo.stage(stage, Vk.VK_SHADER_STAGE_COMPUTE_BIT);
                VkPipelineShaderStageCreateInfo.module(stage, objects[1 + i]);
                VkPipelineShaderStageCreateInfo.pName(stage, arena.allocateFrom("main"));
                VkComputePipelineCreateInfo.layout(pipelineInfo, objects[0]);
                VulkanStatus.NAMES.check(Vk.vkCreateComputePipelines(vk, device, 0, 1, pipelineInfo, MemorySegment.NULL, out),
                        "vkCreateComputePipelines(" + (i == 0 ? Shaders.STORE : Shaders.BUSY) + ")");
                objects[made++] = out.get(ValueLayout.JAVA_LONG, 0);
            }
            long[] sink = allocateSink(vk, physical, device, arena);
            objects[made++] = sink[0];
            objects[made++] = sink[1];
            objects[made++] = sink[2];
            objects[made++] = VulkanQueue.createTimeline(vk, device, 0, arena);
            return new VulkanDevice(physical, instance, device, vk, owned, family, queueCount, objects);
        } catch (LineException | RuntimeException e) {
            destroyObjects(vk, device, objects, made);
            throw e;
        }
    }

    // What a device whose commands did not resolve lacks: the version or extension that has them.
    private static String needs(java.util.List<String> unresolved) {
        java.util.List<String> needs = new java.util.ArrayList<>();
        java.util.List<String> core = unresolved.stream().filter(CORE_1_2::contains).toList();
        if (!core.isEmpty()) {
            needs.add("Vulkan 1.2: make the instance with VkApplicationInfo.apiVersion VK_API_VERSION_1_2 or later (the core 1.2"
                    + " commands " + core + " did not resolve; the KHR extensions' own names are not used)");
        }
        if (unresolved.contains(Vk.F_vkGetMemoryHostPointerPropertiesEXT.name())) {
            needs.add(Vk.VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME + " enabled on the device (VkDeviceCreateInfo"
                    + ".ppEnabledExtensionNames): the line's own page is imported with it");
        }
        java.util.List<String> other = unresolved.stream().filter(name -> !CORE_1_2.contains(name)
                && !name.equals(Vk.F_vkGetMemoryHostPointerPropertiesEXT.name())).toList();
        if (!other.isEmpty()) {
            needs.add("the Vulkan 1.0 commands " + other + ", which its driver did not resolve");
        }
        return String.join("; and ", needs);
    }

    private static long[] allocateSink(Commands vk, PhysicalDevice physical, MemorySegment device, Arena arena)
            throws LineException {
        MemorySegment out = arena.allocate(Vk.C_LONG);
        MemorySegment bufferInfo = arena.allocate(VkBufferCreateInfo.LAYOUT);
        VkBufferCreateInfo.sType(bufferInfo, Vk.VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
        VkBufferCreateInfo.size(bufferInfo, 256);
        VkBufferCreateInfo.usage(bufferInfo, Vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | Vk.VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT);
        VkBufferCreateInfo.sharingMode(bufferInfo, Vk.VK_SHARING_MODE_EXCLUSIVE);
        VulkanStatus.NAMES.check(Vk.vkCreateBuffer(vk, device, bufferInfo, MemorySegment.NULL, out), "vkCreateBuffer(sink)");
        long buffer = out.get(ValueLayout.JAVA_LONG, 0);
        try {
            MemorySegment requirements = arena.allocate(VkMemoryRequirements.LAYOUT);
            Vk.vkGetBufferMemoryRequirements(vk, device, buffer, requirements);
            int type = memoryType(vk, physical, VkMemoryRequirements.memoryTypeBits(requirements), 0, arena);
            long memory = allocate(vk, device, VkMemoryRequirements.size(requirements), type, MemorySegment.NULL, arena,
                    "vkAllocateMemory(sink)");
            try {
                VulkanStatus.NAMES.check(Vk.vkBindBufferMemory(vk, device, buffer, memory, 0), "vkBindBufferMemory(sink)");
                return new long[] {buffer, memory, bufferAddress(vk, device, buffer, arena)};
            } catch (LineException | RuntimeException e) {
                Vk.vkFreeMemory(vk, device, memory, MemorySegment.NULL);
                throw e;
            }
        } catch (LineException | RuntimeException e) {
            Vk.vkDestroyBuffer(vk, device, buffer, MemorySegment.NULL);
            throw e;
        }
    }

    // vkAllocateMemory of type, with DEVICE_ADDRESS allowed (the shaders reach memory by address)
    // and next chained after the flags (an import, or nothing).
    private static long allocate(Commands vk, MemorySegment device, long size, int type, MemorySegment next, Arena arena,
                                 String call) throws LineException {
        MemorySegment flags = arena.allocate(VkMemoryAllocateFlagsInfo.LAYOUT);
        VkMemoryAllocateFlagsInfo.sType(flags, Vk.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO);
        VkMemoryAllocateFlagsInfo.flags(flags, Vk.VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT);
        VkMemoryAllocateFlagsInfo.pNext(flags, next);
        MemorySegment info = arena.allocate(VkMemoryAllocateInfo.LAYOUT);
        VkMemoryAllocateInfo.sType(info, Vk.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
        VkMemoryAllocateInfo.pNext(info, flags);
        VkMemoryAllocateInfo.allocationSize(info, size);
        VkMemoryAllocateInfo.memoryTypeIndex(info, type);
        MemorySegment out = arena.allocate(Vk.C_LONG);
        VulkanStatus.NAMES.check(Vk.vkAllocateMemory(vk, device, info, MemorySegment.NULL, out), call);
        return out.get(ValueLayout.JAVA_LONG, 0);
    }

    private static long bufferAddress(Commands vk, MemorySegment device, long buffer, Arena arena) {
        MemorySegment info = arena.allocate(VkBufferDeviceAddressInfo.LAYOUT);
        VkBufferDeviceAddressInfo.sType(info, Vk.VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO);
        VkBufferDeviceAddressInfo.buffer(info, buffer);
        return Vk.vkGetBufferDeviceAddress(vk, device, info);
    }

    /** The first memory type in {@code allowed} having every bit of {@code properties}. */
    private static int memoryType(Commands vk, PhysicalDevice physical, int allowed, int properties, Arena arena)
            throws LineException {
        MemorySegment memory = arena.allocate(VkPhysicalDeviceMemoryProperties.LAYOUT);
        Vk.vkGetPhysicalDeviceMemoryProperties(vk, physical.handle(), memory);
        int count = VkPhysicalDeviceMemoryProperties.memoryTypeCount(memory);
        for (int i = 0; i < count; i++) {
            MemorySegment type = memory.asSlice(VkPhysicalDeviceMemoryProperties.memoryTypes$OFFSET
                    + i * VkMemoryType.LAYOUT.byteSize(), VkMemoryType.LAYOUT);
            if ((allowed & (1 << i)) != 0 && (VkMemoryType.propertyFlags(type) & properties) == properties) {
                return i;
            }
        }
        throw new LineException(LineError.UNAVAILABLE, physical.name() + " has no memory type among 0x"
                + Integer.toHexString(allowed) + " with property flags 0x" + Integer.toHexString(properties));
    }

    private static void destroyObjects(Commands vk, MemorySegment device, long[] objects, int made) {
        if (made > 8) {
            Vk.vkDestroySemaphore(vk, device, objects[8], MemorySegment.NULL);
        }
        if (made > 7) {
            made = 7;   // the sink's address is no object
        }
        if (made > 6) {
            Vk.vkFreeMemory(vk, device, objects[6], MemorySegment.NULL);
        }
        if (made > 5) {
            Vk.vkDestroyBuffer(vk, device, objects[5], MemorySegment.NULL);
        }
        if (made > 4) {
            Vk.vkDestroyPipeline(vk, device, objects[4], MemorySegment.NULL);
        }
        if (made > 3) {
            Vk.vkDestroyPipeline(vk, device, objects[3], MemorySegment.NULL);
        }
        if (made > 2) {
            Vk.vkDestroyShaderModule(vk, device, objects[2], MemorySegment.NULL);
        }
        if (made > 1) {
            Vk.vkDestroyShaderModule(vk, device, objects[1], MemorySegment.NULL);
        }
        if (made > 0) {
            Vk.vkDestroyPipelineLayout(vk, device, objects[0], MemorySegment.NULL);
        }
    }

    /** The device's name, as {@code vkGetPhysicalDeviceProperties} gives it. */
    public String name() {
        return physical.name();
    }

    /** The driver, as {@code VkPhysicalDeviceDriverProperties} names it: {@code driverName}, a space, {@code driverInfo}. */
    public String driver() {
        return physical.driver();
    }

    /** The raw {@code VkDevice}, for another library to use (the backend keeps ownership of one it made). */
    public long handle() {
        return handle.address();
    }

    /**
     * The queue family the backend uses: for a device it made, the first with
     * {@code VK_QUEUE_COMPUTE_BIT}; for a wrapped one, the family its maker named.
     */
    public int queueFamily() {
        return family;
    }

    /** How many queues of {@link #queueFamily()} {@link #queue(int)} offers. */
    public int queueCount() {
        return queues.length;
    }

    /**
     * Queue {@code index} of {@link #queueFamily()} ({@code vkGetDeviceQueue}): one object per
     * {@code VkQueue}, whose lock every submission through this backend takes.
     */
    public VulkanQueue queue(int index) {
        Objects.checkIndex(index, queues.length);
        synchronized (lock) {
            if (destroyed) {
                throw new GpuException(GpuException.Kind.CLOSED, this + " is closed");
            }
            VulkanQueue queue = queues[index];
            if (queue == null) {
                try {
                    queue = VulkanQueue.open(this, index);
                } catch (LineException e) {
                    throw e.toGpuException("getting queue " + index + " of " + this);
                }
                queues[index] = queue;
            }
            return queue;
        }
    }

    /** Queue {@code index} if {@link #queue(int)} handed it out, else null. */
    VulkanQueue openedQueue(int index) {
        synchronized (lock) {
            return index >= 0 && index < queues.length ? queues[index] : null;
        }
    }

    /** The queues {@link #queue(int)} has handed out so far. */
    java.util.List<VulkanQueue> openedQueues() {
        synchronized (lock) {
            java.util.List<VulkanQueue> opened = new java.util.ArrayList<>(queues.length);
            for (VulkanQueue queue : queues) {
                if (queue != null) {
                    opened.add(queue);
                }
            }
            return opened;
        }
    }

    /** How many references the device holds now: its maker's until {@link #close()}, and one per open line. */
    public int references() {
        synchronized (lock) {
            return references;
        }
    }

    /** How many lines' pages are imported into the device and not yet freed. */
    public int livePages() {
        return pages.size();
    }

    /**
     * Gives back the reference its maker holds. The device (and, if the backend made it, the
     * {@code VkDevice}) is destroyed once no line holds one either. Idempotent.
     */
    @Override
    public void close() {
        synchronized (lock) {
            if (userClosed) {
                return;
            }
            userClosed = true;
        }
        release();
    }

    void retain() throws LineException {
        synchronized (lock) {
            if (destroyed || userClosed) {
                throw new LineException(LineError.NO_DOMAIN, this + " is closed: make or wrap another, and make it current");
            }
            int failed = lost;
            if (failed != 0) {
                throw VulkanStatus.NAMES.failure(failed, "an earlier call on " + this + " (the device is lost for good)");
            }
            references++;
        }
    }

    void release() {
        synchronized (lock) {
            if (--references > 0) {
                return;
            }
            destroyed = true;
        }
        destroy();
    }

    // No line and no maker holds the device: nothing of the backend's may still be pending on it
    // when its objects go. Each queue waits for its own submissions, within a bound; a queue that
    // does not get there keeps its pool and semaphore (leaked, and said so) rather than free them
    // under pending work (spec: vkDestroyCommandPool, "all VkCommandBuffer objects allocated
    // from commandPool must not be in the pending state").
    private void destroy() {
        boolean everyQueueIdle = true;
        for (VulkanQueue queue : queues) {
            if (queue != null) {
                everyQueueIdle &= queue.destroy(DESTROY_BOUND);
            }
        }
        if (!everyQueueIdle) {
            VulkanStatus.LOG.log(System.Logger.Level.WARNING, this + ": a queue did not finish the backend's work within "
                    + DESTROY_BOUND + "; its objects and the device are kept");
            return;
        }
        destroyObjects(vk, handle, new long[] {pipelineLayout, storeModule, busyModule, storePipeline, busyPipeline,
                sinkBuffer, sinkMemory, sinkAddress, storeWake.semaphore}, 9);
        if (owned) {
            Vk.vkDestroyDevice(vk, handle, MemorySegment.NULL);
        }
    }

    /** Records {@code status} if it says the device is lost; returns it. */
    int noteStatus(int status) {
        if (status == Vk.VK_ERROR_DEVICE_LOST) {
            lost = status;
        }
        return status;
    }

    /** 0, or the sticky status of a lost device. */
    int lostStatus() {
        return lost;
    }

    // ------------------------------------------------------------------ the lines' pages

    /**
     * Imports the line's own page ({@code bytes}, page-aligned native memory of the JVM) as device
     * memory and binds it to a storage buffer with a device address. Spec, "Host External Memory"
     * (Memory Allocation, VK_EXT_external_memory_host): the pointer must be aligned to
     * {@code minImportedHostPointerAlignment} (checked when the device was read, at most a page),
     * the memory type must be one {@code vkGetMemoryHostPointerPropertiesEXT} allows, and the host
     * memory must outlive the device memory, which freePage keeps (the memory is freed first).
     */
    MemorySegment importPage(long bytes) throws LineException {
        Arena arena = Arena.ofShared();
        MemorySegment page;
        try {
            page = arena.allocate(bytes, io.gpuasync.spi.MappedLine.PAGE);
        } catch (RuntimeException | OutOfMemoryError e) {
            arena.close();
            throw new LineException(LineError.ofStatus(Vk.VK_ERROR_OUT_OF_HOST_MEMORY),
                    "allocating " + bytes + " bytes of host memory for a line: " + e);
        }
        long buffer = 0;
        long memory = 0;
        try (Arena call = Arena.ofConfined()) {
            MemorySegment hostProperties = call.allocate(VkMemoryHostPointerPropertiesEXT.LAYOUT);
            VkMemoryHostPointerPropertiesEXT.sType(hostProperties, Vk.VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT);
            VulkanStatus.NAMES.check(noteStatus(Vk.vkGetMemoryHostPointerPropertiesEXT(vk, handle,
                    Vk.VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT, page, hostProperties)),
                    "vkGetMemoryHostPointerPropertiesEXT(0x" + Long.toHexString(page.address()) + ")");
            MemorySegment external = call.allocate(VkExternalMemoryBufferCreateInfo.LAYOUT);
            VkExternalMemoryBufferCreateInfo.sType(external, Vk.VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO);
            VkExternalMemoryBufferCreateInfo.handleTypes(external, Vk.VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT);
            MemorySegment bufferInfo = call.allocate(VkBufferCreateInfo.LAYOUT);
            VkBufferCreateInfo.sType(bufferInfo, Vk.VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
            VkBufferCreateInfo.pNext(bufferInfo, external);
            VkBufferCreateInfo.size(bufferInfo, bytes);
            VkBufferCreateInfo.usage(bufferInfo, PAGE_USAGE);
            VkBufferCreateInfo.sharingMode(bufferInfo, Vk.VK_SHARING_MODE_EXCLUSIVE);
            MemorySegment out = call.allocate(Vk.C_LONG);
            VulkanStatus.NAMES.check(noteStatus(Vk.vkCreateBuffer(vk, handle, bufferInfo, MemorySegment.NULL, out)),
                    "vkCreateBuffer(" + bytes + " bytes, external host allocation)");
            buffer = out.get(ValueLayout.JAVA_LONG, 0);
            MemorySegment requirements = call.allocate(VkMemoryRequirements.LAYOUT);
            Vk.vkGetBufferMemoryRequirements(vk, handle, buffer, requirements);
            // Bound at offset 0 of memory exactly the page's size (an import cannot be larger).
            if (VkMemoryRequirements.size(requirements) > bytes) {
                throw new LineException(LineError.UNAVAILABLE, "the line's buffer of " + bytes + " bytes needs "
                        + VkMemoryRequirements.size(requirements) + " bytes of memory (vkGetBufferMemoryRequirements on " + this
                        + "), more than its page: it cannot be bound to the imported page");
            }
            int allowed = VkMemoryHostPointerPropertiesEXT.memoryTypeBits(hostProperties)
                    & VkMemoryRequirements.memoryTypeBits(requirements);
            // Coherent, so the host's loads see the device's stores without vkInvalidateMappedMemoryRanges
            // (spec: Memory Allocation, "Host Access to Device Memory Objects").
            int type = memoryType(vk, physical, allowed, Vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT
                    | Vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, call);
            MemorySegment importInfo = call.allocate(VkImportMemoryHostPointerInfoEXT.LAYOUT);
            VkImportMemoryHostPointerInfoEXT.sType(importInfo, Vk.VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT);
            VkImportMemoryHostPointerInfoEXT.handleType(importInfo, Vk.VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT);
            VkImportMemoryHostPointerInfoEXT.pHostPointer(importInfo, page);
            memory = allocate(vk, handle, bytes, type, importInfo, call, "vkAllocateMemory(import of the line's page)");
            VulkanStatus.NAMES.check(noteStatus(Vk.vkBindBufferMemory(vk, handle, buffer, memory, 0)), "vkBindBufferMemory");
            long address = bufferAddress(vk, handle, buffer, call);
            pages.put(page.address(), new Page(arena, buffer, memory, address));
        } catch (LineException | RuntimeException e) {
            if (memory != 0) {
                Vk.vkFreeMemory(vk, handle, memory, MemorySegment.NULL);
            }
            if (buffer != 0) {
                Vk.vkDestroyBuffer(vk, handle, buffer, MemorySegment.NULL);
            }
            arena.close();
            throw e;
        }
        // A raw pointer, not the arena's segment: the line's views must not be scoped by an
        // arena whose close would stop (with an async exception) a thread reading them.
        return MemorySegment.ofAddress(page.address());
    }

    /** The device address of a page {@link #importPage} returned. */
    long pageAddress(MemorySegment host) throws LineException {
        Page page = pages.get(host.address());
        if (page == null) {
            throw new LineException(LineError.ofStatus(Vk.VK_ERROR_UNKNOWN), "0x" + Long.toHexString(host.address())
                    + " is no page of " + this);
        }
        return page.deviceAddress();
    }

    /** Frees a page {@link #importPage} returned: the buffer, the imported memory, then the host page. */
    void freePage(MemorySegment host) {
        Page page = pages.remove(host.address());
        if (page == null) {
            return;
        }
        Vk.vkDestroyBuffer(vk, handle, page.buffer(), MemorySegment.NULL);
        Vk.vkFreeMemory(vk, handle, page.memory(), MemorySegment.NULL);
        page.arena().close();
    }

    @Override
    public String toString() {
        return "VkDevice 0x" + Long.toHexString(handle.address()) + " (" + physical.name() + (owned ? "" : ", wrapped") + ")";
    }
}
