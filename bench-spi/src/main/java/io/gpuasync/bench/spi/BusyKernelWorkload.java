package io.gpuasync.bench.spi;

import io.gpuasync.api.Backend;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.LongConsumer;

/**
 * A workload whose work is a backend's {@linkplain BusyWork calibrated busy kernel} on one
 * stream, started as it is queued; its own ways of waiting made on the first
 * {@link #nativeWaits()} and closed with it.
 *
 * <p>Why one class: a backend with a busy kernel needs nothing of its own here but how to queue
 * the kernel, its baselines and how to release the stream.
 *
 * @param <S> the backend's stream type
 */
public final class BusyKernelWorkload<S> implements BenchWorkload<S> {
    private final Backend<S> backend;
    private final S stream;
    private final BusyWork work;
    private final LongConsumer enqueueIterations;
    private final String description;
    private final Function<BusyWork, Baselines> makeBaselines;
    private final Runnable release;
    // Made on the first call of nativeWaits(): a workload not asked for them holds nothing for them.
    private Baselines baselines;

    /**
     * The kernel queued by {@code enqueueIterations} on {@code stream} of {@code backend}, at the
     * rate of {@code work}; {@code makeBaselines} makes the backend's own ways of waiting, and
     * {@code release} releases the stream once they are closed.
     */
    public BusyKernelWorkload(Backend<S> backend, S stream, BusyWork work, LongConsumer enqueueIterations,
                              String description, Function<BusyWork, Baselines> makeBaselines, Runnable release) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.stream = Objects.requireNonNull(stream, "stream");
        this.work = Objects.requireNonNull(work, "work");
        this.enqueueIterations = Objects.requireNonNull(enqueueIterations, "enqueueIterations");
        this.description = Objects.requireNonNull(description, "description");
        this.makeBaselines = Objects.requireNonNull(makeBaselines, "makeBaselines");
        this.release = Objects.requireNonNull(release, "release");
    }

    @Override
    public Backend<S> backend() {
        return backend;
    }

    @Override
    public S stream() {
        return stream;
    }

    /** The kernel's calibration. */
    public BusyWork work() {
        return work;
    }

    @Override
    public void enqueue(Duration duration) {
        enqueueIterations.accept(work.iterationsFor(duration));
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public List<NativeWait> nativeWaits() {
        if (baselines == null) {
            baselines = makeBaselines.apply(work);
        }
        return baselines.waits();
    }

    /** Closes the baselines, then releases the stream, even if closing them failed. */
    @Override
    public void close() {
        try {
            if (baselines != null) {
                baselines.close();
            }
        } finally {
            release.run();
        }
    }
}
