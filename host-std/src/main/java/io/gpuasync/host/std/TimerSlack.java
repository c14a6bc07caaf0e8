package io.gpuasync.host.std;

import io.gpuasync.spi.ffm.Libc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * The calling thread's timer slack on Linux ({@code prctl(PR_SET_TIMERSLACK)}, through {@link Libc}).
 *
 * <p>Linux lets a sleeping thread's timer fire up to its slack late (50 us by default) so that
 * wake-ups batch. A thread that sleeps until just before a predicted landing pays that as
 * latency. The slack is per thread, so setting it touches no one else.
 */
public final class TimerSlack {
    // <linux/prctl.h>
    private static final int PR_SET_TIMERSLACK = 29;
    private static final int PR_GET_TIMERSLACK = 30;

    private TimerSlack() {
    }

    private static final class Prctl {
        static final Throwable UNAVAILABLE;
        // errno, captured per thread: the slack is read and set from many threads at once.
        static final ThreadLocal<MemorySegment> ERRNO = ThreadLocal.withInitial(() -> Libc.newErrnoState(Arena.ofAuto()));

        static {
            Throwable cause = null;
            try {
                if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
                    throw new UnsupportedOperationException("timer slack is a Linux setting; this is "
                            + System.getProperty("os.name"));
                }
                if (!Libc.has(Libc.F_prctl)) {
                    throw new UnsatisfiedLinkError("unresolved symbol: prctl");
                }
            } catch (Throwable t) {
                cause = t;
            }
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
        MemorySegment errno = Prctl.ERRNO.get();
        int slack = Libc.prctl(errno, PR_GET_TIMERSLACK, 0L, 0L, 0L, 0L);
        if (slack < 0) {
            throw new UnsupportedOperationException("prctl(PR_GET_TIMERSLACK) failed: errno " + Libc.errno(errno));
        }
        return slack;
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
        return Libc.prctl(Prctl.ERRNO.get(), PR_SET_TIMERSLACK, nanos, 0L, 0L, 0L) == 0;
    }

    private static void requireAvailable() {
        if (Prctl.UNAVAILABLE != null) {
            throw new UnsupportedOperationException("timer slack unavailable: " + Prctl.UNAVAILABLE, Prctl.UNAVAILABLE);
        }
    }
}
