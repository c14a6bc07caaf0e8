package io.gpuasync.backend.cuda;

import io.gpuasync.api.GpuException;
import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.Arrays;

/**
 * Device work of a chosen duration, for benchmarks and the conformance suite: a memset
 * ({@code cuMemsetD32Async}) of a device buffer, sized by a calibration that times memsets on
 * the device at hand. No kernel and no compiler: it runs wherever the driver does.
 */
public final class CudaWork implements AutoCloseable {
    private static final int WORD = 4;

    private final long buffer;
    private final long words;
    private double nanosPerWord;

    private CudaWork(long buffer, long words) {
        this.buffer = buffer;
        this.words = words;
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
     * duration takes. One memset with its synchronize is mostly the host's round trip on a fast
     * device (a 4 MiB memset fills an H200's cache in about a microsecond), so the figure is a
     * slope: the time of 17 memsets in a row less the time of one, over 16, median of five.
     *
     * @return the time one memset of the whole buffer takes on the device
     */
    public Duration calibrate(CudaStream stream) {
        long[] slopes = new long[5];
        for (int i = 0; i < slopes.length; i++) {
            long one = timeMemsets(stream, 1);
            long seventeen = timeMemsets(stream, 17);
            slopes[i] = Math.max(1, (seventeen - one) / 16);
        }
        Arrays.sort(slopes);
        long perMemset = slopes[slopes.length / 2];
        nanosPerWord = (double) perMemset / words;
        return Duration.ofNanos(perMemset);
    }

    private long timeMemsets(CudaStream stream, int count) {
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            enqueueWords(stream, words);
        }
        CudaBaselines.synchronize(stream);
        return System.nanoTime() - start;
    }

    /**
     * Queues on {@code stream} memsets that take about {@code duration} (several, if the buffer
     * is too small for one).
     *
     * @throws IllegalStateException before {@link #calibrate}
     */
    public void enqueue(CudaStream stream, Duration duration) {
        if (nanosPerWord == 0) {
            throw new IllegalStateException("calibrate the work on a stream first");
        }
        long left = Math.max(1, (long) (duration.toNanos() / nanosPerWord));
        while (left > 0) {
            long now = Math.min(left, words);
            enqueueWords(stream, now);
            left -= now;
        }
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
                    CudaStatus.describe("cuMemFree", status), null);
        }
    }
}
