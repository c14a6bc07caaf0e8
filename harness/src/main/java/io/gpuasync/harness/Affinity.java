package io.gpuasync.harness;

import io.gpuasync.spi.ffm.Libc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Pins the calling thread to a set of cores ({@code sched_setaffinity(0, ...)}, Linux, through {@link Libc}).
 *
 * <p>The bench pins the simulated device's thread to the last core and the waiting thread to
 * the others, because a GPU is a processor of its own: on a two-core machine, a waiter woken
 * from a sleep would otherwise often be put on the device thread's core and stall the device's
 * work, which no GPU suffers, and the figures would measure the host scheduler instead.
 */
final class Affinity {
    // Where the C library lacks them (not Linux), nothing is pinned and the bench says so.
    private static final boolean AVAILABLE = Libc.has(Libc.F_sched_setaffinity) && Libc.has(Libc.F_sched_getaffinity);
    // cpu_set_t: a bit mask of 1024 cores in unsigned longs (<sched.h>).
    private static final int MASK_LONGS = 16;

    /** The calling thread's CPU mask, to {@link #restore} after pinning; null where it cannot be read. */
    static long[] currentMask() {
        if (!AVAILABLE) {
            return null;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(MASK_LONGS * 8L, 8);
            if (Libc.sched_getaffinity(Libc.newErrnoState(arena), 0, mask.byteSize(), mask) != 0) {
                return null;
            }
            return mask.toArray(ValueLayout.JAVA_LONG);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            return null;
        }
    }

    /** Gives the calling thread back a mask {@link #currentMask} read; false where that cannot be done. */
    static boolean restore(long[] saved) {
        if (!AVAILABLE || saved == null || saved.length != MASK_LONGS) {
            return false;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocateFrom(ValueLayout.JAVA_LONG, saved);
            return Libc.sched_setaffinity(Libc.newErrnoState(arena), 0, mask.byteSize(), mask) == 0;
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            return false;
        }
    }

    private Affinity() {
    }

    /** Pins the calling thread to cores {@code [from, to)}; false where that cannot be done. */
    static boolean pinCurrentThread(int from, int to) {
        if (!AVAILABLE || from < 0 || to <= from || to > 1024) {
            return false;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(MASK_LONGS * 8L, 8);
            for (int core = from; core < to; core++) {
                long word = mask.getAtIndex(ValueLayout.JAVA_LONG, core / 64);
                mask.setAtIndex(ValueLayout.JAVA_LONG, core / 64, word | (1L << (core % 64)));
            }
            return Libc.sched_setaffinity(Libc.newErrnoState(arena), 0, mask.byteSize(), mask) == 0;
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            return false;
        }
    }
}
