package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.StoreWaits;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.Supplier;

/**
 * The Vulkan driver table of a mapped line. Domain: a {@link VulkanDevice}, whose reference
 * count the backend keeps (Vulkan has none), current on a thread through
 * {@link VulkanBackend#useDevice}. Page: the line's own page-aligned page imported with
 * {@code VK_EXT_external_memory_host} and bound to a storage buffer, whose buffer device address
 * is the line's device address. Stream: a {@link VulkanQueue} of that device. A store is
 * {@link VulkanQueue#store}: a barrier from every earlier command, a one-invocation 64-bit atomic
 * store, a barrier to the host, and a signal of the queue's timeline semaphore; or, inside
 * {@link VulkanQueue#recordSignal}, the same commands recorded into the application's command
 * buffer, which the application submits.
 *
 * <p>The driver's own wait for a store is offered ({@link #storeWaits()}): the timeline value the
 * store's submission signals, waited for with {@code vkWaitSemaphores} ({@link VulkanStoreWaits}).
 *
 * <p>No device-side wait is offered: Vulkan waits on semaphores, not on memory words, and the
 * only way to wait on a word is a shader spinning on it, which holds its queue (and on real GPUs
 * may starve the very work that would store the word: Vulkan makes no forward-progress promise
 * between invocations of different dispatches, spec Appendix "Memory Model", "Scheduling").
 */
final class VulkanDriver implements LineDriver<VulkanQueue, VulkanDevice> {
    private final Supplier<VulkanDevice> current;
    private final VulkanStoreWaits storeWaits = new VulkanStoreWaits();

    VulkanDriver(Supplier<VulkanDevice> current) {
        this.current = current;
    }

    @Override
    public VulkanDevice retainCurrent() throws LineException {
        VulkanDevice device = current.get();
        if (device == null) {
            throw new LineException(LineError.NO_DOMAIN, "no Vulkan device is current on this thread"
                    + " (VulkanBackend.useDevice)");
        }
        device.retain();
        return device;
    }

    @Override
    public void release(VulkanDevice device) {
        device.release();
    }

    @Override
    public MemorySegment allocHost(VulkanDevice device, long bytes) throws LineException {
        return device.importPage(bytes);
    }

    @Override
    public long deviceAddress(VulkanDevice device, MemorySegment host) throws LineException {
        return device.pageAddress(host);
    }

    @Override
    public void freeHost(VulkanDevice device, MemorySegment host) {
        device.freePage(host);
    }

    @Override
    public boolean streamIn(VulkanQueue queue, VulkanDevice device) {
        return queue.device() == device;
    }

    @Override
    public void writeValue(VulkanQueue queue, long address, long value) throws LineException {
        queue.store(address, value);
    }

    @Override
    public void waitValue(VulkanQueue queue, long address, long value) throws LineException {
        throw new LineException(LineError.UNAVAILABLE, "vulkan offers no device-side wait on a line's word: Vulkan"
                + " waits on semaphores, not memory, and a shader spinning on the word would hold " + queue
                + " with no forward-progress guarantee. Wait on the host, or signal a semaphore of your own");
    }

    /**
     * Waits ({@code vkWaitSemaphores}, its timeout the time left to {@code deadlineNanos}) for
     * each queue's timeline to reach a value that follows everything submitted to the queue
     * before this call ({@link VulkanQueue#coveringValue}): the line's stores, and the
     * application's work, which may use the line's device address ({@code Line.deviceAddress(queue,
     * slot)} puts the queue in {@code queues}) or hold a store recorded into its own command
     * buffer. Where the application may have submitted past the backend's last signal, an empty
     * batch signalling the timeline is submitted first. A queue whose timeline the driver already
     * said reached that value (a counter read, an earlier wait) is not asked again: its work is
     * done. So on a lost device, which answers every wait with {@code VK_ERROR_DEVICE_LOST}, a
     * line whose work was all seen finished still frees its page; one with work not seen finished,
     * or whose queue needs a new batch, answers false: whether the device still writes the page is
     * unknown, so the line keeps it.
     */
    @Override
    public boolean settle(VulkanDevice device, List<VulkanQueue> queues, long deadlineNanos) {
        for (VulkanQueue queue : queues) {
            long last;
            try {
                last = queue.coveringValue(deadlineNanos);
            } catch (LineException e) {
                VulkanStatus.NAMES.warn("closing a line: " + e.getMessage());
                return false;
            }
            if (last < 0) {
                return false;
            }
            if (queue.seenReached(last)) {
                continue;
            }
            int status = queue.awaitValue(last, deadlineNanos);
            if (status == Vk.VK_TIMEOUT) {
                return false;
            }
            if (status != Vk.VK_SUCCESS) {
                VulkanStatus.NAMES.log("vkWaitSemaphores(the timeline of " + queue + ", " + last + ") while closing a line", status);
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the device still works: a {@code VK_ERROR_DEVICE_LOST} seen by any earlier call is
     * sticky; otherwise each of its queues' timelines is asked for its counter, which a lost device
     * answers with that error (the first queue's, opened for it, where no queue was opened yet:
     * a line that has not stored anywhere still has a device to ask about).
     */
    @Override
    public void checkHealth(VulkanDevice device) throws LineException {
        if (device.lostStatus() == 0) {
            List<VulkanQueue> queues = device.openedQueues();
            if (queues.isEmpty()) {
                queues = List.of(device.queue(0));
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(Vk.C_LONG);
                for (VulkanQueue queue : queues) {
                    int status = queue.completed(out);
                    if (status != Vk.VK_SUCCESS) {
                        throw VulkanStatus.NAMES.failure(status, "vkGetSemaphoreCounterValue(the timeline of " + queue + ")");
                    }
                }
            }
        }
        int lost = device.lostStatus();
        if (lost != 0) {
            throw VulkanStatus.NAMES.failure(lost, device + " is lost (spec: Devices and Queues, \"Lost Device\")");
        }
    }

    @Override
    public StoreWaits<VulkanQueue, VulkanDevice> storeWaits() {
        return storeWaits;
    }

    @Override
    public String name() {
        return "vulkan";
    }
}
