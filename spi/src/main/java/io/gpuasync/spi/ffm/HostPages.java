package io.gpuasync.spi.ffm;

import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pages of host memory a driver registers with its device for its lines ({@code
 * cuMemHostRegister}, {@code hipHostRegister}), each in an arena of its own, kept by address
 * until the driver frees it: the memory is the line's, not the vendor's, so a reset of the
 * device by another owner can end the device's view of it, never the host's.
 *
 * <p>A driver allocates a page, registers it, and hands the line {@link #unscoped} view of it;
 * if the registration fails it frees the page at once; once the device no longer maps it
 * ({@code LineDriver.freeHost}), it frees it. Thread-safe.
 */
public final class HostPages {
    private final Map<Long, Arena> pages = new ConcurrentHashMap<>();

    /**
     * A zeroed page of {@code bytes} at {@code alignment}, kept until {@link #free}.
     *
     * @throws LineException status 2 (out of memory, as the vendors number it) if the JVM has none to give
     */
    public MemorySegment allocate(long bytes, long alignment) throws LineException {
        Arena arena = Arena.ofShared();
        MemorySegment page;
        try {
            page = arena.allocate(bytes, alignment);
        } catch (RuntimeException | OutOfMemoryError e) {
            arena.close();
            throw new LineException(LineError.ofStatus(2), "allocating " + bytes + " bytes of host memory for a line: " + e);
        }
        pages.put(page.address(), arena);
        return page;
    }

    /**
     * {@code page} as a raw pointer, not the arena's segment: the line's views must not be
     * scoped by an arena whose close would stop (with an asynchronous exception) a thread
     * reading them.
     */
    public static MemorySegment unscoped(MemorySegment page) {
        return MemorySegment.ofAddress(page.address());
    }

    /** Frees the page at {@code page}'s address; false if none of these pages is there. */
    public boolean free(MemorySegment page) {
        Arena arena = pages.remove(page.address());
        if (arena == null) {
            return false;
        }
        arena.close();
        return true;
    }

    /** How many pages are kept now. */
    public int size() {
        return pages.size();
    }
}
