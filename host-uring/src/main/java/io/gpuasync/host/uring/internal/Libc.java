package io.gpuasync.host.uring.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * The C library entry points the ring needs, in jextract's shape: a holder class per function
 * whose handle is linked on first use, a static method calling it with {@code invokeExact}, and
 * {@code UnsatisfiedLinkError("unresolved symbol: ...")} when the C library lacks it. The
 * io_uring calls have no glibc wrapper, so they go through {@code syscall(2)}.
 *
 * <p>Every binding captures {@code errno} into a caller-supplied segment
 * ({@link #newErrnoState}): the JVM may itself make calls that overwrite errno between the
 * downcall's return and any later read, so it must be captured by the downcall itself.
 */
public final class Libc {
    private Libc() {
    }

    /** One binding: the C symbol and its signature (without the capture segment). */
    public record Function(String symbol, FunctionDescriptor descriptor, int firstVariadicArg) {
    }

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    /** A segment for one thread's downcalls to leave errno in. */
    public static MemorySegment newErrnoState(Arena arena) {
        return arena.allocate(CAPTURE);
    }

    /** The errno the last downcall given {@code state} captured. */
    public static int errno(MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }

    private static MethodHandle downcall(Function function) {
        Linker.Option capture = Linker.Option.captureCallState("errno");
        return function.firstVariadicArg() < 0
                ? LINKER.downcallHandle(function.descriptor(), capture)
                : LINKER.downcallHandle(function.descriptor(), capture,
                        Linker.Option.firstVariadicArg(function.firstVariadicArg()));
    }

    private static MemorySegment address(Function function) {
        return LINKER.defaultLookup().find(function.symbol())
                .orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + function.symbol()));
    }

    private static AssertionError checked(Throwable t) {
        return new AssertionError("a downcall threw a checked exception", t);
    }

    /**
     * {@code long syscall(long number, ...)}: glibc reads six {@code long} arguments after the
     * number whatever the call, so every argument (pointers included) is passed as a 64-bit value.
     */
    public static final Function F_syscall = new Function("syscall", FunctionDescriptor.of(ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG), 1);

    private static final class syscall {
        static final MemorySegment ADDRESS = address(F_syscall);
        static final MethodHandle HANDLE = downcall(F_syscall);
    }

    /** A raw system call; -1 with errno in {@code state} on failure. */
    public static long syscall(MemorySegment state, long number, long a1, long a2, long a3, long a4, long a5, long a6) {
        try {
            return (long) syscall.HANDLE.invokeExact(syscall.ADDRESS, state, number, a1, a2, a3, a4, a5, a6);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw checked(t);
        }
    }

    /** {@code void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)}. */
    public static final Function F_mmap = new Function("mmap", FunctionDescriptor.of(ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG), -1);

    private static final class mmap {
        static final MemorySegment ADDRESS = address(F_mmap);
        static final MethodHandle HANDLE = downcall(F_mmap);
    }

    /** Maps memory; {@code MAP_FAILED} (address -1) with errno in {@code state} on failure. */
    public static MemorySegment mmap(MemorySegment state, MemorySegment addr, long length, int prot, int flags, int fd, long offset) {
        try {
            return (MemorySegment) mmap.HANDLE.invokeExact(mmap.ADDRESS, state, addr, length, prot, flags, fd, offset);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw checked(t);
        }
    }

    /** {@code int munmap(void *addr, size_t length)}. */
    public static final Function F_munmap = new Function("munmap", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG), -1);

    private static final class munmap {
        static final MemorySegment ADDRESS = address(F_munmap);
        static final MethodHandle HANDLE = downcall(F_munmap);
    }

    /** Unmaps memory; -1 with errno in {@code state} on failure. */
    public static int munmap(MemorySegment state, MemorySegment addr, long length) {
        try {
            return (int) munmap.HANDLE.invokeExact(munmap.ADDRESS, state, addr, length);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw checked(t);
        }
    }

    /** {@code int eventfd(unsigned int initval, int flags)}. */
    public static final Function F_eventfd = new Function("eventfd", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), -1);

    private static final class eventfd {
        static final MemorySegment ADDRESS = address(F_eventfd);
        static final MethodHandle HANDLE = downcall(F_eventfd);
    }

    /** Opens an eventfd; -1 with errno in {@code state} on failure. */
    public static int eventfd(MemorySegment state, int initval, int flags) {
        try {
            return (int) eventfd.HANDLE.invokeExact(eventfd.ADDRESS, state, initval, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw checked(t);
        }
    }

    /** {@code ssize_t write(int fd, const void *buf, size_t count)}. */
    public static final Function F_write = new Function("write", FunctionDescriptor.of(ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG), -1);

    private static final class write {
        static final MemorySegment ADDRESS = address(F_write);
        static final MethodHandle HANDLE = downcall(F_write);
    }

    /** Writes; -1 with errno in {@code state} on failure. */
    public static long write(MemorySegment state, int fd, MemorySegment buf, long count) {
        try {
            return (long) write.HANDLE.invokeExact(write.ADDRESS, state, fd, buf, count);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw checked(t);
        }
    }

    /** {@code int close(int fd)}. */
    public static final Function F_close = new Function("close", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT), -1);

    private static final class close {
        static final MemorySegment ADDRESS = address(F_close);
        static final MethodHandle HANDLE = downcall(F_close);
    }

    /** Closes a descriptor; -1 with errno in {@code state} on failure. */
    public static int close(MemorySegment state, int fd) {
        try {
            return (int) close.HANDLE.invokeExact(close.ADDRESS, state, fd);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw checked(t);
        }
    }

    /** Every binding, for a test that links them all up front. */
    public static final List<Function> FUNCTIONS = List.of(F_syscall, F_mmap, F_munmap, F_eventfd, F_write, F_close);
}
