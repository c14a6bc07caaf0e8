package io.gpuasync.spi.ffm;

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
 * The C library entry points this project calls, in jextract's shape ({@link Downcalls}): a
 * holder class per function whose handle is linked on first use, a static method calling it
 * with {@code invokeExact}, and {@code UnsatisfiedLinkError("unresolved symbol: ...")} when the
 * C library lacks it. The io_uring calls have no glibc wrapper, so they go through
 * {@code syscall(2)}. Linux's C library: elsewhere a missing symbol fails at its first call.
 *
 * <p>Every binding captures {@code errno} into a caller-supplied segment
 * ({@link #newErrnoState}): the JVM may itself make calls that overwrite errno between the
 * downcall's return and any later read, so it must be captured by the downcall itself.
 *
 * <p>Here, in the SPI, because every module that calls the C library already requires it (the
 * hosts through the engine, {@code gar} through the hosts, the backends directly) and it adds
 * nothing beyond {@code java.base}: a module of its own would be one more artifact for a class.
 */
public final class Libc {
    private Libc() {
    }

    /** One binding: the C symbol, its signature (without the capture segment), and where its variadic arguments begin (-1: none). */
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

    /** Whether the C library has {@code function}. */
    public static boolean has(Function function) {
        return LINKER.defaultLookup().find(function.symbol()).isPresent();
    }

    /**
     * A handle to the C library's {@code function}, capturing errno into a segment passed
     * before the C arguments.
     */
    public static MethodHandle downcall(Function function) {
        MemorySegment address = LINKER.defaultLookup().find(function.symbol())
                .orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + function.symbol()));
        Linker.Option capture = Linker.Option.captureCallState("errno");
        return function.firstVariadicArg() < 0
                ? Downcalls.bound(address, function.descriptor(), capture)
                : Downcalls.bound(address, function.descriptor(), capture,
                        Linker.Option.firstVariadicArg(function.firstVariadicArg()));
    }

    /**
     * {@code long syscall(long number, ...)}: glibc reads six {@code long} arguments after the
     * number whatever the call, so every argument (pointers included) is passed as a 64-bit value.
     */
    public static final Function F_syscall = new Function("syscall", FunctionDescriptor.of(ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG), 1);

    private static final class syscall {
        static final MethodHandle HANDLE = downcall(F_syscall);
    }

    /** A raw system call; -1 with errno in {@code state} on failure. */
    public static long syscall(MemorySegment state, long number, long a1, long a2, long a3, long a4, long a5, long a6) {
        try {
            return (long) syscall.HANDLE.invokeExact(state, number, a1, a2, a3, a4, a5, a6);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)}. */
    public static final Function F_mmap = new Function("mmap", FunctionDescriptor.of(ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG), -1);

    private static final class mmap {
        static final MethodHandle HANDLE = downcall(F_mmap);
    }

    /** Maps memory; {@code MAP_FAILED} (address -1) with errno in {@code state} on failure. */
    public static MemorySegment mmap(MemorySegment state, MemorySegment addr, long length, int prot, int flags, int fd, long offset) {
        try {
            return (MemorySegment) mmap.HANDLE.invokeExact(state, addr, length, prot, flags, fd, offset);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code int munmap(void *addr, size_t length)}. */
    public static final Function F_munmap = new Function("munmap", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG), -1);

    private static final class munmap {
        static final MethodHandle HANDLE = downcall(F_munmap);
    }

    /** Unmaps memory; -1 with errno in {@code state} on failure. */
    public static int munmap(MemorySegment state, MemorySegment addr, long length) {
        try {
            return (int) munmap.HANDLE.invokeExact(state, addr, length);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code int eventfd(unsigned int initval, int flags)}. */
    public static final Function F_eventfd = new Function("eventfd", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), -1);

    private static final class eventfd {
        static final MethodHandle HANDLE = downcall(F_eventfd);
    }

    /** Opens an eventfd; -1 with errno in {@code state} on failure. */
    public static int eventfd(MemorySegment state, int initval, int flags) {
        try {
            return (int) eventfd.HANDLE.invokeExact(state, initval, flags);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code ssize_t write(int fd, const void *buf, size_t count)}. */
    public static final Function F_write = new Function("write", FunctionDescriptor.of(ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG), -1);

    private static final class write {
        static final MethodHandle HANDLE = downcall(F_write);
    }

    /** Writes; -1 with errno in {@code state} on failure. */
    public static long write(MemorySegment state, int fd, MemorySegment buf, long count) {
        try {
            return (long) write.HANDLE.invokeExact(state, fd, buf, count);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code int close(int fd)}. */
    public static final Function F_close = new Function("close", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT), -1);

    private static final class close {
        static final MethodHandle HANDLE = downcall(F_close);
    }

    /** Closes a descriptor; -1 with errno in {@code state} on failure. */
    public static int close(MemorySegment state, int fd) {
        try {
            return (int) close.HANDLE.invokeExact(state, fd);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /**
     * {@code int prctl(int option, ...)}: variadic after the option, which matters to the calling
     * convention (the x86-64 ABI counts vector registers in AL); glibc reads four {@code unsigned
     * long} arguments after it.
     */
    public static final Function F_prctl = new Function("prctl", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_LONG), 1);

    private static final class prctl {
        static final MethodHandle HANDLE = downcall(F_prctl);
    }

    /** A process or thread setting (Linux); -1 with errno in {@code state} on failure. */
    public static int prctl(MemorySegment state, int option, long a2, long a3, long a4, long a5) {
        try {
            return (int) prctl.HANDLE.invokeExact(state, option, a2, a3, a4, a5);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code int sched_setaffinity(pid_t pid, size_t cpusetsize, const cpu_set_t *mask)}. */
    public static final Function F_sched_setaffinity = new Function("sched_setaffinity",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS), -1);

    private static final class sched_setaffinity {
        static final MethodHandle HANDLE = downcall(F_sched_setaffinity);
    }

    /** Sets a thread's CPU mask (0: the calling thread); -1 with errno in {@code state} on failure. */
    public static int sched_setaffinity(MemorySegment state, int pid, long cpusetsize, MemorySegment mask) {
        try {
            return (int) sched_setaffinity.HANDLE.invokeExact(state, pid, cpusetsize, mask);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code int sched_getaffinity(pid_t pid, size_t cpusetsize, cpu_set_t *mask)}. */
    public static final Function F_sched_getaffinity = new Function("sched_getaffinity",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS), -1);

    private static final class sched_getaffinity {
        static final MethodHandle HANDLE = downcall(F_sched_getaffinity);
    }

    /** Reads a thread's CPU mask (0: the calling thread); -1 with errno in {@code state} on failure. */
    public static int sched_getaffinity(MemorySegment state, int pid, long cpusetsize, MemorySegment mask) {
        try {
            return (int) sched_getaffinity.HANDLE.invokeExact(state, pid, cpusetsize, mask);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** {@code char *getenv(const char *name)}: the C library's environment, which native code may change after the JVM read its copy. */
    public static final Function F_getenv = new Function("getenv", FunctionDescriptor.of(ValueLayout.ADDRESS,
            ValueLayout.ADDRESS), -1);

    private static final class getenv {
        static final MethodHandle HANDLE = downcall(F_getenv);
    }

    /** The value of the variable named by the C string {@code name}, or {@code NULL}; the C library owns it. */
    public static MemorySegment getenv(MemorySegment state, MemorySegment name) {
        try {
            return (MemorySegment) getenv.HANDLE.invokeExact(state, name);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /**
     * The variable {@code name} of the C library's environment, as a vendor's native library
     * reads it ({@code getenv}): native code may have changed it since the JVM took the copy
     * {@link System#getenv} answers from. Null when it is unset, or the C library has no
     * {@code getenv}.
     */
    @SuppressWarnings("restricted")
    public static String environment(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = getenv(newErrnoState(arena), arena.allocateFrom(name));
            // getenv's string ends at its NUL, which getString finds within the bound.
            return value.equals(MemorySegment.NULL) ? null : value.reinterpret(Integer.MAX_VALUE).getString(0);
        } catch (UnsatisfiedLinkError noGetenv) {
            return null;
        }
    }

    /** {@code int clock_gettime(clockid_t clockid, struct timespec *tp)}. */
    public static final Function F_clock_gettime = new Function("clock_gettime", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS), -1);

    /** {@code CLOCK_PROCESS_CPUTIME_ID} ({@code <linux/time.h>}): the CPU time of every thread of the process, in nanoseconds. */
    public static final int CLOCK_PROCESS_CPUTIME_ID = 2;

    /** {@code struct timespec} on a 64-bit Linux: {@code tv_sec}, then {@code tv_nsec}, both {@code long}. */
    public static final StructLayout TIMESPEC = MemoryLayout.structLayout(
            ValueLayout.JAVA_LONG.withName("tv_sec"), ValueLayout.JAVA_LONG.withName("tv_nsec"));

    private static final class clock_gettime {
        static final MethodHandle HANDLE = downcall(F_clock_gettime);
    }

    /** Reads {@code clockid} into {@code tp} (a {@link #TIMESPEC}); -1 with errno in {@code state} on failure. */
    public static int clock_gettime(MemorySegment state, int clockid, MemorySegment tp) {
        try {
            return (int) clock_gettime.HANDLE.invokeExact(state, clockid, tp);
        } catch (Error | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw Downcalls.checked(t);
        }
    }

    /** Every binding, for a test that links them all up front. */
    public static final List<Function> FUNCTIONS = List.of(F_syscall, F_mmap, F_munmap, F_eventfd, F_write, F_close,
            F_prctl, F_sched_setaffinity, F_sched_getaffinity, F_getenv, F_clock_gettime);
}
