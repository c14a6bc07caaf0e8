package io.gpuasync.backend.vulkan.lwjgl;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.vulkan.Lavapipe;
import io.gpuasync.backend.vulkan.VulkanBackend;
import io.gpuasync.backend.vulkan.VulkanDevice;
import io.gpuasync.backend.vulkan.VulkanQueue;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkApplicationInfo;
import org.lwjgl.vulkan.VkBufferCreateInfo;
import org.lwjgl.vulkan.VkCommandBuffer;
import org.lwjgl.vulkan.VkCommandBufferAllocateInfo;
import org.lwjgl.vulkan.VkCommandBufferBeginInfo;
import org.lwjgl.vulkan.VkCommandPoolCreateInfo;
import org.lwjgl.vulkan.VkDevice;
import org.lwjgl.vulkan.VkDeviceCreateInfo;
import org.lwjgl.vulkan.VkDeviceQueueCreateInfo;
import org.lwjgl.vulkan.VkInstance;
import org.lwjgl.vulkan.VkInstanceCreateInfo;
import org.lwjgl.vulkan.VkMemoryAllocateInfo;
import org.lwjgl.vulkan.VkMemoryRequirements;
import org.lwjgl.vulkan.VkPhysicalDevice;
import org.lwjgl.vulkan.VkPhysicalDeviceBufferDeviceAddressFeatures;
import org.lwjgl.vulkan.VkPhysicalDeviceFeatures2;
import org.lwjgl.vulkan.VkPhysicalDeviceShaderAtomicInt64Features;
import org.lwjgl.vulkan.VkPhysicalDeviceTimelineSemaphoreFeatures;
import org.lwjgl.vulkan.VkQueue;
import org.lwjgl.vulkan.VkQueueFamilyProperties;
import org.lwjgl.vulkan.VkSemaphoreCreateInfo;
import org.lwjgl.vulkan.VkSemaphoreSignalInfo;
import org.lwjgl.vulkan.VkSemaphoreTypeCreateInfo;
import org.lwjgl.vulkan.VkSubmitInfo;
import org.lwjgl.vulkan.VkTimelineSemaphoreSubmitInfo;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.vulkan.EXTExternalMemoryHost.VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME;
import static org.lwjgl.vulkan.KHRBufferDeviceAddress.VK_KHR_BUFFER_DEVICE_ADDRESS_EXTENSION_NAME;
import static org.lwjgl.vulkan.KHRShaderAtomicInt64.VK_KHR_SHADER_ATOMIC_INT64_EXTENSION_NAME;
import static org.lwjgl.vulkan.KHRTimelineSemaphore.VK_KHR_TIMELINE_SEMAPHORE_EXTENSION_NAME;
import static org.lwjgl.vulkan.VK10.*;
import static org.lwjgl.vulkan.VK11.VK_API_VERSION_1_1;
import static org.lwjgl.vulkan.VK12.VK_API_VERSION_1_2;
import static org.lwjgl.vulkan.VK12.VK_SEMAPHORE_TYPE_TIMELINE;
import static org.lwjgl.vulkan.VK12.vkSignalSemaphore;

/**
 * The backend as Java's Vulkan users hold it: an application makes its instance, device and queue
 * with LWJGL, wraps them ({@link VulkanBackend#wrapDevice}), submits its own command buffers with
 * LWJGL's {@code vkQueueSubmit} under the library's queue lock, and awaits a line's ticket; on
 * lavapipe, in every build. {@code docs/backends.md} quotes this file (checked below). Left out
 * of the GPU check, whose layout does not carry LWJGL's jars.
 */
@Timeout(120)
class LwjglInteropTest {
    private final List<Runnable> destroy = new ArrayList<>();
    private VulkanBackend vulkan;

    @BeforeEach
    void load() {
        Lavapipe.require();
        vulkan = VulkanBackend.load();
    }

    @AfterEach
    void destroyInReverse() {
        vulkan.clearCurrentDevice();
        for (int i = destroy.size() - 1; i >= 0; i--) {
            destroy.get(i).run();
        }
    }

