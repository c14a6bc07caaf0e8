package io.gpuasync.backend.hip;

import io.gpuasync.backend.hip.internal.HipLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The test hooks of the fake libamdhip64 (the project's fakes/fake_hip.c). On a real HIP runtime (the GPU
 * check on an AMD machine) there are none: {@link #isLoaded} says so, and only the tests that
 * need the fake call the hooks.
 */
final class FakeHip {
    private static final boolean LOADED = HipLibrary.LIBRARY.has("fakePrimaryRefs");
    private static final MethodHandle ENQUEUE_WORK = hook("fakeEnqueueWork",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
    private static final MethodHandle PRIMARY_REFS = hook("fakePrimaryRefs",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));

    private static final MethodHandle SET_STICKY = hook("fakeSetSticky", FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle FAIL_NEXT = hook("fakeFailNext",
            FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle FAIL_PENDING = hook("fakeFailPending", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle UNVALIDATED_HANDLES = hook("fakeUnvalidatedHandles", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle REGISTERED_PAGES = hook("fakeRegisteredPages", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle SET_ATTRIBUTE = hook("fakeSetAttribute", FunctionDescriptor.ofVoid(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    // hipDeviceReset: real HIP, which the backend does not bind; the tests play another owner with it.
    private static final MethodHandle DEVICE_RESET = hook("hipDeviceReset", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    // HIP's own capture calls, which the tests play another owner with.
    private static final MethodHandle BEGIN_CAPTURE = hook("hipStreamBeginCapture",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    private static final MethodHandle END_CAPTURE = hook("hipStreamEndCapture",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));

    private static final MethodHandle LIVE_EVENTS = hook("fakeLiveEvents", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle SPINNING_SYNCS = hook("fakeSpinningSyncs", FunctionDescriptor.of(ValueLayout.JAVA_INT));
    private static final MethodHandle HW_QUEUE_OF = hook("fakeHwQueueOf", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));

    private FakeHip() {
    }

    /** Events created and not destroyed. */
    static int liveEvents() {
        try {
            return (int) LIVE_EVENTS.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** How many {@code hipEventSynchronize} calls spun: their event was made without {@code hipEventBlockingSync}. */
    static int spinningSyncs() {
        try {
            return (int) SPINNING_SYNCS.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** The fake's hardware queue that {@code stream} feeds: streams with the same one share it. */
    static int hwQueueOf(HipStream stream) {
        try {
            return (int) HW_QUEUE_OF.invokeExact(MemorySegment.ofAddress(stream.handle()));
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** A sticky error in the fake's device model: fake-only for HIP, whose 5.2.3 runtime aborts on a fault. */
    static void setSticky(int device, int status) {
        try {
            SET_STICKY.invokeExact(device, status);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** The next {@code times} calls of {@code symbol} fail with {@code status} (0 times: none). */
    static void failNext(String symbol, int status, int times) {
        try (Arena arena = Arena.ofConfined()) {
            FAIL_NEXT.invokeExact(arena.allocateFrom(symbol), status, times);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** How many of the failures {@link #failNext} injected are still to come: 0 once the call was made. */
    static int failPending() {
        try {
            return (int) FAIL_PENDING.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Stream calls the fake got with a handle HIP 5.2.3 would have dereferenced unvalidated. */
    static int unvalidatedHandles() {
        try {
            return (int) UNVALIDATED_HANDLES.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    static int registeredPages() {
        try {
            return (int) REGISTERED_PAGES.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    static void setAttribute(int device, int attribute, int value) {
        try {
            SET_ATTRIBUTE.invokeExact(device, attribute, value);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** {@code hipDeviceReset} of the calling thread's current device. */
    static int deviceReset() {
        try {
            return (int) DEVICE_RESET.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    private static MethodHandle hook(String name, FunctionDescriptor descriptor) {
        return HipLibrary.LIBRARY.has(name) ? HipLibrary.LIBRARY.downcall(name, descriptor) : null;
    }

    /** {@code hipStreamBeginCapture(stream, mode)} on the calling thread (mode 0: global). */
    static int beginCapture(HipStream stream, int mode) {
        try {
            return (int) BEGIN_CAPTURE.invokeExact(MemorySegment.ofAddress(stream.handle()), mode);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** {@code hipStreamEndCapture}: 0, or hipErrorStreamCaptureInvalidated (901) if something broke it. */
    static int endCapture(HipStream stream) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) END_CAPTURE.invokeExact(MemorySegment.ofAddress(stream.handle()), arena.allocate(ValueLayout.ADDRESS));
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Whether the runtime loaded is the fake (whose hooks these are). */
    static boolean isLoaded() {
        return LOADED;
    }

    static void enqueueWork(HipStream stream, long nanos) {
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

    static int primaryRefs(int device) {
        try {
            return (int) PRIMARY_REFS.invokeExact(device);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
