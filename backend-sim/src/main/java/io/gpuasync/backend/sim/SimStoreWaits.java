package io.gpuasync.backend.sim;

import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
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
        long index = stream.indexOfStore(address, value);
        return index == 0 ? NO_TOKEN : token(stream, index);
    }

    @Override
    public long wakes(SimDevice device) {
        return device.storeWakes();
    }

    @Override
    public boolean awaitAny(SimDevice device, long[] tokens, int count, long deadlineNanos, long wakesSeen)
            throws LineException {
        if (device.awaitStores(tokens, count, deadlineNanos, wakesSeen)) {
            return true;
        }
        int error = device.stickyError();
        if (error != 0) {
            throw new LineException(LineError.ofStatus(error), "sim: wait for a store on " + device);
        }
        return false;
    }

    @Override
    public void wake(SimDevice device) {
        device.wakeStoreWaits();
    }
}
