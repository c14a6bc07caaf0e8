package io.gpuasync.spi;

import io.gpuasync.api.Backend;
import io.gpuasync.api.Line;

import java.time.Duration;

/**
 * Device work of a chosen duration on one stream of a backend, which is all {@code gar bench}
 * needs to measure every way of waiting on that backend: it queues {@link #enqueue(Duration)},
 * signals a line behind it, and times the waiter. A backend offers one through
 * {@link BackendProvider#openBenchWorkload()}.
 *
 * <p>Used by one thread at a time. Closing it releases its stream and whatever device memory
 * the work needed; lines opened on {@link #backend()} are the caller's to close first.
 *
 * @param <S> the backend's stream type
 */
public interface BenchWorkload<S> extends AutoCloseable {

    /** The backend whose lines the signals go to. */
    Backend<S> backend();

    /** The stream the work and the signals are queued on, in the backend's current domain. */
    S stream();

    /**
     * Queues work that keeps the device busy for about {@code work} on {@link #stream()}; a
     * signal queued after it lands when the work is done.
     */
    void enqueue(Duration work);

    /** What the work is, for the report: "busy spin on a simulated stream", "memset of 256 MiB". */
    String describe();

    /** Releases the stream and the work's memory. */
    @Override
    void close();

    /** Opens a line on {@link #backend()}: the default is {@link Backend#openLine()}. */
    default Line<S> openLine() {
        return backend().openLine();
    }
}
