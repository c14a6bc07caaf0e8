package io.gpuasync.backend.cuda.internal;

import io.gpuasync.spi.NativeLibrary;

import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where {@code libcuda.so.1} comes from: the system property {@value #PROPERTY}, else the environment
 * variable {@value #ENVIRONMENT}, else the dynamic loader's search for {@code libcuda.so.1}.
 */
public final class CudaLibrary {
    /** The system property naming another library path (the tests' fake, a driver elsewhere). */
    public static final String PROPERTY = "gar.cuda.library";
    /** The environment variable, for when the property cannot be set. */
    public static final String ENVIRONMENT = "GAR_CUDA_LIBRARY";

    static final NativeLibrary LIBRARY = new NativeLibrary(PROPERTY, ENVIRONMENT, "libcuda.so.1");

    private CudaLibrary() {
    }

    /** The library's name or path, as it will be (or was) loaded. */
    public static String location() {
        return LIBRARY.location();
    }

    /** Why the library cannot be loaded, or empty. */
    public static Optional<Throwable> loadFailure() {
        return LIBRARY.loadFailure();
    }

    /**
     * Why the backend cannot use the library: not loadable, an entry point missing, or what
     * {@code ready} finds once both are fine; worked out once.
     */
    public static Optional<Throwable> unavailability(Supplier<Optional<Throwable>> ready) {
        return LIBRARY.unavailability(Cuda.FUNCTIONS.stream().map(Cuda.Function::symbol).toList(), ready);
    }

    static MemorySegment find(String symbol) {
        return LIBRARY.find(symbol);
    }
}
