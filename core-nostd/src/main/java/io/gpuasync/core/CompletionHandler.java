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
     * The wait named by {@code handle} is still pending at the first {@link CompletionPort#poll(CompletionHandler, long)}
     * at or after the {@code wakeAtNanos} it was registered with: whoever woke for it woke before
     * its word landed. Called at most once per wait, never for a wait registered without an
     * estimate; the handler must not register or cancel waits from here. Does nothing unless
     * overridden.
     */
    default void wakeAtPassed(long handle, Object attachment) {
    }
}
