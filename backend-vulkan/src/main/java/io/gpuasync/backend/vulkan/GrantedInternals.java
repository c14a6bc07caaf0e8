package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Commands;
import io.gpuasync.backend.vulkan.internal.VulkanInternals;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.ffm.StatusNames;

import java.lang.foreign.MemorySegment;

/** {@link VulkanInternals} over this package's members; installed by {@link VulkanBackend}. */
final class GrantedInternals extends VulkanInternals {

    @Override
    public void enqueueBusy(VulkanBackend backend, VulkanQueue queue, long iterations) {
        backend.enqueueBusy(queue, iterations);
    }

    @Override
    public void runBusy(VulkanBackend backend, VulkanQueue queue, long iterations) {
        backend.runBusy(queue, iterations);
    }

    @Override
    public long busy(VulkanQueue queue, long iterations, long fence) throws LineException {
        return queue.busy(queue.device().sinkAddress, iterations, 0, 0, fence);
    }

    @Override
    public int awaitValue(VulkanQueue queue, long value, long deadlineNanos) {
        return queue.awaitValue(value, deadlineNanos);
    }

    @Override
    public int completed(VulkanQueue queue, MemorySegment out) {
        return queue.completed(out);
    }

    @Override
    public Commands commands(VulkanDevice device) {
        return device.vk;
    }

    @Override
    public MemorySegment handle(VulkanDevice device) {
        return device.handle;
    }

    @Override
    public int noteStatus(VulkanDevice device, int status) {
        return device.noteStatus(status);
    }

    @Override
    public StatusNames statusNames() {
        return VulkanStatus.NAMES;
    }
}
