package io.gpuasync.backend.metal.internal;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

import java.util.Map;
import java.util.Optional;

/**
 * Where the Objective-C runtime and the Metal framework come from, and loading them once: the
 * system properties {@value #OBJC_PROPERTY} and {@value #FRAMEWORK_PROPERTY} (else the
 * environment variables {@code GAR_METAL_OBJC}, {@code GAR_METAL_FRAMEWORK}), else macOS's own
 * {@value #OBJC_DEFAULT} and {@value #FRAMEWORK_DEFAULT}. Off macOS, with neither named, Metal
 * is unavailable and says why, without trying to load anything (a GNU {@code libobjc} on Linux
 * has no {@code objc_msgSend}, and there is no Metal).
 *
 * <p>The outcome is a stored cause, decided on the first call: a library that cannot be loaded,
 * an entry point missing from it, or nothing wrong.
 */
public final class MetalLibraries {
    /** The system property naming another Objective-C runtime (the tests' fake). */
    public static final String OBJC_PROPERTY = "gar.metal.objc";
    /** The system property naming another Metal framework binary (the tests' fake). */
    public static final String FRAMEWORK_PROPERTY = "gar.metal.framework";
    static final String OBJC_DEFAULT = "/usr/lib/libobjc.A.dylib";
    static final String FRAMEWORK_DEFAULT = "/System/Library/Frameworks/Metal.framework/Metal";

    private static volatile Optional<Throwable> verdict;
    // The runtime as loaded, for data symbols (blocks' classes); set before the verdict is published.
    private static NativeLibrary runtime;

    private MetalLibraries() {
    }

    // Where each comes from, read as every backend reads it; loaded through JNA, not through these.
    private static final io.gpuasync.spi.ffm.NativeLibrary OBJC =
            new io.gpuasync.spi.ffm.NativeLibrary(OBJC_PROPERTY, "GAR_METAL_OBJC", OBJC_DEFAULT);
    private static final io.gpuasync.spi.ffm.NativeLibrary FRAMEWORK =
            new io.gpuasync.spi.ffm.NativeLibrary(FRAMEWORK_PROPERTY, "GAR_METAL_FRAMEWORK", FRAMEWORK_DEFAULT);

    /** The runtime's path, as it will be (or was) loaded. */
    public static String objcLocation() {
        return OBJC.location();
    }

    /** The framework's path, as it will be (or was) loaded. */
    public static String frameworkLocation() {
        return FRAMEWORK.location();
    }

    /**
     * Why nothing is loaded on {@code osName}: Metal exists only on macOS, unless a runtime
     * or framework was named (the tests' fake); empty on macOS.
     */
    static Optional<Throwable> offMac(String osName, boolean named) {
        if (named || osName.toLowerCase(java.util.Locale.ROOT).startsWith("mac")) {
            return Optional.empty();
        }
        return Optional.of(new UnsupportedOperationException("Metal exists only on macOS, and this is " + osName
                + ": no Objective-C runtime (" + OBJC_DEFAULT + ") and no Metal framework here"));
    }

    /**
     * Why the runtime and framework cannot be used: not on macOS and none named, not loadable,
     * or an entry point missing; empty once both are bound and every selector registered.
     */
    public static Optional<Throwable> unavailability() {
        Optional<Throwable> result = verdict;
        if (result == null) {
            synchronized (MetalLibraries.class) {
                result = verdict;
                if (result == null) {
                    result = load();
                    verdict = result;
                }
            }
        }
        return result;
    }

    /**
     * The address of the data symbol {@code name}: from the runtime, whose dependencies are
     * searched too (on macOS the blocks runtime, libsystem_blocks, comes in through libSystem),
     * else from the whole process.
     *
     * @throws UnsatisfiedLinkError if neither has it
     * @throws IllegalStateException if the runtime is not loaded
     */
    public static long dataSymbol(String name) {
        unavailability().ifPresent(cause -> {
            throw new IllegalStateException("the Objective-C runtime is not loaded: " + cause.getMessage(), cause);
        });
        try {
            return com.sun.jna.Pointer.nativeValue(runtime.getGlobalVariableAddress(name));
        } catch (UnsatisfiedLinkError notInTheRuntime) {
            return com.sun.jna.Pointer.nativeValue(NativeLibrary.getProcess().getGlobalVariableAddress(name));
        }
    }

    private static Optional<Throwable> load() {
        boolean named = OBJC.named().isPresent() || FRAMEWORK.named().isPresent();
        Optional<Throwable> offMac = offMac(System.getProperty("os.name", "?"), named);
        if (offMac.isPresent()) {
            return offMac;
        }
        try {
            // The runtime first: the framework's classes register themselves with it as it loads.
            NativeLibrary objc = NativeLibrary.getInstance(objcLocation(), Map.of(Library.OPTION_FUNCTION_MAPPER,
                    (com.sun.jna.FunctionMapper) (library, method) ->
                            method.getName().startsWith("msgSend") ? "objc_msgSend" : method.getName()));
            Native.register(ObjC.class, objc);
            runtime = objc;
            NativeLibrary metal = NativeLibrary.getInstance(frameworkLocation());
            Native.register(MetalC.class, metal);
            Sel.registerAll();
            return Optional.empty();
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return Optional.of(e);
        }
    }
}
