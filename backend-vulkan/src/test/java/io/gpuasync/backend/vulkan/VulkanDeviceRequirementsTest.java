package io.gpuasync.backend.vulkan;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
import io.gpuasync.testing.Tickets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a device must offer and enable to hold a line, on the real driver: the build's test layer
 * ({@link TestLayer}) tells what {@code vkCreateDevice} enabled, and hides from the backend what
 * another driver may lack (the {@code shaderInt64} feature, the import of host allocations, a
 * buffer that fits its page), so that each refusal runs against lavapipe's answers otherwise.
 */
class VulkanDeviceRequirementsTest {
    private final List<String> leaks = new CopyOnWriteArrayList<>();
    private VulkanBackend vulkan;
    private VulkanDevice device;
    private TestLayer layer;

    @BeforeEach
    void open() {
        Lavapipe.require();
        vulkan = VulkanBackend.load((reason, line, address, bytes) -> leaks.add(reason.name() + " " + line));
        device = vulkan.createDevice(0);
        try {
            layer = TestLayer.require(device);
        } catch (org.opentest4j.TestAbortedException noLayer) {
            device.close();
            throw noLayer;
        }
    }

    @AfterEach
    void close() {
        if (layer != null) {
            layer.hide(0);
        }
        if (vulkan != null) {
            vulkan.clearCurrentDevice();
        }
        if (device != null) {
            device.close();
        }
    }

    /** The store's SPIR-V declares the Int64 capability: the device must enable shaderInt64. */
    @Test
    void theDeviceTheBackendMakesEnablesShaderInt64() {
        assertTrue(layer.enabledShaderInt64(device), "vkCreateDevice did not enable shaderInt64, which store.spv needs");
    }

    @Test
    void aPhysicalDeviceWithoutShaderInt64IsRefusedNamingTheFeature() {
        layer.hide(TestLayer.SHADER_INT64);
        refusedNaming("shaderInt64");
    }

    @Test
    void aPhysicalDeviceThatCannotImportHostAllocationsIsRefusedBeforeAnImportIsTried() {
        layer.hide(TestLayer.HOST_IMPORT);
        refusedNaming("VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT");
    }

    // Read again under the layer's answers, the device is refused, for a new device and for wrapping.
    private void refusedNaming(String what) {
        PhysicalDevice physical = PhysicalDevice.read(VulkanInstance.get().vk, device.physical.handle());
        assertTrue(physical.missing().stream().anyMatch(m -> m.contains(what)), physical.missing()::toString);
        LineException made = assertThrows(LineException.class, () -> VulkanDevice.create(VulkanInstance.get(), physical));
        assertEquals(LineError.UNAVAILABLE, made.error());
        assertTrue(made.getMessage().contains(what), made.getMessage());
        GpuException wrapped = assertThrows(GpuException.class, () -> vulkan.wrapDevice(VulkanInstance.get().handle.address(),
                device.physical.handle().address(), device.handle(), device.queueFamily(), 1));
        assertEquals(GpuException.Kind.UNAVAILABLE, wrapped.kind());
        assertTrue(wrapped.getMessage().contains(what), wrapped.getMessage());
    }

    /**
     * A buffer whose memory requirements exceed the page cannot be bound to the imported page:
     * the line is refused, naming it, and gives back its page and its reference to the device.
     */
    @Test
    void aLineWhoseBufferNeedsMoreThanItsPageIsRefusedAndLeavesNothing() {
        vulkan.useDevice(device);
        int references = device.references();
        layer.hide(TestLayer.BUFFER_FIT);
        GpuException refused = assertThrows(GpuException.class, vulkan::openLine);
        assertEquals(GpuException.Kind.UNAVAILABLE, refused.kind(), refused::toString);
        assertTrue(refused.getMessage().contains("vkGetBufferMemoryRequirements"), refused.getMessage());
        assertEquals(0, device.livePages(), "the refused line kept its page");
        assertEquals(references, device.references(), "the refused line kept its reference to the device");
        layer.hide(0);
        try (Line<VulkanQueue> line = vulkan.openLine()) {
            Tickets.awaitLanded(line.signal(device.queue(0), Slot.S0));
        }
        assertTrue(leaks.isEmpty(), leaks::toString);
    }

    /**
     * wrapDevice takes the queue family from the caller (an application may prefer a compute-only
     * family), and refuses one the physical device does not have, or more queues than it has.
     */
    @Test
    void wrapDeviceTakesTheQueueFamilyFromTheCallerAndRefusesOneThatIsNotThere() {
        long instance = VulkanInstance.get().handle.address();
        long physical = device.physical.handle().address();
        int families = device.physical.families().size();
        IllegalArgumentException absent = assertThrows(IllegalArgumentException.class,
                () -> vulkan.wrapDevice(instance, physical, device.handle(), families, 1));
        assertTrue(absent.getMessage().contains("queue family " + families), absent.getMessage());
        int family = device.queueFamily();
        int queues = device.physical.families().get(family).queueCount();
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                () -> vulkan.wrapDevice(instance, physical, device.handle(), family, queues + 1));
        assertTrue(tooMany.getMessage().contains("queueCount " + (queues + 1)), tooMany.getMessage());
        try (VulkanDevice wrapped = vulkan.wrapDevice(instance, physical, device.handle(), family, 1)) {
            assertEquals(family, wrapped.queueFamily());
            assertEquals(1, wrapped.queueCount());
            vulkan.useDevice(wrapped);
            try (Line<VulkanQueue> line = vulkan.openLine()) {
                Tickets.awaitLanded(line.signal(wrapped.queue(0), Slot.S0));
            }
        }
    }
}
