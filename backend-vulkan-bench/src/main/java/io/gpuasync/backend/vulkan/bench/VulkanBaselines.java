package io.gpuasync.backend.vulkan.bench;

import io.gpuasync.backend.vulkan.VulkanDevice;
import io.gpuasync.backend.vulkan.VulkanQueue;
import io.gpuasync.backend.vulkan.internal.Commands;
import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkFenceCreateInfo;
import io.gpuasync.backend.vulkan.internal.VulkanInternals;
import io.gpuasync.bench.spi.Baselines;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.bench.spi.BusyWork;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.List;

/**
 * Vulkan's own ways of waiting for the bench's busy work, which {@code gar bench --backend vulkan}
 * measures beside the line's plans: what a Vulkan application writes today without a line. Each
 * queues the same calibrated busy shader on the workload's queue and waits for it in one way.
 */
final class VulkanBaselines implements Baselines {
    private static final long BOUND_NANOS = Duration.ofSeconds(30).toNanos();
    private static final VulkanInternals INTERNALS = VulkanInternals.get();

    private final VulkanQueue queue;
    private final BusyWork work;
    private final Commands vk;
    private final MemorySegment device;
    private final Arena arena = Arena.ofShared();
    private final long fence;
    private final MemorySegment fences;
    private final MemorySegment counter;

    VulkanBaselines(VulkanQueue queue, BusyWork work) {
        this.queue = queue;
        this.work = work;
        VulkanDevice owner = queue.device();
        vk = INTERNALS.commands(owner);
        device = INTERNALS.handle(owner);
        MemorySegment info = arena.allocate(VkFenceCreateInfo.LAYOUT);
        VkFenceCreateInfo.sType(info, Vk.VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
        MemorySegment out = arena.allocate(Vk.C_LONG);
        int status = Vk.vkCreateFence(vk, device, info, MemorySegment.NULL, out);
        if (status != Vk.VK_SUCCESS) {
            arena.close();
            throw INTERNALS.statusNames().failure(status, "vkCreateFence").toGpuException("preparing Vulkan's own waits");
        }
        fence = out.get(ValueLayout.JAVA_LONG, 0);
        fences = arena.allocateFrom(ValueLayout.JAVA_LONG, fence);
        counter = arena.allocate(Vk.C_LONG);
    }

    @Override
    public List<BenchWorkload.NativeWait> waits() {
        return List.of(
                BenchWorkload.NativeWait.of("sem-wait", "vkWaitSemaphores on the queue's timeline semaphore, which the work's submission signals"
                        + " (the thread blocks inside the driver)", this::semaphoreWait),
                BenchWorkload.NativeWait.of("sem-poll", "busy poll of vkGetSemaphoreCounterValue on that timeline semaphore, one call per look,"
                        + " no sleep", this::semaphorePoll),
                BenchWorkload.NativeWait.of("fence-wait", "vkWaitForFences on a fence the work's vkQueueSubmit signals, then vkResetFences",
                        this::fenceWait));
    }

    private void semaphoreWait(Duration duration) {
        long value = enqueue(duration, 0);
        check(INTERNALS.awaitValue(queue, value, System.nanoTime() + BOUND_NANOS), "vkWaitSemaphores");
    }

    private void semaphorePoll(Duration duration) {
        long value = enqueue(duration, 0);
        long deadline = System.nanoTime() + BOUND_NANOS;
        for (;;) {
            check(INTERNALS.completed(queue, counter), "vkGetSemaphoreCounterValue");
            if (counter.get(ValueLayout.JAVA_LONG, 0) >= value) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                check(Vk.VK_TIMEOUT, "polling vkGetSemaphoreCounterValue");
            }
            Thread.onSpinWait();
        }
    }

    private void fenceWait(Duration duration) {
        enqueue(duration, fence);
        check(INTERNALS.noteStatus(queue.device(), Vk.vkWaitForFences(vk, device, 1, fences, 1, BOUND_NANOS)), "vkWaitForFences");
        check(Vk.vkResetFences(vk, device, 1, fences), "vkResetFences");
    }

    private long enqueue(Duration duration, long signalled) {
        try {
            return INTERNALS.busy(queue, work.iterationsFor(duration), signalled);
        } catch (LineException e) {
            throw e.toGpuException("queueing busy work");
        }
    }

    private static void check(int status, String call) {
        if (status != Vk.VK_SUCCESS) {
            throw INTERNALS.statusNames().failure(status, call).toGpuException("waiting for busy work");
        }
    }

    /** Destroys the fence, once nothing it was given to is pending (every wait above returned). */
    @Override
    public void close() {
        Vk.vkDestroyFence(vk, device, fence, MemorySegment.NULL);
        arena.close();
    }
}
