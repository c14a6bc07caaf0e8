package io.gpuasync.engine;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A bounded queue many threads offer to and one thread (the dispatcher) polls, over a
 * preallocated ring: offering allocates nothing, which is what keeps an async wait down to the
 * future itself.
 *
 * <p>A producer claims a position with a CAS on the producer index, then publishes its element
 * with a release store; the consumer reads the element with an acquire load, clears it, and
 * publishes its own progress through the volatile consumer index, which producers read to know
 * the ring has room.
 */
final class MpscArrayQueue<E> {
    private final AtomicReferenceArray<E> ring;
    private final int mask;
    private final AtomicLong producerIndex = new AtomicLong();
    private volatile long consumerIndex;

    MpscArrayQueue(int capacity) {
        int size = Integer.highestOneBit(Math.max(2, capacity - 1)) << 1;
        ring = new AtomicReferenceArray<>(size);
        mask = size - 1;
    }

    /** Adds {@code element} unless the ring is full. */
    boolean offer(E element) {
        long at;
        do {
            at = producerIndex.get();
            if (at - consumerIndex >= ring.length()) {
                return false;
            }
        } while (!producerIndex.compareAndSet(at, at + 1));
        ring.setRelease((int) (at & mask), element);
        return true;
    }

    /**
     * The oldest element, or null if there is none yet (including one whose producer claimed its
     * position but has not stored it: {@link #isEmpty} then still says false). Consumer only.
     */
    E poll() {
        long at = consumerIndex;
        int index = (int) (at & mask);
        E element = ring.getAcquire(index);
        if (element == null) {
            return null;
        }
        ring.setPlain(index, null);
        consumerIndex = at + 1;
        return element;
    }

    /** Whether no element is claimed or queued. */
    boolean isEmpty() {
        return producerIndex.get() == consumerIndex;
    }
}