    @Test
    void anApplicationsOwnDeviceIsWrappedAndATicketLandsBehindItsOwnSubmit() {
        VkInstance instance = createInstance(VK_API_VERSION_1_2);
        VkPhysicalDevice physical = firstPhysicalDevice(instance);
        int family = computeFamily(physical);
        VkDevice device = createDevice(physical, family, List.of(VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME));
        long gate = createTimeline(device);
        VkCommandBuffer commandBuffer = beginFill(device, family);
        check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer");
        try (VulkanDevice wrapped = vulkan.wrapDevice(instance.address(), physical.address(), device.address(), family, 1);
             Reactor reactor = Reactor.start()) {
            vulkan.useDevice(wrapped);
            VulkanQueue queue = wrapped.queue(0);               // the library's object for your VkQueue
            VkQueue yours = new VkQueue(queue.handle(), device);
            try (Line<VulkanQueue> line = vulkan.openLine(); MemoryStack stack = MemoryStack.stackPush()) {
                VkSubmitInfo submit = VkSubmitInfo.calloc(stack).sType$Default()
                        .pNext(VkTimelineSemaphoreSubmitInfo.calloc(stack).sType$Default()
                                .waitSemaphoreValueCount(1).pWaitSemaphoreValues(stack.longs(1)))
                        .waitSemaphoreCount(1).pWaitSemaphores(stack.longs(gate))      // held until you signal it
                        .pWaitDstStageMask(stack.ints(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT))
                        .pCommandBuffers(stack.pointers(commandBuffer));
                queue.lock().lock();                            // Vulkan queues are externally synchronized
                try {
                    check(vkQueueSubmit(yours, submit, VK_NULL_HANDLE), "vkQueueSubmit");
                } finally {
                    queue.lock().unlock();
                }
                Ticket ticket = line.signal(queue, Slot.S0);    // lands once your command buffer finished
                assertFalse(ticket.isDone(), "the store ran before the work held at the gate");
                signal(device, gate);
                reactor.await(ticket);
                assertTrue(ticket.isDone());
            }
            vulkan.clearCurrentDevice();
        }
    }

    /**
     * The line's store recorded into the application's command buffer, behind its fill: one
     * submit of the application's runs both, and the ticket lands.
     */
    @Test
    void aStoreRecordedIntoTheApplicationsCommandBufferLandsWithItsOneSubmit() {
        VkInstance instance = createInstance(VK_API_VERSION_1_2);
        VkPhysicalDevice physical = firstPhysicalDevice(instance);
        int family = computeFamily(physical);
        VkDevice device = createDevice(physical, family, List.of(VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME));
        VkCommandBuffer commandBuffer = beginFill(device, family);
        try (VulkanDevice wrapped = vulkan.wrapDevice(instance.address(), physical.address(), device.address(), family, 1);
             Reactor reactor = Reactor.start()) {
            vulkan.useDevice(wrapped);
            VulkanQueue queue = wrapped.queue(0);
            try (Line<VulkanQueue> line = vulkan.openLine(); MemoryStack stack = MemoryStack.stackPush()) {
                Ticket ticket = queue.recordSignal(line, Slot.S1, commandBuffer.address()); // after what you recorded
                check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer");
                VkSubmitInfo submit = VkSubmitInfo.calloc(stack).sType$Default().pCommandBuffers(stack.pointers(commandBuffer));
                queue.submit(MemorySegment.ofAddress(submit.address()), 1, VK_NULL_HANDLE); // one submit: your work, the store
                reactor.await(ticket);
                assertEquals(1, line.lastSignalled(Slot.S1));
            }
            vulkan.clearCurrentDevice();
        }
    }

    /**
     * An instance made for Vulkan 1.1, its device with the KHR extensions that offer timeline
     * semaphores and buffer device addresses, is refused naming the version the backend needs.
     */
    @Test
    void aDeviceUnderAVulkan11InstanceIsRefusedNamingTheVersion() {
        VkInstance instance = createInstance(VK_API_VERSION_1_1);
        VkPhysicalDevice physical = firstPhysicalDevice(instance);
        int family = computeFamily(physical);
        VkDevice device = createDevice(physical, family, List.of(VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME,
                VK_KHR_TIMELINE_SEMAPHORE_EXTENSION_NAME, VK_KHR_BUFFER_DEVICE_ADDRESS_EXTENSION_NAME,
                VK_KHR_SHADER_ATOMIC_INT64_EXTENSION_NAME));
        GpuException refused = assertThrows(GpuException.class,
                () -> vulkan.wrapDevice(instance.address(), physical.address(), device.address(), family, 1));
        assertEquals(GpuException.Kind.UNAVAILABLE, refused.kind(), refused::toString);
        assertTrue(refused.getMessage().contains("Vulkan 1.2") && refused.getMessage().contains("VkApplicationInfo.apiVersion"),
                refused.getMessage());
    }

