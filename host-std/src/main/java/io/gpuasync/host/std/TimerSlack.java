package io.gpuasync.host.std;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * The calling thread's timer slack on Linux ({@code prctl(PR_SET_TIMERSLACK)}), through FFM.
 *
 * <p>Linux lets a sleeping thread's timer fire up to its slack late (50 us by default) so that
 * wake-ups batch. A thread that sleeps until just before a predicted landing pays that as
 * latency (how much, with and without it, is measured in {@code bench/RESULTS.md}). The slack is
 * per thread, so setting it touches no one else.
 */
public final class TimerSlack {
    // <linux/prctl.h>
    private static final int PR_SET_TIMERSLACK = 29;
    private static final int PR_GET_TIMERSLACK = 30;

    private TimerSlack() {
    }

    private static final class Prctl {
        static final MethodHandle PRCTL;
        static final Throwable UNAVAILABLE;

        static {
            MethodHandle handle = null;
            Throwable cause = null;
            try {
                if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
                    throw new UnsupportedOperationException("timer slack is a Linux setting; this is "
                            + System.getProperty("os.name"));
                }
                Linker linker = Linker.nativeLinker();
                // int prctl(int option, ...): variadic after the first argument, which matters
                // to the calling convention (the x86-64 ABI counts vector registers in AL).
                handle = linker.downcallHandle(
                        linker.defaultLookup().find("prctl")
                                .orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: prctl")),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
                        Linker.Option.firstVariadicArg(1));
            } catch (Throwable t) {
                cause = t;
            }
            PRCTL = handle;
            UNAVAILABLE = cause;
        }
    }

    /** Why the slack cannot be read or set here, or empty if it can. */
    public static Optional<Throwable> unavailabilityCause() {
        return Optional.ofNullable(Prctl.UNAVAILABLE);
    }

    /**
     * The calling thread's timer slack in nanoseconds.
     *
     * @throws UnsupportedOperationException with the cause, where it cannot be read
     */
    public static long currentNanos() {
        requireAvailable();
        try {
            int slack = (int) Prctl.PRCTL.invokeExact(PR_GET_TIMERSLACK, 0L, 0L, 0L, 0L);
            if (slack < 0) {
                throw new UnsupportedOperationException("prctl(PR_GET_TIMERSLACK) failed: " + slack);
            }
            return slack;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Sets the calling thread's timer slack to {@code nanos} (at least 1: 0 would mean "the
     * default" to the kernel).
     *
     * @return whether the kernel accepted it
     */
    public static boolean setCurrentNanos(long nanos) {
        if (nanos < 1) {
            throw new IllegalArgumentException("timer slack must be >= 1 ns (0 means the default), got " + nanos);
        }
        if (Prctl.UNAVAILABLE != null) {
            return false;
        }
        try {
            return (int) Prctl.PRCTL.invokeExact(PR_SET_TIMERSLACK, nanos, 0L, 0L, 0L) == 0;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static void requireAvailable() {
        if (Prctl.UNAVAILABLE != null) {
            throw new UnsupportedOperationException("timer slack unavailable: " + Prctl.UNAVAILABLE, Prctl.UNAVAILABLE);
        }
    }
}
