package io.gpuasync.backend.metal;

import com.sun.jna.Memory;
import io.gpuasync.backend.metal.internal.MTLSize;
import io.gpuasync.core.Slot;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one Metal line holds: its reference to an {@code id<MTLDevice>} (taken with {@code
 * objc_retain} before its buffer is made, let go after the buffer is released), its buffer, and
 * the events its stores signal. Each line has a domain of its own: Metal has no context whose
 * reference count a line could share, and the events belong to the line.
 */
public final class MetalDomain {
    final long device;
    final String deviceName;
    final MetalKernels kernels;
    final Object lock = new Object();

    // All guarded by lock.
    /** The line's MTLBuffer (owned), and its contents; 0 before allocHost and after freeHost. */
    long buffer;
    long contents;
    /** Per slot: an MTLSharedEvent (owned) that device-side waits wait on, 0 until one does. */
    final long[] landed = new long[Slot.COUNT];
    /** Per slot: the highest sequence whose store was committed, and the queue it was committed on. */
    final long[] committed = new long[Slot.COUNT];
    final MetalQueue[] storeQueue = new MetalQueue[Slot.COUNT];
    /** Per slot: whether a queue has waited on the device for it; the highest value its event was signalled with. */
    final boolean[] waitedOn = new boolean[Slot.COUNT];
    final long[] announced = new long[Slot.COUNT];
    /** Per queue the line stored through: its private fence and its last store. */
    final Map<MetalQueue, QueueUse> queues = new LinkedHashMap<>();
    /**
     * The same uses by {@link QueueUse#index}, which a store wait's token names: replaced whole
     * (under lock) when one is added, so that a wait reads it without the lock.
     */
    volatile QueueUse[] indexed = new QueueUse[0];
    /** How many times the line's store waits were woken ({@link MetalStoreWaits#wake}). */
    final AtomicLong storeWakes = new AtomicLong();
    /** The bytes setBytes:length:atIndex: copies, and the one-thread sizes of each dispatch. */
    final Memory value = new Memory(Long.BYTES);
    final MTLSize.ByValue one = MTLSize.one();

    /** A queue as one line uses it. */
    static final class QueueUse {
        /** Its place in {@link #indexed}. */
        final int index;
        /** A private MTLEvent (owned) that orders each store behind the queue's earlier work. */
        final long fence;
        long fenceValue;
        /** The last store's command buffer (retained): its status says when the word is visible. */
        long lastStore;
        /**
         * An MTLSharedEvent (owned; 0 where the driver has no store waits, or before the queue's
         * first store) that a command buffer after each store's signals with the count of stores
         * signalled so far ({@link #storeSignals}); the store waits block on it.
         */
        volatile long storeEvent;
        volatile long storeSignals;
        /** The word and the value of the store that {@link #storeSignals} follows. */
        long signalledAddress;
        long signalledValue;

        QueueUse(int index, long fence) {
            this.index = index;
            this.fence = fence;
        }
    }

    MetalDomain(long device, String deviceName, MetalKernels kernels) {
        this.device = device;
        this.deviceName = deviceName;
        this.kernels = kernels;
    }

    @Override
    public String toString() {
        return "MTLDevice 0x" + Long.toHexString(device) + " (" + deviceName + ")";
    }
}
