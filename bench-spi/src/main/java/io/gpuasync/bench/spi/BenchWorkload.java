package io.gpuasync.bench.spi;

import io.gpuasync.api.Backend;
import io.gpuasync.api.Line;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Device work of a chosen duration on one stream of a backend, which is all {@code gar bench}
 * needs to measure every way of waiting on that backend: it queues {@link #enqueue(Duration)},
 * signals a line behind it, and times the waiter. A backend's bench module offers one through a
 * {@link BenchProvider}.
 *
 * <p>Two ways to start the clock. A workload that {@linkplain #holdsWork() holds its work} queues
 * it behind a gate on the device, which {@link #release()} opens: the bench queues the work, the
 * signal or the backend's own completion call, takes its snapshots, then starts the clock and
 * opens the gate, so what the queueing calls cost stays out of every figure alike. Any other
 * workload's work starts as it is queued, and the clock starts before it is queued.
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
     * signal queued after it lands when the work is done. Where the workload
     * {@linkplain #holdsWork() holds its work}, the work waits at a gate for {@link #release()}.
     */
    void enqueue(Duration work);

    /**
     * Whether the work {@link #enqueue} queues waits at a gate until {@link #release()}. False
     * by default: the work starts when it is queued.
     */
    default boolean holdsWork() {
        return false;
    }

    /** Opens the gate the work queued so far waits at, with one store; nothing by default. */
    default void release() {
    }

    /**
     * Whether the device stamps the host's clock when a work ends ({@link #lastEnd()}): a device
     * played by a host thread can, a GPU cannot. False by default.
     */
    default boolean stampsEnd() {
        return false;
    }

    /**
     * The {@link System#nanoTime()} at which the last released work ended, stamped on the device
     * just before whatever is queued behind it; read once a signal behind that work landed.
     *
     * @throws UnsupportedOperationException where the workload does not {@linkplain #stampsEnd() stamp}
     */
    default long lastEnd() {
        throw new UnsupportedOperationException("this workload's device cannot stamp the host's clock");
    }

    /**
     * Runs {@code task} on the host thread that plays the device, returning once it ran, and
     * returns true; returns false and runs nothing where the device is a processor of its own
     * (the default). The bench pins that thread to a core of its own with it, and reads its CPU
     * time apart from the waiter's.
     */
    default boolean onDeviceThread(Runnable task) {
        return false;
    }

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
     * One of the backend's own ways of waiting, in two steps so that the bench can start its
     * clock between them: {@link #queue} queues the work (as {@link #enqueue} does, behind the
     * same gate) and this way's own completion mechanism; {@link #await} blocks the calling
     * thread until that work is done, learnt this way and no other. Used by one thread at a
     * time, {@code queue} then {@code await}, without allocating in between where it can.
     */
    interface NativeWait {
        /** A short name for the report's row: "cb-wait". */
        String name();

        /** What the row measures, naming the backend's calls: "[cb waitUntilCompleted]". */
        String how();

        /**
         * Queues about {@code work} of device work and this way's completion mechanism.
         *
         * @throws io.gpuasync.api.GpuException if the backend refuses the work
         */
        void queue(Duration work);

        /**
         * Returns once the work {@link #queue} queued is done, learnt this way.
         *
         * @throws io.gpuasync.api.GpuException if the backend reports the work failed
         */
        void await();

        /**
         * The threads besides the waiter that this way costs CPU on (a driver's callback
         * thread, the thread completing its futures), by {@link Thread#threadId()}, 0 for one
         * not seen yet. None by default.
         */
        default long[] helperThreadIds() {
            return new long[0];
        }

        /**
         * A row named {@code name}, measuring {@code how}, for a workload that does not
         * {@linkplain BenchWorkload#holdsWork() hold its work}: {@code queueAndWait} queues the
         * work and waits for it in one call, which {@link #await} makes (the clock spans both).
         */
        static NativeWait of(String name, String how, Consumer<Duration> queueAndWait) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(how, "how");
            Objects.requireNonNull(queueAndWait, "queueAndWait");
            return new NativeWait() {
                private Duration work;

                @Override
                public String name() {
                    return name;
                }

                @Override
                public String how() {
                    return how;
                }

                @Override
                public void queue(Duration work) {
                    this.work = work;
                }

                @Override
                public void await() {
                    queueAndWait.accept(work);
                }
            };
        }
    }
}
