package io.gpuasync.backend.hip.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where {@code libamdhip64.so.5} comes from: the system property {@code gar.hip.library}, else the
 * environment variable {@code GAR_HIP_LIBRARY}, else the dynamic loader's search for
 * {@code libamdhip64.so.5}. Found once, lazily; a library that cannot be loaded is a stored cause,
 * never an error at class load.
 */
public final class HipLibrary {
    /** The system property naming another library path (the tests' fake, a driver in a container). */
    public static final String PROPERTY = "gar.hip.library";
    /** The environment variable, for when the property cannot be set. */
    public static final String ENVIRONMENT = "GAR_HIP_LIBRARY";
    private static final String DEFAULT = "libamdhip64.so.5";

    private HipLibrary() {
    }

    /** The library's name or path, as it will be (or was) loaded. */
    public static String location() {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return property;
        }
        String environment = System.getenv(ENVIRONMENT);
        return environment != null && !environment.isBlank() ? environment : DEFAULT;
    }

    private static final class Loaded {
        static final SymbolLookup LOOKUP;
        static final Throwable CAUSE;

        static {
            SymbolLookup lookup = null;
            Throwable cause = null;
            String where = location();
            try {
                lookup = where.contains("/") ? SymbolLookup.libraryLookup(Path.of(where), Arena.global())
                        : SymbolLookup.libraryLookup(where, Arena.global());
            } catch (Throwable t) {
                cause = new UnsatisfiedLinkError("cannot load " + where + ": " + t.getMessage());
                cause.initCause(t);
            }
            LOOKUP = lookup;
            CAUSE = cause;
        }
    }

    /** Why the library cannot be loaded, or empty. */
    public static Optional<Throwable> loadFailure() {
        return Optional.ofNullable(Loaded.CAUSE);
    }

    /**
     * The address of {@code symbol}, or {@link MemorySegment#NULL} if the library or the symbol
     * is missing (the binding then throws {@code UnsatisfiedLinkError} when called).
     */
    static MemorySegment find(String symbol) {
        return Loaded.LOOKUP == null ? MemorySegment.NULL : Loaded.LOOKUP.find(symbol).orElse(MemorySegment.NULL);
    }
}
