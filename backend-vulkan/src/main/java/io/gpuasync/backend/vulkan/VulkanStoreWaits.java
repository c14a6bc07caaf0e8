package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.backend.vulkan.internal.VkStructs.VkSemaphoreWaitInfo;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.StoreWaits;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Objects;

/**
 * The Vulkan driver's own wait for its stores: a store's token is its queue's index (bits 48 to
 * 62) and the value of the queue's timeline semaphore that its submission signals (bits 0 to 47),
 * which the timeline reaches once the store ran ({@link VulkanQueue#store}). A store recorded into
 * the application's command buffer ({@link VulkanQueue#recordSignal}) has no token: no timeline
 * value can be named before the application submits it that is signalled only after it, so hosts
 * poll for that one.
 *
 * <p>{@link #awaitAny} is one {@code vkWaitSemaphores} with {@code VK_SEMAPHORE_WAIT_ANY_BIT} over
 * the lowest value asked of each queue's timeline and the device's {@link StoreWake} semaphore,
 * which {@link #wake} signals from the host; a wait that ends reached asks each timeline's counter
 * whether a store's value was reached or only the wake. Where the driver polls for any of several
 * semaphores ({@link PhysicalDevice#pollsForAnyOfMany}: a loop that holds a core for the whole
 * wait) and the tokens name one queue, it waits for that timeline alone in slices of at most
 * {@link #SLICE_NANOS}, looking at the wake count between them: a wake then ends it within a slice.
 * Allocation-free once each thread's native arguments are as large as its device's queue count.
 */
final class VulkanStoreWaits implements StoreWaits<VulkanQueue, VulkanDevice> {
    static final int QUEUE_SHIFT = 48;
    static final long VALUE_MASK = (1L << QUEUE_SHIFT) - 1;
    /** The most queues a token can name (bit 63 stays clear: no token is {@link #NO_TOKEN}). */
    static final int MAX_QUEUES = 1 << (63 - QUEUE_SHIFT);
    /** The longest single wait where the wake cannot be waited for beside the store (a driver that polls). */
    static final long SLICE_NANOS = 1_000_000;

    // Each thread's arguments of vkWaitSemaphores, reused from call to call.
    private static final ThreadLocal<Arguments> ARGUMENTS = ThreadLocal.withInitial(Arguments::new);

    private final boolean sliceWherePolled;

    /** The backend's: slices the wait on a driver that polls for many semaphores. */
    VulkanStoreWaits() {
        this(true);
    }

    /** With {@code sliceWherePolled} false, every wait is one wait for any (tests of that path on lavapipe). */
    VulkanStoreWaits(boolean sliceWherePolled) {
        this.sliceWherePolled = sliceWherePolled;
    }

    static long token(int queueIndex, long value) {
        return ((long) queueIndex << QUEUE_SHIFT) | value;
    }

