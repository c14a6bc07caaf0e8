package io.gpuasync.backend.metal;

import com.sun.jna.Memory;
import io.gpuasync.backend.metal.internal.MTLSize;
import io.gpuasync.core.Slot;

import java.util.LinkedHashMap;
import java.util.Map;

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
    /** The bytes setBytes:length:atIndex: copies, and the one-thread sizes of each dispatch. */
    final Memory value = new Memory(Long.BYTES);
    final MTLSize.ByValue one = MTLSize.one();

    /** A queue as one line uses it. */
    static final class QueueUse {
        /** A private MTLEvent (owned) that orders each store behind the queue's earlier work. */
        long fence;
        long fenceValue;
        /** The last store's command buffer (retained): its status says when the word is visible. */
        long lastStore;
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
