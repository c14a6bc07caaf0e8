package io.gpuasync.backend.vulkan;

import io.gpuasync.api.GpuException;
import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A gate that holds a queue until the host opens it: a timeline semaphore of the device, which a
 * submission on the queue waits for (at {@code ALL_COMMANDS}, in front of a busy dispatch of no
 * iterations, so that the wait holds a command that later barriers order behind), and which
 * {@link #open()} signals from the host ({@code vkSignalSemaphore}). Spec: Synchronization,
 * "Semaphore Waiting": the wait's second synchronization scope is the commands of its batch; a
 * store queued after it orders behind that batch's dispatch through its own first barrier.
 * For the tests: work behind a gate cannot start, whatever its duration.
 */
final class VulkanGate implements AutoCloseable {
    private final VulkanDevice device;
    private final long semaphore;
    private VulkanQueue held;
    private boolean opened;

    /** A closed gate on {@code device}. */
    public VulkanGate(VulkanDevice device) {
        this.device = device;
        try (Arena arena = Arena.ofConfined()) {
            semaphore = VulkanQueue.createTimeline(device, 0, arena);
        } catch (LineException e) {
            throw e.toGpuException("making a gate on " + device);
        }
    }

    /** Holds {@code queue}: nothing queued on it after this runs before {@link #open()}. Once. */
    public synchronized void hold(VulkanQueue queue) {
        if (held != null) {
            throw new IllegalStateException("this gate already holds " + held);
        }
        try {
            queue.busy(0, semaphore, 1);
        } catch (LineException e) {
            throw e.toGpuException("holding " + queue);
        }
        held = queue;
    }

    /** Opens the gate: the held queue goes on. */
    public synchronized void open() {
        if (opened) {
            return;
        }
        try {
            VulkanQueue anyQueue = held != null ? held : device.queue(0);
            anyQueue.signalFromHost(semaphore, 1);
        } catch (LineException e) {
            throw e.toGpuException("opening a gate");
        }
        opened = true;
    }

    /** Opens the gate if it is not, waits for the held queue to pass it, and destroys the semaphore. */
    @Override
    public synchronized void close() {
        open();
        if (held != null) {
            int status = held.awaitValue(held.lastSubmitted(), System.nanoTime() + 60_000_000_000L);
            if (status != Vk.VK_SUCCESS) {
                throw new GpuException(GpuException.Kind.DRIVER_STATUS, status, VulkanStatus.NAMES.describe(
                        "vkWaitSemaphores behind a gate; its semaphore is kept", status), null);
            }
        }
        Vk.vkDestroySemaphore(device.vk, device.handle, semaphore, MemorySegment.NULL);
    }
}
