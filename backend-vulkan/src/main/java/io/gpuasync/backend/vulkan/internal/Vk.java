package io.gpuasync.backend.vulkan.internal;

import io.gpuasync.spi.ffm.Downcalls;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.Map;

/**
 * The Vulkan entry points and constants this backend uses, in jextract's shape, made from
 * {@code vulkan_core.h} by {@code src/main/bindings/generate.py} (do not edit by hand). Each
 * function has a holder class whose method handle is made on first call, and a static method
 * calling it with {@code invokeExact} through the address its {@link Commands} table resolved
 * ({@code vkGetInstanceProcAddr} / {@code vkGetDeviceProcAddr}: the loader's dispatch, or the
 * driver's own entry point). A missing entry point throws
 * {@code UnsatisfiedLinkError("unresolved symbol: ...")} at the call.
 */
public final class Vk {
    /** {@code uint32_t}, {@code VkBool32}, {@code VkResult}, enums and 32-bit flags. */
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    /** {@code uint64_t}, {@code VkDeviceSize}, {@code size_t}, and non-dispatchable handles (64-bit). */
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    /** {@code float}. */
    public static final ValueLayout.OfFloat C_FLOAT = ValueLayout.JAVA_FLOAT;
    /** {@code char}, {@code uint8_t}. */
    public static final ValueLayout.OfByte C_CHAR = ValueLayout.JAVA_BYTE;
    /** Pointers, function pointers and dispatchable handles ({@code VkInstance}, {@code VkQueue}...). */
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS;

    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_APPLICATION_INFO. */
    public static final int VK_STRUCTURE_TYPE_APPLICATION_INFO = 0;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO = 1;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO = 2;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO = 3;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_SUBMIT_INFO. */
    public static final int VK_STRUCTURE_TYPE_SUBMIT_INFO = 4;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO = 5;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_FENCE_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_FENCE_CREATE_INFO = 8;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO = 9;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO = 12;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO = 16;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO = 18;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO = 29;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO = 30;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO = 39;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO = 40;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO. */
    public static final int VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO = 42;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_MEMORY_BARRIER. */
    public static final int VK_STRUCTURE_TYPE_MEMORY_BARRIER = 46;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2. */
    public static final int VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 = 1000059000;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2. */
    public static final int VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2 = 1000059001;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES. */
    public static final int VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES = 1000196000;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO = 1000072000;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT. */
    public static final int VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT = 1000178000;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT. */
    public static final int VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT = 1000178001;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT. */
    public static final int VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT = 1000178002;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO. */
    public static final int VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO = 1000060000;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES. */
    public static final int VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES = 1000207000;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO. */
    public static final int VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO = 1000207002;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO. */
    public static final int VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO = 1000207003;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO. */
    public static final int VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO = 1000207004;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO. */
    public static final int VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO = 1000207005;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES. */
    public static final int VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES = 1000257000;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO. */
    public static final int VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO = 1000244001;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES. */
    public static final int VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES = 1000180000;
    /** {@code <vulkan_core.h>}: VK_QUEUE_COMPUTE_BIT. */
    public static final int VK_QUEUE_COMPUTE_BIT = 0x00000002;
    /** {@code <vulkan_core.h>}: VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT. */
    public static final int VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT = 0x00000001;
    /** {@code <vulkan_core.h>}: VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT. */
    public static final int VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT = 0x00000002;
    /** {@code <vulkan_core.h>}: VK_MEMORY_PROPERTY_HOST_COHERENT_BIT. */
    public static final int VK_MEMORY_PROPERTY_HOST_COHERENT_BIT = 0x00000004;
    /** {@code <vulkan_core.h>}: VK_BUFFER_USAGE_STORAGE_BUFFER_BIT. */
    public static final int VK_BUFFER_USAGE_STORAGE_BUFFER_BIT = 0x00000020;
    /** {@code <vulkan_core.h>}: VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT. */
    public static final int VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT = 0x00020000;
    /** {@code <vulkan_core.h>}: VK_SHARING_MODE_EXCLUSIVE. */
    public static final int VK_SHARING_MODE_EXCLUSIVE = 0;
    /** {@code <vulkan_core.h>}: VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT. */
    public static final int VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT = 0x00000080;
    /** {@code <vulkan_core.h>}: VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT. */
    public static final int VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT = 0x00000002;
    /** {@code <vulkan_core.h>}: VK_SHADER_STAGE_COMPUTE_BIT. */
    public static final int VK_SHADER_STAGE_COMPUTE_BIT = 0x00000020;
    /** {@code <vulkan_core.h>}: VK_PIPELINE_BIND_POINT_COMPUTE. */
    public static final int VK_PIPELINE_BIND_POINT_COMPUTE = 1;
    /** {@code <vulkan_core.h>}: VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT. */
    public static final int VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT = 0x00000002;
    /** {@code <vulkan_core.h>}: VK_COMMAND_BUFFER_LEVEL_PRIMARY. */
    public static final int VK_COMMAND_BUFFER_LEVEL_PRIMARY = 0;
    /** {@code <vulkan_core.h>}: VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT. */
    public static final int VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT = 0x00000001;
    /** {@code <vulkan_core.h>}: VK_PIPELINE_STAGE_ALL_COMMANDS_BIT. */
    public static final int VK_PIPELINE_STAGE_ALL_COMMANDS_BIT = 0x00010000;
    /** {@code <vulkan_core.h>}: VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT. */
    public static final int VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT = 0x00000800;
    /** {@code <vulkan_core.h>}: VK_PIPELINE_STAGE_HOST_BIT. */
    public static final int VK_PIPELINE_STAGE_HOST_BIT = 0x00004000;
    /** {@code <vulkan_core.h>}: VK_ACCESS_MEMORY_WRITE_BIT. */
    public static final int VK_ACCESS_MEMORY_WRITE_BIT = 0x00010000;
    /** {@code <vulkan_core.h>}: VK_ACCESS_SHADER_READ_BIT. */
    public static final int VK_ACCESS_SHADER_READ_BIT = 0x00000020;
    /** {@code <vulkan_core.h>}: VK_ACCESS_SHADER_WRITE_BIT. */
    public static final int VK_ACCESS_SHADER_WRITE_BIT = 0x00000040;
    /** {@code <vulkan_core.h>}: VK_ACCESS_HOST_READ_BIT. */
    public static final int VK_ACCESS_HOST_READ_BIT = 0x00002000;
    /** {@code <vulkan_core.h>}: VK_SEMAPHORE_TYPE_TIMELINE. */
    public static final int VK_SEMAPHORE_TYPE_TIMELINE = 1;
    /** {@code <vulkan_core.h>}: VK_PHYSICAL_DEVICE_TYPE_CPU. */
    public static final int VK_PHYSICAL_DEVICE_TYPE_CPU = 4;
    /** {@code <vulkan_core.h>}: VK_API_VERSION_1_2, VK_MAKE_API_VERSION(0, 1, 2, 0). */
    public static final int VK_API_VERSION_1_2 = (1 << 22) | (2 << 12);
    /** {@code <vulkan_core.h>}: VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME. */
    public static final String VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME = "VK_EXT_external_memory_host";
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_BUFFER_INFO. */
    public static final int VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_BUFFER_INFO = 1000071002;
    /** {@code <vulkan_core.h>}: VK_STRUCTURE_TYPE_EXTERNAL_BUFFER_PROPERTIES. */
    public static final int VK_STRUCTURE_TYPE_EXTERNAL_BUFFER_PROPERTIES = 1000071003;
    /** {@code <vulkan_core.h>}: VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT. */
    public static final int VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT = 0x00000004;
    /** {@code <vulkan_core.h>}: VK_SEMAPHORE_WAIT_ANY_BIT. */
    public static final int VK_SEMAPHORE_WAIT_ANY_BIT = 0x00000001;
    /** {@code <vulkan_core.h>}: VK_DRIVER_ID_MESA_LLVMPIPE. */
    public static final int VK_DRIVER_ID_MESA_LLVMPIPE = 13;

    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_COMPRESSION_EXHAUSTED_EXT. */
    public static final int VK_ERROR_COMPRESSION_EXHAUSTED_EXT = -1000338000;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_DEVICE_LOST. */
    public static final int VK_ERROR_DEVICE_LOST = -4;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_EXTENSION_NOT_PRESENT. */
    public static final int VK_ERROR_EXTENSION_NOT_PRESENT = -7;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_FEATURE_NOT_PRESENT. */
    public static final int VK_ERROR_FEATURE_NOT_PRESENT = -8;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_FORMAT_NOT_SUPPORTED. */
    public static final int VK_ERROR_FORMAT_NOT_SUPPORTED = -11;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_FRAGMENTATION. */
    public static final int VK_ERROR_FRAGMENTATION = -1000161000;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_FRAGMENTED_POOL. */
    public static final int VK_ERROR_FRAGMENTED_POOL = -12;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_FULL_SCREEN_EXCLUSIVE_MODE_LOST_EXT. */
    public static final int VK_ERROR_FULL_SCREEN_EXCLUSIVE_MODE_LOST_EXT = -1000255000;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_IMAGE_USAGE_NOT_SUPPORTED_KHR. */
    public static final int VK_ERROR_IMAGE_USAGE_NOT_SUPPORTED_KHR = -1000023000;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_INCOMPATIBLE_DISPLAY_KHR. */
    public static final int VK_ERROR_INCOMPATIBLE_DISPLAY_KHR = -1000003001;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_INCOMPATIBLE_DRIVER. */
    public static final int VK_ERROR_INCOMPATIBLE_DRIVER = -9;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_INITIALIZATION_FAILED. */
    public static final int VK_ERROR_INITIALIZATION_FAILED = -3;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT. */
    public static final int VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT = -1000158000;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_INVALID_EXTERNAL_HANDLE. */
    public static final int VK_ERROR_INVALID_EXTERNAL_HANDLE = -1000072003;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS. */
    public static final int VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS = -1000257000;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_INVALID_SHADER_NV. */
    public static final int VK_ERROR_INVALID_SHADER_NV = -1000012000;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_LAYER_NOT_PRESENT. */
    public static final int VK_ERROR_LAYER_NOT_PRESENT = -6;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_MEMORY_MAP_FAILED. */
    public static final int VK_ERROR_MEMORY_MAP_FAILED = -5;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_NATIVE_WINDOW_IN_USE_KHR. */
    public static final int VK_ERROR_NATIVE_WINDOW_IN_USE_KHR = -1000000001;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_NOT_PERMITTED_KHR. */
    public static final int VK_ERROR_NOT_PERMITTED_KHR = -1000174001;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_OUT_OF_DATE_KHR. */
    public static final int VK_ERROR_OUT_OF_DATE_KHR = -1000001004;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_OUT_OF_DEVICE_MEMORY. */
    public static final int VK_ERROR_OUT_OF_DEVICE_MEMORY = -2;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_OUT_OF_HOST_MEMORY. */
    public static final int VK_ERROR_OUT_OF_HOST_MEMORY = -1;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_OUT_OF_POOL_MEMORY. */
    public static final int VK_ERROR_OUT_OF_POOL_MEMORY = -1000069000;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_SURFACE_LOST_KHR. */
    public static final int VK_ERROR_SURFACE_LOST_KHR = -1000000000;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_TOO_MANY_OBJECTS. */
    public static final int VK_ERROR_TOO_MANY_OBJECTS = -10;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_UNKNOWN. */
    public static final int VK_ERROR_UNKNOWN = -13;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_VALIDATION_FAILED_EXT. */
    public static final int VK_ERROR_VALIDATION_FAILED_EXT = -1000011001;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_VIDEO_PICTURE_LAYOUT_NOT_SUPPORTED_KHR. */
    public static final int VK_ERROR_VIDEO_PICTURE_LAYOUT_NOT_SUPPORTED_KHR = -1000023001;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_VIDEO_PROFILE_CODEC_NOT_SUPPORTED_KHR. */
    public static final int VK_ERROR_VIDEO_PROFILE_CODEC_NOT_SUPPORTED_KHR = -1000023004;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_VIDEO_PROFILE_FORMAT_NOT_SUPPORTED_KHR. */
    public static final int VK_ERROR_VIDEO_PROFILE_FORMAT_NOT_SUPPORTED_KHR = -1000023003;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_VIDEO_PROFILE_OPERATION_NOT_SUPPORTED_KHR. */
    public static final int VK_ERROR_VIDEO_PROFILE_OPERATION_NOT_SUPPORTED_KHR = -1000023002;
    /** {@code <vulkan_core.h>}: VkResult VK_ERROR_VIDEO_STD_VERSION_NOT_SUPPORTED_KHR. */
    public static final int VK_ERROR_VIDEO_STD_VERSION_NOT_SUPPORTED_KHR = -1000023005;
    /** {@code <vulkan_core.h>}: VkResult VK_EVENT_RESET. */
    public static final int VK_EVENT_RESET = 4;
    /** {@code <vulkan_core.h>}: VkResult VK_EVENT_SET. */
    public static final int VK_EVENT_SET = 3;
    /** {@code <vulkan_core.h>}: VkResult VK_INCOMPLETE. */
    public static final int VK_INCOMPLETE = 5;
    /** {@code <vulkan_core.h>}: VkResult VK_NOT_READY. */
    public static final int VK_NOT_READY = 1;
    /** {@code <vulkan_core.h>}: VkResult VK_OPERATION_DEFERRED_KHR. */
    public static final int VK_OPERATION_DEFERRED_KHR = 1000268002;
    /** {@code <vulkan_core.h>}: VkResult VK_OPERATION_NOT_DEFERRED_KHR. */
    public static final int VK_OPERATION_NOT_DEFERRED_KHR = 1000268003;
    /** {@code <vulkan_core.h>}: VkResult VK_PIPELINE_COMPILE_REQUIRED. */
    public static final int VK_PIPELINE_COMPILE_REQUIRED = 1000297000;
    /** {@code <vulkan_core.h>}: VkResult VK_SUBOPTIMAL_KHR. */
    public static final int VK_SUBOPTIMAL_KHR = 1000001003;
    /** {@code <vulkan_core.h>}: VkResult VK_SUCCESS. */
    public static final int VK_SUCCESS = 0;
    /** {@code <vulkan_core.h>}: VkResult VK_THREAD_DONE_KHR. */
    public static final int VK_THREAD_DONE_KHR = 1000268001;
    /** {@code <vulkan_core.h>}: VkResult VK_THREAD_IDLE_KHR. */
    public static final int VK_THREAD_IDLE_KHR = 1000268000;
    /** {@code <vulkan_core.h>}: VkResult VK_TIMEOUT. */
    public static final int VK_TIMEOUT = 2;

