package io.gpuasync.backend.sim;

import io.gpuasync.spi.StoreWaits;

/**
 * The sim driver's own wait for its stores: a store's token is its stream and its index on that
 * stream, and a waiter blocks on its device until a stream marks that store landed, as a CUDA
 * blocking-sync event blocks a host thread until the work before it ran.
 */
final class SimStoreWaits implements StoreWaits<SimStream, SimDevice> {
    private static final int INDEX_BITS = 40;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    static long token(SimStream stream, long index) {
        return ((long) stream.id() << INDEX_BITS) | (index & INDEX_MASK);
    }

    static int streamOf(long token) {
        return (int) (token >>> INDEX_BITS);
    }

    static long indexOf(long token) {
        return token & INDEX_MASK;
    }

    @Override
    public long queued(SimDevice device, SimStream stream, long address, long value) {
        return token(stream, stream.indexOfStore(address, value));
    }

    @Override
    public long wakes(SimDevice device) {
        return device.storeWakes();
    }

    @Override
    public boolean awaitAny(SimDevice device, long[] tokens, int count, long deadlineNanos, long wakesSeen) {
        return device.awaitStores(tokens, count, deadlineNanos, wakesSeen);
    }

    @Override
    public void wake(SimDevice device) {
        device.wakeStoreWaits();
    }
}
