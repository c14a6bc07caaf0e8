package io.gpuasync.backend.vulkan.internal;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.List;

import static io.gpuasync.backend.vulkan.internal.Vk.C_CHAR;
import static io.gpuasync.backend.vulkan.internal.Vk.C_FLOAT;
import static io.gpuasync.backend.vulkan.internal.Vk.C_INT;
import static io.gpuasync.backend.vulkan.internal.Vk.C_LONG;
import static io.gpuasync.backend.vulkan.internal.Vk.C_POINTER;

/**
 * The Vulkan structs this backend fills or reads, as named {@link MemoryLayout}s in jextract's
 * shape (explicit padding, each member named as in the header), with an accessor pair per scalar
 * member and the byte offset of every member. Made from {@code vulkan_core.h} by
 * {@code src/main/bindings/generate.py} (do not edit by hand).
 */
public final class VkStructs {
    private VkStructs() {
    }

    /** {@code VkApplicationInfo}: 48 bytes. */
    public static final class VkApplicationInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_POINTER.withName("pApplicationName"),
                C_INT.withName("applicationVersion"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pEngineName"),
                C_INT.withName("engineVersion"),
                C_INT.withName("apiVersion")
        ).withName("VkApplicationInfo");

        private VkApplicationInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code pApplicationName}. */
        public static final long pApplicationName$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pApplicationName"));
        /** Reads {@code pApplicationName}. */
        public static MemorySegment pApplicationName(MemorySegment struct) {
            return struct.get(C_POINTER, pApplicationName$OFFSET);
        }

        /** Writes {@code pApplicationName}. */
        public static void pApplicationName(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pApplicationName$OFFSET, value);
        }

        /** Byte offset of {@code applicationVersion}. */
        public static final long applicationVersion$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("applicationVersion"));
        /** Reads {@code applicationVersion}. */
        public static int applicationVersion(MemorySegment struct) {
            return struct.get(C_INT, applicationVersion$OFFSET);
        }

        /** Writes {@code applicationVersion}. */
        public static void applicationVersion(MemorySegment struct, int value) {
            struct.set(C_INT, applicationVersion$OFFSET, value);
        }

        /** Byte offset of {@code pEngineName}. */
        public static final long pEngineName$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pEngineName"));
        /** Reads {@code pEngineName}. */
        public static MemorySegment pEngineName(MemorySegment struct) {
            return struct.get(C_POINTER, pEngineName$OFFSET);
        }

        /** Writes {@code pEngineName}. */
        public static void pEngineName(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pEngineName$OFFSET, value);
        }

        /** Byte offset of {@code engineVersion}. */
        public static final long engineVersion$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("engineVersion"));
        /** Reads {@code engineVersion}. */
        public static int engineVersion(MemorySegment struct) {
            return struct.get(C_INT, engineVersion$OFFSET);
        }

        /** Writes {@code engineVersion}. */
        public static void engineVersion(MemorySegment struct, int value) {
            struct.set(C_INT, engineVersion$OFFSET, value);
        }

        /** Byte offset of {@code apiVersion}. */
        public static final long apiVersion$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("apiVersion"));
        /** Reads {@code apiVersion}. */
        public static int apiVersion(MemorySegment struct) {
            return struct.get(C_INT, apiVersion$OFFSET);
        }

        /** Writes {@code apiVersion}. */
        public static void apiVersion(MemorySegment struct, int value) {
            struct.set(C_INT, apiVersion$OFFSET, value);
        }

    }

    /** {@code VkInstanceCreateInfo}: 64 bytes. */
    public static final class VkInstanceCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pApplicationInfo"),
                C_INT.withName("enabledLayerCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("ppEnabledLayerNames"),
                C_INT.withName("enabledExtensionCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("ppEnabledExtensionNames")
        ).withName("VkInstanceCreateInfo");

        private VkInstanceCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code pApplicationInfo}. */
        public static final long pApplicationInfo$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pApplicationInfo"));
        /** Reads {@code pApplicationInfo}. */
        public static MemorySegment pApplicationInfo(MemorySegment struct) {
            return struct.get(C_POINTER, pApplicationInfo$OFFSET);
        }

        /** Writes {@code pApplicationInfo}. */
        public static void pApplicationInfo(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pApplicationInfo$OFFSET, value);
        }

        /** Byte offset of {@code enabledLayerCount}. */
        public static final long enabledLayerCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("enabledLayerCount"));
        /** Reads {@code enabledLayerCount}. */
        public static int enabledLayerCount(MemorySegment struct) {
            return struct.get(C_INT, enabledLayerCount$OFFSET);
        }

        /** Writes {@code enabledLayerCount}. */
        public static void enabledLayerCount(MemorySegment struct, int value) {
            struct.set(C_INT, enabledLayerCount$OFFSET, value);
        }

        /** Byte offset of {@code ppEnabledLayerNames}. */
        public static final long ppEnabledLayerNames$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("ppEnabledLayerNames"));
        /** Reads {@code ppEnabledLayerNames}. */
        public static MemorySegment ppEnabledLayerNames(MemorySegment struct) {
            return struct.get(C_POINTER, ppEnabledLayerNames$OFFSET);
        }

        /** Writes {@code ppEnabledLayerNames}. */
        public static void ppEnabledLayerNames(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, ppEnabledLayerNames$OFFSET, value);
        }

        /** Byte offset of {@code enabledExtensionCount}. */
        public static final long enabledExtensionCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("enabledExtensionCount"));
        /** Reads {@code enabledExtensionCount}. */
        public static int enabledExtensionCount(MemorySegment struct) {
            return struct.get(C_INT, enabledExtensionCount$OFFSET);
        }

        /** Writes {@code enabledExtensionCount}. */
        public static void enabledExtensionCount(MemorySegment struct, int value) {
            struct.set(C_INT, enabledExtensionCount$OFFSET, value);
        }

        /** Byte offset of {@code ppEnabledExtensionNames}. */
        public static final long ppEnabledExtensionNames$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("ppEnabledExtensionNames"));
        /** Reads {@code ppEnabledExtensionNames}. */
        public static MemorySegment ppEnabledExtensionNames(MemorySegment struct) {
            return struct.get(C_POINTER, ppEnabledExtensionNames$OFFSET);
        }

        /** Writes {@code ppEnabledExtensionNames}. */
        public static void ppEnabledExtensionNames(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, ppEnabledExtensionNames$OFFSET, value);
        }

    }

    /** {@code VkDeviceQueueCreateInfo}: 40 bytes. */
    public static final class VkDeviceQueueCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                C_INT.withName("queueFamilyIndex"),
                C_INT.withName("queueCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pQueuePriorities")
        ).withName("VkDeviceQueueCreateInfo");

        private VkDeviceQueueCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code queueFamilyIndex}. */
        public static final long queueFamilyIndex$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("queueFamilyIndex"));
        /** Reads {@code queueFamilyIndex}. */
        public static int queueFamilyIndex(MemorySegment struct) {
            return struct.get(C_INT, queueFamilyIndex$OFFSET);
        }

        /** Writes {@code queueFamilyIndex}. */
        public static void queueFamilyIndex(MemorySegment struct, int value) {
            struct.set(C_INT, queueFamilyIndex$OFFSET, value);
        }

        /** Byte offset of {@code queueCount}. */
        public static final long queueCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("queueCount"));
        /** Reads {@code queueCount}. */
        public static int queueCount(MemorySegment struct) {
            return struct.get(C_INT, queueCount$OFFSET);
        }

        /** Writes {@code queueCount}. */
        public static void queueCount(MemorySegment struct, int value) {
            struct.set(C_INT, queueCount$OFFSET, value);
        }

        /** Byte offset of {@code pQueuePriorities}. */
        public static final long pQueuePriorities$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pQueuePriorities"));
        /** Reads {@code pQueuePriorities}. */
        public static MemorySegment pQueuePriorities(MemorySegment struct) {
            return struct.get(C_POINTER, pQueuePriorities$OFFSET);
        }

        /** Writes {@code pQueuePriorities}. */
        public static void pQueuePriorities(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pQueuePriorities$OFFSET, value);
        }

    }

    /** {@code VkDeviceCreateInfo}: 72 bytes. */
    public static final class VkDeviceCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                C_INT.withName("queueCreateInfoCount"),
                C_POINTER.withName("pQueueCreateInfos"),
                C_INT.withName("enabledLayerCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("ppEnabledLayerNames"),
                C_INT.withName("enabledExtensionCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("ppEnabledExtensionNames"),
                C_POINTER.withName("pEnabledFeatures")
        ).withName("VkDeviceCreateInfo");

        private VkDeviceCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code queueCreateInfoCount}. */
        public static final long queueCreateInfoCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("queueCreateInfoCount"));
        /** Reads {@code queueCreateInfoCount}. */
        public static int queueCreateInfoCount(MemorySegment struct) {
            return struct.get(C_INT, queueCreateInfoCount$OFFSET);
        }

        /** Writes {@code queueCreateInfoCount}. */
        public static void queueCreateInfoCount(MemorySegment struct, int value) {
            struct.set(C_INT, queueCreateInfoCount$OFFSET, value);
        }

        /** Byte offset of {@code pQueueCreateInfos}. */
        public static final long pQueueCreateInfos$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pQueueCreateInfos"));
        /** Reads {@code pQueueCreateInfos}. */
        public static MemorySegment pQueueCreateInfos(MemorySegment struct) {
            return struct.get(C_POINTER, pQueueCreateInfos$OFFSET);
        }

        /** Writes {@code pQueueCreateInfos}. */
        public static void pQueueCreateInfos(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pQueueCreateInfos$OFFSET, value);
        }

        /** Byte offset of {@code enabledLayerCount}. */
        public static final long enabledLayerCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("enabledLayerCount"));
        /** Reads {@code enabledLayerCount}. */
        public static int enabledLayerCount(MemorySegment struct) {
            return struct.get(C_INT, enabledLayerCount$OFFSET);
        }

        /** Writes {@code enabledLayerCount}. */
        public static void enabledLayerCount(MemorySegment struct, int value) {
            struct.set(C_INT, enabledLayerCount$OFFSET, value);
        }

        /** Byte offset of {@code ppEnabledLayerNames}. */
        public static final long ppEnabledLayerNames$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("ppEnabledLayerNames"));
        /** Reads {@code ppEnabledLayerNames}. */
        public static MemorySegment ppEnabledLayerNames(MemorySegment struct) {
            return struct.get(C_POINTER, ppEnabledLayerNames$OFFSET);
        }

        /** Writes {@code ppEnabledLayerNames}. */
        public static void ppEnabledLayerNames(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, ppEnabledLayerNames$OFFSET, value);
        }

        /** Byte offset of {@code enabledExtensionCount}. */
        public static final long enabledExtensionCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("enabledExtensionCount"));
        /** Reads {@code enabledExtensionCount}. */
        public static int enabledExtensionCount(MemorySegment struct) {
            return struct.get(C_INT, enabledExtensionCount$OFFSET);
        }

        /** Writes {@code enabledExtensionCount}. */
        public static void enabledExtensionCount(MemorySegment struct, int value) {
            struct.set(C_INT, enabledExtensionCount$OFFSET, value);
        }

        /** Byte offset of {@code ppEnabledExtensionNames}. */
        public static final long ppEnabledExtensionNames$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("ppEnabledExtensionNames"));
        /** Reads {@code ppEnabledExtensionNames}. */
        public static MemorySegment ppEnabledExtensionNames(MemorySegment struct) {
            return struct.get(C_POINTER, ppEnabledExtensionNames$OFFSET);
        }

        /** Writes {@code ppEnabledExtensionNames}. */
        public static void ppEnabledExtensionNames(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, ppEnabledExtensionNames$OFFSET, value);
        }

        /** Byte offset of {@code pEnabledFeatures}. */
        public static final long pEnabledFeatures$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pEnabledFeatures"));
        /** Reads {@code pEnabledFeatures}. */
        public static MemorySegment pEnabledFeatures(MemorySegment struct) {
            return struct.get(C_POINTER, pEnabledFeatures$OFFSET);
        }

        /** Writes {@code pEnabledFeatures}. */
        public static void pEnabledFeatures(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pEnabledFeatures$OFFSET, value);
        }

    }

    /** {@code VkPhysicalDeviceLimits}: 504 bytes. */
    public static final class VkPhysicalDeviceLimits {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("maxImageDimension1D"),
                C_INT.withName("maxImageDimension2D"),
                C_INT.withName("maxImageDimension3D"),
                C_INT.withName("maxImageDimensionCube"),
                C_INT.withName("maxImageArrayLayers"),
                C_INT.withName("maxTexelBufferElements"),
                C_INT.withName("maxUniformBufferRange"),
                C_INT.withName("maxStorageBufferRange"),
                C_INT.withName("maxPushConstantsSize"),
                C_INT.withName("maxMemoryAllocationCount"),
                C_INT.withName("maxSamplerAllocationCount"),
                MemoryLayout.paddingLayout(4),
                C_LONG.withName("bufferImageGranularity"),
                C_LONG.withName("sparseAddressSpaceSize"),
                C_INT.withName("maxBoundDescriptorSets"),
                C_INT.withName("maxPerStageDescriptorSamplers"),
                C_INT.withName("maxPerStageDescriptorUniformBuffers"),
                C_INT.withName("maxPerStageDescriptorStorageBuffers"),
                C_INT.withName("maxPerStageDescriptorSampledImages"),
                C_INT.withName("maxPerStageDescriptorStorageImages"),
                C_INT.withName("maxPerStageDescriptorInputAttachments"),
                C_INT.withName("maxPerStageResources"),
                C_INT.withName("maxDescriptorSetSamplers"),
                C_INT.withName("maxDescriptorSetUniformBuffers"),
                C_INT.withName("maxDescriptorSetUniformBuffersDynamic"),
                C_INT.withName("maxDescriptorSetStorageBuffers"),
                C_INT.withName("maxDescriptorSetStorageBuffersDynamic"),
                C_INT.withName("maxDescriptorSetSampledImages"),
                C_INT.withName("maxDescriptorSetStorageImages"),
                C_INT.withName("maxDescriptorSetInputAttachments"),
                C_INT.withName("maxVertexInputAttributes"),
                C_INT.withName("maxVertexInputBindings"),
                C_INT.withName("maxVertexInputAttributeOffset"),
                C_INT.withName("maxVertexInputBindingStride"),
                C_INT.withName("maxVertexOutputComponents"),
                C_INT.withName("maxTessellationGenerationLevel"),
                C_INT.withName("maxTessellationPatchSize"),
                C_INT.withName("maxTessellationControlPerVertexInputComponents"),
                C_INT.withName("maxTessellationControlPerVertexOutputComponents"),
                C_INT.withName("maxTessellationControlPerPatchOutputComponents"),
                C_INT.withName("maxTessellationControlTotalOutputComponents"),
                C_INT.withName("maxTessellationEvaluationInputComponents"),
                C_INT.withName("maxTessellationEvaluationOutputComponents"),
                C_INT.withName("maxGeometryShaderInvocations"),
                C_INT.withName("maxGeometryInputComponents"),
                C_INT.withName("maxGeometryOutputComponents"),
                C_INT.withName("maxGeometryOutputVertices"),
                C_INT.withName("maxGeometryTotalOutputComponents"),
                C_INT.withName("maxFragmentInputComponents"),
                C_INT.withName("maxFragmentOutputAttachments"),
                C_INT.withName("maxFragmentDualSrcAttachments"),
                C_INT.withName("maxFragmentCombinedOutputResources"),
                C_INT.withName("maxComputeSharedMemorySize"),
                MemoryLayout.sequenceLayout(3, C_INT).withName("maxComputeWorkGroupCount"),
                C_INT.withName("maxComputeWorkGroupInvocations"),
                MemoryLayout.sequenceLayout(3, C_INT).withName("maxComputeWorkGroupSize"),
                C_INT.withName("subPixelPrecisionBits"),
                C_INT.withName("subTexelPrecisionBits"),
                C_INT.withName("mipmapPrecisionBits"),
                C_INT.withName("maxDrawIndexedIndexValue"),
                C_INT.withName("maxDrawIndirectCount"),
                C_FLOAT.withName("maxSamplerLodBias"),
                C_FLOAT.withName("maxSamplerAnisotropy"),
                C_INT.withName("maxViewports"),
                MemoryLayout.sequenceLayout(2, C_INT).withName("maxViewportDimensions"),
                MemoryLayout.sequenceLayout(2, C_FLOAT).withName("viewportBoundsRange"),
                C_INT.withName("viewportSubPixelBits"),
                MemoryLayout.paddingLayout(4),
                C_LONG.withName("minMemoryMapAlignment"),
                C_LONG.withName("minTexelBufferOffsetAlignment"),
                C_LONG.withName("minUniformBufferOffsetAlignment"),
                C_LONG.withName("minStorageBufferOffsetAlignment"),
                C_INT.withName("minTexelOffset"),
                C_INT.withName("maxTexelOffset"),
                C_INT.withName("minTexelGatherOffset"),
                C_INT.withName("maxTexelGatherOffset"),
                C_FLOAT.withName("minInterpolationOffset"),
                C_FLOAT.withName("maxInterpolationOffset"),
                C_INT.withName("subPixelInterpolationOffsetBits"),
                C_INT.withName("maxFramebufferWidth"),
                C_INT.withName("maxFramebufferHeight"),
                C_INT.withName("maxFramebufferLayers"),
                C_INT.withName("framebufferColorSampleCounts"),
                C_INT.withName("framebufferDepthSampleCounts"),
                C_INT.withName("framebufferStencilSampleCounts"),
                C_INT.withName("framebufferNoAttachmentsSampleCounts"),
                C_INT.withName("maxColorAttachments"),
                C_INT.withName("sampledImageColorSampleCounts"),
                C_INT.withName("sampledImageIntegerSampleCounts"),
                C_INT.withName("sampledImageDepthSampleCounts"),
                C_INT.withName("sampledImageStencilSampleCounts"),
                C_INT.withName("storageImageSampleCounts"),
                C_INT.withName("maxSampleMaskWords"),
                C_INT.withName("timestampComputeAndGraphics"),
                C_FLOAT.withName("timestampPeriod"),
                C_INT.withName("maxClipDistances"),
                C_INT.withName("maxCullDistances"),
                C_INT.withName("maxCombinedClipAndCullDistances"),
                C_INT.withName("discreteQueuePriorities"),
                MemoryLayout.sequenceLayout(2, C_FLOAT).withName("pointSizeRange"),
                MemoryLayout.sequenceLayout(2, C_FLOAT).withName("lineWidthRange"),
                C_FLOAT.withName("pointSizeGranularity"),
                C_FLOAT.withName("lineWidthGranularity"),
                C_INT.withName("strictLines"),
                C_INT.withName("standardSampleLocations"),
                MemoryLayout.paddingLayout(4),
                C_LONG.withName("optimalBufferCopyOffsetAlignment"),
                C_LONG.withName("optimalBufferCopyRowPitchAlignment"),
                C_LONG.withName("nonCoherentAtomSize")
        ).withName("VkPhysicalDeviceLimits");

        private VkPhysicalDeviceLimits() {
        }

    }

    /** {@code VkPhysicalDeviceSparseProperties}: 20 bytes. */
    public static final class VkPhysicalDeviceSparseProperties {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("residencyStandard2DBlockShape"),
                C_INT.withName("residencyStandard2DMultisampleBlockShape"),
                C_INT.withName("residencyStandard3DBlockShape"),
                C_INT.withName("residencyAlignedMipSize"),
                C_INT.withName("residencyNonResidentStrict")
        ).withName("VkPhysicalDeviceSparseProperties");

        private VkPhysicalDeviceSparseProperties() {
        }

    }

    /** {@code VkPhysicalDeviceProperties}: 824 bytes. */
    public static final class VkPhysicalDeviceProperties {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("apiVersion"),
                C_INT.withName("driverVersion"),
                C_INT.withName("vendorID"),
                C_INT.withName("deviceID"),
                C_INT.withName("deviceType"),
                MemoryLayout.sequenceLayout(256, C_CHAR).withName("deviceName"),
                MemoryLayout.sequenceLayout(16, C_CHAR).withName("pipelineCacheUUID"),
                MemoryLayout.paddingLayout(4),
                VkPhysicalDeviceLimits.LAYOUT.withName("limits"),
                VkPhysicalDeviceSparseProperties.LAYOUT.withName("sparseProperties"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkPhysicalDeviceProperties");

        private VkPhysicalDeviceProperties() {
        }

        /** Byte offset of {@code apiVersion}. */
        public static final long apiVersion$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("apiVersion"));
        /** Reads {@code apiVersion}. */
        public static int apiVersion(MemorySegment struct) {
            return struct.get(C_INT, apiVersion$OFFSET);
        }

        /** Writes {@code apiVersion}. */
        public static void apiVersion(MemorySegment struct, int value) {
            struct.set(C_INT, apiVersion$OFFSET, value);
        }

        /** Byte offset of {@code driverVersion}. */
        public static final long driverVersion$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("driverVersion"));
        /** Reads {@code driverVersion}. */
        public static int driverVersion(MemorySegment struct) {
            return struct.get(C_INT, driverVersion$OFFSET);
        }

        /** Writes {@code driverVersion}. */
        public static void driverVersion(MemorySegment struct, int value) {
            struct.set(C_INT, driverVersion$OFFSET, value);
        }

        /** Byte offset of {@code vendorID}. */
        public static final long vendorID$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("vendorID"));
        /** Reads {@code vendorID}. */
        public static int vendorID(MemorySegment struct) {
            return struct.get(C_INT, vendorID$OFFSET);
        }

        /** Writes {@code vendorID}. */
        public static void vendorID(MemorySegment struct, int value) {
            struct.set(C_INT, vendorID$OFFSET, value);
        }

        /** Byte offset of {@code deviceID}. */
        public static final long deviceID$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("deviceID"));
        /** Reads {@code deviceID}. */
        public static int deviceID(MemorySegment struct) {
            return struct.get(C_INT, deviceID$OFFSET);
        }

        /** Writes {@code deviceID}. */
        public static void deviceID(MemorySegment struct, int value) {
            struct.set(C_INT, deviceID$OFFSET, value);
        }

        /** Byte offset of {@code deviceType}. */
        public static final long deviceType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("deviceType"));
        /** Reads {@code deviceType}. */
        public static int deviceType(MemorySegment struct) {
            return struct.get(C_INT, deviceType$OFFSET);
        }

        /** Writes {@code deviceType}. */
        public static void deviceType(MemorySegment struct, int value) {
            struct.set(C_INT, deviceType$OFFSET, value);
        }

        /** Byte offset of {@code deviceName}. */
        public static final long deviceName$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("deviceName"));
        /** Byte offset of {@code pipelineCacheUUID}. */
        public static final long pipelineCacheUUID$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pipelineCacheUUID"));
        /** Byte offset of {@code limits}. */
        public static final long limits$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("limits"));
        /** Byte offset of {@code sparseProperties}. */
        public static final long sparseProperties$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sparseProperties"));
    }

    /** {@code VkPhysicalDeviceProperties2}: 840 bytes. */
    public static final class VkPhysicalDeviceProperties2 {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                VkPhysicalDeviceProperties.LAYOUT.withName("properties")
        ).withName("VkPhysicalDeviceProperties2");

        private VkPhysicalDeviceProperties2() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code properties}. */
        public static final long properties$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("properties"));
    }

    /** {@code VkConformanceVersion}: 4 bytes. */
    public static final class VkConformanceVersion {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_CHAR.withName("major"),
                C_CHAR.withName("minor"),
                C_CHAR.withName("subminor"),
                C_CHAR.withName("patch")
        ).withName("VkConformanceVersion");

        private VkConformanceVersion() {
        }

        /** Byte offset of {@code major}. */
        public static final long major$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("major"));
        /** Byte offset of {@code minor}. */
        public static final long minor$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("minor"));
        /** Byte offset of {@code subminor}. */
        public static final long subminor$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("subminor"));
        /** Byte offset of {@code patch}. */
        public static final long patch$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("patch"));
    }

    /** {@code VkPhysicalDeviceDriverProperties}: 536 bytes. */
    public static final class VkPhysicalDeviceDriverProperties {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("driverID"),
                MemoryLayout.sequenceLayout(256, C_CHAR).withName("driverName"),
                MemoryLayout.sequenceLayout(256, C_CHAR).withName("driverInfo"),
                VkConformanceVersion.LAYOUT.withName("conformanceVersion")
        ).withName("VkPhysicalDeviceDriverProperties");

        private VkPhysicalDeviceDriverProperties() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code driverID}. */
        public static final long driverID$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("driverID"));
        /** Reads {@code driverID}. */
        public static int driverID(MemorySegment struct) {
            return struct.get(C_INT, driverID$OFFSET);
        }

        /** Writes {@code driverID}. */
        public static void driverID(MemorySegment struct, int value) {
            struct.set(C_INT, driverID$OFFSET, value);
        }

        /** Byte offset of {@code driverName}. */
        public static final long driverName$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("driverName"));
        /** Byte offset of {@code driverInfo}. */
        public static final long driverInfo$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("driverInfo"));
        /** Byte offset of {@code conformanceVersion}. */
        public static final long conformanceVersion$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("conformanceVersion"));
    }

    /** {@code VkPhysicalDeviceExternalMemoryHostPropertiesEXT}: 24 bytes. */
    public static final class VkPhysicalDeviceExternalMemoryHostPropertiesEXT {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_LONG.withName("minImportedHostPointerAlignment")
        ).withName("VkPhysicalDeviceExternalMemoryHostPropertiesEXT");

        private VkPhysicalDeviceExternalMemoryHostPropertiesEXT() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code minImportedHostPointerAlignment}. */
        public static final long minImportedHostPointerAlignment$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("minImportedHostPointerAlignment"));
        /** Reads {@code minImportedHostPointerAlignment}. */
        public static long minImportedHostPointerAlignment(MemorySegment struct) {
            return struct.get(C_LONG, minImportedHostPointerAlignment$OFFSET);
        }

        /** Writes {@code minImportedHostPointerAlignment}. */
        public static void minImportedHostPointerAlignment(MemorySegment struct, long value) {
            struct.set(C_LONG, minImportedHostPointerAlignment$OFFSET, value);
        }

    }

    /** {@code VkPhysicalDeviceFeatures}: 220 bytes. */
    public static final class VkPhysicalDeviceFeatures {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("robustBufferAccess"),
                C_INT.withName("fullDrawIndexUint32"),
                C_INT.withName("imageCubeArray"),
                C_INT.withName("independentBlend"),
                C_INT.withName("geometryShader"),
                C_INT.withName("tessellationShader"),
                C_INT.withName("sampleRateShading"),
                C_INT.withName("dualSrcBlend"),
                C_INT.withName("logicOp"),
                C_INT.withName("multiDrawIndirect"),
                C_INT.withName("drawIndirectFirstInstance"),
                C_INT.withName("depthClamp"),
                C_INT.withName("depthBiasClamp"),
                C_INT.withName("fillModeNonSolid"),
                C_INT.withName("depthBounds"),
                C_INT.withName("wideLines"),
                C_INT.withName("largePoints"),
                C_INT.withName("alphaToOne"),
                C_INT.withName("multiViewport"),
                C_INT.withName("samplerAnisotropy"),
                C_INT.withName("textureCompressionETC2"),
                C_INT.withName("textureCompressionASTC_LDR"),
                C_INT.withName("textureCompressionBC"),
                C_INT.withName("occlusionQueryPrecise"),
                C_INT.withName("pipelineStatisticsQuery"),
                C_INT.withName("vertexPipelineStoresAndAtomics"),
                C_INT.withName("fragmentStoresAndAtomics"),
                C_INT.withName("shaderTessellationAndGeometryPointSize"),
                C_INT.withName("shaderImageGatherExtended"),
                C_INT.withName("shaderStorageImageExtendedFormats"),
                C_INT.withName("shaderStorageImageMultisample"),
                C_INT.withName("shaderStorageImageReadWithoutFormat"),
                C_INT.withName("shaderStorageImageWriteWithoutFormat"),
                C_INT.withName("shaderUniformBufferArrayDynamicIndexing"),
                C_INT.withName("shaderSampledImageArrayDynamicIndexing"),
                C_INT.withName("shaderStorageBufferArrayDynamicIndexing"),
                C_INT.withName("shaderStorageImageArrayDynamicIndexing"),
                C_INT.withName("shaderClipDistance"),
                C_INT.withName("shaderCullDistance"),
                C_INT.withName("shaderFloat64"),
                C_INT.withName("shaderInt64"),
                C_INT.withName("shaderInt16"),
                C_INT.withName("shaderResourceResidency"),
                C_INT.withName("shaderResourceMinLod"),
                C_INT.withName("sparseBinding"),
                C_INT.withName("sparseResidencyBuffer"),
                C_INT.withName("sparseResidencyImage2D"),
                C_INT.withName("sparseResidencyImage3D"),
                C_INT.withName("sparseResidency2Samples"),
                C_INT.withName("sparseResidency4Samples"),
                C_INT.withName("sparseResidency8Samples"),
                C_INT.withName("sparseResidency16Samples"),
                C_INT.withName("sparseResidencyAliased"),
                C_INT.withName("variableMultisampleRate"),
                C_INT.withName("inheritedQueries")
        ).withName("VkPhysicalDeviceFeatures");

        private VkPhysicalDeviceFeatures() {
        }

        /** Byte offset of {@code robustBufferAccess}. */
        public static final long robustBufferAccess$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("robustBufferAccess"));
        /** Reads {@code robustBufferAccess}. */
        public static int robustBufferAccess(MemorySegment struct) {
            return struct.get(C_INT, robustBufferAccess$OFFSET);
        }

        /** Writes {@code robustBufferAccess}. */
        public static void robustBufferAccess(MemorySegment struct, int value) {
            struct.set(C_INT, robustBufferAccess$OFFSET, value);
        }

        /** Byte offset of {@code fullDrawIndexUint32}. */
        public static final long fullDrawIndexUint32$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("fullDrawIndexUint32"));
        /** Reads {@code fullDrawIndexUint32}. */
        public static int fullDrawIndexUint32(MemorySegment struct) {
            return struct.get(C_INT, fullDrawIndexUint32$OFFSET);
        }

        /** Writes {@code fullDrawIndexUint32}. */
        public static void fullDrawIndexUint32(MemorySegment struct, int value) {
            struct.set(C_INT, fullDrawIndexUint32$OFFSET, value);
        }

        /** Byte offset of {@code imageCubeArray}. */
        public static final long imageCubeArray$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("imageCubeArray"));
        /** Reads {@code imageCubeArray}. */
        public static int imageCubeArray(MemorySegment struct) {
            return struct.get(C_INT, imageCubeArray$OFFSET);
        }

        /** Writes {@code imageCubeArray}. */
        public static void imageCubeArray(MemorySegment struct, int value) {
            struct.set(C_INT, imageCubeArray$OFFSET, value);
        }

        /** Byte offset of {@code independentBlend}. */
        public static final long independentBlend$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("independentBlend"));
        /** Reads {@code independentBlend}. */
        public static int independentBlend(MemorySegment struct) {
            return struct.get(C_INT, independentBlend$OFFSET);
        }

        /** Writes {@code independentBlend}. */
        public static void independentBlend(MemorySegment struct, int value) {
            struct.set(C_INT, independentBlend$OFFSET, value);
        }

        /** Byte offset of {@code geometryShader}. */
        public static final long geometryShader$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("geometryShader"));
        /** Reads {@code geometryShader}. */
        public static int geometryShader(MemorySegment struct) {
            return struct.get(C_INT, geometryShader$OFFSET);
        }

        /** Writes {@code geometryShader}. */
        public static void geometryShader(MemorySegment struct, int value) {
            struct.set(C_INT, geometryShader$OFFSET, value);
        }

        /** Byte offset of {@code tessellationShader}. */
        public static final long tessellationShader$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("tessellationShader"));
        /** Reads {@code tessellationShader}. */
        public static int tessellationShader(MemorySegment struct) {
            return struct.get(C_INT, tessellationShader$OFFSET);
        }

        /** Writes {@code tessellationShader}. */
        public static void tessellationShader(MemorySegment struct, int value) {
            struct.set(C_INT, tessellationShader$OFFSET, value);
        }

        /** Byte offset of {@code sampleRateShading}. */
        public static final long sampleRateShading$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sampleRateShading"));
        /** Reads {@code sampleRateShading}. */
        public static int sampleRateShading(MemorySegment struct) {
            return struct.get(C_INT, sampleRateShading$OFFSET);
        }

        /** Writes {@code sampleRateShading}. */
        public static void sampleRateShading(MemorySegment struct, int value) {
            struct.set(C_INT, sampleRateShading$OFFSET, value);
        }

        /** Byte offset of {@code dualSrcBlend}. */
        public static final long dualSrcBlend$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("dualSrcBlend"));
        /** Reads {@code dualSrcBlend}. */
        public static int dualSrcBlend(MemorySegment struct) {
            return struct.get(C_INT, dualSrcBlend$OFFSET);
        }

        /** Writes {@code dualSrcBlend}. */
        public static void dualSrcBlend(MemorySegment struct, int value) {
            struct.set(C_INT, dualSrcBlend$OFFSET, value);
        }

        /** Byte offset of {@code logicOp}. */
        public static final long logicOp$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("logicOp"));
        /** Reads {@code logicOp}. */
        public static int logicOp(MemorySegment struct) {
            return struct.get(C_INT, logicOp$OFFSET);
        }

        /** Writes {@code logicOp}. */
        public static void logicOp(MemorySegment struct, int value) {
            struct.set(C_INT, logicOp$OFFSET, value);
        }

        /** Byte offset of {@code multiDrawIndirect}. */
        public static final long multiDrawIndirect$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("multiDrawIndirect"));
        /** Reads {@code multiDrawIndirect}. */
        public static int multiDrawIndirect(MemorySegment struct) {
            return struct.get(C_INT, multiDrawIndirect$OFFSET);
        }

        /** Writes {@code multiDrawIndirect}. */
        public static void multiDrawIndirect(MemorySegment struct, int value) {
            struct.set(C_INT, multiDrawIndirect$OFFSET, value);
        }

        /** Byte offset of {@code drawIndirectFirstInstance}. */
        public static final long drawIndirectFirstInstance$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("drawIndirectFirstInstance"));
        /** Reads {@code drawIndirectFirstInstance}. */
        public static int drawIndirectFirstInstance(MemorySegment struct) {
            return struct.get(C_INT, drawIndirectFirstInstance$OFFSET);
        }

        /** Writes {@code drawIndirectFirstInstance}. */
        public static void drawIndirectFirstInstance(MemorySegment struct, int value) {
            struct.set(C_INT, drawIndirectFirstInstance$OFFSET, value);
        }

        /** Byte offset of {@code depthClamp}. */
        public static final long depthClamp$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("depthClamp"));
        /** Reads {@code depthClamp}. */
        public static int depthClamp(MemorySegment struct) {
            return struct.get(C_INT, depthClamp$OFFSET);
        }

        /** Writes {@code depthClamp}. */
        public static void depthClamp(MemorySegment struct, int value) {
            struct.set(C_INT, depthClamp$OFFSET, value);
        }

        /** Byte offset of {@code depthBiasClamp}. */
        public static final long depthBiasClamp$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("depthBiasClamp"));
        /** Reads {@code depthBiasClamp}. */
        public static int depthBiasClamp(MemorySegment struct) {
            return struct.get(C_INT, depthBiasClamp$OFFSET);
        }

        /** Writes {@code depthBiasClamp}. */
        public static void depthBiasClamp(MemorySegment struct, int value) {
            struct.set(C_INT, depthBiasClamp$OFFSET, value);
        }

        /** Byte offset of {@code fillModeNonSolid}. */
        public static final long fillModeNonSolid$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("fillModeNonSolid"));
        /** Reads {@code fillModeNonSolid}. */
        public static int fillModeNonSolid(MemorySegment struct) {
            return struct.get(C_INT, fillModeNonSolid$OFFSET);
        }

        /** Writes {@code fillModeNonSolid}. */
        public static void fillModeNonSolid(MemorySegment struct, int value) {
            struct.set(C_INT, fillModeNonSolid$OFFSET, value);
        }

        /** Byte offset of {@code depthBounds}. */
        public static final long depthBounds$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("depthBounds"));
        /** Reads {@code depthBounds}. */
        public static int depthBounds(MemorySegment struct) {
            return struct.get(C_INT, depthBounds$OFFSET);
        }

        /** Writes {@code depthBounds}. */
        public static void depthBounds(MemorySegment struct, int value) {
            struct.set(C_INT, depthBounds$OFFSET, value);
        }

        /** Byte offset of {@code wideLines}. */
        public static final long wideLines$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("wideLines"));
        /** Reads {@code wideLines}. */
        public static int wideLines(MemorySegment struct) {
            return struct.get(C_INT, wideLines$OFFSET);
        }

        /** Writes {@code wideLines}. */
        public static void wideLines(MemorySegment struct, int value) {
            struct.set(C_INT, wideLines$OFFSET, value);
        }

        /** Byte offset of {@code largePoints}. */
        public static final long largePoints$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("largePoints"));
        /** Reads {@code largePoints}. */
        public static int largePoints(MemorySegment struct) {
            return struct.get(C_INT, largePoints$OFFSET);
        }

        /** Writes {@code largePoints}. */
        public static void largePoints(MemorySegment struct, int value) {
            struct.set(C_INT, largePoints$OFFSET, value);
        }

        /** Byte offset of {@code alphaToOne}. */
        public static final long alphaToOne$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("alphaToOne"));
        /** Reads {@code alphaToOne}. */
        public static int alphaToOne(MemorySegment struct) {
            return struct.get(C_INT, alphaToOne$OFFSET);
        }

        /** Writes {@code alphaToOne}. */
        public static void alphaToOne(MemorySegment struct, int value) {
            struct.set(C_INT, alphaToOne$OFFSET, value);
        }

        /** Byte offset of {@code multiViewport}. */
        public static final long multiViewport$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("multiViewport"));
        /** Reads {@code multiViewport}. */
        public static int multiViewport(MemorySegment struct) {
            return struct.get(C_INT, multiViewport$OFFSET);
        }

        /** Writes {@code multiViewport}. */
        public static void multiViewport(MemorySegment struct, int value) {
            struct.set(C_INT, multiViewport$OFFSET, value);
        }

        /** Byte offset of {@code samplerAnisotropy}. */
        public static final long samplerAnisotropy$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("samplerAnisotropy"));
        /** Reads {@code samplerAnisotropy}. */
        public static int samplerAnisotropy(MemorySegment struct) {
            return struct.get(C_INT, samplerAnisotropy$OFFSET);
        }

        /** Writes {@code samplerAnisotropy}. */
        public static void samplerAnisotropy(MemorySegment struct, int value) {
            struct.set(C_INT, samplerAnisotropy$OFFSET, value);
        }

        /** Byte offset of {@code textureCompressionETC2}. */
        public static final long textureCompressionETC2$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("textureCompressionETC2"));
        /** Reads {@code textureCompressionETC2}. */
        public static int textureCompressionETC2(MemorySegment struct) {
            return struct.get(C_INT, textureCompressionETC2$OFFSET);
        }

        /** Writes {@code textureCompressionETC2}. */
        public static void textureCompressionETC2(MemorySegment struct, int value) {
            struct.set(C_INT, textureCompressionETC2$OFFSET, value);
        }

        /** Byte offset of {@code textureCompressionASTC_LDR}. */
        public static final long textureCompressionASTC_LDR$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("textureCompressionASTC_LDR"));
        /** Reads {@code textureCompressionASTC_LDR}. */
        public static int textureCompressionASTC_LDR(MemorySegment struct) {
            return struct.get(C_INT, textureCompressionASTC_LDR$OFFSET);
        }

        /** Writes {@code textureCompressionASTC_LDR}. */
        public static void textureCompressionASTC_LDR(MemorySegment struct, int value) {
            struct.set(C_INT, textureCompressionASTC_LDR$OFFSET, value);
        }

        /** Byte offset of {@code textureCompressionBC}. */
        public static final long textureCompressionBC$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("textureCompressionBC"));
        /** Reads {@code textureCompressionBC}. */
        public static int textureCompressionBC(MemorySegment struct) {
            return struct.get(C_INT, textureCompressionBC$OFFSET);
        }

        /** Writes {@code textureCompressionBC}. */
        public static void textureCompressionBC(MemorySegment struct, int value) {
            struct.set(C_INT, textureCompressionBC$OFFSET, value);
        }

        /** Byte offset of {@code occlusionQueryPrecise}. */
        public static final long occlusionQueryPrecise$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("occlusionQueryPrecise"));
        /** Reads {@code occlusionQueryPrecise}. */
        public static int occlusionQueryPrecise(MemorySegment struct) {
            return struct.get(C_INT, occlusionQueryPrecise$OFFSET);
        }

        /** Writes {@code occlusionQueryPrecise}. */
        public static void occlusionQueryPrecise(MemorySegment struct, int value) {
            struct.set(C_INT, occlusionQueryPrecise$OFFSET, value);
        }

        /** Byte offset of {@code pipelineStatisticsQuery}. */
        public static final long pipelineStatisticsQuery$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pipelineStatisticsQuery"));
        /** Reads {@code pipelineStatisticsQuery}. */
        public static int pipelineStatisticsQuery(MemorySegment struct) {
            return struct.get(C_INT, pipelineStatisticsQuery$OFFSET);
        }

        /** Writes {@code pipelineStatisticsQuery}. */
        public static void pipelineStatisticsQuery(MemorySegment struct, int value) {
            struct.set(C_INT, pipelineStatisticsQuery$OFFSET, value);
        }

        /** Byte offset of {@code vertexPipelineStoresAndAtomics}. */
        public static final long vertexPipelineStoresAndAtomics$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("vertexPipelineStoresAndAtomics"));
        /** Reads {@code vertexPipelineStoresAndAtomics}. */
        public static int vertexPipelineStoresAndAtomics(MemorySegment struct) {
            return struct.get(C_INT, vertexPipelineStoresAndAtomics$OFFSET);
        }

        /** Writes {@code vertexPipelineStoresAndAtomics}. */
        public static void vertexPipelineStoresAndAtomics(MemorySegment struct, int value) {
            struct.set(C_INT, vertexPipelineStoresAndAtomics$OFFSET, value);
        }

        /** Byte offset of {@code fragmentStoresAndAtomics}. */
        public static final long fragmentStoresAndAtomics$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("fragmentStoresAndAtomics"));
        /** Reads {@code fragmentStoresAndAtomics}. */
        public static int fragmentStoresAndAtomics(MemorySegment struct) {
            return struct.get(C_INT, fragmentStoresAndAtomics$OFFSET);
        }

        /** Writes {@code fragmentStoresAndAtomics}. */
        public static void fragmentStoresAndAtomics(MemorySegment struct, int value) {
            struct.set(C_INT, fragmentStoresAndAtomics$OFFSET, value);
        }

        /** Byte offset of {@code shaderTessellationAndGeometryPointSize}. */
        public static final long shaderTessellationAndGeometryPointSize$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderTessellationAndGeometryPointSize"));
        /** Reads {@code shaderTessellationAndGeometryPointSize}. */
        public static int shaderTessellationAndGeometryPointSize(MemorySegment struct) {
            return struct.get(C_INT, shaderTessellationAndGeometryPointSize$OFFSET);
        }

        /** Writes {@code shaderTessellationAndGeometryPointSize}. */
        public static void shaderTessellationAndGeometryPointSize(MemorySegment struct, int value) {
            struct.set(C_INT, shaderTessellationAndGeometryPointSize$OFFSET, value);
        }

        /** Byte offset of {@code shaderImageGatherExtended}. */
        public static final long shaderImageGatherExtended$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderImageGatherExtended"));
        /** Reads {@code shaderImageGatherExtended}. */
        public static int shaderImageGatherExtended(MemorySegment struct) {
            return struct.get(C_INT, shaderImageGatherExtended$OFFSET);
        }

        /** Writes {@code shaderImageGatherExtended}. */
        public static void shaderImageGatherExtended(MemorySegment struct, int value) {
            struct.set(C_INT, shaderImageGatherExtended$OFFSET, value);
        }

        /** Byte offset of {@code shaderStorageImageExtendedFormats}. */
        public static final long shaderStorageImageExtendedFormats$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderStorageImageExtendedFormats"));
        /** Reads {@code shaderStorageImageExtendedFormats}. */
        public static int shaderStorageImageExtendedFormats(MemorySegment struct) {
            return struct.get(C_INT, shaderStorageImageExtendedFormats$OFFSET);
        }

        /** Writes {@code shaderStorageImageExtendedFormats}. */
        public static void shaderStorageImageExtendedFormats(MemorySegment struct, int value) {
            struct.set(C_INT, shaderStorageImageExtendedFormats$OFFSET, value);
        }

        /** Byte offset of {@code shaderStorageImageMultisample}. */
        public static final long shaderStorageImageMultisample$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderStorageImageMultisample"));
        /** Reads {@code shaderStorageImageMultisample}. */
        public static int shaderStorageImageMultisample(MemorySegment struct) {
            return struct.get(C_INT, shaderStorageImageMultisample$OFFSET);
        }

        /** Writes {@code shaderStorageImageMultisample}. */
        public static void shaderStorageImageMultisample(MemorySegment struct, int value) {
            struct.set(C_INT, shaderStorageImageMultisample$OFFSET, value);
        }

        /** Byte offset of {@code shaderStorageImageReadWithoutFormat}. */
        public static final long shaderStorageImageReadWithoutFormat$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderStorageImageReadWithoutFormat"));
        /** Reads {@code shaderStorageImageReadWithoutFormat}. */
        public static int shaderStorageImageReadWithoutFormat(MemorySegment struct) {
            return struct.get(C_INT, shaderStorageImageReadWithoutFormat$OFFSET);
        }

        /** Writes {@code shaderStorageImageReadWithoutFormat}. */
        public static void shaderStorageImageReadWithoutFormat(MemorySegment struct, int value) {
            struct.set(C_INT, shaderStorageImageReadWithoutFormat$OFFSET, value);
        }

        /** Byte offset of {@code shaderStorageImageWriteWithoutFormat}. */
        public static final long shaderStorageImageWriteWithoutFormat$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderStorageImageWriteWithoutFormat"));
        /** Reads {@code shaderStorageImageWriteWithoutFormat}. */
        public static int shaderStorageImageWriteWithoutFormat(MemorySegment struct) {
            return struct.get(C_INT, shaderStorageImageWriteWithoutFormat$OFFSET);
        }

        /** Writes {@code shaderStorageImageWriteWithoutFormat}. */
        public static void shaderStorageImageWriteWithoutFormat(MemorySegment struct, int value) {
            struct.set(C_INT, shaderStorageImageWriteWithoutFormat$OFFSET, value);
        }

        /** Byte offset of {@code shaderUniformBufferArrayDynamicIndexing}. */
        public static final long shaderUniformBufferArrayDynamicIndexing$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderUniformBufferArrayDynamicIndexing"));
        /** Reads {@code shaderUniformBufferArrayDynamicIndexing}. */
        public static int shaderUniformBufferArrayDynamicIndexing(MemorySegment struct) {
            return struct.get(C_INT, shaderUniformBufferArrayDynamicIndexing$OFFSET);
        }

        /** Writes {@code shaderUniformBufferArrayDynamicIndexing}. */
        public static void shaderUniformBufferArrayDynamicIndexing(MemorySegment struct, int value) {
            struct.set(C_INT, shaderUniformBufferArrayDynamicIndexing$OFFSET, value);
        }

        /** Byte offset of {@code shaderSampledImageArrayDynamicIndexing}. */
        public static final long shaderSampledImageArrayDynamicIndexing$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderSampledImageArrayDynamicIndexing"));
        /** Reads {@code shaderSampledImageArrayDynamicIndexing}. */
        public static int shaderSampledImageArrayDynamicIndexing(MemorySegment struct) {
            return struct.get(C_INT, shaderSampledImageArrayDynamicIndexing$OFFSET);
        }

        /** Writes {@code shaderSampledImageArrayDynamicIndexing}. */
        public static void shaderSampledImageArrayDynamicIndexing(MemorySegment struct, int value) {
            struct.set(C_INT, shaderSampledImageArrayDynamicIndexing$OFFSET, value);
        }

        /** Byte offset of {@code shaderStorageBufferArrayDynamicIndexing}. */
        public static final long shaderStorageBufferArrayDynamicIndexing$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderStorageBufferArrayDynamicIndexing"));
        /** Reads {@code shaderStorageBufferArrayDynamicIndexing}. */
        public static int shaderStorageBufferArrayDynamicIndexing(MemorySegment struct) {
            return struct.get(C_INT, shaderStorageBufferArrayDynamicIndexing$OFFSET);
        }

        /** Writes {@code shaderStorageBufferArrayDynamicIndexing}. */
        public static void shaderStorageBufferArrayDynamicIndexing(MemorySegment struct, int value) {
            struct.set(C_INT, shaderStorageBufferArrayDynamicIndexing$OFFSET, value);
        }

        /** Byte offset of {@code shaderStorageImageArrayDynamicIndexing}. */
        public static final long shaderStorageImageArrayDynamicIndexing$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderStorageImageArrayDynamicIndexing"));
        /** Reads {@code shaderStorageImageArrayDynamicIndexing}. */
        public static int shaderStorageImageArrayDynamicIndexing(MemorySegment struct) {
            return struct.get(C_INT, shaderStorageImageArrayDynamicIndexing$OFFSET);
        }

        /** Writes {@code shaderStorageImageArrayDynamicIndexing}. */
        public static void shaderStorageImageArrayDynamicIndexing(MemorySegment struct, int value) {
            struct.set(C_INT, shaderStorageImageArrayDynamicIndexing$OFFSET, value);
        }

        /** Byte offset of {@code shaderClipDistance}. */
        public static final long shaderClipDistance$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderClipDistance"));
        /** Reads {@code shaderClipDistance}. */
        public static int shaderClipDistance(MemorySegment struct) {
            return struct.get(C_INT, shaderClipDistance$OFFSET);
        }

        /** Writes {@code shaderClipDistance}. */
        public static void shaderClipDistance(MemorySegment struct, int value) {
            struct.set(C_INT, shaderClipDistance$OFFSET, value);
        }

        /** Byte offset of {@code shaderCullDistance}. */
        public static final long shaderCullDistance$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderCullDistance"));
        /** Reads {@code shaderCullDistance}. */
        public static int shaderCullDistance(MemorySegment struct) {
            return struct.get(C_INT, shaderCullDistance$OFFSET);
        }

        /** Writes {@code shaderCullDistance}. */
        public static void shaderCullDistance(MemorySegment struct, int value) {
            struct.set(C_INT, shaderCullDistance$OFFSET, value);
        }

        /** Byte offset of {@code shaderFloat64}. */
        public static final long shaderFloat64$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderFloat64"));
        /** Reads {@code shaderFloat64}. */
        public static int shaderFloat64(MemorySegment struct) {
            return struct.get(C_INT, shaderFloat64$OFFSET);
        }

        /** Writes {@code shaderFloat64}. */
        public static void shaderFloat64(MemorySegment struct, int value) {
            struct.set(C_INT, shaderFloat64$OFFSET, value);
        }

        /** Byte offset of {@code shaderInt64}. */
        public static final long shaderInt64$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderInt64"));
        /** Reads {@code shaderInt64}. */
        public static int shaderInt64(MemorySegment struct) {
            return struct.get(C_INT, shaderInt64$OFFSET);
        }

        /** Writes {@code shaderInt64}. */
        public static void shaderInt64(MemorySegment struct, int value) {
            struct.set(C_INT, shaderInt64$OFFSET, value);
        }

        /** Byte offset of {@code shaderInt16}. */
        public static final long shaderInt16$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderInt16"));
        /** Reads {@code shaderInt16}. */
        public static int shaderInt16(MemorySegment struct) {
            return struct.get(C_INT, shaderInt16$OFFSET);
        }

        /** Writes {@code shaderInt16}. */
        public static void shaderInt16(MemorySegment struct, int value) {
            struct.set(C_INT, shaderInt16$OFFSET, value);
        }

        /** Byte offset of {@code shaderResourceResidency}. */
        public static final long shaderResourceResidency$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderResourceResidency"));
        /** Reads {@code shaderResourceResidency}. */
        public static int shaderResourceResidency(MemorySegment struct) {
            return struct.get(C_INT, shaderResourceResidency$OFFSET);
        }

        /** Writes {@code shaderResourceResidency}. */
        public static void shaderResourceResidency(MemorySegment struct, int value) {
            struct.set(C_INT, shaderResourceResidency$OFFSET, value);
        }

        /** Byte offset of {@code shaderResourceMinLod}. */
        public static final long shaderResourceMinLod$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderResourceMinLod"));
        /** Reads {@code shaderResourceMinLod}. */
        public static int shaderResourceMinLod(MemorySegment struct) {
            return struct.get(C_INT, shaderResourceMinLod$OFFSET);
        }

        /** Writes {@code shaderResourceMinLod}. */
        public static void shaderResourceMinLod(MemorySegment struct, int value) {
            struct.set(C_INT, shaderResourceMinLod$OFFSET, value);
        }

        /** Byte offset of {@code sparseBinding}. */
        public static final long sparseBinding$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sparseBinding"));
        /** Reads {@code sparseBinding}. */
        public static int sparseBinding(MemorySegment struct) {
            return struct.get(C_INT, sparseBinding$OFFSET);
        }

        /** Writes {@code sparseBinding}. */
        public static void sparseBinding(MemorySegment struct, int value) {
            struct.set(C_INT, sparseBinding$OFFSET, value);
        }

        /** Byte offset of {@code sparseResidencyBuffer}. */
        public static final long sparseResidencyBuffer$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sparseResidencyBuffer"));
        /** Reads {@code sparseResidencyBuffer}. */
        public static int sparseResidencyBuffer(MemorySegment struct) {
            return struct.get(C_INT, sparseResidencyBuffer$OFFSET);
        }

        /** Writes {@code sparseResidencyBuffer}. */
        public static void sparseResidencyBuffer(MemorySegment struct, int value) {
            struct.set(C_INT, sparseResidencyBuffer$OFFSET, value);
        }

        /** Byte offset of {@code sparseResidencyImage2D}. */
        public static final long sparseResidencyImage2D$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sparseResidencyImage2D"));
        /** Reads {@code sparseResidencyImage2D}. */
        public static int sparseResidencyImage2D(MemorySegment struct) {
            return struct.get(C_INT, sparseResidencyImage2D$OFFSET);
        }

        /** Writes {@code sparseResidencyImage2D}. */
        public static void sparseResidencyImage2D(MemorySegment struct, int value) {
            struct.set(C_INT, sparseResidencyImage2D$OFFSET, value);
        }

        /** Byte offset of {@code sparseResidencyImage3D}. */
        public static final long sparseResidencyImage3D$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sparseResidencyImage3D"));
        /** Reads {@code sparseResidencyImage3D}. */
        public static int sparseResidencyImage3D(MemorySegment struct) {
            return struct.get(C_INT, sparseResidencyImage3D$OFFSET);
        }

        /** Writes {@code sparseResidencyImage3D}. */
        public static void sparseResidencyImage3D(MemorySegment struct, int value) {
            struct.set(C_INT, sparseResidencyImage3D$OFFSET, value);
        }

        /** Byte offset of {@code sparseResidency2Samples}. */
        public static final long sparseResidency2Samples$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sparseResidency2Samples"));
        /** Reads {@code sparseResidency2Samples}. */
        public static int sparseResidency2Samples(MemorySegment struct) {
            return struct.get(C_INT, sparseResidency2Samples$OFFSET);
        }

        /** Writes {@code sparseResidency2Samples}. */
        public static void sparseResidency2Samples(MemorySegment struct, int value) {
            struct.set(C_INT, sparseResidency2Samples$OFFSET, value);
        }

        /** Byte offset of {@code sparseResidency4Samples}. */
        public static final long sparseResidency4Samples$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sparseResidency4Samples"));
        /** Reads {@code sparseResidency4Samples}. */
        public static int sparseResidency4Samples(MemorySegment struct) {
            return struct.get(C_INT, sparseResidency4Samples$OFFSET);
        }

        /** Writes {@code sparseResidency4Samples}. */
        public static void sparseResidency4Samples(MemorySegment struct, int value) {
            struct.set(C_INT, sparseResidency4Samples$OFFSET, value);
        }

        /** Byte offset of {@code sparseResidency8Samples}. */
        public static final long sparseResidency8Samples$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sparseResidency8Samples"));
        /** Reads {@code sparseResidency8Samples}. */
        public static int sparseResidency8Samples(MemorySegment struct) {
            return struct.get(C_INT, sparseResidency8Samples$OFFSET);
        }

        /** Writes {@code sparseResidency8Samples}. */
        public static void sparseResidency8Samples(MemorySegment struct, int value) {
            struct.set(C_INT, sparseResidency8Samples$OFFSET, value);
        }

        /** Byte offset of {@code sparseResidency16Samples}. */
        public static final long sparseResidency16Samples$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sparseResidency16Samples"));
        /** Reads {@code sparseResidency16Samples}. */
        public static int sparseResidency16Samples(MemorySegment struct) {
            return struct.get(C_INT, sparseResidency16Samples$OFFSET);
        }

        /** Writes {@code sparseResidency16Samples}. */
        public static void sparseResidency16Samples(MemorySegment struct, int value) {
            struct.set(C_INT, sparseResidency16Samples$OFFSET, value);
        }

        /** Byte offset of {@code sparseResidencyAliased}. */
        public static final long sparseResidencyAliased$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sparseResidencyAliased"));
        /** Reads {@code sparseResidencyAliased}. */
        public static int sparseResidencyAliased(MemorySegment struct) {
            return struct.get(C_INT, sparseResidencyAliased$OFFSET);
        }

        /** Writes {@code sparseResidencyAliased}. */
        public static void sparseResidencyAliased(MemorySegment struct, int value) {
            struct.set(C_INT, sparseResidencyAliased$OFFSET, value);
        }

        /** Byte offset of {@code variableMultisampleRate}. */
        public static final long variableMultisampleRate$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("variableMultisampleRate"));
        /** Reads {@code variableMultisampleRate}. */
        public static int variableMultisampleRate(MemorySegment struct) {
            return struct.get(C_INT, variableMultisampleRate$OFFSET);
        }

        /** Writes {@code variableMultisampleRate}. */
        public static void variableMultisampleRate(MemorySegment struct, int value) {
            struct.set(C_INT, variableMultisampleRate$OFFSET, value);
        }

        /** Byte offset of {@code inheritedQueries}. */
        public static final long inheritedQueries$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("inheritedQueries"));
        /** Reads {@code inheritedQueries}. */
        public static int inheritedQueries(MemorySegment struct) {
            return struct.get(C_INT, inheritedQueries$OFFSET);
        }

        /** Writes {@code inheritedQueries}. */
        public static void inheritedQueries(MemorySegment struct, int value) {
            struct.set(C_INT, inheritedQueries$OFFSET, value);
        }

    }

    /** {@code VkPhysicalDeviceFeatures2}: 240 bytes. */
    public static final class VkPhysicalDeviceFeatures2 {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                VkPhysicalDeviceFeatures.LAYOUT.withName("features"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkPhysicalDeviceFeatures2");

        private VkPhysicalDeviceFeatures2() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code features}. */
        public static final long features$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("features"));
    }

    /** {@code VkPhysicalDeviceTimelineSemaphoreFeatures}: 24 bytes. */
    public static final class VkPhysicalDeviceTimelineSemaphoreFeatures {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("timelineSemaphore"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkPhysicalDeviceTimelineSemaphoreFeatures");

        private VkPhysicalDeviceTimelineSemaphoreFeatures() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code timelineSemaphore}. */
        public static final long timelineSemaphore$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("timelineSemaphore"));
        /** Reads {@code timelineSemaphore}. */
        public static int timelineSemaphore(MemorySegment struct) {
            return struct.get(C_INT, timelineSemaphore$OFFSET);
        }

        /** Writes {@code timelineSemaphore}. */
        public static void timelineSemaphore(MemorySegment struct, int value) {
            struct.set(C_INT, timelineSemaphore$OFFSET, value);
        }

    }

    /** {@code VkPhysicalDeviceBufferDeviceAddressFeatures}: 32 bytes. */
    public static final class VkPhysicalDeviceBufferDeviceAddressFeatures {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("bufferDeviceAddress"),
                C_INT.withName("bufferDeviceAddressCaptureReplay"),
                C_INT.withName("bufferDeviceAddressMultiDevice"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkPhysicalDeviceBufferDeviceAddressFeatures");

        private VkPhysicalDeviceBufferDeviceAddressFeatures() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code bufferDeviceAddress}. */
        public static final long bufferDeviceAddress$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("bufferDeviceAddress"));
        /** Reads {@code bufferDeviceAddress}. */
        public static int bufferDeviceAddress(MemorySegment struct) {
            return struct.get(C_INT, bufferDeviceAddress$OFFSET);
        }

        /** Writes {@code bufferDeviceAddress}. */
        public static void bufferDeviceAddress(MemorySegment struct, int value) {
            struct.set(C_INT, bufferDeviceAddress$OFFSET, value);
        }

        /** Byte offset of {@code bufferDeviceAddressCaptureReplay}. */
        public static final long bufferDeviceAddressCaptureReplay$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("bufferDeviceAddressCaptureReplay"));
        /** Reads {@code bufferDeviceAddressCaptureReplay}. */
        public static int bufferDeviceAddressCaptureReplay(MemorySegment struct) {
            return struct.get(C_INT, bufferDeviceAddressCaptureReplay$OFFSET);
        }

        /** Writes {@code bufferDeviceAddressCaptureReplay}. */
        public static void bufferDeviceAddressCaptureReplay(MemorySegment struct, int value) {
            struct.set(C_INT, bufferDeviceAddressCaptureReplay$OFFSET, value);
        }

        /** Byte offset of {@code bufferDeviceAddressMultiDevice}. */
        public static final long bufferDeviceAddressMultiDevice$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("bufferDeviceAddressMultiDevice"));
        /** Reads {@code bufferDeviceAddressMultiDevice}. */
        public static int bufferDeviceAddressMultiDevice(MemorySegment struct) {
            return struct.get(C_INT, bufferDeviceAddressMultiDevice$OFFSET);
        }

        /** Writes {@code bufferDeviceAddressMultiDevice}. */
        public static void bufferDeviceAddressMultiDevice(MemorySegment struct, int value) {
            struct.set(C_INT, bufferDeviceAddressMultiDevice$OFFSET, value);
        }

    }

    /** {@code VkPhysicalDeviceShaderAtomicInt64Features}: 24 bytes. */
    public static final class VkPhysicalDeviceShaderAtomicInt64Features {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("shaderBufferInt64Atomics"),
                C_INT.withName("shaderSharedInt64Atomics")
        ).withName("VkPhysicalDeviceShaderAtomicInt64Features");

        private VkPhysicalDeviceShaderAtomicInt64Features() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code shaderBufferInt64Atomics}. */
        public static final long shaderBufferInt64Atomics$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderBufferInt64Atomics"));
        /** Reads {@code shaderBufferInt64Atomics}. */
        public static int shaderBufferInt64Atomics(MemorySegment struct) {
            return struct.get(C_INT, shaderBufferInt64Atomics$OFFSET);
        }

        /** Writes {@code shaderBufferInt64Atomics}. */
        public static void shaderBufferInt64Atomics(MemorySegment struct, int value) {
            struct.set(C_INT, shaderBufferInt64Atomics$OFFSET, value);
        }

        /** Byte offset of {@code shaderSharedInt64Atomics}. */
        public static final long shaderSharedInt64Atomics$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("shaderSharedInt64Atomics"));
        /** Reads {@code shaderSharedInt64Atomics}. */
        public static int shaderSharedInt64Atomics(MemorySegment struct) {
            return struct.get(C_INT, shaderSharedInt64Atomics$OFFSET);
        }

        /** Writes {@code shaderSharedInt64Atomics}. */
        public static void shaderSharedInt64Atomics(MemorySegment struct, int value) {
            struct.set(C_INT, shaderSharedInt64Atomics$OFFSET, value);
        }

    }

    /** {@code VkExtent3D}: 12 bytes. */
    public static final class VkExtent3D {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("width"),
                C_INT.withName("height"),
                C_INT.withName("depth")
        ).withName("VkExtent3D");

        private VkExtent3D() {
        }

        /** Byte offset of {@code width}. */
        public static final long width$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("width"));
        /** Reads {@code width}. */
        public static int width(MemorySegment struct) {
            return struct.get(C_INT, width$OFFSET);
        }

        /** Writes {@code width}. */
        public static void width(MemorySegment struct, int value) {
            struct.set(C_INT, width$OFFSET, value);
        }

        /** Byte offset of {@code height}. */
        public static final long height$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("height"));
        /** Reads {@code height}. */
        public static int height(MemorySegment struct) {
            return struct.get(C_INT, height$OFFSET);
        }

        /** Writes {@code height}. */
        public static void height(MemorySegment struct, int value) {
            struct.set(C_INT, height$OFFSET, value);
        }

        /** Byte offset of {@code depth}. */
        public static final long depth$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("depth"));
        /** Reads {@code depth}. */
        public static int depth(MemorySegment struct) {
            return struct.get(C_INT, depth$OFFSET);
        }

        /** Writes {@code depth}. */
        public static void depth(MemorySegment struct, int value) {
            struct.set(C_INT, depth$OFFSET, value);
        }

    }

    /** {@code VkQueueFamilyProperties}: 24 bytes. */
    public static final class VkQueueFamilyProperties {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("queueFlags"),
                C_INT.withName("queueCount"),
                C_INT.withName("timestampValidBits"),
                VkExtent3D.LAYOUT.withName("minImageTransferGranularity")
        ).withName("VkQueueFamilyProperties");

        private VkQueueFamilyProperties() {
        }

        /** Byte offset of {@code queueFlags}. */
        public static final long queueFlags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("queueFlags"));
        /** Reads {@code queueFlags}. */
        public static int queueFlags(MemorySegment struct) {
            return struct.get(C_INT, queueFlags$OFFSET);
        }

        /** Writes {@code queueFlags}. */
        public static void queueFlags(MemorySegment struct, int value) {
            struct.set(C_INT, queueFlags$OFFSET, value);
        }

        /** Byte offset of {@code queueCount}. */
        public static final long queueCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("queueCount"));
        /** Reads {@code queueCount}. */
        public static int queueCount(MemorySegment struct) {
            return struct.get(C_INT, queueCount$OFFSET);
        }

        /** Writes {@code queueCount}. */
        public static void queueCount(MemorySegment struct, int value) {
            struct.set(C_INT, queueCount$OFFSET, value);
        }

        /** Byte offset of {@code timestampValidBits}. */
        public static final long timestampValidBits$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("timestampValidBits"));
        /** Reads {@code timestampValidBits}. */
        public static int timestampValidBits(MemorySegment struct) {
            return struct.get(C_INT, timestampValidBits$OFFSET);
        }

        /** Writes {@code timestampValidBits}. */
        public static void timestampValidBits(MemorySegment struct, int value) {
            struct.set(C_INT, timestampValidBits$OFFSET, value);
        }

        /** Byte offset of {@code minImageTransferGranularity}. */
        public static final long minImageTransferGranularity$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("minImageTransferGranularity"));
    }

    /** {@code VkMemoryType}: 8 bytes. */
    public static final class VkMemoryType {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("propertyFlags"),
                C_INT.withName("heapIndex")
        ).withName("VkMemoryType");

        private VkMemoryType() {
        }

        /** Byte offset of {@code propertyFlags}. */
        public static final long propertyFlags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("propertyFlags"));
        /** Reads {@code propertyFlags}. */
        public static int propertyFlags(MemorySegment struct) {
            return struct.get(C_INT, propertyFlags$OFFSET);
        }

        /** Writes {@code propertyFlags}. */
        public static void propertyFlags(MemorySegment struct, int value) {
            struct.set(C_INT, propertyFlags$OFFSET, value);
        }

        /** Byte offset of {@code heapIndex}. */
        public static final long heapIndex$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("heapIndex"));
        /** Reads {@code heapIndex}. */
        public static int heapIndex(MemorySegment struct) {
            return struct.get(C_INT, heapIndex$OFFSET);
        }

        /** Writes {@code heapIndex}. */
        public static void heapIndex(MemorySegment struct, int value) {
            struct.set(C_INT, heapIndex$OFFSET, value);
        }

    }

    /** {@code VkMemoryHeap}: 16 bytes. */
    public static final class VkMemoryHeap {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_LONG.withName("size"),
                C_INT.withName("flags"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkMemoryHeap");

        private VkMemoryHeap() {
        }

        /** Byte offset of {@code size}. */
        public static final long size$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("size"));
        /** Reads {@code size}. */
        public static long size(MemorySegment struct) {
            return struct.get(C_LONG, size$OFFSET);
        }

        /** Writes {@code size}. */
        public static void size(MemorySegment struct, long value) {
            struct.set(C_LONG, size$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

    }

    /** {@code VkPhysicalDeviceMemoryProperties}: 520 bytes. */
    public static final class VkPhysicalDeviceMemoryProperties {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("memoryTypeCount"),
                MemoryLayout.sequenceLayout(32, VkMemoryType.LAYOUT).withName("memoryTypes"),
                C_INT.withName("memoryHeapCount"),
                MemoryLayout.sequenceLayout(16, VkMemoryHeap.LAYOUT).withName("memoryHeaps")
        ).withName("VkPhysicalDeviceMemoryProperties");

        private VkPhysicalDeviceMemoryProperties() {
        }

        /** Byte offset of {@code memoryTypeCount}. */
        public static final long memoryTypeCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("memoryTypeCount"));
        /** Reads {@code memoryTypeCount}. */
        public static int memoryTypeCount(MemorySegment struct) {
            return struct.get(C_INT, memoryTypeCount$OFFSET);
        }

        /** Writes {@code memoryTypeCount}. */
        public static void memoryTypeCount(MemorySegment struct, int value) {
            struct.set(C_INT, memoryTypeCount$OFFSET, value);
        }

        /** Byte offset of {@code memoryTypes}. */
        public static final long memoryTypes$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("memoryTypes"));
        /** Byte offset of {@code memoryHeapCount}. */
        public static final long memoryHeapCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("memoryHeapCount"));
        /** Reads {@code memoryHeapCount}. */
        public static int memoryHeapCount(MemorySegment struct) {
            return struct.get(C_INT, memoryHeapCount$OFFSET);
        }

        /** Writes {@code memoryHeapCount}. */
        public static void memoryHeapCount(MemorySegment struct, int value) {
            struct.set(C_INT, memoryHeapCount$OFFSET, value);
        }

        /** Byte offset of {@code memoryHeaps}. */
        public static final long memoryHeaps$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("memoryHeaps"));
    }

    /** {@code VkExtensionProperties}: 260 bytes. */
    public static final class VkExtensionProperties {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                MemoryLayout.sequenceLayout(256, C_CHAR).withName("extensionName"),
                C_INT.withName("specVersion")
        ).withName("VkExtensionProperties");

        private VkExtensionProperties() {
        }

        /** Byte offset of {@code extensionName}. */
        public static final long extensionName$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("extensionName"));
        /** Byte offset of {@code specVersion}. */
        public static final long specVersion$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("specVersion"));
        /** Reads {@code specVersion}. */
        public static int specVersion(MemorySegment struct) {
            return struct.get(C_INT, specVersion$OFFSET);
        }

        /** Writes {@code specVersion}. */
        public static void specVersion(MemorySegment struct, int value) {
            struct.set(C_INT, specVersion$OFFSET, value);
        }

    }

    /** {@code VkBufferCreateInfo}: 56 bytes. */
    public static final class VkBufferCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                MemoryLayout.paddingLayout(4),
                C_LONG.withName("size"),
                C_INT.withName("usage"),
                C_INT.withName("sharingMode"),
                C_INT.withName("queueFamilyIndexCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pQueueFamilyIndices")
        ).withName("VkBufferCreateInfo");

        private VkBufferCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code size}. */
        public static final long size$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("size"));
        /** Reads {@code size}. */
        public static long size(MemorySegment struct) {
            return struct.get(C_LONG, size$OFFSET);
        }

        /** Writes {@code size}. */
        public static void size(MemorySegment struct, long value) {
            struct.set(C_LONG, size$OFFSET, value);
        }

        /** Byte offset of {@code usage}. */
        public static final long usage$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("usage"));
        /** Reads {@code usage}. */
        public static int usage(MemorySegment struct) {
            return struct.get(C_INT, usage$OFFSET);
        }

        /** Writes {@code usage}. */
        public static void usage(MemorySegment struct, int value) {
            struct.set(C_INT, usage$OFFSET, value);
        }

        /** Byte offset of {@code sharingMode}. */
        public static final long sharingMode$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sharingMode"));
        /** Reads {@code sharingMode}. */
        public static int sharingMode(MemorySegment struct) {
            return struct.get(C_INT, sharingMode$OFFSET);
        }

        /** Writes {@code sharingMode}. */
        public static void sharingMode(MemorySegment struct, int value) {
            struct.set(C_INT, sharingMode$OFFSET, value);
        }

        /** Byte offset of {@code queueFamilyIndexCount}. */
        public static final long queueFamilyIndexCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("queueFamilyIndexCount"));
        /** Reads {@code queueFamilyIndexCount}. */
        public static int queueFamilyIndexCount(MemorySegment struct) {
            return struct.get(C_INT, queueFamilyIndexCount$OFFSET);
        }

        /** Writes {@code queueFamilyIndexCount}. */
        public static void queueFamilyIndexCount(MemorySegment struct, int value) {
            struct.set(C_INT, queueFamilyIndexCount$OFFSET, value);
        }

        /** Byte offset of {@code pQueueFamilyIndices}. */
        public static final long pQueueFamilyIndices$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pQueueFamilyIndices"));
        /** Reads {@code pQueueFamilyIndices}. */
        public static MemorySegment pQueueFamilyIndices(MemorySegment struct) {
            return struct.get(C_POINTER, pQueueFamilyIndices$OFFSET);
        }

        /** Writes {@code pQueueFamilyIndices}. */
        public static void pQueueFamilyIndices(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pQueueFamilyIndices$OFFSET, value);
        }

    }

    /** {@code VkExternalMemoryBufferCreateInfo}: 24 bytes. */
    public static final class VkExternalMemoryBufferCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("handleTypes"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkExternalMemoryBufferCreateInfo");

        private VkExternalMemoryBufferCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code handleTypes}. */
        public static final long handleTypes$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("handleTypes"));
        /** Reads {@code handleTypes}. */
        public static int handleTypes(MemorySegment struct) {
            return struct.get(C_INT, handleTypes$OFFSET);
        }

        /** Writes {@code handleTypes}. */
        public static void handleTypes(MemorySegment struct, int value) {
            struct.set(C_INT, handleTypes$OFFSET, value);
        }

    }

    /** {@code VkMemoryRequirements}: 24 bytes. */
    public static final class VkMemoryRequirements {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_LONG.withName("size"),
                C_LONG.withName("alignment"),
                C_INT.withName("memoryTypeBits"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkMemoryRequirements");

        private VkMemoryRequirements() {
        }

        /** Byte offset of {@code size}. */
        public static final long size$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("size"));
        /** Reads {@code size}. */
        public static long size(MemorySegment struct) {
            return struct.get(C_LONG, size$OFFSET);
        }

        /** Writes {@code size}. */
        public static void size(MemorySegment struct, long value) {
            struct.set(C_LONG, size$OFFSET, value);
        }

        /** Byte offset of {@code alignment}. */
        public static final long alignment$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("alignment"));
        /** Reads {@code alignment}. */
        public static long alignment(MemorySegment struct) {
            return struct.get(C_LONG, alignment$OFFSET);
        }

        /** Writes {@code alignment}. */
        public static void alignment(MemorySegment struct, long value) {
            struct.set(C_LONG, alignment$OFFSET, value);
        }

        /** Byte offset of {@code memoryTypeBits}. */
        public static final long memoryTypeBits$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("memoryTypeBits"));
        /** Reads {@code memoryTypeBits}. */
        public static int memoryTypeBits(MemorySegment struct) {
            return struct.get(C_INT, memoryTypeBits$OFFSET);
        }

        /** Writes {@code memoryTypeBits}. */
        public static void memoryTypeBits(MemorySegment struct, int value) {
            struct.set(C_INT, memoryTypeBits$OFFSET, value);
        }

    }

    /** {@code VkMemoryAllocateInfo}: 32 bytes. */
    public static final class VkMemoryAllocateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_LONG.withName("allocationSize"),
                C_INT.withName("memoryTypeIndex"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkMemoryAllocateInfo");

        private VkMemoryAllocateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code allocationSize}. */
        public static final long allocationSize$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("allocationSize"));
        /** Reads {@code allocationSize}. */
        public static long allocationSize(MemorySegment struct) {
            return struct.get(C_LONG, allocationSize$OFFSET);
        }

        /** Writes {@code allocationSize}. */
        public static void allocationSize(MemorySegment struct, long value) {
            struct.set(C_LONG, allocationSize$OFFSET, value);
        }

        /** Byte offset of {@code memoryTypeIndex}. */
        public static final long memoryTypeIndex$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("memoryTypeIndex"));
        /** Reads {@code memoryTypeIndex}. */
        public static int memoryTypeIndex(MemorySegment struct) {
            return struct.get(C_INT, memoryTypeIndex$OFFSET);
        }

        /** Writes {@code memoryTypeIndex}. */
        public static void memoryTypeIndex(MemorySegment struct, int value) {
            struct.set(C_INT, memoryTypeIndex$OFFSET, value);
        }

    }

    /** {@code VkMemoryAllocateFlagsInfo}: 24 bytes. */
    public static final class VkMemoryAllocateFlagsInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                C_INT.withName("deviceMask")
        ).withName("VkMemoryAllocateFlagsInfo");

        private VkMemoryAllocateFlagsInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code deviceMask}. */
        public static final long deviceMask$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("deviceMask"));
        /** Reads {@code deviceMask}. */
        public static int deviceMask(MemorySegment struct) {
            return struct.get(C_INT, deviceMask$OFFSET);
        }

        /** Writes {@code deviceMask}. */
        public static void deviceMask(MemorySegment struct, int value) {
            struct.set(C_INT, deviceMask$OFFSET, value);
        }

    }

    /** {@code VkImportMemoryHostPointerInfoEXT}: 32 bytes. */
    public static final class VkImportMemoryHostPointerInfoEXT {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("handleType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pHostPointer")
        ).withName("VkImportMemoryHostPointerInfoEXT");

        private VkImportMemoryHostPointerInfoEXT() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code handleType}. */
        public static final long handleType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("handleType"));
        /** Reads {@code handleType}. */
        public static int handleType(MemorySegment struct) {
            return struct.get(C_INT, handleType$OFFSET);
        }

        /** Writes {@code handleType}. */
        public static void handleType(MemorySegment struct, int value) {
            struct.set(C_INT, handleType$OFFSET, value);
        }

        /** Byte offset of {@code pHostPointer}. */
        public static final long pHostPointer$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pHostPointer"));
        /** Reads {@code pHostPointer}. */
        public static MemorySegment pHostPointer(MemorySegment struct) {
            return struct.get(C_POINTER, pHostPointer$OFFSET);
        }

        /** Writes {@code pHostPointer}. */
        public static void pHostPointer(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pHostPointer$OFFSET, value);
        }

    }

    /** {@code VkMemoryHostPointerPropertiesEXT}: 24 bytes. */
    public static final class VkMemoryHostPointerPropertiesEXT {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("memoryTypeBits"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkMemoryHostPointerPropertiesEXT");

        private VkMemoryHostPointerPropertiesEXT() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code memoryTypeBits}. */
        public static final long memoryTypeBits$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("memoryTypeBits"));
        /** Reads {@code memoryTypeBits}. */
        public static int memoryTypeBits(MemorySegment struct) {
            return struct.get(C_INT, memoryTypeBits$OFFSET);
        }

        /** Writes {@code memoryTypeBits}. */
        public static void memoryTypeBits(MemorySegment struct, int value) {
            struct.set(C_INT, memoryTypeBits$OFFSET, value);
        }

    }

    /** {@code VkBufferDeviceAddressInfo}: 24 bytes. */
    public static final class VkBufferDeviceAddressInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_LONG.withName("buffer")
        ).withName("VkBufferDeviceAddressInfo");

        private VkBufferDeviceAddressInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code buffer}. */
        public static final long buffer$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("buffer"));
        /** Reads {@code buffer}. */
        public static long buffer(MemorySegment struct) {
            return struct.get(C_LONG, buffer$OFFSET);
        }

        /** Writes {@code buffer}. */
        public static void buffer(MemorySegment struct, long value) {
            struct.set(C_LONG, buffer$OFFSET, value);
        }

    }

    /** {@code VkShaderModuleCreateInfo}: 40 bytes. */
    public static final class VkShaderModuleCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                MemoryLayout.paddingLayout(4),
                C_LONG.withName("codeSize"),
                C_POINTER.withName("pCode")
        ).withName("VkShaderModuleCreateInfo");

        private VkShaderModuleCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code codeSize}. */
        public static final long codeSize$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("codeSize"));
        /** Reads {@code codeSize}. */
        public static long codeSize(MemorySegment struct) {
            return struct.get(C_LONG, codeSize$OFFSET);
        }

        /** Writes {@code codeSize}. */
        public static void codeSize(MemorySegment struct, long value) {
            struct.set(C_LONG, codeSize$OFFSET, value);
        }

        /** Byte offset of {@code pCode}. */
        public static final long pCode$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pCode"));
        /** Reads {@code pCode}. */
        public static MemorySegment pCode(MemorySegment struct) {
            return struct.get(C_POINTER, pCode$OFFSET);
        }

        /** Writes {@code pCode}. */
        public static void pCode(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pCode$OFFSET, value);
        }

    }

    /** {@code VkPushConstantRange}: 12 bytes. */
    public static final class VkPushConstantRange {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("stageFlags"),
                C_INT.withName("offset"),
                C_INT.withName("size")
        ).withName("VkPushConstantRange");

        private VkPushConstantRange() {
        }

        /** Byte offset of {@code stageFlags}. */
        public static final long stageFlags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("stageFlags"));
        /** Reads {@code stageFlags}. */
        public static int stageFlags(MemorySegment struct) {
            return struct.get(C_INT, stageFlags$OFFSET);
        }

        /** Writes {@code stageFlags}. */
        public static void stageFlags(MemorySegment struct, int value) {
            struct.set(C_INT, stageFlags$OFFSET, value);
        }

        /** Byte offset of {@code offset}. */
        public static final long offset$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("offset"));
        /** Reads {@code offset}. */
        public static int offset(MemorySegment struct) {
            return struct.get(C_INT, offset$OFFSET);
        }

        /** Writes {@code offset}. */
        public static void offset(MemorySegment struct, int value) {
            struct.set(C_INT, offset$OFFSET, value);
        }

        /** Byte offset of {@code size}. */
        public static final long size$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("size"));
        /** Reads {@code size}. */
        public static int size(MemorySegment struct) {
            return struct.get(C_INT, size$OFFSET);
        }

        /** Writes {@code size}. */
        public static void size(MemorySegment struct, int value) {
            struct.set(C_INT, size$OFFSET, value);
        }

    }

    /** {@code VkPipelineLayoutCreateInfo}: 48 bytes. */
    public static final class VkPipelineLayoutCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                C_INT.withName("setLayoutCount"),
                C_POINTER.withName("pSetLayouts"),
                C_INT.withName("pushConstantRangeCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pPushConstantRanges")
        ).withName("VkPipelineLayoutCreateInfo");

        private VkPipelineLayoutCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code setLayoutCount}. */
        public static final long setLayoutCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("setLayoutCount"));
        /** Reads {@code setLayoutCount}. */
        public static int setLayoutCount(MemorySegment struct) {
            return struct.get(C_INT, setLayoutCount$OFFSET);
        }

        /** Writes {@code setLayoutCount}. */
        public static void setLayoutCount(MemorySegment struct, int value) {
            struct.set(C_INT, setLayoutCount$OFFSET, value);
        }

        /** Byte offset of {@code pSetLayouts}. */
        public static final long pSetLayouts$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pSetLayouts"));
        /** Reads {@code pSetLayouts}. */
        public static MemorySegment pSetLayouts(MemorySegment struct) {
            return struct.get(C_POINTER, pSetLayouts$OFFSET);
        }

        /** Writes {@code pSetLayouts}. */
        public static void pSetLayouts(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pSetLayouts$OFFSET, value);
        }

        /** Byte offset of {@code pushConstantRangeCount}. */
        public static final long pushConstantRangeCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pushConstantRangeCount"));
        /** Reads {@code pushConstantRangeCount}. */
        public static int pushConstantRangeCount(MemorySegment struct) {
            return struct.get(C_INT, pushConstantRangeCount$OFFSET);
        }

        /** Writes {@code pushConstantRangeCount}. */
        public static void pushConstantRangeCount(MemorySegment struct, int value) {
            struct.set(C_INT, pushConstantRangeCount$OFFSET, value);
        }

        /** Byte offset of {@code pPushConstantRanges}. */
        public static final long pPushConstantRanges$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pPushConstantRanges"));
        /** Reads {@code pPushConstantRanges}. */
        public static MemorySegment pPushConstantRanges(MemorySegment struct) {
            return struct.get(C_POINTER, pPushConstantRanges$OFFSET);
        }

        /** Writes {@code pPushConstantRanges}. */
        public static void pPushConstantRanges(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pPushConstantRanges$OFFSET, value);
        }

    }

    /** {@code VkPipelineShaderStageCreateInfo}: 48 bytes. */
    public static final class VkPipelineShaderStageCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                C_INT.withName("stage"),
                C_LONG.withName("module"),
                C_POINTER.withName("pName"),
                C_POINTER.withName("pSpecializationInfo")
        ).withName("VkPipelineShaderStageCreateInfo");

        private VkPipelineShaderStageCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code stage}. */
        public static final long stage$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("stage"));
        /** Reads {@code stage}. */
        public static int stage(MemorySegment struct) {
            return struct.get(C_INT, stage$OFFSET);
        }

        /** Writes {@code stage}. */
        public static void stage(MemorySegment struct, int value) {
            struct.set(C_INT, stage$OFFSET, value);
        }

        /** Byte offset of {@code module}. */
        public static final long module$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("module"));
        /** Reads {@code module}. */
        public static long module(MemorySegment struct) {
            return struct.get(C_LONG, module$OFFSET);
        }

        /** Writes {@code module}. */
        public static void module(MemorySegment struct, long value) {
            struct.set(C_LONG, module$OFFSET, value);
        }

        /** Byte offset of {@code pName}. */
        public static final long pName$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pName"));
        /** Reads {@code pName}. */
        public static MemorySegment pName(MemorySegment struct) {
            return struct.get(C_POINTER, pName$OFFSET);
        }

        /** Writes {@code pName}. */
        public static void pName(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pName$OFFSET, value);
        }

        /** Byte offset of {@code pSpecializationInfo}. */
        public static final long pSpecializationInfo$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pSpecializationInfo"));
        /** Reads {@code pSpecializationInfo}. */
        public static MemorySegment pSpecializationInfo(MemorySegment struct) {
            return struct.get(C_POINTER, pSpecializationInfo$OFFSET);
        }

        /** Writes {@code pSpecializationInfo}. */
        public static void pSpecializationInfo(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pSpecializationInfo$OFFSET, value);
        }

    }

    /** {@code VkComputePipelineCreateInfo}: 96 bytes. */
    public static final class VkComputePipelineCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                MemoryLayout.paddingLayout(4),
                VkPipelineShaderStageCreateInfo.LAYOUT.withName("stage"),
                C_LONG.withName("layout"),
                C_LONG.withName("basePipelineHandle"),
                C_INT.withName("basePipelineIndex"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkComputePipelineCreateInfo");

        private VkComputePipelineCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code stage}. */
        public static final long stage$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("stage"));
        /** Byte offset of {@code layout}. */
        public static final long layout$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("layout"));
        /** Reads {@code layout}. */
        public static long layout(MemorySegment struct) {
            return struct.get(C_LONG, layout$OFFSET);
        }

        /** Writes {@code layout}. */
        public static void layout(MemorySegment struct, long value) {
            struct.set(C_LONG, layout$OFFSET, value);
        }

        /** Byte offset of {@code basePipelineHandle}. */
        public static final long basePipelineHandle$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("basePipelineHandle"));
        /** Reads {@code basePipelineHandle}. */
        public static long basePipelineHandle(MemorySegment struct) {
            return struct.get(C_LONG, basePipelineHandle$OFFSET);
        }

        /** Writes {@code basePipelineHandle}. */
        public static void basePipelineHandle(MemorySegment struct, long value) {
            struct.set(C_LONG, basePipelineHandle$OFFSET, value);
        }

        /** Byte offset of {@code basePipelineIndex}. */
        public static final long basePipelineIndex$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("basePipelineIndex"));
        /** Reads {@code basePipelineIndex}. */
        public static int basePipelineIndex(MemorySegment struct) {
            return struct.get(C_INT, basePipelineIndex$OFFSET);
        }

        /** Writes {@code basePipelineIndex}. */
        public static void basePipelineIndex(MemorySegment struct, int value) {
            struct.set(C_INT, basePipelineIndex$OFFSET, value);
        }

    }

    /** {@code VkCommandPoolCreateInfo}: 24 bytes. */
    public static final class VkCommandPoolCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                C_INT.withName("queueFamilyIndex")
        ).withName("VkCommandPoolCreateInfo");

        private VkCommandPoolCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code queueFamilyIndex}. */
        public static final long queueFamilyIndex$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("queueFamilyIndex"));
        /** Reads {@code queueFamilyIndex}. */
        public static int queueFamilyIndex(MemorySegment struct) {
            return struct.get(C_INT, queueFamilyIndex$OFFSET);
        }

        /** Writes {@code queueFamilyIndex}. */
        public static void queueFamilyIndex(MemorySegment struct, int value) {
            struct.set(C_INT, queueFamilyIndex$OFFSET, value);
        }

    }

    /** {@code VkCommandBufferAllocateInfo}: 32 bytes. */
    public static final class VkCommandBufferAllocateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_LONG.withName("commandPool"),
                C_INT.withName("level"),
                C_INT.withName("commandBufferCount")
        ).withName("VkCommandBufferAllocateInfo");

        private VkCommandBufferAllocateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code commandPool}. */
        public static final long commandPool$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("commandPool"));
        /** Reads {@code commandPool}. */
        public static long commandPool(MemorySegment struct) {
            return struct.get(C_LONG, commandPool$OFFSET);
        }

        /** Writes {@code commandPool}. */
        public static void commandPool(MemorySegment struct, long value) {
            struct.set(C_LONG, commandPool$OFFSET, value);
        }

        /** Byte offset of {@code level}. */
        public static final long level$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("level"));
        /** Reads {@code level}. */
        public static int level(MemorySegment struct) {
            return struct.get(C_INT, level$OFFSET);
        }

        /** Writes {@code level}. */
        public static void level(MemorySegment struct, int value) {
            struct.set(C_INT, level$OFFSET, value);
        }

        /** Byte offset of {@code commandBufferCount}. */
        public static final long commandBufferCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("commandBufferCount"));
        /** Reads {@code commandBufferCount}. */
        public static int commandBufferCount(MemorySegment struct) {
            return struct.get(C_INT, commandBufferCount$OFFSET);
        }

        /** Writes {@code commandBufferCount}. */
        public static void commandBufferCount(MemorySegment struct, int value) {
            struct.set(C_INT, commandBufferCount$OFFSET, value);
        }

    }

    /** {@code VkCommandBufferBeginInfo}: 32 bytes. */
    public static final class VkCommandBufferBeginInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pInheritanceInfo")
        ).withName("VkCommandBufferBeginInfo");

        private VkCommandBufferBeginInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code pInheritanceInfo}. */
        public static final long pInheritanceInfo$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pInheritanceInfo"));
        /** Reads {@code pInheritanceInfo}. */
        public static MemorySegment pInheritanceInfo(MemorySegment struct) {
            return struct.get(C_POINTER, pInheritanceInfo$OFFSET);
        }

        /** Writes {@code pInheritanceInfo}. */
        public static void pInheritanceInfo(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pInheritanceInfo$OFFSET, value);
        }

    }

    /** {@code VkMemoryBarrier}: 24 bytes. */
    public static final class VkMemoryBarrier {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("srcAccessMask"),
                C_INT.withName("dstAccessMask")
        ).withName("VkMemoryBarrier");

        private VkMemoryBarrier() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code srcAccessMask}. */
        public static final long srcAccessMask$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("srcAccessMask"));
        /** Reads {@code srcAccessMask}. */
        public static int srcAccessMask(MemorySegment struct) {
            return struct.get(C_INT, srcAccessMask$OFFSET);
        }

        /** Writes {@code srcAccessMask}. */
        public static void srcAccessMask(MemorySegment struct, int value) {
            struct.set(C_INT, srcAccessMask$OFFSET, value);
        }

        /** Byte offset of {@code dstAccessMask}. */
        public static final long dstAccessMask$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("dstAccessMask"));
        /** Reads {@code dstAccessMask}. */
        public static int dstAccessMask(MemorySegment struct) {
            return struct.get(C_INT, dstAccessMask$OFFSET);
        }

        /** Writes {@code dstAccessMask}. */
        public static void dstAccessMask(MemorySegment struct, int value) {
            struct.set(C_INT, dstAccessMask$OFFSET, value);
        }

    }

    /** {@code VkSubmitInfo}: 72 bytes. */
    public static final class VkSubmitInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("waitSemaphoreCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pWaitSemaphores"),
                C_POINTER.withName("pWaitDstStageMask"),
                C_INT.withName("commandBufferCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pCommandBuffers"),
                C_INT.withName("signalSemaphoreCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pSignalSemaphores")
        ).withName("VkSubmitInfo");

        private VkSubmitInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code waitSemaphoreCount}. */
        public static final long waitSemaphoreCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("waitSemaphoreCount"));
        /** Reads {@code waitSemaphoreCount}. */
        public static int waitSemaphoreCount(MemorySegment struct) {
            return struct.get(C_INT, waitSemaphoreCount$OFFSET);
        }

        /** Writes {@code waitSemaphoreCount}. */
        public static void waitSemaphoreCount(MemorySegment struct, int value) {
            struct.set(C_INT, waitSemaphoreCount$OFFSET, value);
        }

        /** Byte offset of {@code pWaitSemaphores}. */
        public static final long pWaitSemaphores$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pWaitSemaphores"));
        /** Reads {@code pWaitSemaphores}. */
        public static MemorySegment pWaitSemaphores(MemorySegment struct) {
            return struct.get(C_POINTER, pWaitSemaphores$OFFSET);
        }

        /** Writes {@code pWaitSemaphores}. */
        public static void pWaitSemaphores(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pWaitSemaphores$OFFSET, value);
        }

        /** Byte offset of {@code pWaitDstStageMask}. */
        public static final long pWaitDstStageMask$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pWaitDstStageMask"));
        /** Reads {@code pWaitDstStageMask}. */
        public static MemorySegment pWaitDstStageMask(MemorySegment struct) {
            return struct.get(C_POINTER, pWaitDstStageMask$OFFSET);
        }

        /** Writes {@code pWaitDstStageMask}. */
        public static void pWaitDstStageMask(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pWaitDstStageMask$OFFSET, value);
        }

        /** Byte offset of {@code commandBufferCount}. */
        public static final long commandBufferCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("commandBufferCount"));
        /** Reads {@code commandBufferCount}. */
        public static int commandBufferCount(MemorySegment struct) {
            return struct.get(C_INT, commandBufferCount$OFFSET);
        }

        /** Writes {@code commandBufferCount}. */
        public static void commandBufferCount(MemorySegment struct, int value) {
            struct.set(C_INT, commandBufferCount$OFFSET, value);
        }

        /** Byte offset of {@code pCommandBuffers}. */
        public static final long pCommandBuffers$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pCommandBuffers"));
        /** Reads {@code pCommandBuffers}. */
        public static MemorySegment pCommandBuffers(MemorySegment struct) {
            return struct.get(C_POINTER, pCommandBuffers$OFFSET);
        }

        /** Writes {@code pCommandBuffers}. */
        public static void pCommandBuffers(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pCommandBuffers$OFFSET, value);
        }

        /** Byte offset of {@code signalSemaphoreCount}. */
        public static final long signalSemaphoreCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("signalSemaphoreCount"));
        /** Reads {@code signalSemaphoreCount}. */
        public static int signalSemaphoreCount(MemorySegment struct) {
            return struct.get(C_INT, signalSemaphoreCount$OFFSET);
        }

        /** Writes {@code signalSemaphoreCount}. */
        public static void signalSemaphoreCount(MemorySegment struct, int value) {
            struct.set(C_INT, signalSemaphoreCount$OFFSET, value);
        }

        /** Byte offset of {@code pSignalSemaphores}. */
        public static final long pSignalSemaphores$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pSignalSemaphores"));
        /** Reads {@code pSignalSemaphores}. */
        public static MemorySegment pSignalSemaphores(MemorySegment struct) {
            return struct.get(C_POINTER, pSignalSemaphores$OFFSET);
        }

        /** Writes {@code pSignalSemaphores}. */
        public static void pSignalSemaphores(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pSignalSemaphores$OFFSET, value);
        }

    }

    /** {@code VkTimelineSemaphoreSubmitInfo}: 48 bytes. */
    public static final class VkTimelineSemaphoreSubmitInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("waitSemaphoreValueCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pWaitSemaphoreValues"),
                C_INT.withName("signalSemaphoreValueCount"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pSignalSemaphoreValues")
        ).withName("VkTimelineSemaphoreSubmitInfo");

        private VkTimelineSemaphoreSubmitInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code waitSemaphoreValueCount}. */
        public static final long waitSemaphoreValueCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("waitSemaphoreValueCount"));
        /** Reads {@code waitSemaphoreValueCount}. */
        public static int waitSemaphoreValueCount(MemorySegment struct) {
            return struct.get(C_INT, waitSemaphoreValueCount$OFFSET);
        }

        /** Writes {@code waitSemaphoreValueCount}. */
        public static void waitSemaphoreValueCount(MemorySegment struct, int value) {
            struct.set(C_INT, waitSemaphoreValueCount$OFFSET, value);
        }

        /** Byte offset of {@code pWaitSemaphoreValues}. */
        public static final long pWaitSemaphoreValues$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pWaitSemaphoreValues"));
        /** Reads {@code pWaitSemaphoreValues}. */
        public static MemorySegment pWaitSemaphoreValues(MemorySegment struct) {
            return struct.get(C_POINTER, pWaitSemaphoreValues$OFFSET);
        }

        /** Writes {@code pWaitSemaphoreValues}. */
        public static void pWaitSemaphoreValues(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pWaitSemaphoreValues$OFFSET, value);
        }

        /** Byte offset of {@code signalSemaphoreValueCount}. */
        public static final long signalSemaphoreValueCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("signalSemaphoreValueCount"));
        /** Reads {@code signalSemaphoreValueCount}. */
        public static int signalSemaphoreValueCount(MemorySegment struct) {
            return struct.get(C_INT, signalSemaphoreValueCount$OFFSET);
        }

        /** Writes {@code signalSemaphoreValueCount}. */
        public static void signalSemaphoreValueCount(MemorySegment struct, int value) {
            struct.set(C_INT, signalSemaphoreValueCount$OFFSET, value);
        }

        /** Byte offset of {@code pSignalSemaphoreValues}. */
        public static final long pSignalSemaphoreValues$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pSignalSemaphoreValues"));
        /** Reads {@code pSignalSemaphoreValues}. */
        public static MemorySegment pSignalSemaphoreValues(MemorySegment struct) {
            return struct.get(C_POINTER, pSignalSemaphoreValues$OFFSET);
        }

        /** Writes {@code pSignalSemaphoreValues}. */
        public static void pSignalSemaphoreValues(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pSignalSemaphoreValues$OFFSET, value);
        }

    }

    /** {@code VkSemaphoreTypeCreateInfo}: 32 bytes. */
    public static final class VkSemaphoreTypeCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("semaphoreType"),
                MemoryLayout.paddingLayout(4),
                C_LONG.withName("initialValue")
        ).withName("VkSemaphoreTypeCreateInfo");

        private VkSemaphoreTypeCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code semaphoreType}. */
        public static final long semaphoreType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("semaphoreType"));
        /** Reads {@code semaphoreType}. */
        public static int semaphoreType(MemorySegment struct) {
            return struct.get(C_INT, semaphoreType$OFFSET);
        }

        /** Writes {@code semaphoreType}. */
        public static void semaphoreType(MemorySegment struct, int value) {
            struct.set(C_INT, semaphoreType$OFFSET, value);
        }

        /** Byte offset of {@code initialValue}. */
        public static final long initialValue$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("initialValue"));
        /** Reads {@code initialValue}. */
        public static long initialValue(MemorySegment struct) {
            return struct.get(C_LONG, initialValue$OFFSET);
        }

        /** Writes {@code initialValue}. */
        public static void initialValue(MemorySegment struct, long value) {
            struct.set(C_LONG, initialValue$OFFSET, value);
        }

    }

    /** {@code VkSemaphoreCreateInfo}: 24 bytes. */
    public static final class VkSemaphoreCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkSemaphoreCreateInfo");

        private VkSemaphoreCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

    }

    /** {@code VkSemaphoreWaitInfo}: 40 bytes. */
    public static final class VkSemaphoreWaitInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                C_INT.withName("semaphoreCount"),
                C_POINTER.withName("pSemaphores"),
                C_POINTER.withName("pValues")
        ).withName("VkSemaphoreWaitInfo");

        private VkSemaphoreWaitInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code semaphoreCount}. */
        public static final long semaphoreCount$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("semaphoreCount"));
        /** Reads {@code semaphoreCount}. */
        public static int semaphoreCount(MemorySegment struct) {
            return struct.get(C_INT, semaphoreCount$OFFSET);
        }

        /** Writes {@code semaphoreCount}. */
        public static void semaphoreCount(MemorySegment struct, int value) {
            struct.set(C_INT, semaphoreCount$OFFSET, value);
        }

        /** Byte offset of {@code pSemaphores}. */
        public static final long pSemaphores$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pSemaphores"));
        /** Reads {@code pSemaphores}. */
        public static MemorySegment pSemaphores(MemorySegment struct) {
            return struct.get(C_POINTER, pSemaphores$OFFSET);
        }

        /** Writes {@code pSemaphores}. */
        public static void pSemaphores(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pSemaphores$OFFSET, value);
        }

        /** Byte offset of {@code pValues}. */
        public static final long pValues$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pValues"));
        /** Reads {@code pValues}. */
        public static MemorySegment pValues(MemorySegment struct) {
            return struct.get(C_POINTER, pValues$OFFSET);
        }

        /** Writes {@code pValues}. */
        public static void pValues(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pValues$OFFSET, value);
        }

    }

    /** {@code VkSemaphoreSignalInfo}: 32 bytes. */
    public static final class VkSemaphoreSignalInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_LONG.withName("semaphore"),
                C_LONG.withName("value")
        ).withName("VkSemaphoreSignalInfo");

        private VkSemaphoreSignalInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code semaphore}. */
        public static final long semaphore$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("semaphore"));
        /** Reads {@code semaphore}. */
        public static long semaphore(MemorySegment struct) {
            return struct.get(C_LONG, semaphore$OFFSET);
        }

        /** Writes {@code semaphore}. */
        public static void semaphore(MemorySegment struct, long value) {
            struct.set(C_LONG, semaphore$OFFSET, value);
        }

        /** Byte offset of {@code value}. */
        public static final long value$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("value"));
        /** Reads {@code value}. */
        public static long value(MemorySegment struct) {
            return struct.get(C_LONG, value$OFFSET);
        }

        /** Writes {@code value}. */
        public static void value(MemorySegment struct, long value) {
            struct.set(C_LONG, value$OFFSET, value);
        }

    }

    /** {@code VkFenceCreateInfo}: 24 bytes. */
    public static final class VkFenceCreateInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkFenceCreateInfo");

        private VkFenceCreateInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

    }

    /** {@code VkPhysicalDeviceExternalBufferInfo}: 32 bytes. */
    public static final class VkPhysicalDeviceExternalBufferInfo {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                C_INT.withName("flags"),
                C_INT.withName("usage"),
                C_INT.withName("handleType"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkPhysicalDeviceExternalBufferInfo");

        private VkPhysicalDeviceExternalBufferInfo() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code flags}. */
        public static final long flags$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
        /** Reads {@code flags}. */
        public static int flags(MemorySegment struct) {
            return struct.get(C_INT, flags$OFFSET);
        }

        /** Writes {@code flags}. */
        public static void flags(MemorySegment struct, int value) {
            struct.set(C_INT, flags$OFFSET, value);
        }

        /** Byte offset of {@code usage}. */
        public static final long usage$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("usage"));
        /** Reads {@code usage}. */
        public static int usage(MemorySegment struct) {
            return struct.get(C_INT, usage$OFFSET);
        }

        /** Writes {@code usage}. */
        public static void usage(MemorySegment struct, int value) {
            struct.set(C_INT, usage$OFFSET, value);
        }

        /** Byte offset of {@code handleType}. */
        public static final long handleType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("handleType"));
        /** Reads {@code handleType}. */
        public static int handleType(MemorySegment struct) {
            return struct.get(C_INT, handleType$OFFSET);
        }

        /** Writes {@code handleType}. */
        public static void handleType(MemorySegment struct, int value) {
            struct.set(C_INT, handleType$OFFSET, value);
        }

    }

    /** {@code VkExternalMemoryProperties}: 12 bytes. */
    public static final class VkExternalMemoryProperties {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("externalMemoryFeatures"),
                C_INT.withName("exportFromImportedHandleTypes"),
                C_INT.withName("compatibleHandleTypes")
        ).withName("VkExternalMemoryProperties");

        private VkExternalMemoryProperties() {
        }

        /** Byte offset of {@code externalMemoryFeatures}. */
        public static final long externalMemoryFeatures$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("externalMemoryFeatures"));
        /** Reads {@code externalMemoryFeatures}. */
        public static int externalMemoryFeatures(MemorySegment struct) {
            return struct.get(C_INT, externalMemoryFeatures$OFFSET);
        }

        /** Writes {@code externalMemoryFeatures}. */
        public static void externalMemoryFeatures(MemorySegment struct, int value) {
            struct.set(C_INT, externalMemoryFeatures$OFFSET, value);
        }

        /** Byte offset of {@code exportFromImportedHandleTypes}. */
        public static final long exportFromImportedHandleTypes$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("exportFromImportedHandleTypes"));
        /** Reads {@code exportFromImportedHandleTypes}. */
        public static int exportFromImportedHandleTypes(MemorySegment struct) {
            return struct.get(C_INT, exportFromImportedHandleTypes$OFFSET);
        }

        /** Writes {@code exportFromImportedHandleTypes}. */
        public static void exportFromImportedHandleTypes(MemorySegment struct, int value) {
            struct.set(C_INT, exportFromImportedHandleTypes$OFFSET, value);
        }

        /** Byte offset of {@code compatibleHandleTypes}. */
        public static final long compatibleHandleTypes$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("compatibleHandleTypes"));
        /** Reads {@code compatibleHandleTypes}. */
        public static int compatibleHandleTypes(MemorySegment struct) {
            return struct.get(C_INT, compatibleHandleTypes$OFFSET);
        }

        /** Writes {@code compatibleHandleTypes}. */
        public static void compatibleHandleTypes(MemorySegment struct, int value) {
            struct.set(C_INT, compatibleHandleTypes$OFFSET, value);
        }

    }

    /** {@code VkExternalBufferProperties}: 32 bytes. */
    public static final class VkExternalBufferProperties {
        /** The layout, member by member. */
        public static final StructLayout LAYOUT = MemoryLayout.structLayout(
                C_INT.withName("sType"),
                MemoryLayout.paddingLayout(4),
                C_POINTER.withName("pNext"),
                VkExternalMemoryProperties.LAYOUT.withName("externalMemoryProperties"),
                MemoryLayout.paddingLayout(4)
        ).withName("VkExternalBufferProperties");

        private VkExternalBufferProperties() {
        }

        /** Byte offset of {@code sType}. */
        public static final long sType$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("sType"));
        /** Reads {@code sType}. */
        public static int sType(MemorySegment struct) {
            return struct.get(C_INT, sType$OFFSET);
        }

        /** Writes {@code sType}. */
        public static void sType(MemorySegment struct, int value) {
            struct.set(C_INT, sType$OFFSET, value);
        }

        /** Byte offset of {@code pNext}. */
        public static final long pNext$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("pNext"));
        /** Reads {@code pNext}. */
        public static MemorySegment pNext(MemorySegment struct) {
            return struct.get(C_POINTER, pNext$OFFSET);
        }

        /** Writes {@code pNext}. */
        public static void pNext(MemorySegment struct, MemorySegment value) {
            struct.set(C_POINTER, pNext$OFFSET, value);
        }

        /** Byte offset of {@code externalMemoryProperties}. */
        public static final long externalMemoryProperties$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("externalMemoryProperties"));
    }

    /** Every struct above (each layout named as its C struct), for the header test. */
    public static final List<StructLayout> ALL = List.of(
            VkApplicationInfo.LAYOUT,
            VkInstanceCreateInfo.LAYOUT,
            VkDeviceQueueCreateInfo.LAYOUT,
            VkDeviceCreateInfo.LAYOUT,
            VkPhysicalDeviceLimits.LAYOUT,
            VkPhysicalDeviceSparseProperties.LAYOUT,
            VkPhysicalDeviceProperties.LAYOUT,
            VkPhysicalDeviceProperties2.LAYOUT,
            VkConformanceVersion.LAYOUT,
            VkPhysicalDeviceDriverProperties.LAYOUT,
            VkPhysicalDeviceExternalMemoryHostPropertiesEXT.LAYOUT,
            VkPhysicalDeviceFeatures.LAYOUT,
            VkPhysicalDeviceFeatures2.LAYOUT,
            VkPhysicalDeviceTimelineSemaphoreFeatures.LAYOUT,
            VkPhysicalDeviceBufferDeviceAddressFeatures.LAYOUT,
            VkPhysicalDeviceShaderAtomicInt64Features.LAYOUT,
            VkExtent3D.LAYOUT,
            VkQueueFamilyProperties.LAYOUT,
            VkMemoryType.LAYOUT,
            VkMemoryHeap.LAYOUT,
            VkPhysicalDeviceMemoryProperties.LAYOUT,
            VkExtensionProperties.LAYOUT,
            VkBufferCreateInfo.LAYOUT,
            VkExternalMemoryBufferCreateInfo.LAYOUT,
            VkMemoryRequirements.LAYOUT,
            VkMemoryAllocateInfo.LAYOUT,
            VkMemoryAllocateFlagsInfo.LAYOUT,
            VkImportMemoryHostPointerInfoEXT.LAYOUT,
            VkMemoryHostPointerPropertiesEXT.LAYOUT,
            VkBufferDeviceAddressInfo.LAYOUT,
            VkShaderModuleCreateInfo.LAYOUT,
            VkPushConstantRange.LAYOUT,
            VkPipelineLayoutCreateInfo.LAYOUT,
            VkPipelineShaderStageCreateInfo.LAYOUT,
            VkComputePipelineCreateInfo.LAYOUT,
            VkCommandPoolCreateInfo.LAYOUT,
            VkCommandBufferAllocateInfo.LAYOUT,
            VkCommandBufferBeginInfo.LAYOUT,
            VkMemoryBarrier.LAYOUT,
            VkSubmitInfo.LAYOUT,
            VkTimelineSemaphoreSubmitInfo.LAYOUT,
            VkSemaphoreTypeCreateInfo.LAYOUT,
            VkSemaphoreCreateInfo.LAYOUT,
            VkSemaphoreWaitInfo.LAYOUT,
            VkSemaphoreSignalInfo.LAYOUT,
            VkFenceCreateInfo.LAYOUT,
            VkPhysicalDeviceExternalBufferInfo.LAYOUT,
            VkExternalMemoryProperties.LAYOUT,
            VkExternalBufferProperties.LAYOUT);
}
