package io.gpuasync.backend.cuda;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;
import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.bench.spi.BenchWorkload;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The CUDA bench workload ({@link CudaBenchProvider}): calibrated memsets of a
 * buffer of 256 MiB or more ({@link CudaWork}) on a stream of its own in device 0's primary
 * context, held at a device-side gate ({@link CudaGate}) until {@link #release()}. That context
 * is made current on the thread that opens it, which is the thread that must queue the work.
 *
 * <p>One sample queues at most {@link #MOST_HELD} memsets behind the gate: a CUDA launch blocks
 * the launching thread once about a thousand operations are pending on its stream, and that is
 * the thread that would open the gate, so more would hang the bench. Work that would take more
 * memsets of the buffer gets a larger buffer first, between samples, while nothing is queued.
 *
 * <p>CUDA's own ways of waiting, what CUDA users write today: {@code cuStreamSynchronize}, an
 * event made with {@code CU_EVENT_BLOCKING_SYNC} and {@code cuEventSynchronize}, and
 * {@code cuLaunchHostFunc} completing a {@code CompletableFuture}; and where the driver exports
 * CUDA 13.2's {@code cuLaunchHostFunc_v2}, that with its host-task thread spinning
 * ({@code CU_HOST_TASK_SPINWAIT}) and blocking ({@code CU_HOST_TASK_BLOCKING}), which
 * {@link #describe()} otherwise says are absent. Each queues its call before the gate opens, so
 * what a call costs to queue is outside its figure, as the signal's is.
 */
final class CudaBenchWorkload implements BenchWorkload<CudaStream> {
    static final long BUFFER_BYTES = 256L << 20;
    /** The most memsets one sample queues behind the gate, well below where a launch blocks. */
    static final int MOST_HELD = 256;

    // Far beyond any sample's work: a host function that has not run by then never will.
    private static final Duration CALLBACK_BOUND = Duration.ofSeconds(30);

    private final CudaBackend cuda;
    private final CudaStream stream;
    // Replaced by a larger one where a sample's work would take more than MOST_HELD memsets.
    private CudaWork work;
    private Duration wholeBuffer;
    private final CudaGate gate;
    private final int mostHeld;
    private final boolean hostFuncV2;
    // Made on the first call of nativeWaits(): a workload not asked for them makes no event.
    private CudaBaselines.BlockingEvent event;
    private List<NativeWait> ownWaits;
    private boolean closed;

    private CudaBenchWorkload(CudaBackend cuda, CudaStream stream, CudaWork work, Duration wholeBuffer, CudaGate gate,
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
        CudaWork work = null;
        CudaGate gate = null;
        try {
            work = CudaWork.allocate(BUFFER_BYTES);
            Duration whole = work.calibrate(stream);
            gate = CudaGate.open(cuda);
            return new CudaBenchWorkload(cuda, stream, work, whole, gate, mostHeld, hostFuncV2);
        } catch (RuntimeException | Error e) {
            try {
                CudaBaselines.synchronize(stream);
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
        CudaWork larger;
        try {
            larger = work.withBuffer(bytes);
        } catch (GpuException e) {
            throw new GpuException(e.kind(), e.status(), duration + " of work takes " + memsets
                    + " memsets of the " + (work.bytes() >> 20) + " MiB buffer, and at most " + mostHeld + " can wait"
                    + " behind the bench's gate (a CUDA launch blocks once about a thousand operations are pending, and the"
                    + " thread that would open the gate is the one launching); a buffer of " + (bytes >> 20) + " MiB would"
                    + " hold it, and the device refused it: " + e.getMessage(), e);
        }
        CudaBaselines.synchronize(stream);
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
        if (ownWaits == null) {
            event = new CudaBaselines.BlockingEvent();
            ownWaits = hostFuncV2
                    ? List.of(new StreamSync(), new EventSync(), new HostFunc(-1), new HostFunc(Cuda.CU_HOST_TASK_SPINWAIT),
                            new HostFunc(Cuda.CU_HOST_TASK_BLOCKING))
                    : List.of(new StreamSync(), new EventSync(), new HostFunc(-1));
        }
        return ownWaits;
    }

    private final class StreamSync implements NativeWait {
        @Override
        public String name() {
            return "stream-sync";
        }

        @Override
        public String how() {
            return "cuStreamSynchronize (CU_CTX_SCHED_AUTO: spins while active contexts <= cores, else yields)";
        }

        @Override
        public void queue(Duration duration) {
            enqueue(duration);
        }

        @Override
        public void await() {
            CudaBaselines.synchronize(stream);
        }
    }

    private final class EventSync implements NativeWait {
        @Override
        public String name() {
            return "event-sync";
        }

        @Override
        public String how() {
            return "cuEventSynchronize on a CU_EVENT_BLOCKING_SYNC event";
        }

        @Override
        public void queue(Duration duration) {
            enqueue(duration);
            event.record(stream);
        }

        @Override
        public void await() {
            event.synchronize();
        }
    }

    // cuLaunchHostFunc (syncMode < 0), or cuLaunchHostFunc_v2 in that sync mode.
    private final class HostFunc implements NativeWait {
        private final int syncMode;
        private CompletableFuture<Void> callback;

        HostFunc(int syncMode) {
            this.syncMode = syncMode;
        }

        @Override
        public String name() {
            return switch (syncMode) {
                case Cuda.CU_HOST_TASK_SPINWAIT -> "host-func-spin";
                case Cuda.CU_HOST_TASK_BLOCKING -> "host-func-block";
                default -> "host-func";
            };
        }

        @Override
        public String how() {
            return switch (syncMode) {
                case Cuda.CU_HOST_TASK_SPINWAIT -> "cuLaunchHostFunc_v2, CU_HOST_TASK_SPINWAIT (the driver's thread spins for"
                        + " host tasks); a thread of ours completes a CompletableFuture";
                case Cuda.CU_HOST_TASK_BLOCKING -> "cuLaunchHostFunc_v2, CU_HOST_TASK_BLOCKING (the driver's thread blocks until"
                        + " a host task is ready); a thread of ours completes a CompletableFuture";
                default -> "cuLaunchHostFunc; a thread of ours completes a CompletableFuture";
            };
        }

        @Override
        public void queue(Duration duration) {
            enqueue(duration);
            callback = CudaBaselines.hostCallback(stream, CALLBACK_BOUND, syncMode);
        }

        @Override
        public void await() {
            callback.join();
        }

        // The driver's callback thread and the thread that completes the futures, as the
        // future row counts the dispatcher.
        @Override
        public long[] helperThreadIds() {
            return CudaBaselines.callbackThreadIds();
        }
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
     * event, the buffer, the gate and the stream.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            gate.close();
            CudaBaselines.synchronize(stream);
            if (event != null) {
                event.close();
            }
            work.close();
        } finally {
            cuda.destroyStream(stream);
        }
    }
}
