package io.gpuasync.backend.cuda;

import io.gpuasync.api.GpuException;
import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.backend.cuda.internal.CudaInternals;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.function.LongUnaryOperator;

/**
 * Device work of a chosen duration, for benchmarks and the conformance suite: a memset
 * ({@code cuMemsetD32Async}) of a device buffer, sized by a calibration that times memsets on
 * the device at hand. No kernel and no compiler: it runs wherever the driver does.
 */
final class CudaWork implements CudaInternals.Work {
    private static final int WORD = 4;
    /** A calibration batch takes at least this long, so that its one round trip is a small part of it. */
    static final long BATCH_NANOS = 5_000_000;
    /** The most memsets one calibration batch queues, for a device far faster than its buffer. */
    static final long MAX_BATCH = 1 << 14;
    /** Batches of one size timed before it is taken as long enough; the fastest counts. */
    static final int ROUNDS = 3;
    /** The most work one {@link #enqueue} queues: a bound on what a miscalibration could pile up. */
    public static final Duration MAX_WORK = Duration.ofSeconds(2);

    private final long buffer;
    private final long words;
    private double nanosPerWord;

    private CudaWork(long buffer, long words) {
        this.buffer = buffer;
        this.words = words;
    }

    /**
     * A buffer of {@code bytes} in the calling thread's current context, with this work's
     * calibration: a memset's time grows with its words alike in a larger buffer. This work's
     * own buffer is the caller's to close.
     */
    @Override
    public CudaWork withBuffer(long bytes) {
        CudaWork larger = allocate(bytes);
        larger.nanosPerWord = nanosPerWord;
        return larger;
    }

    @Override
    public long bytes() {
        return words * WORD;
    }

    /** How many memsets {@link #enqueue} queues for {@code duration}: one per buffer's worth. */
    @Override
    public long memsetsFor(Duration duration) {
        long needed = wordsFor(duration);
        return (needed + words - 1) / words;
    }

    /** A buffer of {@code bytes} in the calling thread's current context. */
    public static CudaWork allocate(long bytes) {
        if (bytes < WORD) {
            throw new IllegalArgumentException("a work buffer needs at least 4 bytes, got " + bytes);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pointer = arena.allocate(Cuda.C_LONG_LONG);
            CudaDriver.check(Cuda.cuMemAlloc_v2(pointer, bytes), "cuMemAlloc(" + bytes + ")");
            return new CudaWork(pointer.get(ValueLayout.JAVA_LONG, 0), bytes / WORD);
        } catch (LineException e) {
            throw e.toGpuException("allocating a work buffer");
        }
    }

    /**
     * Times whole-buffer memsets on {@code stream} and from them sets how many words a given
     * duration takes. See {@link #calibrateMemset} for why the figure holds on a slow fake
     * driver and on a fast GPU alike.
     *
     * @return the time one memset of the whole buffer takes on the device
     */
    @Override
    public Duration calibrate(CudaStream stream) {
        long perMemset = calibrateMemset(count -> timeMemsets(stream, count));
        nanosPerWord = (double) perMemset / words;
        return Duration.ofNanos(perMemset);
    }

    private long timeMemsets(CudaStream stream, long count) {
        long start = System.nanoTime();
        for (long i = 0; i < count; i++) {
            enqueueWords(stream, words);
        }
        CudaDriver.synchronize(stream);
        return System.nanoTime() - start;
    }

    /**
     * The time of one whole-buffer memset, from {@code batch}, which queues that many memsets
     * (none: only the synchronize), waits for them and returns the nanoseconds it took.
     *
     * <p>A batch is timed whole, never as a difference of two noisy timings: a slope (17
     * memsets less one, over 16) taken on a loaded machine, where one late wake-up can take
     * longer than the whole batch, can come out near zero (it was clamped to a nanosecond), and
     * work "calibrated" from it piled up far past the conformance suite's settle bound on the
     * fake driver. Here the batch doubles until even the fastest of {@link #ROUNDS} batches of
     * that size takes {@link #BATCH_NANOS} beyond the round trip of an idle synchronize, so
     * one stalled batch can neither end the search early nor set the figure, and the round trip
     * (most of a single memset's time on a fast GPU) is a small part. Load only ever adds time,
     * and the idle round trip is the least any batch's own can be, so the figure never
     * understates a memset: work queued from it errs short instead of piling up. Bounded: at
     * most {@link #MAX_BATCH} memsets a batch, {@link #ROUNDS} batches of the final size.
     */
    static long calibrateMemset(LongUnaryOperator batch) {
        long roundTrip = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            roundTrip = Math.min(roundTrip, batch.applyAsLong(0));
        }
        long count = 1;
        while (true) {
            long fastest = Long.MAX_VALUE;
            for (int round = 0; round < ROUNDS && fastest - roundTrip >= BATCH_NANOS; round++) {
                fastest = Math.min(fastest, batch.applyAsLong(count));
            }
            if (fastest - roundTrip >= BATCH_NANOS || count >= MAX_BATCH) {
                return Math.max(1, (fastest - roundTrip) / count);
            }
            count *= 2;
        }
    }

    /**
     * Queues on {@code stream} memsets that take about {@code duration} (several, if the buffer
     * is too small for one).
     *
     * @throws IllegalStateException before {@link #calibrate}
     * @throws IllegalArgumentException for a duration that is not positive or is over
     *         {@link #MAX_WORK}, which would hold the device longer than any test or sample needs
     */
    @Override
    public void enqueue(CudaStream stream, Duration duration) {
        long left = wordsFor(duration);
        while (left > 0) {
            long now = Math.min(left, words);
            enqueueWords(stream, now);
            left -= now;
        }
    }

    /** How many words of memset {@code duration} of work is: at least one, at most {@link #MAX_WORK}'s worth. */
    long wordsFor(Duration duration) {
        if (nanosPerWord == 0) {
            throw new IllegalStateException("calibrate the work on a stream first");
        }
        if (duration.isNegative() || duration.isZero() || duration.compareTo(MAX_WORK) > 0) {
            throw new IllegalArgumentException("work of " + duration + " asked for; it must be positive and at most "
                    + MAX_WORK);
        }
        return Math.max(1, (long) (duration.toNanos() / nanosPerWord));
    }

    private void enqueueWords(CudaStream stream, long count) {
        int status = Cuda.cuMemsetD32Async(buffer, 0x5A5A5A5A, count, stream.segment());
        if (status != Cuda.CUDA_SUCCESS) {
            throw CudaDriver.failure(status, "cuMemsetD32Async(" + count + " words)").toGpuException("queueing work");
        }
    }

    /** Frees the buffer ({@code cuMemFree}); the work queued on it must be done. */
    @Override
    public void close() {
        int status = Cuda.cuMemFree_v2(buffer);
        if (status != Cuda.CUDA_SUCCESS) {
            throw new GpuException(GpuException.Kind.DRIVER_STATUS, status,
                    CudaStatus.NAMES.describe("cuMemFree", status), null);
        }
    }
}
