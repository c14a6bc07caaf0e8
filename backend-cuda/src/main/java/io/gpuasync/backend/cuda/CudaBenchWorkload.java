package io.gpuasync.backend.cuda;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BenchWorkload;

import java.time.Duration;

/**
 * The CUDA bench workload ({@link CudaProvider#openBenchWorkload()}): a calibrated memset of a
 * 256 MiB buffer ({@link CudaWork}), the work {@code gar bench --backend cuda} queues too, on a
 * stream of its own in device 0's primary context. That context is made current on the thread
 * that opens it, which is the thread that must queue the work.
 */
final class CudaBenchWorkload implements BenchWorkload<CudaStream> {
    static final long BUFFER_BYTES = 256L << 20;

    private final CudaBackend cuda;
    private final CudaStream stream;
    private final CudaWork work;
    private final Duration wholeBuffer;
    private boolean closed;

    private CudaBenchWorkload(CudaBackend cuda, CudaStream stream, CudaWork work, Duration wholeBuffer) {
        this.cuda = cuda;
        this.stream = stream;
        this.work = work;
        this.wholeBuffer = wholeBuffer;
    }

    /** Allocates and calibrates; a failure releases, in reverse order, what was acquired. */
    static CudaBenchWorkload open(CudaBackend cuda) {
        cuda.makePrimaryContextCurrent(0);
        CudaStream stream = cuda.createStream();
        CudaWork work = null;
        try {
            work = CudaWork.allocate(BUFFER_BYTES);
            return new CudaBenchWorkload(cuda, stream, work, work.calibrate(stream));
        } catch (RuntimeException | Error e) {
            try {
                CudaBaselines.synchronize(stream);
                if (work != null) {
                    work.close();
                }
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            } finally {
                cuda.destroyStream(stream);
            }
            throw e;
        }
    }

    @Override
    public Backend<CudaStream> backend() {
        return cuda;
    }

    @Override
    public CudaStream stream() {
        return stream;
    }

    @Override
    public void enqueue(Duration duration) {
        work.enqueue(stream, duration);
    }

    @Override
    public String describe() {
        return String.format(java.util.Locale.ROOT, "a calibrated cuMemsetD32Async of up to 256 MiB on a stream of device 0 "
                + "(the whole buffer takes %.1f us)", wholeBuffer.toNanos() / 1e3);
    }

    /** Waits for the queued work ({@code cuStreamSynchronize}), then frees the buffer and the stream. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            CudaBaselines.synchronize(stream);
            work.close();
        } finally {
            cuda.destroyStream(stream);
        }
    }
}