    /** Every VkResult of the header by value, for the status namer. */
    public static final Map<Integer, String> RESULT_NAMES = Map.ofEntries(
            Map.entry(VK_ERROR_COMPRESSION_EXHAUSTED_EXT, "VK_ERROR_COMPRESSION_EXHAUSTED_EXT"),
            Map.entry(VK_ERROR_DEVICE_LOST, "VK_ERROR_DEVICE_LOST"),
            Map.entry(VK_ERROR_EXTENSION_NOT_PRESENT, "VK_ERROR_EXTENSION_NOT_PRESENT"),
            Map.entry(VK_ERROR_FEATURE_NOT_PRESENT, "VK_ERROR_FEATURE_NOT_PRESENT"),
            Map.entry(VK_ERROR_FORMAT_NOT_SUPPORTED, "VK_ERROR_FORMAT_NOT_SUPPORTED"),
            Map.entry(VK_ERROR_FRAGMENTATION, "VK_ERROR_FRAGMENTATION"),
            Map.entry(VK_ERROR_FRAGMENTED_POOL, "VK_ERROR_FRAGMENTED_POOL"),
            Map.entry(VK_ERROR_FULL_SCREEN_EXCLUSIVE_MODE_LOST_EXT, "VK_ERROR_FULL_SCREEN_EXCLUSIVE_MODE_LOST_EXT"),
            Map.entry(VK_ERROR_IMAGE_USAGE_NOT_SUPPORTED_KHR, "VK_ERROR_IMAGE_USAGE_NOT_SUPPORTED_KHR"),
            Map.entry(VK_ERROR_INCOMPATIBLE_DISPLAY_KHR, "VK_ERROR_INCOMPATIBLE_DISPLAY_KHR"),
            Map.entry(VK_ERROR_INCOMPATIBLE_DRIVER, "VK_ERROR_INCOMPATIBLE_DRIVER"),
            Map.entry(VK_ERROR_INITIALIZATION_FAILED, "VK_ERROR_INITIALIZATION_FAILED"),
            Map.entry(VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT, "VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT"),
            Map.entry(VK_ERROR_INVALID_EXTERNAL_HANDLE, "VK_ERROR_INVALID_EXTERNAL_HANDLE"),
            Map.entry(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS, "VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS"),
            Map.entry(VK_ERROR_INVALID_SHADER_NV, "VK_ERROR_INVALID_SHADER_NV"),
            Map.entry(VK_ERROR_LAYER_NOT_PRESENT, "VK_ERROR_LAYER_NOT_PRESENT"),
            Map.entry(VK_ERROR_MEMORY_MAP_FAILED, "VK_ERROR_MEMORY_MAP_FAILED"),
            Map.entry(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR, "VK_ERROR_NATIVE_WINDOW_IN_USE_KHR"),
            Map.entry(VK_ERROR_NOT_PERMITTED_KHR, "VK_ERROR_NOT_PERMITTED_KHR"),
            Map.entry(VK_ERROR_OUT_OF_DATE_KHR, "VK_ERROR_OUT_OF_DATE_KHR"),
            Map.entry(VK_ERROR_OUT_OF_DEVICE_MEMORY, "VK_ERROR_OUT_OF_DEVICE_MEMORY"),
            Map.entry(VK_ERROR_OUT_OF_HOST_MEMORY, "VK_ERROR_OUT_OF_HOST_MEMORY"),
            Map.entry(VK_ERROR_OUT_OF_POOL_MEMORY, "VK_ERROR_OUT_OF_POOL_MEMORY"),
            Map.entry(VK_ERROR_SURFACE_LOST_KHR, "VK_ERROR_SURFACE_LOST_KHR"),
            Map.entry(VK_ERROR_TOO_MANY_OBJECTS, "VK_ERROR_TOO_MANY_OBJECTS"),
            Map.entry(VK_ERROR_UNKNOWN, "VK_ERROR_UNKNOWN"),
            Map.entry(VK_ERROR_VALIDATION_FAILED_EXT, "VK_ERROR_VALIDATION_FAILED_EXT"),
            Map.entry(VK_ERROR_VIDEO_PICTURE_LAYOUT_NOT_SUPPORTED_KHR, "VK_ERROR_VIDEO_PICTURE_LAYOUT_NOT_SUPPORTED_KHR"),
            Map.entry(VK_ERROR_VIDEO_PROFILE_CODEC_NOT_SUPPORTED_KHR, "VK_ERROR_VIDEO_PROFILE_CODEC_NOT_SUPPORTED_KHR"),
            Map.entry(VK_ERROR_VIDEO_PROFILE_FORMAT_NOT_SUPPORTED_KHR, "VK_ERROR_VIDEO_PROFILE_FORMAT_NOT_SUPPORTED_KHR"),
            Map.entry(VK_ERROR_VIDEO_PROFILE_OPERATION_NOT_SUPPORTED_KHR, "VK_ERROR_VIDEO_PROFILE_OPERATION_NOT_SUPPORTED_KHR"),
            Map.entry(VK_ERROR_VIDEO_STD_VERSION_NOT_SUPPORTED_KHR, "VK_ERROR_VIDEO_STD_VERSION_NOT_SUPPORTED_KHR"),
            Map.entry(VK_EVENT_RESET, "VK_EVENT_RESET"),
            Map.entry(VK_EVENT_SET, "VK_EVENT_SET"),
            Map.entry(VK_INCOMPLETE, "VK_INCOMPLETE"),
            Map.entry(VK_NOT_READY, "VK_NOT_READY"),
            Map.entry(VK_OPERATION_DEFERRED_KHR, "VK_OPERATION_DEFERRED_KHR"),
            Map.entry(VK_OPERATION_NOT_DEFERRED_KHR, "VK_OPERATION_NOT_DEFERRED_KHR"),
            Map.entry(VK_PIPELINE_COMPILE_REQUIRED, "VK_PIPELINE_COMPILE_REQUIRED"),
            Map.entry(VK_SUBOPTIMAL_KHR, "VK_SUBOPTIMAL_KHR"),
            Map.entry(VK_SUCCESS, "VK_SUCCESS"),
            Map.entry(VK_THREAD_DONE_KHR, "VK_THREAD_DONE_KHR"),
            Map.entry(VK_THREAD_IDLE_KHR, "VK_THREAD_IDLE_KHR"),
            Map.entry(VK_TIMEOUT, "VK_TIMEOUT"));