    @Test
    void aDeviceWithoutTheHostMemoryExtensionIsRefusedNamingTheExtension() {
        VkInstance instance = createInstance(VK_API_VERSION_1_2);
        VkPhysicalDevice physical = firstPhysicalDevice(instance);
        int family = computeFamily(physical);
        VkDevice device = createDevice(physical, family, List.of());
        GpuException refused = assertThrows(GpuException.class,
                () -> vulkan.wrapDevice(instance.address(), physical.address(), device.address(), family, 1));
        assertEquals(GpuException.Kind.UNAVAILABLE, refused.kind(), refused::toString);
        assertTrue(refused.getMessage().contains(VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME + " enabled on the device"),
                refused.getMessage());
    }

    // ---------------------------------------------------------------- the application's objects

    private VkInstance createInstance(int apiVersion) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            VkInstanceCreateInfo info = VkInstanceCreateInfo.calloc(stack).sType$Default()
                    .pApplicationInfo(VkApplicationInfo.calloc(stack).sType$Default().apiVersion(apiVersion));
            PointerBuffer out = stack.mallocPointer(1);
            check(vkCreateInstance(info, null, out), "vkCreateInstance");
            VkInstance instance = new VkInstance(out.get(0), info);
            destroy.add(() -> vkDestroyInstance(instance, null));
            return instance;
        }
    }

    private static VkPhysicalDevice firstPhysicalDevice(VkInstance instance) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            var count = stack.mallocInt(1);
            check(vkEnumeratePhysicalDevices(instance, count, null), "vkEnumeratePhysicalDevices");
            PointerBuffer devices = stack.mallocPointer(count.get(0));
            check(vkEnumeratePhysicalDevices(instance, count, devices), "vkEnumeratePhysicalDevices");
            return new VkPhysicalDevice(devices.get(0), instance);
        }
    }

    private static int computeFamily(VkPhysicalDevice physical) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            var count = stack.mallocInt(1);
            vkGetPhysicalDeviceQueueFamilyProperties(physical, count, null);
            VkQueueFamilyProperties.Buffer families = VkQueueFamilyProperties.malloc(count.get(0), stack);
            vkGetPhysicalDeviceQueueFamilyProperties(physical, count, families);
            for (int i = 0; i < families.capacity(); i++) {
                if ((families.get(i).queueFlags() & VK_QUEUE_COMPUTE_BIT) != 0) {
                    return i;
                }
            }
            throw new AssertionError("no compute family");
        }
    }

    // One queue of family, the features a line needs, and the given extensions.
    private VkDevice createDevice(VkPhysicalDevice physical, int family, List<String> extensions) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            PointerBuffer names = stack.mallocPointer(Math.max(1, extensions.size()));
            for (String name : extensions) {
                names.put(stack.UTF8(name));
            }
            names.flip();
            VkPhysicalDeviceFeatures2 features = VkPhysicalDeviceFeatures2.calloc(stack).sType$Default();
            features.features().shaderInt64(true);
            features.pNext(VkPhysicalDeviceTimelineSemaphoreFeatures.calloc(stack).sType$Default().timelineSemaphore(true))
                    .pNext(VkPhysicalDeviceBufferDeviceAddressFeatures.calloc(stack).sType$Default().bufferDeviceAddress(true))
                    .pNext(VkPhysicalDeviceShaderAtomicInt64Features.calloc(stack).sType$Default()
                            .shaderBufferInt64Atomics(true));
            VkDeviceCreateInfo info = VkDeviceCreateInfo.calloc(stack).sType$Default()
                    .pNext(features)
                    .pQueueCreateInfos(VkDeviceQueueCreateInfo.calloc(1, stack).sType$Default()
                            .queueFamilyIndex(family).pQueuePriorities(stack.floats(1f)))
                    .ppEnabledExtensionNames(extensions.isEmpty() ? null : names);
            PointerBuffer out = stack.mallocPointer(1);
            check(vkCreateDevice(physical, info, null, out), "vkCreateDevice");
            VkDevice device = new VkDevice(out.get(0), physical, info);
            destroy.add(() -> {
                vkDeviceWaitIdle(device);
                vkDestroyDevice(device, null);
            });
            return device;
        }
    }

    private long createTimeline(VkDevice device) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            LongBuffer out = stack.mallocLong(1);
            check(vkCreateSemaphore(device, VkSemaphoreCreateInfo.calloc(stack).sType$Default()
                    .pNext(VkSemaphoreTypeCreateInfo.calloc(stack).sType$Default().semaphoreType(VK_SEMAPHORE_TYPE_TIMELINE)),
                    null, out), "vkCreateSemaphore");
            long semaphore = out.get(0);
            destroy.add(() -> vkDestroySemaphore(device, semaphore, null));
            return semaphore;
        }
    }

    private static void signal(VkDevice device, long timeline) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            check(vkSignalSemaphore(device, VkSemaphoreSignalInfo.calloc(stack).sType$Default().semaphore(timeline).value(1)),
                    "vkSignalSemaphore");
        }
    }

    // The application's own work: a command buffer, begun, that fills a buffer of its own.
    private VkCommandBuffer beginFill(VkDevice device, int family) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            LongBuffer out = stack.mallocLong(1);
            check(vkCreateCommandPool(device, VkCommandPoolCreateInfo.calloc(stack).sType$Default().queueFamilyIndex(family),
                    null, out), "vkCreateCommandPool");
            long pool = out.get(0);
            destroy.add(() -> vkDestroyCommandPool(device, pool, null));
            check(vkCreateBuffer(device, VkBufferCreateInfo.calloc(stack).sType$Default().size(4096)
                    .usage(VK_BUFFER_USAGE_TRANSFER_DST_BIT).sharingMode(VK_SHARING_MODE_EXCLUSIVE), null, out), "vkCreateBuffer");
            long buffer = out.get(0);
            destroy.add(() -> vkDestroyBuffer(device, buffer, null));
            VkMemoryRequirements requirements = VkMemoryRequirements.malloc(stack);
            vkGetBufferMemoryRequirements(device, buffer, requirements);
            check(vkAllocateMemory(device, VkMemoryAllocateInfo.calloc(stack).sType$Default()
                    .allocationSize(requirements.size())
                    .memoryTypeIndex(Integer.numberOfTrailingZeros(requirements.memoryTypeBits())), null, out), "vkAllocateMemory");
            long memory = out.get(0);
            destroy.add(() -> vkFreeMemory(device, memory, null));
            check(vkBindBufferMemory(device, buffer, memory, 0), "vkBindBufferMemory");
            PointerBuffer buffers = stack.mallocPointer(1);
            check(vkAllocateCommandBuffers(device, VkCommandBufferAllocateInfo.calloc(stack).sType$Default().commandPool(pool)
                    .level(VK_COMMAND_BUFFER_LEVEL_PRIMARY).commandBufferCount(1), buffers), "vkAllocateCommandBuffers");
            VkCommandBuffer commandBuffer = new VkCommandBuffer(buffers.get(0), device);
            check(vkBeginCommandBuffer(commandBuffer, VkCommandBufferBeginInfo.calloc(stack).sType$Default()), "vkBeginCommandBuffer");
            vkCmdFillBuffer(commandBuffer, buffer, 0, VK_WHOLE_SIZE, 0x5eed);
            return commandBuffer;
        }
    }

    private static void check(int result, String call) {
        if (result != VK_SUCCESS) {
            throw new AssertionError(call + " returned " + result);
        }
    }

    // ---------------------------------------------------------------- docs/backends.md quotes this file

    private static final Path MODULE = Path.of(System.getProperty("user.dir"));
    private static final String SELF = "src/test/java/io/gpuasync/backend/vulkan/lwjgl/LwjglInteropTest.java";

    /** Every line of code in the LWJGL blocks of docs/backends.md is a line of this compiled, run file. */
    @Test
    void everyLineOfTheDocsLwjglExamplesIsInThisFile() throws IOException {
        String docs = Files.readString(MODULE.getParent().resolve("docs/backends.md"));
        String marker = "<!-- lwjgl: quoted from backend-vulkan/" + SELF + " -->";
        List<String> self = normalized(Files.readAllLines(MODULE.resolve(SELF)));
        int blocks = 0;
        for (int at = docs.indexOf(marker); at >= 0; at = docs.indexOf(marker, at + 1)) {
            int open = docs.indexOf("```java\n", at) + "```java\n".length();
            int close = docs.indexOf("\n```", open);
            List<String> quoted = normalized(docs.substring(open, close).lines().map(l -> l.replaceAll("\\s*//.*$", "")).toList());
            assertTrue(quoted.size() >= 3, "the block shows an example: " + quoted);
            for (String line : quoted) {
                assertTrue(self.stream().anyMatch(l -> l.replaceAll("\\s*//.*$", "").equals(line)),
                        "docs/backends.md shows a line this file does not hold: " + line);
            }
            blocks++;
        }
        assertEquals(2, blocks, "docs/backends.md marks its two LWJGL examples with " + marker);
    }

    // Indentation and runs of spaces (a comment's alignment) differ between a document and the code.
    private static List<String> normalized(List<String> lines) {
        return lines.stream().map(l -> l.strip().replaceAll("\\s+", " ")).filter(l -> !l.isEmpty()).toList();
    }
}
