package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.CudaLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * Driver API entry points the backend does not bind, with which the tests play another owner
 * (a graph capture, a reset, a context of their own), on the fake or a real driver alike: the
 * fake implements those its tests need, and {@link RealLibcudaTest} checks that NVIDIA's library
 * exports every one of them.
 */
final class DriverCalls {
    /** Every symbol bound here. */
    static final List<String> SYMBOLS = List.of("cuStreamBeginCapture_v2", "cuStreamEndCapture", "cuGraphDestroy",
            "cuDevicePrimaryCtxReset_v2", "cuCtxCreate_v2", "cuCtxDestroy_v2", "cuGraphInstantiateWithFlags",
            "cuGraphLaunch", "cuGraphExecDestroy");

    private static final MethodHandle BEGIN_CAPTURE = bind("cuStreamBeginCapture_v2",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    private static final MethodHandle END_CAPTURE = bind("cuStreamEndCapture",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    private static final MethodHandle GRAPH_DESTROY = bind("cuGraphDestroy",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    private static final MethodHandle GRAPH_INSTANTIATE = bind("cuGraphInstantiateWithFlags",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
    private static final MethodHandle GRAPH_LAUNCH = bind("cuGraphLaunch",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    private static final MethodHandle GRAPH_EXEC_DESTROY = bind("cuGraphExecDestroy",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    private static final MethodHandle PRIMARY_RESET = bind("cuDevicePrimaryCtxReset_v2",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle CONTEXT_CREATE = bind("cuCtxCreate_v2",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle CONTEXT_DESTROY = bind("cuCtxDestroy_v2",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));

    private DriverCalls() {
    }

    // Null where the library lacks the symbol (the fake implements only what its tests use).
    private static MethodHandle bind(String name, FunctionDescriptor descriptor) {
        return CudaLibrary.LIBRARY.has(name) ? CudaLibrary.LIBRARY.downcall(name, descriptor) : null;
    }

    /** {@code cuStreamBeginCapture(stream, mode)} on the calling thread (mode 0: global). */
    static int beginCapture(CudaStream stream, int mode) {
        try {
            return (int) BEGIN_CAPTURE.invokeExact(MemorySegment.ofAddress(stream.handle()), mode);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * {@code cuStreamEndCapture}, destroying the graph it made where the driver makes one: 0, or
     * CUDA_ERROR_STREAM_CAPTURE_INVALIDATED (901) if something broke the capture.
     */
    static int endCapture(CudaStream stream) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment graph = arena.allocate(ValueLayout.ADDRESS);
            int status = (int) END_CAPTURE.invokeExact(MemorySegment.ofAddress(stream.handle()), graph);
            if (status == 0 && GRAPH_DESTROY != null && !FakeCuda.isLoaded()) {
                int destroyed = (int) GRAPH_DESTROY.invokeExact(graph.get(ValueLayout.ADDRESS, 0));
                if (destroyed != 0) {
                    throw new IllegalStateException("cuGraphDestroy returned " + destroyed);
                }
            }
            return status;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * {@code cuStreamEndCapture}, keeping the graph: {@code graph[0]} gets it (NULL when the
     * capture was invalidated). Returns the status.
     */
    static int endCapture(CudaStream stream, MemorySegment[] graph) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            int status = (int) END_CAPTURE.invokeExact(MemorySegment.ofAddress(stream.handle()), out);
            graph[0] = out.get(ValueLayout.ADDRESS, 0);
            return status;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** {@code cuGraphInstantiate(&exec, graph, 0)}, then the graph destroyed; the executable graph. */
    static MemorySegment instantiate(MemorySegment graph) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            check((int) GRAPH_INSTANTIATE.invokeExact(out, graph, 0L), "cuGraphInstantiate");
            check((int) GRAPH_DESTROY.invokeExact(graph), "cuGraphDestroy");
            return out.get(ValueLayout.ADDRESS, 0);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** {@code cuGraphLaunch(exec, stream)}: the status. */
    static int launch(MemorySegment exec, CudaStream stream) {
        try {
            return (int) GRAPH_LAUNCH.invokeExact(exec, MemorySegment.ofAddress(stream.handle()));
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** {@code cuGraphExecDestroy}. */
    static void destroyExec(MemorySegment exec) {
        try {
            check((int) GRAPH_EXEC_DESTROY.invokeExact(exec), "cuGraphExecDestroy");
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    private static void check(int status, String call) {
        if (status != 0) {
            throw new IllegalStateException(call + " returned " + status);
        }
    }

    /** {@code cuDevicePrimaryCtxReset}, as another owner (cudaDeviceReset) would call it. */
    static int resetPrimary(int device) {
        try {
            return (int) PRIMARY_RESET.invokeExact(device);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** Whether the driver can make a context of the tests' own ({@code cuCtxCreate}). */
    static boolean canCreateContexts() {
        return CONTEXT_CREATE != null;
    }

    /** A new context on device {@code ordinal} ({@code cuCtxCreate}), current on this thread. */
    static long createContext(int ordinal) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment context = arena.allocate(ValueLayout.ADDRESS);
            int status = (int) CONTEXT_CREATE.invokeExact(context, 0, ordinal);
            if (status != 0) {
                throw new IllegalStateException("cuCtxCreate(device " + ordinal + ") returned " + status);
            }
            return context.get(ValueLayout.ADDRESS, 0).address();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** {@code cuCtxDestroy} of a context {@link #createContext} made, popped if current on this thread. */
    static void destroyContext(long context) {
        try {
            check((int) CONTEXT_DESTROY.invokeExact(MemorySegment.ofAddress(context)), "cuCtxDestroy");
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