    /** Every constant above by its C name, for the header test. */
    public static final Map<String, Long> CONSTANTS = Map.ofEntries(
            Map.entry("VK_STRUCTURE_TYPE_APPLICATION_INFO", (long) VK_STRUCTURE_TYPE_APPLICATION_INFO),
            Map.entry("VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO", (long) VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO", (long) VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO", (long) VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_SUBMIT_INFO", (long) VK_STRUCTURE_TYPE_SUBMIT_INFO),
            Map.entry("VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO", (long) VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_FENCE_CREATE_INFO", (long) VK_STRUCTURE_TYPE_FENCE_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO", (long) VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO", (long) VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO", (long) VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO", (long) VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO", (long) VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO", (long) VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO", (long) VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO", (long) VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO", (long) VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO),
            Map.entry("VK_STRUCTURE_TYPE_MEMORY_BARRIER", (long) VK_STRUCTURE_TYPE_MEMORY_BARRIER),
            Map.entry("VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2", (long) VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2),
            Map.entry("VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2", (long) VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2),
            Map.entry("VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES", (long) VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES),
            Map.entry("VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO", (long) VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT", (long) VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT),
            Map.entry("VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT", (long) VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT),
            Map.entry("VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT", (long) VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT),
            Map.entry("VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO", (long) VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO),
            Map.entry("VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES", (long) VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES),
            Map.entry("VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO", (long) VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO),
            Map.entry("VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO", (long) VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO),
            Map.entry("VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO", (long) VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO),
            Map.entry("VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO", (long) VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO),
            Map.entry("VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES", (long) VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES),
            Map.entry("VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO", (long) VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO),
            Map.entry("VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES", (long) VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES),
            Map.entry("VK_QUEUE_COMPUTE_BIT", (long) VK_QUEUE_COMPUTE_BIT),
            Map.entry("VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT", (long) VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT),
            Map.entry("VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT", (long) VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT),
            Map.entry("VK_MEMORY_PROPERTY_HOST_COHERENT_BIT", (long) VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
            Map.entry("VK_BUFFER_USAGE_STORAGE_BUFFER_BIT", (long) VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
            Map.entry("VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT", (long) VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT),
            Map.entry("VK_SHARING_MODE_EXCLUSIVE", (long) VK_SHARING_MODE_EXCLUSIVE),
            Map.entry("VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT", (long) VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT),
            Map.entry("VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT", (long) VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT),
            Map.entry("VK_SHADER_STAGE_COMPUTE_BIT", (long) VK_SHADER_STAGE_COMPUTE_BIT),
            Map.entry("VK_PIPELINE_BIND_POINT_COMPUTE", (long) VK_PIPELINE_BIND_POINT_COMPUTE),
            Map.entry("VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT", (long) VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT),
            Map.entry("VK_COMMAND_BUFFER_LEVEL_PRIMARY", (long) VK_COMMAND_BUFFER_LEVEL_PRIMARY),
            Map.entry("VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT", (long) VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT),
            Map.entry("VK_PIPELINE_STAGE_ALL_COMMANDS_BIT", (long) VK_PIPELINE_STAGE_ALL_COMMANDS_BIT),
            Map.entry("VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT", (long) VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT),
            Map.entry("VK_PIPELINE_STAGE_HOST_BIT", (long) VK_PIPELINE_STAGE_HOST_BIT),
            Map.entry("VK_ACCESS_MEMORY_WRITE_BIT", (long) VK_ACCESS_MEMORY_WRITE_BIT),
            Map.entry("VK_ACCESS_SHADER_READ_BIT", (long) VK_ACCESS_SHADER_READ_BIT),
            Map.entry("VK_ACCESS_SHADER_WRITE_BIT", (long) VK_ACCESS_SHADER_WRITE_BIT),
            Map.entry("VK_ACCESS_HOST_READ_BIT", (long) VK_ACCESS_HOST_READ_BIT),
            Map.entry("VK_SEMAPHORE_TYPE_TIMELINE", (long) VK_SEMAPHORE_TYPE_TIMELINE),
            Map.entry("VK_PHYSICAL_DEVICE_TYPE_CPU", (long) VK_PHYSICAL_DEVICE_TYPE_CPU),
            Map.entry("VK_API_VERSION_1_2", (long) VK_API_VERSION_1_2),
            Map.entry("VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_BUFFER_INFO", (long) VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_BUFFER_INFO),
            Map.entry("VK_STRUCTURE_TYPE_EXTERNAL_BUFFER_PROPERTIES", (long) VK_STRUCTURE_TYPE_EXTERNAL_BUFFER_PROPERTIES),
            Map.entry("VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT", (long) VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT),
            Map.entry("VK_SEMAPHORE_WAIT_ANY_BIT", (long) VK_SEMAPHORE_WAIT_ANY_BIT),
            Map.entry("VK_DRIVER_ID_MESA_LLVMPIPE", (long) VK_DRIVER_ID_MESA_LLVMPIPE),
            Map.entry("VK_ERROR_COMPRESSION_EXHAUSTED_EXT", (long) VK_ERROR_COMPRESSION_EXHAUSTED_EXT),
            Map.entry("VK_ERROR_DEVICE_LOST", (long) VK_ERROR_DEVICE_LOST),
            Map.entry("VK_ERROR_EXTENSION_NOT_PRESENT", (long) VK_ERROR_EXTENSION_NOT_PRESENT),
            Map.entry("VK_ERROR_FEATURE_NOT_PRESENT", (long) VK_ERROR_FEATURE_NOT_PRESENT),
            Map.entry("VK_ERROR_FORMAT_NOT_SUPPORTED", (long) VK_ERROR_FORMAT_NOT_SUPPORTED),
            Map.entry("VK_ERROR_FRAGMENTATION", (long) VK_ERROR_FRAGMENTATION),
            Map.entry("VK_ERROR_FRAGMENTED_POOL", (long) VK_ERROR_FRAGMENTED_POOL),
            Map.entry("VK_ERROR_FULL_SCREEN_EXCLUSIVE_MODE_LOST_EXT", (long) VK_ERROR_FULL_SCREEN_EXCLUSIVE_MODE_LOST_EXT),
            Map.entry("VK_ERROR_IMAGE_USAGE_NOT_SUPPORTED_KHR", (long) VK_ERROR_IMAGE_USAGE_NOT_SUPPORTED_KHR),
            Map.entry("VK_ERROR_INCOMPATIBLE_DISPLAY_KHR", (long) VK_ERROR_INCOMPATIBLE_DISPLAY_KHR),
            Map.entry("VK_ERROR_INCOMPATIBLE_DRIVER", (long) VK_ERROR_INCOMPATIBLE_DRIVER),
            Map.entry("VK_ERROR_INITIALIZATION_FAILED", (long) VK_ERROR_INITIALIZATION_FAILED),
            Map.entry("VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT", (long) VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT),
            Map.entry("VK_ERROR_INVALID_EXTERNAL_HANDLE", (long) VK_ERROR_INVALID_EXTERNAL_HANDLE),
            Map.entry("VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS", (long) VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS),
            Map.entry("VK_ERROR_INVALID_SHADER_NV", (long) VK_ERROR_INVALID_SHADER_NV),
            Map.entry("VK_ERROR_LAYER_NOT_PRESENT", (long) VK_ERROR_LAYER_NOT_PRESENT),
            Map.entry("VK_ERROR_MEMORY_MAP_FAILED", (long) VK_ERROR_MEMORY_MAP_FAILED),
            Map.entry("VK_ERROR_NATIVE_WINDOW_IN_USE_KHR", (long) VK_ERROR_NATIVE_WINDOW_IN_USE_KHR),
            Map.entry("VK_ERROR_NOT_PERMITTED_KHR", (long) VK_ERROR_NOT_PERMITTED_KHR),
            Map.entry("VK_ERROR_OUT_OF_DATE_KHR", (long) VK_ERROR_OUT_OF_DATE_KHR),
            Map.entry("VK_ERROR_OUT_OF_DEVICE_MEMORY", (long) VK_ERROR_OUT_OF_DEVICE_MEMORY),
            Map.entry("VK_ERROR_OUT_OF_HOST_MEMORY", (long) VK_ERROR_OUT_OF_HOST_MEMORY),
            Map.entry("VK_ERROR_OUT_OF_POOL_MEMORY", (long) VK_ERROR_OUT_OF_POOL_MEMORY),
            Map.entry("VK_ERROR_SURFACE_LOST_KHR", (long) VK_ERROR_SURFACE_LOST_KHR),
            Map.entry("VK_ERROR_TOO_MANY_OBJECTS", (long) VK_ERROR_TOO_MANY_OBJECTS),
            Map.entry("VK_ERROR_UNKNOWN", (long) VK_ERROR_UNKNOWN),
            Map.entry("VK_ERROR_VALIDATION_FAILED_EXT", (long) VK_ERROR_VALIDATION_FAILED_EXT),
            Map.entry("VK_ERROR_VIDEO_PICTURE_LAYOUT_NOT_SUPPORTED_KHR", (long) VK_ERROR_VIDEO_PICTURE_LAYOUT_NOT_SUPPORTED_KHR),
            Map.entry("VK_ERROR_VIDEO_PROFILE_CODEC_NOT_SUPPORTED_KHR", (long) VK_ERROR_VIDEO_PROFILE_CODEC_NOT_SUPPORTED_KHR),
            Map.entry("VK_ERROR_VIDEO_PROFILE_FORMAT_NOT_SUPPORTED_KHR", (long) VK_ERROR_VIDEO_PROFILE_FORMAT_NOT_SUPPORTED_KHR),
            Map.entry("VK_ERROR_VIDEO_PROFILE_OPERATION_NOT_SUPPORTED_KHR", (long) VK_ERROR_VIDEO_PROFILE_OPERATION_NOT_SUPPORTED_KHR),
            Map.entry("VK_ERROR_VIDEO_STD_VERSION_NOT_SUPPORTED_KHR", (long) VK_ERROR_VIDEO_STD_VERSION_NOT_SUPPORTED_KHR),
            Map.entry("VK_EVENT_RESET", (long) VK_EVENT_RESET),
            Map.entry("VK_EVENT_SET", (long) VK_EVENT_SET),
            Map.entry("VK_INCOMPLETE", (long) VK_INCOMPLETE),
            Map.entry("VK_NOT_READY", (long) VK_NOT_READY),
            Map.entry("VK_OPERATION_DEFERRED_KHR", (long) VK_OPERATION_DEFERRED_KHR),
            Map.entry("VK_OPERATION_NOT_DEFERRED_KHR", (long) VK_OPERATION_NOT_DEFERRED_KHR),
            Map.entry("VK_PIPELINE_COMPILE_REQUIRED", (long) VK_PIPELINE_COMPILE_REQUIRED),
            Map.entry("VK_SUBOPTIMAL_KHR", (long) VK_SUBOPTIMAL_KHR),
            Map.entry("VK_SUCCESS", (long) VK_SUCCESS),
            Map.entry("VK_THREAD_DONE_KHR", (long) VK_THREAD_DONE_KHR),
            Map.entry("VK_THREAD_IDLE_KHR", (long) VK_THREAD_IDLE_KHR),
            Map.entry("VK_TIMEOUT", (long) VK_TIMEOUT));

    private Vk() {
    }

    /** Where an entry point is resolved. */
    public enum Level {
        /** The loader library's own export. */
        LOADER,
        /** {@code vkGetInstanceProcAddr(NULL, name)}. */
        GLOBAL,
        /** {@code vkGetInstanceProcAddr(instance, name)}. */
        INSTANCE,
        /** {@code vkGetDeviceProcAddr(device, name)}. */
        DEVICE
    }

    /**
     * One binding: the C name, where it is resolved, its index in a {@link Commands} table, its
     * signature, and the C types of its result and parameters as the header spells them.
     */
    public record Function(String name, Level level, int index, FunctionDescriptor descriptor, String returns,
                           List<String> parameterTypes) {
    }

    /** {@code vkGetInstanceProcAddr}. */
    public static final Function F_vkGetInstanceProcAddr = new Function("vkGetInstanceProcAddr", Level.LOADER, 0, FunctionDescriptor.of(C_POINTER, C_POINTER, C_POINTER), "PFN_vkVoidFunction", List.of("VkInstance", "const char*"));

    private static final class vkGetInstanceProcAddr {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetInstanceProcAddr.descriptor());
    }

    /** {@code PFN_vkVoidFunction vkGetInstanceProcAddr(VkInstance, const char*)}. */
    public static MemorySegment vkGetInstanceProcAddr(MemorySegment address, MemorySegment instance, MemorySegment pName) {
        try {
            return (MemorySegment) vkGetInstanceProcAddr.HANDLE.invokeExact(address, instance, pName);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkEnumerateInstanceVersion}. */
    public static final Function F_vkEnumerateInstanceVersion = new Function("vkEnumerateInstanceVersion", Level.GLOBAL, 1, FunctionDescriptor.of(C_INT, C_POINTER), "VkResult", List.of("uint32_t*"));

    private static final class vkEnumerateInstanceVersion {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkEnumerateInstanceVersion.descriptor());
    }

    /** {@code VkResult vkEnumerateInstanceVersion(uint32_t*)}. */
    public static int vkEnumerateInstanceVersion(Commands commands, MemorySegment pApiVersion) {
        try {
            return (int) vkEnumerateInstanceVersion.HANDLE.invokeExact(commands.address(F_vkEnumerateInstanceVersion), pApiVersion);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCreateInstance}. */
    public static final Function F_vkCreateInstance = new Function("vkCreateInstance", Level.GLOBAL, 2, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("const VkInstanceCreateInfo*", "const VkAllocationCallbacks*", "VkInstance*"));

    private static final class vkCreateInstance {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCreateInstance.descriptor());
    }

    /** {@code VkResult vkCreateInstance(const VkInstanceCreateInfo*, const VkAllocationCallbacks*, VkInstance*)}. */
    public static int vkCreateInstance(Commands commands, MemorySegment pCreateInfo, MemorySegment pAllocator, MemorySegment pInstance) {
        try {
            return (int) vkCreateInstance.HANDLE.invokeExact(commands.address(F_vkCreateInstance), pCreateInfo, pAllocator, pInstance);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkDestroyInstance}. */
    public static final Function F_vkDestroyInstance = new Function("vkDestroyInstance", Level.INSTANCE, 3, FunctionDescriptor.ofVoid(C_POINTER, C_POINTER), "void", List.of("VkInstance", "const VkAllocationCallbacks*"));

    private static final class vkDestroyInstance {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkDestroyInstance.descriptor());
    }

    /** {@code void vkDestroyInstance(VkInstance, const VkAllocationCallbacks*)}. */
    public static void vkDestroyInstance(Commands commands, MemorySegment instance, MemorySegment pAllocator) {
        try {
            vkDestroyInstance.HANDLE.invokeExact(commands.address(F_vkDestroyInstance), instance, pAllocator);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkEnumeratePhysicalDevices}. */
    public static final Function F_vkEnumeratePhysicalDevices = new Function("vkEnumeratePhysicalDevices", Level.INSTANCE, 4, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkInstance", "uint32_t*", "VkPhysicalDevice*"));

    private static final class vkEnumeratePhysicalDevices {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkEnumeratePhysicalDevices.descriptor());
    }

    /** {@code VkResult vkEnumeratePhysicalDevices(VkInstance, uint32_t*, VkPhysicalDevice*)}. */
    public static int vkEnumeratePhysicalDevices(Commands commands, MemorySegment instance, MemorySegment pPhysicalDeviceCount, MemorySegment pPhysicalDevices) {
        try {
            return (int) vkEnumeratePhysicalDevices.HANDLE.invokeExact(commands.address(F_vkEnumeratePhysicalDevices), instance, pPhysicalDeviceCount, pPhysicalDevices);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetPhysicalDeviceProperties}. */
    public static final Function F_vkGetPhysicalDeviceProperties = new Function("vkGetPhysicalDeviceProperties", Level.INSTANCE, 5, FunctionDescriptor.ofVoid(C_POINTER, C_POINTER), "void", List.of("VkPhysicalDevice", "VkPhysicalDeviceProperties*"));

    private static final class vkGetPhysicalDeviceProperties {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetPhysicalDeviceProperties.descriptor());
    }

    /** {@code void vkGetPhysicalDeviceProperties(VkPhysicalDevice, VkPhysicalDeviceProperties*)}. */
    public static void vkGetPhysicalDeviceProperties(Commands commands, MemorySegment physicalDevice, MemorySegment pProperties) {
        try {
            vkGetPhysicalDeviceProperties.HANDLE.invokeExact(commands.address(F_vkGetPhysicalDeviceProperties), physicalDevice, pProperties);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetPhysicalDeviceProperties2}. */
    public static final Function F_vkGetPhysicalDeviceProperties2 = new Function("vkGetPhysicalDeviceProperties2", Level.INSTANCE, 6, FunctionDescriptor.ofVoid(C_POINTER, C_POINTER), "void", List.of("VkPhysicalDevice", "VkPhysicalDeviceProperties2*"));

    private static final class vkGetPhysicalDeviceProperties2 {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetPhysicalDeviceProperties2.descriptor());
    }

    /** {@code void vkGetPhysicalDeviceProperties2(VkPhysicalDevice, VkPhysicalDeviceProperties2*)}. */
    public static void vkGetPhysicalDeviceProperties2(Commands commands, MemorySegment physicalDevice, MemorySegment pProperties) {
        try {
            vkGetPhysicalDeviceProperties2.HANDLE.invokeExact(commands.address(F_vkGetPhysicalDeviceProperties2), physicalDevice, pProperties);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetPhysicalDeviceFeatures2}. */
    public static final Function F_vkGetPhysicalDeviceFeatures2 = new Function("vkGetPhysicalDeviceFeatures2", Level.INSTANCE, 7, FunctionDescriptor.ofVoid(C_POINTER, C_POINTER), "void", List.of("VkPhysicalDevice", "VkPhysicalDeviceFeatures2*"));

    private static final class vkGetPhysicalDeviceFeatures2 {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetPhysicalDeviceFeatures2.descriptor());
    }

    /** {@code void vkGetPhysicalDeviceFeatures2(VkPhysicalDevice, VkPhysicalDeviceFeatures2*)}. */
    public static void vkGetPhysicalDeviceFeatures2(Commands commands, MemorySegment physicalDevice, MemorySegment pFeatures) {
        try {
            vkGetPhysicalDeviceFeatures2.HANDLE.invokeExact(commands.address(F_vkGetPhysicalDeviceFeatures2), physicalDevice, pFeatures);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetPhysicalDeviceQueueFamilyProperties}. */
    public static final Function F_vkGetPhysicalDeviceQueueFamilyProperties = new Function("vkGetPhysicalDeviceQueueFamilyProperties", Level.INSTANCE, 8, FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER), "void", List.of("VkPhysicalDevice", "uint32_t*", "VkQueueFamilyProperties*"));

    private static final class vkGetPhysicalDeviceQueueFamilyProperties {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetPhysicalDeviceQueueFamilyProperties.descriptor());
    }

    /** {@code void vkGetPhysicalDeviceQueueFamilyProperties(VkPhysicalDevice, uint32_t*, VkQueueFamilyProperties*)}. */
    public static void vkGetPhysicalDeviceQueueFamilyProperties(Commands commands, MemorySegment physicalDevice, MemorySegment pQueueFamilyPropertyCount, MemorySegment pQueueFamilyProperties) {
        try {
            vkGetPhysicalDeviceQueueFamilyProperties.HANDLE.invokeExact(commands.address(F_vkGetPhysicalDeviceQueueFamilyProperties), physicalDevice, pQueueFamilyPropertyCount, pQueueFamilyProperties);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetPhysicalDeviceMemoryProperties}. */
    public static final Function F_vkGetPhysicalDeviceMemoryProperties = new Function("vkGetPhysicalDeviceMemoryProperties", Level.INSTANCE, 9, FunctionDescriptor.ofVoid(C_POINTER, C_POINTER), "void", List.of("VkPhysicalDevice", "VkPhysicalDeviceMemoryProperties*"));

    private static final class vkGetPhysicalDeviceMemoryProperties {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetPhysicalDeviceMemoryProperties.descriptor());
    }

    /** {@code void vkGetPhysicalDeviceMemoryProperties(VkPhysicalDevice, VkPhysicalDeviceMemoryProperties*)}. */
    public static void vkGetPhysicalDeviceMemoryProperties(Commands commands, MemorySegment physicalDevice, MemorySegment pMemoryProperties) {
        try {
            vkGetPhysicalDeviceMemoryProperties.HANDLE.invokeExact(commands.address(F_vkGetPhysicalDeviceMemoryProperties), physicalDevice, pMemoryProperties);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetPhysicalDeviceExternalBufferProperties}. */
    public static final Function F_vkGetPhysicalDeviceExternalBufferProperties = new Function("vkGetPhysicalDeviceExternalBufferProperties", Level.INSTANCE, 10, FunctionDescriptor.ofVoid(C_POINTER, C_POINTER, C_POINTER), "void", List.of("VkPhysicalDevice", "const VkPhysicalDeviceExternalBufferInfo*", "VkExternalBufferProperties*"));

    private static final class vkGetPhysicalDeviceExternalBufferProperties {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetPhysicalDeviceExternalBufferProperties.descriptor());
    }

    /** {@code void vkGetPhysicalDeviceExternalBufferProperties(VkPhysicalDevice, const VkPhysicalDeviceExternalBufferInfo*, VkExternalBufferProperties*)}. */
    public static void vkGetPhysicalDeviceExternalBufferProperties(Commands commands, MemorySegment physicalDevice, MemorySegment pExternalBufferInfo, MemorySegment pExternalBufferProperties) {
        try {
            vkGetPhysicalDeviceExternalBufferProperties.HANDLE.invokeExact(commands.address(F_vkGetPhysicalDeviceExternalBufferProperties), physicalDevice, pExternalBufferInfo, pExternalBufferProperties);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkEnumerateDeviceExtensionProperties}. */
    public static final Function F_vkEnumerateDeviceExtensionProperties = new Function("vkEnumerateDeviceExtensionProperties", Level.INSTANCE, 11, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkPhysicalDevice", "const char*", "uint32_t*", "VkExtensionProperties*"));

    private static final class vkEnumerateDeviceExtensionProperties {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkEnumerateDeviceExtensionProperties.descriptor());
    }

    /** {@code VkResult vkEnumerateDeviceExtensionProperties(VkPhysicalDevice, const char*, uint32_t*, VkExtensionProperties*)}. */
    public static int vkEnumerateDeviceExtensionProperties(Commands commands, MemorySegment physicalDevice, MemorySegment pLayerName, MemorySegment pPropertyCount, MemorySegment pProperties) {
        try {
            return (int) vkEnumerateDeviceExtensionProperties.HANDLE.invokeExact(commands.address(F_vkEnumerateDeviceExtensionProperties), physicalDevice, pLayerName, pPropertyCount, pProperties);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCreateDevice}. */
    public static final Function F_vkCreateDevice = new Function("vkCreateDevice", Level.INSTANCE, 12, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkPhysicalDevice", "const VkDeviceCreateInfo*", "const VkAllocationCallbacks*", "VkDevice*"));

    private static final class vkCreateDevice {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCreateDevice.descriptor());
    }

    /** {@code VkResult vkCreateDevice(VkPhysicalDevice, const VkDeviceCreateInfo*, const VkAllocationCallbacks*, VkDevice*)}. */
    public static int vkCreateDevice(Commands commands, MemorySegment physicalDevice, MemorySegment pCreateInfo, MemorySegment pAllocator, MemorySegment pDevice) {
        try {
            return (int) vkCreateDevice.HANDLE.invokeExact(commands.address(F_vkCreateDevice), physicalDevice, pCreateInfo, pAllocator, pDevice);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetDeviceProcAddr}. */
    public static final Function F_vkGetDeviceProcAddr = new Function("vkGetDeviceProcAddr", Level.INSTANCE, 13, FunctionDescriptor.of(C_POINTER, C_POINTER, C_POINTER), "PFN_vkVoidFunction", List.of("VkDevice", "const char*"));

    private static final class vkGetDeviceProcAddr {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetDeviceProcAddr.descriptor());
    }

    /** {@code PFN_vkVoidFunction vkGetDeviceProcAddr(VkDevice, const char*)}. */
    public static MemorySegment vkGetDeviceProcAddr(Commands commands, MemorySegment device, MemorySegment pName) {
        try {
            return (MemorySegment) vkGetDeviceProcAddr.HANDLE.invokeExact(commands.address(F_vkGetDeviceProcAddr), device, pName);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkDestroyDevice}. */
    public static final Function F_vkDestroyDevice = new Function("vkDestroyDevice", Level.DEVICE, 14, FunctionDescriptor.ofVoid(C_POINTER, C_POINTER), "void", List.of("VkDevice", "const VkAllocationCallbacks*"));

    private static final class vkDestroyDevice {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkDestroyDevice.descriptor());
    }

    /** {@code void vkDestroyDevice(VkDevice, const VkAllocationCallbacks*)}. */
    public static void vkDestroyDevice(Commands commands, MemorySegment device, MemorySegment pAllocator) {
        try {
            vkDestroyDevice.HANDLE.invokeExact(commands.address(F_vkDestroyDevice), device, pAllocator);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkDeviceWaitIdle}. */
    public static final Function F_vkDeviceWaitIdle = new Function("vkDeviceWaitIdle", Level.DEVICE, 15, FunctionDescriptor.of(C_INT, C_POINTER), "VkResult", List.of("VkDevice"));

    private static final class vkDeviceWaitIdle {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkDeviceWaitIdle.descriptor());
    }

    /** {@code VkResult vkDeviceWaitIdle(VkDevice)}. */
    public static int vkDeviceWaitIdle(Commands commands, MemorySegment device) {
        try {
            return (int) vkDeviceWaitIdle.HANDLE.invokeExact(commands.address(F_vkDeviceWaitIdle), device);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetDeviceQueue}. */
    public static final Function F_vkGetDeviceQueue = new Function("vkGetDeviceQueue", Level.DEVICE, 16, FunctionDescriptor.ofVoid(C_POINTER, C_INT, C_INT, C_POINTER), "void", List.of("VkDevice", "uint32_t", "uint32_t", "VkQueue*"));

    private static final class vkGetDeviceQueue {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetDeviceQueue.descriptor());
    }

    /** {@code void vkGetDeviceQueue(VkDevice, uint32_t, uint32_t, VkQueue*)}. */
    public static void vkGetDeviceQueue(Commands commands, MemorySegment device, int queueFamilyIndex, int queueIndex, MemorySegment pQueue) {
        try {
            vkGetDeviceQueue.HANDLE.invokeExact(commands.address(F_vkGetDeviceQueue), device, queueFamilyIndex, queueIndex, pQueue);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkQueueSubmit}. */
    public static final Function F_vkQueueSubmit = new Function("vkQueueSubmit", Level.DEVICE, 17, FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_POINTER, C_LONG), "VkResult", List.of("VkQueue", "uint32_t", "const VkSubmitInfo*", "VkFence"));

    private static final class vkQueueSubmit {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkQueueSubmit.descriptor());
    }

    /** {@code VkResult vkQueueSubmit(VkQueue, uint32_t, const VkSubmitInfo*, VkFence)}. */
    public static int vkQueueSubmit(Commands commands, MemorySegment queue, int submitCount, MemorySegment pSubmits, long fence) {
        try {
            return (int) vkQueueSubmit.HANDLE.invokeExact(commands.address(F_vkQueueSubmit), queue, submitCount, pSubmits, fence);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCreateBuffer}. */
    public static final Function F_vkCreateBuffer = new Function("vkCreateBuffer", Level.DEVICE, 18, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "const VkBufferCreateInfo*", "const VkAllocationCallbacks*", "VkBuffer*"));

    private static final class vkCreateBuffer {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCreateBuffer.descriptor());
    }

    /** {@code VkResult vkCreateBuffer(VkDevice, const VkBufferCreateInfo*, const VkAllocationCallbacks*, VkBuffer*)}. */
    public static int vkCreateBuffer(Commands commands, MemorySegment device, MemorySegment pCreateInfo, MemorySegment pAllocator, MemorySegment pBuffer) {
        try {
            return (int) vkCreateBuffer.HANDLE.invokeExact(commands.address(F_vkCreateBuffer), device, pCreateInfo, pAllocator, pBuffer);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkDestroyBuffer}. */
    public static final Function F_vkDestroyBuffer = new Function("vkDestroyBuffer", Level.DEVICE, 19, FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_POINTER), "void", List.of("VkDevice", "VkBuffer", "const VkAllocationCallbacks*"));

    private static final class vkDestroyBuffer {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkDestroyBuffer.descriptor());
    }

    /** {@code void vkDestroyBuffer(VkDevice, VkBuffer, const VkAllocationCallbacks*)}. */
    public static void vkDestroyBuffer(Commands commands, MemorySegment device, long buffer, MemorySegment pAllocator) {
        try {
            vkDestroyBuffer.HANDLE.invokeExact(commands.address(F_vkDestroyBuffer), device, buffer, pAllocator);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetBufferMemoryRequirements}. */
    public static final Function F_vkGetBufferMemoryRequirements = new Function("vkGetBufferMemoryRequirements", Level.DEVICE, 20, FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_POINTER), "void", List.of("VkDevice", "VkBuffer", "VkMemoryRequirements*"));

    private static final class vkGetBufferMemoryRequirements {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetBufferMemoryRequirements.descriptor());
    }

    /** {@code void vkGetBufferMemoryRequirements(VkDevice, VkBuffer, VkMemoryRequirements*)}. */
    public static void vkGetBufferMemoryRequirements(Commands commands, MemorySegment device, long buffer, MemorySegment pMemoryRequirements) {
        try {
            vkGetBufferMemoryRequirements.HANDLE.invokeExact(commands.address(F_vkGetBufferMemoryRequirements), device, buffer, pMemoryRequirements);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetBufferDeviceAddress}. */
    public static final Function F_vkGetBufferDeviceAddress = new Function("vkGetBufferDeviceAddress", Level.DEVICE, 21, FunctionDescriptor.of(C_LONG, C_POINTER, C_POINTER), "VkDeviceAddress", List.of("VkDevice", "const VkBufferDeviceAddressInfo*"));

    private static final class vkGetBufferDeviceAddress {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetBufferDeviceAddress.descriptor());
    }

    /** {@code VkDeviceAddress vkGetBufferDeviceAddress(VkDevice, const VkBufferDeviceAddressInfo*)}. */
    public static long vkGetBufferDeviceAddress(Commands commands, MemorySegment device, MemorySegment pInfo) {
        try {
            return (long) vkGetBufferDeviceAddress.HANDLE.invokeExact(commands.address(F_vkGetBufferDeviceAddress), device, pInfo);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkAllocateMemory}. */
    public static final Function F_vkAllocateMemory = new Function("vkAllocateMemory", Level.DEVICE, 22, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "const VkMemoryAllocateInfo*", "const VkAllocationCallbacks*", "VkDeviceMemory*"));

    private static final class vkAllocateMemory {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkAllocateMemory.descriptor());
    }

