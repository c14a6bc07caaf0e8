package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.spi.ffm.StatusNames;

/** The header's names for {@code VkResult}s, in one place. */
final class VulkanStatus {
    static final System.Logger LOG = System.getLogger(VulkanStatus.class.getName());
    /** {@code VK_ERROR_DEVICE_LOST} for -4, or "VkResult N" for a value the header does not name. */
    static final StatusNames NAMES = StatusNames.of(LOG, Vk.VK_SUCCESS, Vk.RESULT_NAMES, "VkResult");

    private VulkanStatus() {
    }
}
