package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.backend.cuda.internal.CudaLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The test hooks of the fake libcuda.so.1 (src/test/c/fake_cuda.c), through FFM like the real
 * bindings, and helpers for making contexts current.
 */
final class FakeCuda {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup FAKE = SymbolLookup.libraryLookup(Path.of(CudaLibrary.location()), Arena.global());
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

    // One retain per device for the whole test run, so making a context current does not
    // change the counts the tests compare.
    private static final Map<Integer, Long> PRIMARY = new HashMap<>();

    private FakeCuda() {
    }

    private static MethodHandle hook(String name, FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(FAKE.find(name).orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + name)),
                descriptor);
    }

    static void enqueueWork(CudaStream stream, long nanos) {
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

    static int primaryRefs(int device) {
        try {
            return (int) PRIMARY_REFS.invokeExact(device);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    static void setSticky(int device, int status) {
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

    /** Makes device {@code ordinal}'s primary context current on this thread, retained once per run. */
    static synchronized void makeCurrent(int ordinal) {
        Long handle = PRIMARY.get(ordinal);
        try (Arena arena = Arena.ofConfined()) {
            if (handle == null) {
                MemorySegment context = arena.allocate(ValueLayout.ADDRESS);
                require(Cuda.cuDevicePrimaryCtxRetain(context, ordinal), "cuDevicePrimaryCtxRetain");
                handle = context.get(ValueLayout.ADDRESS, 0).address();
                PRIMARY.put(ordinal, handle);
            }
            require(Cuda.cuCtxSetCurrent(MemorySegment.ofAddress(handle)), "cuCtxSetCurrent");
        }
    }

    /** Leaves this thread with no current context. */
    static void clearCurrent() {
        require(Cuda.cuCtxSetCurrent(MemorySegment.NULL), "cuCtxSetCurrent(NULL)");
    }

    private static void require(int status, String call) {
        if (status != 0) {
            throw new IllegalStateException(call + " returned " + status);
        }
    }
}
