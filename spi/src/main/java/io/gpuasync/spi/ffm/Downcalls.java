package io.gpuasync.spi.ffm;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Binding C functions the way jextract's generated code does, once for every backend: a holder
 * class per function whose {@code static final MethodHandle} is made when the function is first
 * called, and a static method calling it with {@code invokeExact}, rethrowing what a downcall
 * can throw and wrapping what it cannot ({@link #checked}).
 *
 * <pre>{@code
 * public static final NativeLibrary LIBRARY = new NativeLibrary("vendor.library", "VENDOR_LIBRARY", "libvendor.so.1");
 *
 * private static final class vendorInit {
 *     static final MethodHandle HANDLE = LIBRARY.downcall("vendorInit", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
 * }
 *
 * public static int vendorInit(int flags) {
 *     try {
 *         return (int) vendorInit.HANDLE.invokeExact(flags);
 *     } catch (Error | RuntimeException e) {
 *         throw e;
 *     } catch (Throwable t) {
 *         throw Downcalls.checked(t);
 *     }
 * }
 * }</pre>
 *
 * A missing symbol then throws {@code UnsatisfiedLinkError("unresolved symbol: ...")} at the
 * first call, never at class load: a provider checks its symbols up front
 * ({@link NativeLibrary#unavailability}) so that users see a stored cause instead.
 */
public final class Downcalls {
    private static final Linker LINKER = Linker.nativeLinker();

    private Downcalls() {
    }

    /**
     * A handle to the C function at {@code address}.
     *
     * @throws IllegalArgumentException if {@code descriptor} or {@code options} do not fit this platform's C ABI
     */
    // Linking a C function is restricted: calling the vendor's code is the point of a backend.
    @SuppressWarnings("restricted")
    public static MethodHandle bound(MemorySegment address, FunctionDescriptor descriptor, Linker.Option... options) {
        return LINKER.downcallHandle(address, descriptor, options);
    }

    /**
     * A handle whose first parameter is the function's address, for entry points looked up at
     * run time (Vulkan's {@code vkGetDeviceProcAddr} gives one per device).
     */
    @SuppressWarnings("restricted")
    public static MethodHandle unbound(FunctionDescriptor descriptor, Linker.Option... options) {
        return LINKER.downcallHandle(descriptor, options);
    }

    /**
     * The error a binding throws for a checked exception out of {@code invokeExact}, which a
     * downcall cannot throw: it would mean the handle is not a downcall.
     */
    public static AssertionError checked(Throwable t) {
        return new AssertionError("a downcall threw a checked exception", t);
    }
}
