package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Shaders;
import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkCommandBufferAllocateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkCommandBufferBeginInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkCommandPoolCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkComputePipelineCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPipelineLayoutCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPipelineShaderStageCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkPushConstantRange;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkSemaphoreWaitInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkShaderModuleCreateInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkSubmitInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkTimelineSemaphoreSubmitInfo;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Work an application queues on a {@link VulkanQueue} as it would, with objects of its own: a
 * command pool, a pipeline layout and a compute pipeline whose shader stores a 64-bit value through
 * a device address (the backend's store shader serves: any shader that writes through the address
 * is the hazard), one command buffer, a gate (a timeline semaphore its batch waits for, which the
 * test signals from the host) and a timeline semaphore its batch signals when done. Only the
 * backend's bindings are shared, and the queue it is submitted to.
 */
final class ApplicationWork implements AutoCloseable {
    private static final long BOUND_NANOS = 60_000_000_000L;

    private final VulkanDevice device;
    private final Arena arena = Arena.ofShared();
    private final long pool;
    private final long layout;
    private final long module;
    private final long pipeline;
    private final long gate;
    private final long done;
    private final MemorySegment commandBuffer;
    private final MemorySegment batch;
    private boolean submitted;
    private boolean opened;

    /** Its objects on {@code device}, made on its queue family; the gate closed. */
    ApplicationWork(VulkanDevice device) {
        this.device = device;
        try {
            MemorySegment out = arena.allocate(Vk.C_LONG);
            MemorySegment poolInfo = arena.allocate(VkCommandPoolCreateInfo.LAYOUT);
            VkCommandPoolCreateInfo.sType(poolInfo, Vk.VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
            VkCommandPoolCreateInfo.queueFamilyIndex(poolInfo, device.queueFamily());
            check(Vk.vkCreateCommandPool(device.vk, device.handle, poolInfo, MemorySegment.NULL, out), "vkCreateCommandPool");
            pool = out.get(ValueLayout.JAVA_LONG, 0);
            MemorySegment allocate = arena.allocate(VkCommandBufferAllocateInfo.LAYOUT);
            VkCommandBufferAllocateInfo.sType(allocate, Vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
            VkCommandBufferAllocateInfo.commandPool(allocate, pool);
            VkCommandBufferAllocateInfo.level(allocate, Vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY);
            VkCommandBufferAllocateInfo.commandBufferCount(allocate, 1);
            check(Vk.vkAllocateCommandBuffers(device.vk, device.handle, allocate, out), "vkAllocateCommandBuffers");
            commandBuffer = out.get(ValueLayout.ADDRESS, 0);

            MemorySegment range = arena.allocate(VkPushConstantRange.LAYOUT);
            VkPushConstantRange.stageFlags(range, Vk.VK_SHADER_STAGE_COMPUTE_BIT);
            VkPushConstantRange.size(range, 16);
            MemorySegment layoutInfo = arena.allocate(VkPipelineLayoutCreateInfo.LAYOUT);
            VkPipelineLayoutCreateInfo.sType(layoutInfo, Vk.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
            VkPipelineLayoutCreateInfo.pushConstantRangeCount(layoutInfo, 1);
            VkPipelineLayoutCreateInfo.pPushConstantRanges(layoutInfo, range);
            check(Vk.vkCreatePipelineLayout(device.vk, device.handle, layoutInfo, MemorySegment.NULL, out), "vkCreatePipelineLayout");
            layout = out.get(ValueLayout.JAVA_LONG, 0);
            byte[] code = Shaders.load(Shaders.STORE);
            MemorySegment words = arena.allocate(code.length, 4);
            words.copyFrom(MemorySegment.ofArray(code));
            MemorySegment moduleInfo = arena.allocate(VkShaderModuleCreateInfo.LAYOUT);
            VkShaderModuleCreateInfo.sType(moduleInfo, Vk.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
            VkShaderModuleCreateInfo.codeSize(moduleInfo, code.length);
            VkShaderModuleCreateInfo.pCode(moduleInfo, words);
            check(Vk.vkCreateShaderModule(device.vk, device.handle, moduleInfo, MemorySegment.NULL, out), "vkCreateShaderModule");
            module = out.get(ValueLayout.JAVA_LONG, 0);
            MemorySegment pipelineInfo = arena.allocate(VkComputePipelineCreateInfo.LAYOUT);
            VkComputePipelineCreateInfo.sType(pipelineInfo, Vk.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
            MemorySegment stage = pipelineInfo.asSlice(VkComputePipelineCreateInfo.stage$OFFSET, VkPipelineShaderStageCreateInfo.LAYOUT);
            VkPipelineShaderStageCreateInfo.sType(stage, Vk.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
            VkPipelineShaderStageCreateInfo.stage(stage, Vk.VK_SHADER_STAGE_COMPUTE_BIT);
            VkPipelineShaderStageCreateInfo.module(stage, module);
            VkPipelineShaderStageCreateInfo.pName(stage, arena.allocateFrom("main"));
            VkComputePipelineCreateInfo.layout(pipelineInfo, layout);
            check(Vk.vkCreateComputePipelines(device.vk, device.handle, 0, 1, pipelineInfo, MemorySegment.NULL, out),
                    "vkCreateComputePipelines");
            pipeline = out.get(ValueLayout.JAVA_LONG, 0);
            gate = VulkanQueue.createTimeline(device, 0, arena);
            done = VulkanQueue.createTimeline(device, 0, arena);
        } catch (LineException e) {
            throw e.toGpuException("making an application's objects on " + device);
        }
        batch = batch();
    }

    // One batch: waits for the gate to reach 1 (before any command), runs the command buffer,
    // signals done with 1.
    private MemorySegment batch() {
        MemorySegment semaphores = arena.allocate(Vk.C_LONG, 2);
        semaphores.setAtIndex(ValueLayout.JAVA_LONG, 0, gate);
        semaphores.setAtIndex(ValueLayout.JAVA_LONG, 1, done);
        MemorySegment one = arena.allocateFrom(ValueLayout.JAVA_LONG, 1);
        MemorySegment stages = arena.allocateFrom(ValueLayout.JAVA_INT, Vk.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT);
        MemorySegment buffers = arena.allocate(Vk.C_POINTER);
        buffers.set(ValueLayout.ADDRESS, 0, commandBuffer);
        MemorySegment values = arena.allocate(VkTimelineSemaphoreSubmitInfo.LAYOUT);
        VkTimelineSemaphoreSubmitInfo.sType(values, Vk.VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO);
        VkTimelineSemaphoreSubmitInfo.waitSemaphoreValueCount(values, 1);
        VkTimelineSemaphoreSubmitInfo.pWaitSemaphoreValues(values, one);
        VkTimelineSemaphoreSubmitInfo.signalSemaphoreValueCount(values, 1);
        VkTimelineSemaphoreSubmitInfo.pSignalSemaphoreValues(values, one);
        MemorySegment info = arena.allocate(VkSubmitInfo.LAYOUT);
        VkSubmitInfo.sType(info, Vk.VK_STRUCTURE_TYPE_SUBMIT_INFO);
        VkSubmitInfo.pNext(info, values);
        VkSubmitInfo.waitSemaphoreCount(info, 1);
        VkSubmitInfo.pWaitSemaphores(info, semaphores);
        VkSubmitInfo.pWaitDstStageMask(info, stages);
        VkSubmitInfo.commandBufferCount(info, 1);
        VkSubmitInfo.pCommandBuffers(info, buffers);
        VkSubmitInfo.signalSemaphoreCount(info, 1);
        VkSubmitInfo.pSignalSemaphores(info, semaphores.asSlice(8));
        return info;
    }

    /** Begins recording its command buffer, for the caller to record into; {@link #end()} ends it. */
    MemorySegment begin() {
        MemorySegment begin = arena.allocate(VkCommandBufferBeginInfo.LAYOUT);
        VkCommandBufferBeginInfo.sType(begin, Vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
        VkCommandBufferBeginInfo.flags(begin, Vk.VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT);
        checked(Vk.vkBeginCommandBuffer(device.vk, commandBuffer, begin), "vkBeginCommandBuffer");
        return commandBuffer;
    }

    void end() {
        checked(Vk.vkEndCommandBuffer(device.vk, commandBuffer), "vkEndCommandBuffer");
    }

    /** Records its command buffer: its shader, storing {@code value} at device address {@code address}. */
    void recordStore(long address, long value) {
        begin();
        Vk.vkCmdBindPipeline(device.vk, commandBuffer, Vk.VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
        MemorySegment push = arena.allocate(16, 8);
        push.set(ValueLayout.JAVA_LONG, 0, address);
        push.set(ValueLayout.JAVA_LONG, 8, value);
        Vk.vkCmdPushConstants(device.vk, commandBuffer, layout, Vk.VK_SHADER_STAGE_COMPUTE_BIT, 0, 16, push);
        Vk.vkCmdDispatch(device.vk, commandBuffer, 1, 1, 1);
        end();
    }

    /** Submits its batch with {@link VulkanQueue#submit}. */
    void submitThrough(VulkanQueue queue) {
        queue.submit(batch, 1, 0);
        submitted = true;
    }

    /** Submits its batch with its own {@code vkQueueSubmit}, holding {@link VulkanQueue#lock()} as it must. */
    void submitItself(VulkanQueue queue) {
        queue.lock().lock();
        try {
            checked(Vk.vkQueueSubmit(device.vk, MemorySegment.ofAddress(queue.handle()), 1, batch, 0), "vkQueueSubmit");
            submitted = true;
        } finally {
            queue.lock().unlock();
        }
    }

    /** Opens the gate: the batch runs. */
    void open() {
        if (!opened) {
            try {
                device.queue(0).signalFromHost(gate, 1);
            } catch (LineException e) {
                throw e.toGpuException("opening the application's gate");
            }
            opened = true;
        }
    }

    /** Waits for the batch to finish ({@code vkWaitSemaphores} on its done semaphore). */
    void awaitDone() {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment semaphore = call.allocateFrom(ValueLayout.JAVA_LONG, done);
            MemorySegment value = call.allocateFrom(ValueLayout.JAVA_LONG, 1);
            MemorySegment info = call.allocate(VkSemaphoreWaitInfo.LAYOUT);
            VkSemaphoreWaitInfo.sType(info, Vk.VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO);
            VkSemaphoreWaitInfo.semaphoreCount(info, 1);
            VkSemaphoreWaitInfo.pSemaphores(info, semaphore);
            VkSemaphoreWaitInfo.pValues(info, value);
            checked(Vk.vkWaitSemaphores(device.vk, device.handle, info, BOUND_NANOS), "vkWaitSemaphores(the application's batch)");
        }
    }

    /** Opens the gate, waits for a submitted batch, and destroys what it made. */
    @Override
    public void close() {
        open();
        if (submitted) {
            awaitDone();
        }
        Vk.vkDestroySemaphore(device.vk, device.handle, done, MemorySegment.NULL);
        Vk.vkDestroySemaphore(device.vk, device.handle, gate, MemorySegment.NULL);
        Vk.vkDestroyPipeline(device.vk, device.handle, pipeline, MemorySegment.NULL);
        Vk.vkDestroyShaderModule(device.vk, device.handle, module, MemorySegment.NULL);
        Vk.vkDestroyPipelineLayout(device.vk, device.handle, layout, MemorySegment.NULL);
        Vk.vkDestroyCommandPool(device.vk, device.handle, pool, MemorySegment.NULL);
        arena.close();
    }

    private static void check(int status, String call) throws LineException {
        VulkanStatus.NAMES.check(status, call);
    }

    private static void checked(int status, String call) {
        try {
            check(status, call);
        } catch (LineException e) {
            throw e.toGpuException("the application's work");
        }
    }
}
