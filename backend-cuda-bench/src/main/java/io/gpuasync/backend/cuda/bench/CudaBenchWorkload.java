package io.gpuasync.backend.cuda.bench;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;
import io.gpuasync.backend.cuda.CudaBackend;
import io.gpuasync.backend.cuda.CudaStream;
import io.gpuasync.backend.cuda.internal.CudaInternals;
import io.gpuasync.backend.cuda.internal.CudaInternals.Gate;
import io.gpuasync.backend.cuda.internal.CudaInternals.Work;
import io.gpuasync.bench.spi.BenchWorkload;

import java.time.Duration;
import java.util.List;

/**
 * The CUDA bench workload ({@link CudaBenchProvider}): calibrated memsets of a
 * buffer of 256 MiB or more ({@link Work}) on a stream of its own in device 0's primary
 * context, held at a device-side gate ({@link Gate}) until {@link #release()}. That context
 * is made current on the thread that opens it, which is the thread that must queue the work.
 *
 * <p>One sample queues at most {@link #MOST_HELD} memsets behind the gate: a CUDA launch blocks
 * the launching thread once about a thousand operations are pending on its stream, and that is
 * the thread that would open the gate, so more would hang the bench. Work that would take more
 * memsets of the buffer gets a larger buffer first, between samples, while nothing is queued.
 *
 * <p>CUDA's own ways of waiting are {@link CudaBaselines}, made on the first call of
 * {@link #nativeWaits()} and closed with the workload; where the driver does not export CUDA
 * 13.2's {@code cuLaunchHostFunc_v2}, {@link #describe()} says its rows are absent.
 */
final class CudaBenchWorkload implements BenchWorkload<CudaStream> {
    static final long BUFFER_BYTES = 256L << 20;
    /** The most memsets one sample queues behind the gate, well below where a launch blocks. */
    static final int MOST_HELD = 256;

    private static final CudaInternals INTERNALS = CudaInternals.get();

    private final CudaBackend cuda;
    private final CudaStream stream;
    // Replaced by a larger one where a sample's work would take more than MOST_HELD memsets.
    private Work work;
    private Duration wholeBuffer;
    private final Gate gate;
    private final int mostHeld;
    private final boolean hostFuncV2;
    // Made on the first call of nativeWaits(): a workload not asked for them makes no event.
    private CudaBaselines baselines;
    private boolean closed;

    private CudaBenchWorkload(CudaBackend cuda, CudaStream stream, Work work, Duration wholeBuffer, Gate gate,
                              int mostHeld, boolean hostFuncV2) {
        this.cuda = cuda;
        this.stream = stream;
        this.work = work;
        this.wholeBuffer = wholeBuffer;
        this.gate = gate;
        this.mostHeld = mostHeld;
        this.hostFuncV2 = hostFuncV2;
    }

    /** Allocates and calibrates; a failure releases, in reverse order, what was acquired. */
    static CudaBenchWorkload open(CudaBackend cuda) {
        return open(cuda, MOST_HELD, CudaBaselines.hostFuncV2());
    }

    /**
     * As {@link #open(CudaBackend)}, queueing at most {@code mostHeld} memsets a sample, and
     * offering the {@code cuLaunchHostFunc_v2} rows if {@code hostFuncV2}.
     */
    static CudaBenchWorkload open(CudaBackend cuda, int mostHeld, boolean hostFuncV2) {
        cuda.makePrimaryContextCurrent(0);
        CudaStream stream = cuda.createStream();
        Work work = null;
        Gate gate = null;
        try {
            work = INTERNALS.allocateWork(BUFFER_BYTES);
            Duration whole = work.calibrate(stream);
            gate = INTERNALS.openGate(cuda);
            return new CudaBenchWorkload(cuda, stream, work, whole, gate, mostHeld, hostFuncV2);
        } catch (RuntimeException | Error e) {
            try {
                INTERNALS.synchronize(stream);
                if (work != null) {
                    work.close();
                }
                if (gate != null) {
                    gate.close();
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
        long memsets = work.memsetsFor(duration);
        if (memsets > mostHeld) {
            growFor(duration, memsets);
        }
        gate.hold(stream);
        work.enqueue(stream, duration);
    }

    // A buffer large enough that the work takes mostHeld memsets at most. Between samples: the
    // stream's earlier work is waited for before its buffer goes.
    private void growFor(Duration duration, long memsets) {
        long perMemset = (work.bytes() * memsets + mostHeld - 1) / mostHeld;
        long bytes = (perMemset + (1L << 20) - 1) & -(1L << 20);
        Work larger;
        try {
            larger = work.withBuffer(bytes);
        } catch (GpuException e) {
            throw new GpuException(e.kind(), e.status(), duration + " of work takes " + memsets
                    + " memsets of the " + (work.bytes() >> 20) + " MiB buffer, and at most " + mostHeld + " can wait"
                    + " behind the bench's gate (a CUDA launch blocks once about a thousand operations are pending, and the"
                    + " thread that would open the gate is the one launching); a buffer of " + (bytes >> 20) + " MiB would"
                    + " hold it, and the device refused it: " + e.getMessage(), e);
        }
        INTERNALS.synchronize(stream);
        work.close();
        wholeBuffer = wholeBuffer.multipliedBy(bytes).dividedBy(Math.max(1, work.bytes()));
        work = larger;
    }

    @Override
    public boolean holdsWork() {
        return true;
    }

    @Override
    public void release() {
        gate.open();
    }

    @Override
    public List<NativeWait> nativeWaits() {
        if (baselines == null) {
            baselines = new CudaBaselines(stream, this::enqueue, hostFuncV2);
        }
        return baselines.waits();
    }

    @Override
    public String describe() {
        return String.format(java.util.Locale.ROOT, "a calibrated cuMemsetD32Async of up to %d MiB on a stream of device 0 "
                + "(the whole buffer takes %.1f us; at most %d memsets a sample)%s", work.bytes() >> 20, wholeBuffer.toNanos() / 1e3,
                mostHeld, hostFuncV2 ? "" : "; cuLaunchHostFunc_v2 (CUDA 13.2: host functions on a spin-waiting or blocking"
                        + " driver thread) is not exported by this driver, so its rows host-func-spin and host-func-block are absent");
    }

    /**
     * Opens the gate and waits for the queued work ({@code cuStreamSynchronize}), then frees the
     * baselines' event, the buffer, the gate and the stream.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            gate.close();
            INTERNALS.synchronize(stream);
            if (baselines != null) {
                baselines.close();
            }
            work.close();
        } finally {
            cuda.destroyStream(stream);
        }
    }
}
