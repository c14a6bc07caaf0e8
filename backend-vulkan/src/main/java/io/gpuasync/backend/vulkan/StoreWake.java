package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkSemaphoreSignalInfo;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkSemaphoreWaitInfo;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The wake of a device's store waits ({@link VulkanStoreWaits#wake}): a count of wakes, and a
 * timeline semaphore of the device that the host signals to that count, which every wait for
 * several semaphores waits for beside the stores' timelines. Made with the device and destroyed
 * with it; the line keeps its device alive while a wait or a wake is in the driver.
 *
 * <p>A caller reads {@link #wakes()} before it decides what to wait for; its wait returns false
 * at once if the count moved since, and otherwise waits for the semaphore to pass the count it
 * read, which only a wake after that read signals.
 */
final class StoreWake {
    private final VulkanDevice device;
    /** The timeline semaphore the host signals; its counter never passes {@link #wakes()}. */
    final long semaphore;
    /** Whether the driver polls for any of several semaphores ({@link PhysicalDevice#pollsForAnyOfMany}). */
    final boolean pollsForAnyOfMany;
    // Written by the thread that holds signalling.
    private final MemorySegment signalInfo;
    private final AtomicLong wakes = new AtomicLong();
    // The highest value the semaphore was signalled to; written holding signalling.
    private volatile long signalled;
    private final AtomicBoolean signalling = new AtomicBoolean();

    StoreWake(VulkanDevice device, long semaphore, boolean pollsForAnyOfMany) {
        this.device = device;
        this.semaphore = semaphore;
        this.pollsForAnyOfMany = pollsForAnyOfMany;
        // Lives as long as this object: freed with the JVM's automatic arena once unreachable.
        signalInfo = Arena.ofAuto().allocate(VkSemaphoreSignalInfo.LAYOUT);
        VkSemaphoreSignalInfo.sType(signalInfo, Vk.VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO);
        VkSemaphoreSignalInfo.semaphore(signalInfo, semaphore);
        bindWaitCalls(device, semaphore);
    }

    // Makes the two calls a store wait makes with the device, past the point where the JVM
    // specializes a method handle invoked that often: the binding on a first call, and that
    // specialization on a later one, allocate, and a waiter's wait then allocates nothing. The
    // semaphore is at 0 and stays there: each wait for 1 times out at once.
    private static final int BINDING_CALLS = 256;

    private static void bindWaitCalls(VulkanDevice device, long semaphore) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment counter = arena.allocate(Vk.C_LONG);
            MemorySegment semaphores = arena.allocate(Vk.C_LONG);
            semaphores.set(Vk.C_LONG, 0, semaphore);
            MemorySegment value = arena.allocate(Vk.C_LONG);
            value.set(Vk.C_LONG, 0, 1L);
            MemorySegment info = arena.allocate(VkSemaphoreWaitInfo.LAYOUT);
            VkSemaphoreWaitInfo.sType(info, Vk.VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO);
            VkSemaphoreWaitInfo.semaphoreCount(info, 1);
            VkSemaphoreWaitInfo.pSemaphores(info, semaphores);
            VkSemaphoreWaitInfo.pValues(info, value);
            for (int i = 0; i < BINDING_CALLS; i++) {
                Vk.vkGetSemaphoreCounterValue(device.vk, device.handle, semaphore, counter);
                Vk.vkWaitSemaphores(device.vk, device.handle, info, 0);
            }
        }
    }

    /** How many wakes there were. */
    long wakes() {
        return wakes.get();
    }

    /**
     * Counts a wake, then signals the semaphore to the count; never blocks: where another thread
     * signals now, that thread signals again for this wake once it let go (it looks at the count
     * after letting go, and this thread counted before it found the signal taken).
     */
    void wake() {
        wakes.incrementAndGet();
        while (wakes.get() > signalled && signalling.compareAndSet(false, true)) {
            int status = Vk.VK_SUCCESS;
            long target = wakes.get();
            try {
                if (target > signalled) {
                    VkSemaphoreSignalInfo.value(signalInfo, target);
                    status = device.noteStatus(Vk.vkSignalSemaphore(device.vk, device.handle, signalInfo));
                    if (status == Vk.VK_SUCCESS) {
                        signalled = target;
                    }
                }
            } finally {
                signalling.set(false);
            }
            if (status != Vk.VK_SUCCESS) {
                // The waits it would have ended still end by their deadlines.
                VulkanStatus.NAMES.log("vkSignalSemaphore(the store waits' wake of " + device + ", " + target + ")", status);
                return;
            }
        }
    }
}
