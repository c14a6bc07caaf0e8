package io.gpuasync.backend.vulkan.internal;

import io.gpuasync.backend.vulkan.VulkanBackend;
import io.gpuasync.backend.vulkan.VulkanDevice;
import io.gpuasync.backend.vulkan.VulkanQueue;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.ffm.StatusNames;

import java.lang.foreign.MemorySegment;

/**
 * The backend's package-private calls that its bench module ({@code io.gpuasync.backend.vulkan.bench})
 * queues and waits with, reached through the one instance the backend's package installs as it
 * initializes. This package is exported only to that module, so applications see none of it.
 *
 * <p>Why an instance: the calls live in the exported package, where public members would be API;
 * the backend's package implements this class and hands it over once.
 */
public abstract class VulkanInternals {
    private static volatile VulkanInternals installed;

    /** For the backend's package only. */
    protected VulkanInternals() {
    }

    /**
     * Sets the instance; the backend's package calls it once as it initializes.
     *
     * @throws IllegalStateException if one is already set
     */
    public static synchronized void install(VulkanInternals internals) {
        if (installed != null) {
            throw new IllegalStateException("the backend's internals are already installed");
        }
        installed = internals;
    }

    /** The instance, the backend's package initialized first if it was not yet. */
    public static VulkanInternals get() {
        VulkanInternals got = installed;
        if (got == null) {
            try {
                Class.forName(VulkanBackend.class.getName(), true, VulkanBackend.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new AssertionError(e);
            }
            got = installed;
        }
        return got;
    }

    /** Queues the backend's busy shader for {@code iterations} on {@code queue}. */
    public abstract void enqueueBusy(VulkanBackend backend, VulkanQueue queue, long iterations);

    /** As {@link #enqueueBusy}, returning once the work completed. */
    public abstract void runBusy(VulkanBackend backend, VulkanQueue queue, long iterations);

    /**
     * Queues the busy shader for {@code iterations}, storing into the device's sink, signalling
     * {@code fence} (0: none); returns the timeline value its submission signals.
     */
    public abstract long busy(VulkanQueue queue, long iterations, long fence) throws LineException;

    /** {@code vkWaitSemaphores} for {@code queue}'s timeline to reach {@code value} by {@code deadlineNanos}; the {@code VkResult}. */
    public abstract int awaitValue(VulkanQueue queue, long value, long deadlineNanos);

    /** {@code vkGetSemaphoreCounterValue} of {@code queue}'s timeline into {@code out}; the {@code VkResult}. */
    public abstract int completed(VulkanQueue queue, MemorySegment out);

    /** {@code device}'s entry points. */
    public abstract Commands commands(VulkanDevice device);

    /** {@code device}'s {@code VkDevice} handle. */
    public abstract MemorySegment handle(VulkanDevice device);

    /** Records {@code status} on {@code device} if it says the device is lost; returns it. */
    public abstract int noteStatus(VulkanDevice device, int status);

    /** The names of {@code VkResult}s. */
    public abstract StatusNames statusNames();
}
