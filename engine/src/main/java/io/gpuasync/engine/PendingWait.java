package io.gpuasync.engine;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Ticket;
import io.gpuasync.spi.HostLine;

/**
 * One wait the engine holds: the record its completion port carries as the wait's attachment.
 * What the engine keeps of a wait beside it (its wake and spin times, its back-off, whether the
 * driver's wait watches it) is indexed by the wait's port entry. {@link #overdueAt} is the
 * engine's, touched only on the driving thread.
 */
sealed interface PendingWait permits EngineFuture, HandOff {
    /** What is waited for. */
    Ticket ticket();

    /**
     * The host's view of the ticket's line. The engine took the wait in only after
     * {@link HostLine#of} accepted that line, so the cast cannot fail.
     */
    default HostLine<?> line() {
        return (HostLine<?>) ticket().line();
    }

    /** When the wait began ({@link System#nanoTime()}), for the watchdog's first look. */
    long startedNanos();

    /** Whether the one who waits has gone (a cancelled future, a withdrawn blocking waiter). */
    boolean abandoned();

    /**
     * The word reached the target; {@code word} is what the port read. Driving thread. After
     * this (and after {@link #failed}) the engine never touches the record again.
     */
    void landed(long word);

    /** The wait ends with {@code why}. Driving thread, or whoever abandons the engine. */
    void failed(GpuException why);

    /** When the watchdog next looks at this wait. */
    long overdueAt();

    void overdueAt(long nanos);

    /**
     * The engine lets go of an {@link #abandoned()} record without ending it: it is in neither
     * the engine's queue nor its port any more.
     */
    void dropped();
}
