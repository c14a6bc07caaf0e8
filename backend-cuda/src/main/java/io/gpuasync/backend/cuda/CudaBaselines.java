package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What CUDA users wait with today, for benchmarks side by side with lines:
 * {@code cuStreamSynchronize}, an event created with {@code CU_EVENT_BLOCKING_SYNC} and
 * {@code cuEventSynchronize}, and {@code cuLaunchHostFunc} completing a {@link CompletableFuture}.
 */
public final class CudaBaselines {
    private CudaBaselines() {
    }

    /** Blocks until {@code stream}'s work is done ({@code cuStreamSynchronize}). */
    public static void synchronize(CudaStream stream) {
        int status = Cuda.cuStreamSynchronize(stream.segment());
        if (status != Cuda.CUDA_SUCCESS) {
            throw CudaDriver.failure(status, "cuStreamSynchronize(" + stream + ")").toGpuException("synchronizing a stream");
        }
    }

    /** An event a thread waits on by sleeping ({@code CU_EVENT_BLOCKING_SYNC}). */
    public static final class BlockingEvent implements AutoCloseable {
        private final MemorySegment event;

        /** A new event in the calling thread's current context. */
        public BlockingEvent() {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment pointer = arena.allocate(Cuda.C_POINTER);
                CudaDriver.check(Cuda.cuEventCreate(pointer, Cuda.CU_EVENT_BLOCKING_SYNC | Cuda.CU_EVENT_DISABLE_TIMING),
                        "cuEventCreate(BLOCKING_SYNC | DISABLE_TIMING)");
                event = pointer.get(ValueLayout.ADDRESS, 0);
            } catch (LineException e) {
                throw e.toGpuException("creating an event");
            }
        }

        /** Records the event behind {@code stream}'s work. */
        public void record(CudaStream stream) {
            int status = Cuda.cuEventRecord(event, stream.segment());
            if (status != Cuda.CUDA_SUCCESS) {
                throw CudaDriver.failure(status, "cuEventRecord").toGpuException("recording an event");
            }
        }

        /** Blocks until the event's work is done ({@code cuEventSynchronize}). */
        public void synchronize() {
            int status = Cuda.cuEventSynchronize(event);
            if (status != Cuda.CUDA_SUCCESS) {
                throw CudaDriver.failure(status, "cuEventSynchronize").toGpuException("synchronizing an event");
            }
        }

        @Override
        public void close() {
            Cuda.cuEventDestroy_v2(event);
        }
    }

    private static final Map<Long, CompletableFuture<Void>> CALLBACKS = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT = new AtomicLong(1);

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

    // Runs on the driver's callback thread. An exception escaping an upcall ends the JVM, so
    // nothing may escape.
    private static void onHost(MemorySegment userData) {
        try {
            CompletableFuture<Void> future = CALLBACKS.remove(userData.address());
            if (future != null) {
                future.complete(null);
            }
        } catch (Throwable ignored) {
            // Nothing to tell, and no way to tell it from a driver thread.
        }
    }

    /**
     * A future completed by a host function the driver runs once {@code stream}'s work queued
     * so far is done ({@code cuLaunchHostFunc}): the callback model, as users write it. The
     * future completes on the driver's callback thread, where no CUDA call is allowed: attach
     * dependent actions with the {@code *Async} variants, or only {@code join} it, as the bench
     * does.
     */
    public static CompletableFuture<Void> hostCallback(CudaStream stream) {
        CompletableFuture<Void> future = new CompletableFuture<>();
        long id = NEXT.getAndIncrement();
        CALLBACKS.put(id, future);
        try {
            CudaDriver.check(Cuda.cuLaunchHostFunc(stream.segment(), Upcall.STUB, MemorySegment.ofAddress(id)),
                    "cuLaunchHostFunc");
        } catch (LineException e) {
            CALLBACKS.remove(id);
            future.completeExceptionally(e.toGpuException("launching a host function"));
        }
        return future;
    }
}
