package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.CudaLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The test hooks of the fake libcuda.so.1 (the project's fakes/fake_cuda.c), through FFM like the real
 * bindings. A real driver has none of them: a test that calls one runs on the fake only, and
 * says so when it skips itself ({@link CudaTests#assumeFake}).
 */
public final class FakeCuda {
    private static final boolean LOADED = CudaLibrary.LIBRARY.has("fakePrimaryRefs");
    private static final MethodHandle ENQUEUE_WORK = hook("fakeEnqueueWork",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
    private static final MethodHandle FAIL_NEXT = hook("fakeFailNext",
            FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle PRIMARY_REFS = hook("fakePrimaryRefs",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle SET_STICKY = hook("fakeSetSticky",
            FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle LIVE_ALLOCATIONS = hook("fakeLiveAllocations",
            FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle REGISTERED_PAGES = hook("fakeRegisteredPages",
            FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle SET_ATTRIBUTE = hook("fakeSetAttribute",
            FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle LIVE_EVENTS = hook("fakeLiveEvents", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle LIVE_STREAMS = hook("fakeLiveStreams", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle CAPTURE_AT_NEXT_RECORD = hook("fakeCaptureAtNextRecord",
            FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    private static final MethodHandle FAIL_PENDING = hook("fakeFailPending", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle SPINNING_SYNCS = hook("fakeSpinningSyncs", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle PENDING_OPS = hook("fakePendingOps", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    private FakeCuda() {
    }

    /** The operations queued on {@code stream} that have not run yet. */
    public static int pendingOps(CudaStream stream) {
        try {
            return (int) PENDING_OPS.invokeExact(MemorySegment.ofAddress(stream.handle()));
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    // Null on a real driver, which has no test hooks: only tests that need the fake call them.
    private static MethodHandle hook(String name, FunctionDescriptor descriptor) {
        return CudaLibrary.LIBRARY.has(name) ? CudaLibrary.LIBRARY.downcall(name, descriptor) : null;
    }

    public static void enqueueWork(CudaStream stream, long nanos) {
        try {
            int status = (int) ENQUEUE_WORK.invokeExact(MemorySegment.ofAddress(stream.handle()), nanos);
            if (status != 0) {
                throw new IllegalStateException("fakeEnqueueWork returned " + status);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    static void failNext(String symbol, int status, int times) {
        try (Arena arena = Arena.ofConfined()) {
            FAIL_NEXT.invokeExact(arena.allocateFrom(symbol), status, times);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** How many of the failures {@link #failNext} injected are still to come: 0 once the call was made. */
    static int failPending() {
        try {
            return (int) FAIL_PENDING.invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    static int primaryRefs(int device) {
        try {
            return (int) PRIMARY_REFS.invokeExact(device);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    public static void setSticky(int device, int status) {
        try {
            SET_STICKY.invokeExact(device, status);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    static int liveAllocations() {
        try {
            return (int) LIVE_ALLOCATIONS.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Host ranges registered with (mapped for) a device. */
    static int registeredPages() {
        try {
            return (int) REGISTERED_PAGES.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Makes {@code cuDeviceGetAttribute(attribute, device)} answer {@code value}. */
    static void setAttribute(int device, int attribute, int value) {
        try {
            SET_ATTRIBUTE.invokeExact(device, attribute, value);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Events created and not destroyed. */
    static int liveEvents() {
        try {
            return (int) LIVE_EVENTS.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** How many {@code cuEventSynchronize} calls busy-waited: their event was made without {@code CU_EVENT_BLOCKING_SYNC}. */
    static int spinningSyncs() {
        try {
            return (int) SPINNING_SYNCS.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Streams that exist, legacy and per-thread ones included. */
    static int liveStreams() {
        try {
            return (int) LIVE_STREAMS.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * Makes the next {@code cuEventRecord} on {@code stream} find a capture (relaxed) begun just
     * before it: another thread's, between the recorder's {@code cuStreamIsCapturing} and its record.
     */
    static void captureAtNextRecord(CudaStream stream) {
        try {
            CAPTURE_AT_NEXT_RECORD.invokeExact(MemorySegment.ofAddress(stream.handle()));
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Whether the library loaded is the fake (whose hooks these are). */
    public static boolean isLoaded() {
        return LOADED;
    }
}
