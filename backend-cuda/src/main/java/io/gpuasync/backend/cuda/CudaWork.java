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
     * Times whole-buffer memsets on {@code stream} (each alone on the device, synchronized), and
     * from their median sets how many words a given duration takes.
     *
     * @return the time one memset of the whole buffer takes
     */
    public Duration calibrate(CudaStream stream) {
        long[] samples = new long[7];
        for (int i = 0; i < samples.length; i++) {
            long start = System.nanoTime();
            enqueueWords(stream, words);
            CudaBaselines.synchronize(stream);
            samples[i] = System.nanoTime() - start;
        }
        Arrays.sort(samples);
        nanosPerWord = (double) samples[samples.length / 2] / words;
        return Duration.ofNanos(samples[samples.length / 2]);
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
