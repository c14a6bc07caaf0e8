package io.gpuasync.spi.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A vendor's shared library, found the way every backend finds its own: the path in a system
 * property, else in an environment variable, else the dynamic loader's search for a default
 * name. Loaded once, on first use; a library that cannot be loaded is a stored cause, never an
 * error at class load, so a provider can list itself as unavailable and say why.
 *
 * <p>Each backend declares one, with its vendor's names:
 * {@code new NativeLibrary("gar.cuda.library", "GAR_CUDA_LIBRARY", "libcuda.so.1")}; a backend
 * that loads its library another way (Metal, through JNA) still reads where it comes from here
 * ({@link #named()}, {@link #location()}).
 */
public final class NativeLibrary {
    private final String property;
    private final String environment;
    private final java.util.List<String> defaultNames;
    private volatile Loaded loaded;
    private volatile Optional<Throwable> verdict;

    private record Loaded(SymbolLookup lookup, String name, Throwable failure) {
    }

    /**
     * The library named by {@code property}, else {@code environment}, else the first of
     * {@code defaultNames} the loader finds (a vendor's soname changes with its major version).
     */
    public NativeLibrary(String property, String environment, String... defaultNames) {
        this.property = Objects.requireNonNull(property, "property");
        this.environment = Objects.requireNonNull(environment, "environment");
        if (defaultNames.length == 0) {
            throw new IllegalArgumentException("a library needs at least one default name");
        }
        this.defaultNames = java.util.List.of(defaultNames);
    }

    /** The system property that names another path. */
    public String property() {
        return property;
    }

    /** The path or name the property (else the environment variable) gives, or empty: the loader's search for the defaults. */
    public Optional<String> named() {
        return Optional.ofNullable(namedOrNull());
    }

    /**
     * The library's name or path: the one named, or the default name that loaded (the first
     * default before loading, or if none did).
     */
    public String location() {
        String named = namedOrNull();
        if (named != null) {
            return named;
        }
        Loaded result = loaded;
        return result != null && result.name() != null ? result.name() : defaultNames.getFirst();
    }

    private String namedOrNull() {
        String fromProperty = System.getProperty(property);
        if (fromProperty != null && !fromProperty.isBlank()) {
            return fromProperty;
        }
        String fromEnvironment = System.getenv(environment);
        return fromEnvironment != null && !fromEnvironment.isBlank() ? fromEnvironment : null;
    }

    // Loading a library is restricted: it is the vendor's driver, the point of the backend.
    @SuppressWarnings("restricted")
    private Loaded load() {
        Loaded result = loaded;
        if (result == null) {
            synchronized (this) {
                result = loaded;
                if (result == null) {
                    String named = namedOrNull();
                    java.util.List<String> candidates = named != null ? java.util.List.of(named) : defaultNames;
                    Throwable last = null;
                    for (String where : candidates) {
                        try {
                            SymbolLookup lookup = where.contains("/")
                                    ? SymbolLookup.libraryLookup(Path.of(where), Arena.global())
                                    : SymbolLookup.libraryLookup(where, Arena.global());
                            result = new Loaded(lookup, where, null);
                            break;
                        } catch (Throwable t) {
                            last = t;
                        }
                    }
                    if (result == null) {
                        UnsatisfiedLinkError failure = new UnsatisfiedLinkError("cannot load "
                                + String.join(" or ", candidates) + ": " + last.getMessage());
                        failure.initCause(last);
                        result = new Loaded(null, null, failure);
                    }
                    loaded = result;
                }
            }
        }
        return result;
    }

    /** Why the library cannot be loaded, or empty. */
    public Optional<Throwable> loadFailure() {
        return Optional.ofNullable(load().failure());
    }

    /** The address of {@code symbol}, or {@link MemorySegment#NULL} if the library or the symbol is missing. */
    public MemorySegment find(String symbol) {
        SymbolLookup lookup = load().lookup();
        return lookup == null ? MemorySegment.NULL : lookup.find(symbol).orElse(MemorySegment.NULL);
    }

    /** Whether the library loads and has {@code symbol}. */
    public boolean has(String symbol) {
        return !find(symbol).equals(MemorySegment.NULL);
    }

    /**
     * A downcall handle to {@code symbol}, its address bound in (see {@link Downcalls}).
     *
     * @throws UnsatisfiedLinkError {@code "unresolved symbol: NAME"}, with why the library did not
     *         load where that is the reason
     */
    public MethodHandle downcall(String symbol, FunctionDescriptor descriptor, Linker.Option... options) {
        MemorySegment address = find(symbol);
        if (address.equals(MemorySegment.NULL)) {
            throw new UnsatisfiedLinkError("unresolved symbol: " + symbol
                    + loadFailure().map(t -> " (" + t.getMessage() + ")").orElse(""));
        }
        return Downcalls.bound(address, descriptor, options);
    }

    /**
     * Why a backend needing {@code symbols} cannot use this library: it cannot be loaded, or
     * the first symbol missing from it; empty if every one is there.
     */
    public Optional<Throwable> unavailability(Collection<String> symbols) {
        Optional<Throwable> failure = loadFailure();
        if (failure.isPresent()) {
            return failure;
        }
        for (String symbol : symbols) {
            if (find(symbol).equals(MemorySegment.NULL)) {
                return Optional.of(new UnsatisfiedLinkError("unresolved symbol: " + symbol + " in " + location()));
            }
        }
        return Optional.empty();
    }

    /**
     * Why a backend cannot use this library: it cannot be loaded, one of {@code symbols} is
     * missing, or else what {@code ready} finds (a driver's initialization, a count of devices).
     * Worked out once, on the first call; later calls return the same answer.
     */
    public Optional<Throwable> unavailability(Collection<String> symbols, Supplier<Optional<Throwable>> ready) {
        Optional<Throwable> result = verdict;
        if (result == null) {
            synchronized (this) {
                result = verdict;
                if (result == null) {
                    result = unavailability(symbols);
                    if (result.isEmpty()) {
                        result = Objects.requireNonNull(ready.get(), "ready");
                    }
                    verdict = result;
                }
            }
        }
        return result;
    }

    @Override
    public String toString() {
        return location();
    }
}
