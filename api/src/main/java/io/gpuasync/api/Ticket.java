package io.gpuasync.api;

import io.gpuasync.core.Slot;

/**
 * What a signal returns: the slot of a line, and the sequence number its word reaches once the
 * store queued behind the work lands.
 *
 * @param line   the line the store goes into
 * @param slot   the word it goes into
 * @param target the sequence number stored
 */
public record Ticket(Line<?> line, Slot slot, long target) {
    public Ticket {
        if (line == null) {
            throw new NullPointerException("line");
        }
        if (slot == null) {
            throw new NullPointerException("slot");
        }
    }

    /**
     * Whether the store has landed (the word read, with acquire ordering, is at or past the
     * target, as a wrap-safe comparison).
     *
     * @throws GpuException of kind {@link GpuException.Kind#CLOSED} once the line is closed
     */
    public boolean isDone() {
        return line.reached(slot, target);
    }
}
