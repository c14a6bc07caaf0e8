package io.gpuasync.core;

/**
 * Receives the waits a {@link CompletionPort} finished or removed. Called on the thread that
 * polls the port; it may register and cancel waits on the same port.
 */
@FunctionalInterface
public interface CompletionHandler {
    /**
     * The wait named by {@code handle}, registered with {@code attachment}, ended; {@code word}
     * is the value its slot read when the port saw it reached (or, for a removed wait, when it
     * was removed). The handle is no longer registered; its low 32 bits, the entry index, are
     * in {@code [0, capacity)}, so a host may keep per-wait data in arrays of its own.
     */
    void completed(long handle, Object attachment, long word);

    /**
     * The wait named by {@code handle}, registered with {@code attachment}, is still pending at a
     * {@link CompletionPort#poll(CompletionHandler, long)} at or after its due time: returns when
     * it is next due ({@link DeadlineEstimator#UNKNOWN}: never, only a wake-up of the host brings
     * it back to the wait). Called at every such poll; the handler must not register or cancel
     * waits from here. The default: never due again.
     */
    default long duePassed(long handle, Object attachment, long nowNanos) {
        return DeadlineEstimator.UNKNOWN;
    }
}
