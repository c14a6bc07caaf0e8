package io.gpuasync.core;

/**
 * Receives the waits a {@link CompletionPort} finished or removed. Called on the thread that
 * polls the port; it may register and cancel waits on the same port.
 */
@FunctionalInterface
public interface CompletionHandler {
    /**
     * The wait registered with {@code attachment} ended; {@code word} is the value its slot read
     * when the port saw it reached (or, for a removed wait, when it was removed).
     */
    void completed(Object attachment, long word);
}
