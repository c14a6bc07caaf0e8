package io.gpuasync.backend.hip.internal;

import io.gpuasync.spi.NativeLibrary;

import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where the HIP runtime comes from: the system property {@value #PROPERTY}, else the environment
 * variable {@value #ENVIRONMENT}, else the first the loader finds of {@code libamdhip64.so}
 * (a development install) and the sonames of ROCm 7, 6 and 5 ({@code libamdhip64.so.7} ...).
 */
public final class HipLibrary {
    /** The system property naming another library path (the tests' fake, a driver elsewhere). */
    public static final String PROPERTY = "gar.hip.library";
    /** The environment variable, for when the property cannot be set. */
    public static final String ENVIRONMENT = "GAR_HIP_LIBRARY";

    static final NativeLibrary LIBRARY = new NativeLibrary(PROPERTY, ENVIRONMENT,
            "libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5");

    private HipLibrary() {
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
        return LIBRARY.unavailability(Hip.FUNCTIONS.stream().map(Hip.Function::symbol).toList(), ready);
    }

    static MemorySegment find(String symbol) {
        return LIBRARY.find(symbol);
    }
}
