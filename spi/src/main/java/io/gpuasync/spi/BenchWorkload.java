package io.gpuasync.spi;

import io.gpuasync.api.Backend;
import io.gpuasync.api.Line;

import java.time.Duration;
import java.util.List;

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

    /**
     * The backend's own ways of waiting for device work, which {@code gar bench} measures beside
     * the line's plans on the same work: what a user of this backend writes today without a
     * line ({@code cuStreamSynchronize}, Metal's {@code waitUntilCompleted}...). None by default.
     * They belong to this workload: valid until {@link #close()}, which releases what they hold.
     */
    default List<NativeWait> nativeWaits() {
        return List.of();
    }

    /**
     * One of the backend's own ways of waiting: it queues the work and its own completion
     * mechanism on {@link #stream()}, then blocks the calling thread until the work is done, in
     * that way and no other. Used by one thread at a time.
     */
    interface NativeWait {
        /** A short name for the report's row, at most 11 characters: "cb-wait". */
        String name();

        /** What the row measures, naming the backend's calls: "[cb waitUntilCompleted]". */
        String how();

        /**
         * Queues about {@code work} of device work as {@link #enqueue(Duration)} does, and
         * returns once it is done, learnt this way.
         *
         * @throws io.gpuasync.api.GpuException if the backend reports the work failed
         */
        void queueAndWait(Duration work);

        /** A row named {@code name}, measuring {@code how}, that waits with {@code queueAndWait}. */
        static NativeWait of(String name, String how, java.util.function.Consumer<Duration> queueAndWait) {
            java.util.Objects.requireNonNull(name, "name");
            java.util.Objects.requireNonNull(how, "how");
            java.util.Objects.requireNonNull(queueAndWait, "queueAndWait");
            return new NativeWait() {
                @Override
                public String name() {
                    return name;
                }

                @Override
                public String how() {
                    return how;
                }

                @Override
                public void queueAndWait(Duration work) {
                    queueAndWait.accept(work);
                }
            };
        }
    }
}
