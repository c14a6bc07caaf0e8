package io.gpuasync.backend.cuda.bench;

import io.gpuasync.api.GpuException;
import io.gpuasync.backend.cuda.CudaStream;
import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.backend.cuda.internal.CudaInternals;
import io.gpuasync.bench.spi.Baselines;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.bench.spi.CallbackRegistry;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * What CUDA users wait with today, for benchmarks side by side with lines:
 * {@code cuStreamSynchronize}, an event created with {@code CU_EVENT_BLOCKING_SYNC} and
 * {@code cuEventSynchronize}, and {@code cuLaunchHostFunc} completing a {@link CompletableFuture}
 * (bounded, and completed off the driver's thread), also as CUDA 13.2's
 * {@code cuLaunchHostFunc_v2} with its spin-wait or blocking host-task thread where the driver
 * exports it. Each queues its call behind the workload's work, before the gate opens, so what a
 * call costs to queue is outside its figure, as the signal's is.
 */
final class CudaBaselines implements Baselines {
    private static final CudaInternals INTERNALS = CudaInternals.get();
    // Far beyond any sample's work: a host function that has not run by then never will.
    private static final Duration CALLBACK_BOUND = Duration.ofSeconds(30);

    private final CudaStream stream;
    private final Consumer<Duration> enqueue;
    private final BlockingEvent event;
    private final List<BenchWorkload.NativeWait> waits;

    /**
     * The ways of waiting for work {@code enqueue} queues on {@code stream}, in the calling
     * thread's current context; the {@code cuLaunchHostFunc_v2} rows if {@code hostFuncV2}.
     */
    CudaBaselines(CudaStream stream, Consumer<Duration> enqueue, boolean hostFuncV2) {
        this.stream = stream;
        this.enqueue = enqueue;
        event = new BlockingEvent();
        waits = hostFuncV2
                ? List.of(new StreamSync(), new EventSync(), new HostFunc(-1), new HostFunc(Cuda.CU_HOST_TASK_SPINWAIT),
                        new HostFunc(Cuda.CU_HOST_TASK_BLOCKING))
                : List.of(new StreamSync(), new EventSync(), new HostFunc(-1));
    }

    @Override
    public List<BenchWorkload.NativeWait> waits() {
        return waits;
    }

    /** Frees the event; the work it was recorded behind is done. */
    @Override
    public void close() {
        event.close();
    }

    private final class StreamSync implements BenchWorkload.NativeWait {
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
            enqueue.accept(duration);
        }

        @Override
        public void await() {
            INTERNALS.synchronize(stream);
        }
    }

    private final class EventSync implements BenchWorkload.NativeWait {
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
            enqueue.accept(duration);
            event.record(stream);
        }

        @Override
        public void await() {
            event.synchronize();
        }
    }

    // cuLaunchHostFunc (syncMode < 0), or cuLaunchHostFunc_v2 in that sync mode.
    private final class HostFunc implements BenchWorkload.NativeWait {
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
            enqueue.accept(duration);
            callback = hostCallback(stream, CALLBACK_BOUND, syncMode);
        }

        @Override
        public void await() {
            callback.join();
        }

        // The driver's callback thread and the thread that completes the futures, as the
        // future row counts the dispatcher.
        @Override
        public long[] helperThreadIds() {
            return callbackThreadIds();
        }
    }

    /** An event a thread waits on by sleeping ({@code CU_EVENT_BLOCKING_SYNC}). */
    static final class BlockingEvent implements AutoCloseable {
        private final MemorySegment event;

        /** A new event in the calling thread's current context. */
        BlockingEvent() {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment pointer = arena.allocate(Cuda.C_POINTER);
                INTERNALS.statusNames().check(Cuda.cuEventCreate(pointer, Cuda.CU_EVENT_BLOCKING_SYNC | Cuda.CU_EVENT_DISABLE_TIMING),
                        "cuEventCreate(BLOCKING_SYNC | DISABLE_TIMING)");
                event = pointer.get(ValueLayout.ADDRESS, 0);
            } catch (LineException e) {
                throw e.toGpuException("creating an event");
            }
        }

        /** Records the event behind {@code stream}'s work. */
        void record(CudaStream stream) {
            int status = Cuda.cuEventRecord(event, MemorySegment.ofAddress(stream.handle()));
            if (status != Cuda.CUDA_SUCCESS) {
                throw INTERNALS.statusNames().failure(status, "cuEventRecord").toGpuException("recording an event");
            }
        }

        /** Blocks until the event's work is done ({@code cuEventSynchronize}). */
        void synchronize() {
            int status = Cuda.cuEventSynchronize(event);
            if (status != Cuda.CUDA_SUCCESS) {
                throw INTERNALS.statusNames().failure(status, "cuEventSynchronize").toGpuException("synchronizing an event");
            }
        }

        @Override
        public void close() {
            Cuda.cuEventDestroy_v2(event);
        }
    }

    // Each pending callback's future and its bound, by the id passed as the host function's
    // user data. An entry leaves when its function runs or its bound passes, whichever is
    // first: ids are never reused, so a function that runs late finds nothing.
    private static final CallbackRegistry<CompletableFuture<Void>> CALLBACKS = new CallbackRegistry<>();
    // The driver's callback thread, as last seen by a host function (0 before the first).
    private static volatile long callbackThreadId;

    // Completes the futures and fails the late ones: never the driver's callback thread, on
    // which a dependent stage that waits for later CUDA work would deadlock the stream (cuda.h
    // forbids CUDA calls there), and which must not be held up by the user's stages.
    // The completer's thread, once made (0 before): set by its factory, outside the holder's
    // initialization, which its first task would otherwise wait for.
    private static volatile long completerThreadId;

    private static final class Completer {
        static final ScheduledThreadPoolExecutor EXECUTOR = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "gar-cuda-host-callbacks");
            thread.setDaemon(true);
            completerThreadId = thread.threadId();
            return thread;
        });

        static {
            EXECUTOR.setRemoveOnCancelPolicy(true);
        }
    }

    private static final class Upcall {
        static final MemorySegment STUB;

        static {
            try {
                STUB = Linker.nativeLinker().upcallStub(
                        MethodHandles.lookup().findStatic(CudaBaselines.class, "onHost",
                                MethodType.methodType(void.class, MemorySegment.class)),
                        FunctionDescriptor.ofVoid(ValueLayout.ADDRESS), Arena.global());
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    // Runs on the driver's callback thread: hands the completion over and returns. An exception
    // escaping an upcall ends the JVM, so nothing may escape.
    private static void onHost(MemorySegment userData) {
        try {
            callbackThreadId = Thread.currentThread().threadId();
            CompletableFuture<Void> pending = CALLBACKS.take(userData.address());
            if (pending != null) {
                Completer.EXECUTOR.execute(() -> pending.complete(null));
            }
        } catch (Throwable ignored) {
            // Nothing to tell, and no way to tell it from a driver thread.
        }
    }

    /**
     * A future completed once a host function the driver runs behind {@code stream}'s work
     * queued so far has run: the callback model, as users write it. The function is queued with
     * {@code cuLaunchHostFunc} for a negative {@code syncMode}, else with
     * {@code cuLaunchHostFunc_v2} in it ({@code CU_HOST_TASK_SPINWAIT}: the driver's thread
     * spins for host tasks; {@code CU_HOST_TASK_BLOCKING}: it blocks), only where the driver
     * exports it ({@link #hostFuncV2}). It completes on a thread of its own
     * ({@code gar-cuda-host-callbacks}), never the driver's, so its dependent stages may use CUDA.
     * If the function has not run within {@code bound} (the driver never runs one once the
     * context failed), the future fails with {@link GpuException.Kind#TIMED_OUT} and its entry
     * is dropped.
     *
     * @throws IllegalArgumentException if {@code bound} is not positive
     */
    static CompletableFuture<Void> hostCallback(CudaStream stream, Duration bound, int syncMode) {
        Objects.requireNonNull(stream, "stream");
        if (bound.isNegative() || bound.isZero()) {
            throw new IllegalArgumentException("a host callback's bound must be positive, got " + bound);
        }
        CompletableFuture<Void> future = new CompletableFuture<>();
        long id = CALLBACKS.register(future);
        ScheduledFuture<?> timeout = Completer.EXECUTOR.schedule(() -> {
            if (CALLBACKS.take(id) != null) {
                future.completeExceptionally(new GpuException(GpuException.Kind.TIMED_OUT, "the host function queued"
                        + " on " + stream + " did not run within " + bound + " (the driver never runs one once the"
                        + " context has failed)"));
            }
        }, bound.toNanos(), TimeUnit.NANOSECONDS);
        // However it completes, its bound is no longer needed.
        future.whenComplete((done, failed) -> timeout.cancel(false));
        MemorySegment on = MemorySegment.ofAddress(stream.handle());
        try {
            if (syncMode < 0) {
                INTERNALS.statusNames().check(Cuda.cuLaunchHostFunc(on, Upcall.STUB, MemorySegment.ofAddress(id)),
                        "cuLaunchHostFunc");
            } else {
                INTERNALS.statusNames().check(Cuda.cuLaunchHostFunc_v2(on, Upcall.STUB, MemorySegment.ofAddress(id), syncMode),
                        "cuLaunchHostFunc_v2(syncMode " + syncMode + ")");
            }
        } catch (LineException e) {
            CALLBACKS.take(id);
            future.completeExceptionally(e.toGpuException("launching a host function"));
        }
        return future;
    }

    /** Whether the driver exports CUDA 13.2's {@code cuLaunchHostFunc_v2}. */
    static boolean hostFuncV2() {
        return Cuda.has(Cuda.F_cuLaunchHostFunc_v2);
    }

    /** How many host callbacks are waiting for their function or their bound. */
    static int pendingCallbacks() {
        return CALLBACKS.pending();
    }

    /**
     * The threads a host callback costs CPU on, for a benchmark's accounting: the driver's
     * callback thread as last seen and the thread that completes the futures (each 0 until it
     * has been seen).
     */
    static long[] callbackThreadIds() {
        return new long[] {callbackThreadId, completerThreadId};
    }
}
