package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

/** The header's names for {@code VkResult}s, in one place. */
final class VulkanStatus {
    static final System.Logger LOG = System.getLogger(VulkanStatus.class.getName());

    private VulkanStatus() {
    }

    /** {@code VK_ERROR_DEVICE_LOST} for -4, or "VkResult N" for a value the header does not name. */
    static String name(int status) {
        String name = Vk.RESULT_NAMES.get(status);
        return name != null ? name : "VkResult " + status;
    }

    /** "vkQueueSubmit(...) returned -4 (VK_ERROR_DEVICE_LOST)". */
    static String describe(String call, int status) {
        return call + " returned " + status + " (" + name(status) + ")";
    }

    /** For failures of calls that cannot report them (a destroy, a free). */
    static void log(String call, int status) {
        LOG.log(System.Logger.Level.WARNING, describe(call, status));
    }

    static void check(int status, String call) throws LineException {
        if (status != Vk.VK_SUCCESS) {
            throw failure(status, call);
        }
    }

    static LineException failure(int status, String call) {
        return new LineException(LineError.ofStatus(status), describe(call, status));
    }
}