    @Override
    public long queued(VulkanDevice device, VulkanQueue queue, long address, long value) {
        long signal = queue.storeSignal(address, value);
        if (signal <= 0 || signal > VALUE_MASK || queue.index() >= MAX_QUEUES) {
            return NO_TOKEN;
        }
        return token(queue.index(), signal);
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException for a token that names no opened queue of {@code device},
     *     or {@code count} outside {@code tokens}
     */
    @Override
    public boolean awaitAny(VulkanDevice device, long[] tokens, int count, long deadlineNanos, long wakesSeen)
            throws LineException {
        Objects.checkFromIndexSize(0, count, tokens.length);
        StoreWake wake = device.storeWake;
        // A wake since the caller read the count: at once. Else the semaphore past that count ends it.
        long wakes = wakesSeen;
        if (wake.wakes() != wakes) {
            return false;
        }
        if (count == 0) {
            return false;
        }
        Arguments arguments = ARGUMENTS.get();
        int queues = device.queueCount();
        arguments.fit(queues + 1);
        long[] lowest = arguments.lowest;
        Arrays.fill(lowest, 0, queues, Long.MAX_VALUE);
        for (int i = 0; i < count; i++) {
            long token = tokens[i];
            int queue = (int) (token >>> QUEUE_SHIFT);
            long value = token & VALUE_MASK;
            if (token == NO_TOKEN || queue >= queues || value == 0) {
                throw new IllegalArgumentException("token 0x" + Long.toHexString(token) + " (tokens[" + i + "]) is none that "
                        + "queued gave for " + device + ", which has " + queues + " queues");
            }
            lowest[queue] = Math.min(lowest[queue], value);
        }
        int pairs = 0;
        try {
            for (int q = 0; q < queues; q++) {
                long value = lowest[q];
                if (value == Long.MAX_VALUE) {
                    continue;
                }
                VulkanQueue queue = device.openedQueue(q);
                if (queue == null) {
                    throw new IllegalArgumentException("a token names queue " + q + " of " + device
                            + ", which no store went through (it was never opened)");
                }
                if (queue.seenReached(value)) {
                    return true;
                }
                arguments.queues[pairs] = queue;
                arguments.semaphores.setAtIndex(ValueLayout.JAVA_LONG, pairs, queue.timeline());
                arguments.values.setAtIndex(ValueLayout.JAVA_LONG, pairs, value);
                pairs++;
            }
            if (pairs == 1 && sliceWherePolled && wake.pollsForAnyOfMany) {
                return awaitOne(device, wake, wakes, arguments, deadlineNanos);
            }
            return awaitAnyOrWake(device, wake, wakes, arguments, pairs, deadlineNanos);
        } finally {
            Arrays.fill(arguments.queues, 0, pairs, null);
        }
    }

    // One wait for any of the stores' timelines and the wake's semaphore past wakes.
    private static boolean awaitAnyOrWake(VulkanDevice device, StoreWake wake, long wakes, Arguments arguments, int pairs,
                                          long deadlineNanos) throws LineException {
        arguments.semaphores.setAtIndex(ValueLayout.JAVA_LONG, pairs, wake.semaphore);
        arguments.values.setAtIndex(ValueLayout.JAVA_LONG, pairs, wakes + 1);
        VkSemaphoreWaitInfo.semaphoreCount(arguments.info, pairs + 1);
        int status = device.noteStatus(Vk.vkWaitSemaphores(device.vk, device.handle, arguments.info,
                Math.max(0, deadlineNanos - System.nanoTime())));
        if (status == Vk.VK_TIMEOUT) {
            return false;
        }
        if (status != Vk.VK_SUCCESS) {
            throw VulkanStatus.NAMES.failure(status, "vkWaitSemaphores(any of " + pairs + " queues' timelines and the wake of "
                    + device + ")");
        }
        // Reached: one of the timelines, or only the wake.
        for (int j = 0; j < pairs; j++) {
            VulkanQueue queue = arguments.queues[j];
            status = queue.completed(arguments.counter);
            if (status != Vk.VK_SUCCESS) {
                throw VulkanStatus.NAMES.failure(status, "vkGetSemaphoreCounterValue(the timeline of " + queue + ")");
            }
            if (arguments.counter.get(ValueLayout.JAVA_LONG, 0) >= arguments.values.getAtIndex(ValueLayout.JAVA_LONG, j)) {
                return true;
            }
        }
        return false;
    }

    // Waits for the one timeline in arguments in slices, ending once a wake past wakes was counted.
    private static boolean awaitOne(VulkanDevice device, StoreWake wake, long wakes, Arguments arguments,
                                    long deadlineNanos) throws LineException {
        VkSemaphoreWaitInfo.semaphoreCount(arguments.info, 1);
        for (;;) {
            long left = Math.max(0, deadlineNanos - System.nanoTime());
            int status = device.noteStatus(Vk.vkWaitSemaphores(device.vk, device.handle, arguments.info,
                    Math.min(left, SLICE_NANOS)));
            if (status == Vk.VK_SUCCESS) {
                arguments.queues[0].noteReached(arguments.values.getAtIndex(ValueLayout.JAVA_LONG, 0));
                return true;
            }
            if (status != Vk.VK_TIMEOUT) {
                throw VulkanStatus.NAMES.failure(status, "vkWaitSemaphores(the timeline of " + arguments.queues[0] + ")");
            }
            if (left <= SLICE_NANOS || wake.wakes() != wakes) {
                return false;
            }
        }
    }

    @Override
    public long wakes(VulkanDevice device) {
        return device.storeWake.wakes();
    }

    @Override
    public void wake(VulkanDevice device) {
        device.storeWake.wake();
    }

    // A thread's VkSemaphoreWaitInfo (any of) and its arrays, for at least capacity semaphores.
    private static final class Arguments {
        int capacity;
        MemorySegment info;
        MemorySegment semaphores;
        MemorySegment values;
        MemorySegment counter;
        long[] lowest = new long[0];
        VulkanQueue[] queues = new VulkanQueue[0];

        Arguments() {
            fit(2);
        }

        void fit(int wanted) {
            if (wanted <= capacity) {
                return;
            }
            int grown = Math.max(wanted, 2 * capacity);
            // A new arena: the one before is freed once unreachable.
            Arena arena = Arena.ofAuto();
            info = arena.allocate(VkSemaphoreWaitInfo.LAYOUT);
            VkSemaphoreWaitInfo.sType(info, Vk.VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO);
            VkSemaphoreWaitInfo.flags(info, Vk.VK_SEMAPHORE_WAIT_ANY_BIT);
            semaphores = arena.allocate(Vk.C_LONG, grown);
            values = arena.allocate(Vk.C_LONG, grown);
            counter = arena.allocate(Vk.C_LONG);
            VkSemaphoreWaitInfo.pSemaphores(info, semaphores);
            VkSemaphoreWaitInfo.pValues(info, values);
            lowest = new long[grown];
            queues = new VulkanQueue[grown];
            capacity = grown;
        }
    }
}