    /** {@code VkResult vkAllocateMemory(VkDevice, const VkMemoryAllocateInfo*, const VkAllocationCallbacks*, VkDeviceMemory*)}. */
    public static int vkAllocateMemory(Commands commands, MemorySegment device, MemorySegment pAllocateInfo, MemorySegment pAllocator, MemorySegment pMemory) {
        try {
            return (int) vkAllocateMemory.HANDLE.invokeExact(commands.address(F_vkAllocateMemory), device, pAllocateInfo, pAllocator, pMemory);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkFreeMemory}. */
    public static final Function F_vkFreeMemory = new Function("vkFreeMemory", Level.DEVICE, 23, FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_POINTER), "void", List.of("VkDevice", "VkDeviceMemory", "const VkAllocationCallbacks*"));

    private static final class vkFreeMemory {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkFreeMemory.descriptor());
    }

    /** {@code void vkFreeMemory(VkDevice, VkDeviceMemory, const VkAllocationCallbacks*)}. */
    public static void vkFreeMemory(Commands commands, MemorySegment device, long memory, MemorySegment pAllocator) {
        try {
            vkFreeMemory.HANDLE.invokeExact(commands.address(F_vkFreeMemory), device, memory, pAllocator);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkBindBufferMemory}. */
    public static final Function F_vkBindBufferMemory = new Function("vkBindBufferMemory", Level.DEVICE, 24, FunctionDescriptor.of(C_INT, C_POINTER, C_LONG, C_LONG, C_LONG), "VkResult", List.of("VkDevice", "VkBuffer", "VkDeviceMemory", "VkDeviceSize"));

    private static final class vkBindBufferMemory {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkBindBufferMemory.descriptor());
    }

    /** {@code VkResult vkBindBufferMemory(VkDevice, VkBuffer, VkDeviceMemory, VkDeviceSize)}. */
    public static int vkBindBufferMemory(Commands commands, MemorySegment device, long buffer, long memory, long memoryOffset) {
        try {
            return (int) vkBindBufferMemory.HANDLE.invokeExact(commands.address(F_vkBindBufferMemory), device, buffer, memory, memoryOffset);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetMemoryHostPointerPropertiesEXT}. */
    public static final Function F_vkGetMemoryHostPointerPropertiesEXT = new Function("vkGetMemoryHostPointerPropertiesEXT", Level.DEVICE, 25, FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "VkExternalMemoryHandleTypeFlagBits", "const void*", "VkMemoryHostPointerPropertiesEXT*"));

    private static final class vkGetMemoryHostPointerPropertiesEXT {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetMemoryHostPointerPropertiesEXT.descriptor());
    }

    /** {@code VkResult vkGetMemoryHostPointerPropertiesEXT(VkDevice, VkExternalMemoryHandleTypeFlagBits, const void*, VkMemoryHostPointerPropertiesEXT*)}. */
    public static int vkGetMemoryHostPointerPropertiesEXT(Commands commands, MemorySegment device, int handleType, MemorySegment pHostPointer, MemorySegment pMemoryHostPointerProperties) {
        try {
            return (int) vkGetMemoryHostPointerPropertiesEXT.HANDLE.invokeExact(commands.address(F_vkGetMemoryHostPointerPropertiesEXT), device, handleType, pHostPointer, pMemoryHostPointerProperties);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCreateShaderModule}. */
    public static final Function F_vkCreateShaderModule = new Function("vkCreateShaderModule", Level.DEVICE, 26, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "const VkShaderModuleCreateInfo*", "const VkAllocationCallbacks*", "VkShaderModule*"));

    private static final class vkCreateShaderModule {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCreateShaderModule.descriptor());
    }

    /** {@code VkResult vkCreateShaderModule(VkDevice, const VkShaderModuleCreateInfo*, const VkAllocationCallbacks*, VkShaderModule*)}. */
    public static int vkCreateShaderModule(Commands commands, MemorySegment device, MemorySegment pCreateInfo, MemorySegment pAllocator, MemorySegment pShaderModule) {
        try {
            return (int) vkCreateShaderModule.HANDLE.invokeExact(commands.address(F_vkCreateShaderModule), device, pCreateInfo, pAllocator, pShaderModule);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkDestroyShaderModule}. */
    public static final Function F_vkDestroyShaderModule = new Function("vkDestroyShaderModule", Level.DEVICE, 27, FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_POINTER), "void", List.of("VkDevice", "VkShaderModule", "const VkAllocationCallbacks*"));

    private static final class vkDestroyShaderModule {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkDestroyShaderModule.descriptor());
    }

    /** {@code void vkDestroyShaderModule(VkDevice, VkShaderModule, const VkAllocationCallbacks*)}. */
    public static void vkDestroyShaderModule(Commands commands, MemorySegment device, long shaderModule, MemorySegment pAllocator) {
        try {
            vkDestroyShaderModule.HANDLE.invokeExact(commands.address(F_vkDestroyShaderModule), device, shaderModule, pAllocator);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCreatePipelineLayout}. */
    public static final Function F_vkCreatePipelineLayout = new Function("vkCreatePipelineLayout", Level.DEVICE, 28, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "const VkPipelineLayoutCreateInfo*", "const VkAllocationCallbacks*", "VkPipelineLayout*"));

    private static final class vkCreatePipelineLayout {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCreatePipelineLayout.descriptor());
    }

    /** {@code VkResult vkCreatePipelineLayout(VkDevice, const VkPipelineLayoutCreateInfo*, const VkAllocationCallbacks*, VkPipelineLayout*)}. */
    public static int vkCreatePipelineLayout(Commands commands, MemorySegment device, MemorySegment pCreateInfo, MemorySegment pAllocator, MemorySegment pPipelineLayout) {
        try {
            return (int) vkCreatePipelineLayout.HANDLE.invokeExact(commands.address(F_vkCreatePipelineLayout), device, pCreateInfo, pAllocator, pPipelineLayout);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkDestroyPipelineLayout}. */
    public static final Function F_vkDestroyPipelineLayout = new Function("vkDestroyPipelineLayout", Level.DEVICE, 29, FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_POINTER), "void", List.of("VkDevice", "VkPipelineLayout", "const VkAllocationCallbacks*"));

    private static final class vkDestroyPipelineLayout {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkDestroyPipelineLayout.descriptor());
    }

    /** {@code void vkDestroyPipelineLayout(VkDevice, VkPipelineLayout, const VkAllocationCallbacks*)}. */
    public static void vkDestroyPipelineLayout(Commands commands, MemorySegment device, long pipelineLayout, MemorySegment pAllocator) {
        try {
            vkDestroyPipelineLayout.HANDLE.invokeExact(commands.address(F_vkDestroyPipelineLayout), device, pipelineLayout, pAllocator);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCreateComputePipelines}. */
    public static final Function F_vkCreateComputePipelines = new Function("vkCreateComputePipelines", Level.DEVICE, 30, FunctionDescriptor.of(C_INT, C_POINTER, C_LONG, C_INT, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "VkPipelineCache", "uint32_t", "const VkComputePipelineCreateInfo*", "const VkAllocationCallbacks*", "VkPipeline*"));

    private static final class vkCreateComputePipelines {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCreateComputePipelines.descriptor());
    }

    /** {@code VkResult vkCreateComputePipelines(VkDevice, VkPipelineCache, uint32_t, const VkComputePipelineCreateInfo*, const VkAllocationCallbacks*, VkPipeline*)}. */
    public static int vkCreateComputePipelines(Commands commands, MemorySegment device, long pipelineCache, int createInfoCount, MemorySegment pCreateInfos, MemorySegment pAllocator, MemorySegment pPipelines) {
        try {
            return (int) vkCreateComputePipelines.HANDLE.invokeExact(commands.address(F_vkCreateComputePipelines), device, pipelineCache, createInfoCount, pCreateInfos, pAllocator, pPipelines);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkDestroyPipeline}. */
    public static final Function F_vkDestroyPipeline = new Function("vkDestroyPipeline", Level.DEVICE, 31, FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_POINTER), "void", List.of("VkDevice", "VkPipeline", "const VkAllocationCallbacks*"));

    private static final class vkDestroyPipeline {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkDestroyPipeline.descriptor());
    }

    /** {@code void vkDestroyPipeline(VkDevice, VkPipeline, const VkAllocationCallbacks*)}. */
    public static void vkDestroyPipeline(Commands commands, MemorySegment device, long pipeline, MemorySegment pAllocator) {
        try {
            vkDestroyPipeline.HANDLE.invokeExact(commands.address(F_vkDestroyPipeline), device, pipeline, pAllocator);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCreateCommandPool}. */
    public static final Function F_vkCreateCommandPool = new Function("vkCreateCommandPool", Level.DEVICE, 32, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "const VkCommandPoolCreateInfo*", "const VkAllocationCallbacks*", "VkCommandPool*"));

    private static final class vkCreateCommandPool {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCreateCommandPool.descriptor());
    }

    /** {@code VkResult vkCreateCommandPool(VkDevice, const VkCommandPoolCreateInfo*, const VkAllocationCallbacks*, VkCommandPool*)}. */
    public static int vkCreateCommandPool(Commands commands, MemorySegment device, MemorySegment pCreateInfo, MemorySegment pAllocator, MemorySegment pCommandPool) {
        try {
            return (int) vkCreateCommandPool.HANDLE.invokeExact(commands.address(F_vkCreateCommandPool), device, pCreateInfo, pAllocator, pCommandPool);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkDestroyCommandPool}. */
    public static final Function F_vkDestroyCommandPool = new Function("vkDestroyCommandPool", Level.DEVICE, 33, FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_POINTER), "void", List.of("VkDevice", "VkCommandPool", "const VkAllocationCallbacks*"));

    private static final class vkDestroyCommandPool {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkDestroyCommandPool.descriptor());
    }

    /** {@code void vkDestroyCommandPool(VkDevice, VkCommandPool, const VkAllocationCallbacks*)}. */
    public static void vkDestroyCommandPool(Commands commands, MemorySegment device, long commandPool, MemorySegment pAllocator) {
        try {
            vkDestroyCommandPool.HANDLE.invokeExact(commands.address(F_vkDestroyCommandPool), device, commandPool, pAllocator);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkAllocateCommandBuffers}. */
    public static final Function F_vkAllocateCommandBuffers = new Function("vkAllocateCommandBuffers", Level.DEVICE, 34, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "const VkCommandBufferAllocateInfo*", "VkCommandBuffer*"));

    private static final class vkAllocateCommandBuffers {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkAllocateCommandBuffers.descriptor());
    }

    /** {@code VkResult vkAllocateCommandBuffers(VkDevice, const VkCommandBufferAllocateInfo*, VkCommandBuffer*)}. */
    public static int vkAllocateCommandBuffers(Commands commands, MemorySegment device, MemorySegment pAllocateInfo, MemorySegment pCommandBuffers) {
        try {
            return (int) vkAllocateCommandBuffers.HANDLE.invokeExact(commands.address(F_vkAllocateCommandBuffers), device, pAllocateInfo, pCommandBuffers);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkBeginCommandBuffer}. */
    public static final Function F_vkBeginCommandBuffer = new Function("vkBeginCommandBuffer", Level.DEVICE, 35, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER), "VkResult", List.of("VkCommandBuffer", "const VkCommandBufferBeginInfo*"));

    private static final class vkBeginCommandBuffer {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkBeginCommandBuffer.descriptor());
    }

    /** {@code VkResult vkBeginCommandBuffer(VkCommandBuffer, const VkCommandBufferBeginInfo*)}. */
    public static int vkBeginCommandBuffer(Commands commands, MemorySegment commandBuffer, MemorySegment pBeginInfo) {
        try {
            return (int) vkBeginCommandBuffer.HANDLE.invokeExact(commands.address(F_vkBeginCommandBuffer), commandBuffer, pBeginInfo);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkEndCommandBuffer}. */
    public static final Function F_vkEndCommandBuffer = new Function("vkEndCommandBuffer", Level.DEVICE, 36, FunctionDescriptor.of(C_INT, C_POINTER), "VkResult", List.of("VkCommandBuffer"));

    private static final class vkEndCommandBuffer {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkEndCommandBuffer.descriptor());
    }

    /** {@code VkResult vkEndCommandBuffer(VkCommandBuffer)}. */
    public static int vkEndCommandBuffer(Commands commands, MemorySegment commandBuffer) {
        try {
            return (int) vkEndCommandBuffer.HANDLE.invokeExact(commands.address(F_vkEndCommandBuffer), commandBuffer);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCmdPipelineBarrier}. */
    public static final Function F_vkCmdPipelineBarrier = new Function("vkCmdPipelineBarrier", Level.DEVICE, 37, FunctionDescriptor.ofVoid(C_POINTER, C_INT, C_INT, C_INT, C_INT, C_POINTER, C_INT, C_POINTER, C_INT, C_POINTER), "void", List.of("VkCommandBuffer", "VkPipelineStageFlags", "VkPipelineStageFlags", "VkDependencyFlags", "uint32_t", "const VkMemoryBarrier*", "uint32_t", "const VkBufferMemoryBarrier*", "uint32_t", "const VkImageMemoryBarrier*"));

    private static final class vkCmdPipelineBarrier {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCmdPipelineBarrier.descriptor());
    }

    /** {@code void vkCmdPipelineBarrier(VkCommandBuffer, VkPipelineStageFlags, VkPipelineStageFlags, VkDependencyFlags, uint32_t, const VkMemoryBarrier*, uint32_t, const VkBufferMemoryBarrier*, uint32_t, const VkImageMemoryBarrier*)}. */
    public static void vkCmdPipelineBarrier(Commands commands, MemorySegment commandBuffer, int srcStageMask, int dstStageMask, int dependencyFlags, int memoryBarrierCount, MemorySegment pMemoryBarriers, int bufferMemoryBarrierCount, MemorySegment pBufferMemoryBarriers, int imageMemoryBarrierCount, MemorySegment pImageMemoryBarriers) {
        try {
            vkCmdPipelineBarrier.HANDLE.invokeExact(commands.address(F_vkCmdPipelineBarrier), commandBuffer, srcStageMask, dstStageMask, dependencyFlags, memoryBarrierCount, pMemoryBarriers, bufferMemoryBarrierCount, pBufferMemoryBarriers, imageMemoryBarrierCount, pImageMemoryBarriers);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCmdBindPipeline}. */
    public static final Function F_vkCmdBindPipeline = new Function("vkCmdBindPipeline", Level.DEVICE, 38, FunctionDescriptor.ofVoid(C_POINTER, C_INT, C_LONG), "void", List.of("VkCommandBuffer", "VkPipelineBindPoint", "VkPipeline"));

    private static final class vkCmdBindPipeline {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCmdBindPipeline.descriptor());
    }

    /** {@code void vkCmdBindPipeline(VkCommandBuffer, VkPipelineBindPoint, VkPipeline)}. */
    public static void vkCmdBindPipeline(Commands commands, MemorySegment commandBuffer, int pipelineBindPoint, long pipeline) {
        try {
            vkCmdBindPipeline.HANDLE.invokeExact(commands.address(F_vkCmdBindPipeline), commandBuffer, pipelineBindPoint, pipeline);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCmdPushConstants}. */
    public static final Function F_vkCmdPushConstants = new Function("vkCmdPushConstants", Level.DEVICE, 39, FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_INT, C_INT, C_INT, C_POINTER), "void", List.of("VkCommandBuffer", "VkPipelineLayout", "VkShaderStageFlags", "uint32_t", "uint32_t", "const void*"));

    private static final class vkCmdPushConstants {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCmdPushConstants.descriptor());
    }

    /** {@code void vkCmdPushConstants(VkCommandBuffer, VkPipelineLayout, VkShaderStageFlags, uint32_t, uint32_t, const void*)}. */
    public static void vkCmdPushConstants(Commands commands, MemorySegment commandBuffer, long layout, int stageFlags, int offset, int size, MemorySegment pValues) {
        try {
            vkCmdPushConstants.HANDLE.invokeExact(commands.address(F_vkCmdPushConstants), commandBuffer, layout, stageFlags, offset, size, pValues);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCmdDispatch}. */
    public static final Function F_vkCmdDispatch = new Function("vkCmdDispatch", Level.DEVICE, 40, FunctionDescriptor.ofVoid(C_POINTER, C_INT, C_INT, C_INT), "void", List.of("VkCommandBuffer", "uint32_t", "uint32_t", "uint32_t"));

    private static final class vkCmdDispatch {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCmdDispatch.descriptor());
    }

    /** {@code void vkCmdDispatch(VkCommandBuffer, uint32_t, uint32_t, uint32_t)}. */
    public static void vkCmdDispatch(Commands commands, MemorySegment commandBuffer, int groupCountX, int groupCountY, int groupCountZ) {
        try {
            vkCmdDispatch.HANDLE.invokeExact(commands.address(F_vkCmdDispatch), commandBuffer, groupCountX, groupCountY, groupCountZ);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCreateSemaphore}. */
    public static final Function F_vkCreateSemaphore = new Function("vkCreateSemaphore", Level.DEVICE, 41, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "const VkSemaphoreCreateInfo*", "const VkAllocationCallbacks*", "VkSemaphore*"));

    private static final class vkCreateSemaphore {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCreateSemaphore.descriptor());
    }

    /** {@code VkResult vkCreateSemaphore(VkDevice, const VkSemaphoreCreateInfo*, const VkAllocationCallbacks*, VkSemaphore*)}. */
    public static int vkCreateSemaphore(Commands commands, MemorySegment device, MemorySegment pCreateInfo, MemorySegment pAllocator, MemorySegment pSemaphore) {
        try {
            return (int) vkCreateSemaphore.HANDLE.invokeExact(commands.address(F_vkCreateSemaphore), device, pCreateInfo, pAllocator, pSemaphore);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkDestroySemaphore}. */
    public static final Function F_vkDestroySemaphore = new Function("vkDestroySemaphore", Level.DEVICE, 42, FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_POINTER), "void", List.of("VkDevice", "VkSemaphore", "const VkAllocationCallbacks*"));

    private static final class vkDestroySemaphore {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkDestroySemaphore.descriptor());
    }

    /** {@code void vkDestroySemaphore(VkDevice, VkSemaphore, const VkAllocationCallbacks*)}. */
    public static void vkDestroySemaphore(Commands commands, MemorySegment device, long semaphore, MemorySegment pAllocator) {
        try {
            vkDestroySemaphore.HANDLE.invokeExact(commands.address(F_vkDestroySemaphore), device, semaphore, pAllocator);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkGetSemaphoreCounterValue}. */
    public static final Function F_vkGetSemaphoreCounterValue = new Function("vkGetSemaphoreCounterValue", Level.DEVICE, 43, FunctionDescriptor.of(C_INT, C_POINTER, C_LONG, C_POINTER), "VkResult", List.of("VkDevice", "VkSemaphore", "uint64_t*"));

    private static final class vkGetSemaphoreCounterValue {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkGetSemaphoreCounterValue.descriptor());
    }

    /** {@code VkResult vkGetSemaphoreCounterValue(VkDevice, VkSemaphore, uint64_t*)}. */
    public static int vkGetSemaphoreCounterValue(Commands commands, MemorySegment device, long semaphore, MemorySegment pValue) {
        try {
            return (int) vkGetSemaphoreCounterValue.HANDLE.invokeExact(commands.address(F_vkGetSemaphoreCounterValue), device, semaphore, pValue);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkWaitSemaphores}. */
    public static final Function F_vkWaitSemaphores = new Function("vkWaitSemaphores", Level.DEVICE, 44, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_LONG), "VkResult", List.of("VkDevice", "const VkSemaphoreWaitInfo*", "uint64_t"));

    private static final class vkWaitSemaphores {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkWaitSemaphores.descriptor());
    }

    /** {@code VkResult vkWaitSemaphores(VkDevice, const VkSemaphoreWaitInfo*, uint64_t)}. */
    public static int vkWaitSemaphores(Commands commands, MemorySegment device, MemorySegment pWaitInfo, long timeout) {
        try {
            return (int) vkWaitSemaphores.HANDLE.invokeExact(commands.address(F_vkWaitSemaphores), device, pWaitInfo, timeout);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkSignalSemaphore}. */
    public static final Function F_vkSignalSemaphore = new Function("vkSignalSemaphore", Level.DEVICE, 45, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "const VkSemaphoreSignalInfo*"));

    private static final class vkSignalSemaphore {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkSignalSemaphore.descriptor());
    }

    /** {@code VkResult vkSignalSemaphore(VkDevice, const VkSemaphoreSignalInfo*)}. */
    public static int vkSignalSemaphore(Commands commands, MemorySegment device, MemorySegment pSignalInfo) {
        try {
            return (int) vkSignalSemaphore.HANDLE.invokeExact(commands.address(F_vkSignalSemaphore), device, pSignalInfo);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkCreateFence}. */
    public static final Function F_vkCreateFence = new Function("vkCreateFence", Level.DEVICE, 46, FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER), "VkResult", List.of("VkDevice", "const VkFenceCreateInfo*", "const VkAllocationCallbacks*", "VkFence*"));

    private static final class vkCreateFence {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkCreateFence.descriptor());
    }

    /** {@code VkResult vkCreateFence(VkDevice, const VkFenceCreateInfo*, const VkAllocationCallbacks*, VkFence*)}. */
    public static int vkCreateFence(Commands commands, MemorySegment device, MemorySegment pCreateInfo, MemorySegment pAllocator, MemorySegment pFence) {
        try {
            return (int) vkCreateFence.HANDLE.invokeExact(commands.address(F_vkCreateFence), device, pCreateInfo, pAllocator, pFence);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkDestroyFence}. */
    public static final Function F_vkDestroyFence = new Function("vkDestroyFence", Level.DEVICE, 47, FunctionDescriptor.ofVoid(C_POINTER, C_LONG, C_POINTER), "void", List.of("VkDevice", "VkFence", "const VkAllocationCallbacks*"));

    private static final class vkDestroyFence {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkDestroyFence.descriptor());
    }

    /** {@code void vkDestroyFence(VkDevice, VkFence, const VkAllocationCallbacks*)}. */
    public static void vkDestroyFence(Commands commands, MemorySegment device, long fence, MemorySegment pAllocator) {
        try {
            vkDestroyFence.HANDLE.invokeExact(commands.address(F_vkDestroyFence), device, fence, pAllocator);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkWaitForFences}. */
    public static final Function F_vkWaitForFences = new Function("vkWaitForFences", Level.DEVICE, 48, FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_POINTER, C_INT, C_LONG), "VkResult", List.of("VkDevice", "uint32_t", "const VkFence*", "VkBool32", "uint64_t"));

    private static final class vkWaitForFences {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkWaitForFences.descriptor());
    }

    /** {@code VkResult vkWaitForFences(VkDevice, uint32_t, const VkFence*, VkBool32, uint64_t)}. */
    public static int vkWaitForFences(Commands commands, MemorySegment device, int fenceCount, MemorySegment pFences, int waitAll, long timeout) {
        try {
            return (int) vkWaitForFences.HANDLE.invokeExact(commands.address(F_vkWaitForFences), device, fenceCount, pFences, waitAll, timeout);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code vkResetFences}. */
    public static final Function F_vkResetFences = new Function("vkResetFences", Level.DEVICE, 49, FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_POINTER), "VkResult", List.of("VkDevice", "uint32_t", "const VkFence*"));

    private static final class vkResetFences {
        static final MethodHandle HANDLE = Downcalls.unbound(F_vkResetFences.descriptor());
    }

    /** {@code VkResult vkResetFences(VkDevice, uint32_t, const VkFence*)}. */
    public static int vkResetFences(Commands commands, MemorySegment device, int fenceCount, MemorySegment pFences) {
        try {
            return (int) vkResetFences.HANDLE.invokeExact(commands.address(F_vkResetFences), device, fenceCount, pFences);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** Every binding above, in table order. */
    public static final List<Function> FUNCTIONS = List.of(
            F_vkGetInstanceProcAddr,
            F_vkEnumerateInstanceVersion,
            F_vkCreateInstance,
            F_vkDestroyInstance,
            F_vkEnumeratePhysicalDevices,
            F_vkGetPhysicalDeviceProperties,
            F_vkGetPhysicalDeviceProperties2,
            F_vkGetPhysicalDeviceFeatures2,
            F_vkGetPhysicalDeviceQueueFamilyProperties,
            F_vkGetPhysicalDeviceMemoryProperties,
            F_vkGetPhysicalDeviceExternalBufferProperties,
            F_vkEnumerateDeviceExtensionProperties,
            F_vkCreateDevice,
            F_vkGetDeviceProcAddr,
            F_vkDestroyDevice,
            F_vkDeviceWaitIdle,
            F_vkGetDeviceQueue,
            F_vkQueueSubmit,
            F_vkCreateBuffer,
            F_vkDestroyBuffer,
            F_vkGetBufferMemoryRequirements,
            F_vkGetBufferDeviceAddress,
            F_vkAllocateMemory,
            F_vkFreeMemory,
            F_vkBindBufferMemory,
            F_vkGetMemoryHostPointerPropertiesEXT,
            F_vkCreateShaderModule,
            F_vkDestroyShaderModule,
            F_vkCreatePipelineLayout,
            F_vkDestroyPipelineLayout,
            F_vkCreateComputePipelines,
            F_vkDestroyPipeline,
            F_vkCreateCommandPool,
            F_vkDestroyCommandPool,
            F_vkAllocateCommandBuffers,
            F_vkBeginCommandBuffer,
            F_vkEndCommandBuffer,
            F_vkCmdPipelineBarrier,
            F_vkCmdBindPipeline,
            F_vkCmdPushConstants,
            F_vkCmdDispatch,
            F_vkCreateSemaphore,
            F_vkDestroySemaphore,
            F_vkGetSemaphoreCounterValue,
            F_vkWaitSemaphores,
            F_vkSignalSemaphore,
            F_vkCreateFence,
            F_vkDestroyFence,
            F_vkWaitForFences,
            F_vkResetFences);
}
