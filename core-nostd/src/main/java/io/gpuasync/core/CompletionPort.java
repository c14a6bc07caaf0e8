package io.gpuasync.core;

/**
 * Many waits, each a (line, slot, target), watched together by whoever polls the port: the wait
 * engine, on whichever thread or loop of a host drives it, or a test.
 *
 * <p>All storage is allocated at construction, for a fixed capacity; registering, polling and
 * cancelling only move indices in those arrays, so a port in steady state allocates nothing.
 * A full port refuses the next wait rather than grow.
 *
 * <p>A registered wait is named by a handle: its entry index in the low 32 bits and the entry's
 * generation in the high 32, so a handle kept after its wait ended cancels nothing.
 *
 * <p>Besides finished waits, {@link #poll} reports when the port next needs a look: the earliest
 * due time among the waits still pending, which the host sleeps until; a wait past its due is
 * asked when it is next due.
 *
 * <p>Not thread-safe: one thread at a time registers, polls and cancels (the thread driving the
 * wait engine; other threads hand it their waits through the engine's queue).
 */
public final class CompletionPort {
    /** What {@link #tryRegister} returns when the port is full. */
    public static final long FULL = -1;

    private final CompletionLine[] lines;
    private final Slot[] slots;
    private final long[] targets;
    private final long[] dues;
    private final Object[] attachments;
    private final int[] generations;
    // active[0, size) holds the entries in use, densely, so a poll walks only live waits;
    // positions[entry] is where that entry sits in active[], for O(1) removal.
    private final int[] active;
    private final int[] positions;
    // free[0, freeCount) holds the entries not in use.
    private final int[] free;
    private int size;
    private int freeCount;
    private long nextDue = DeadlineEstimator.UNKNOWN;
    private boolean polling;
    private boolean changedWhilePolling;
    private int unreadable;

    /** A port for at most {@code capacity} waits at once. */
    public CompletionPort(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("completion port capacity must be > 0, got " + capacity);
        }
        lines = new CompletionLine[capacity];
        slots = new Slot[capacity];
        targets = new long[capacity];
        dues = new long[capacity];
        attachments = new Object[capacity];
        generations = new int[capacity];
        active = new int[capacity];
        positions = new int[capacity];
        free = new int[capacity];
        for (int i = 0; i < capacity; i++) {
            free[i] = capacity - 1 - i;
        }
        freeCount = capacity;
    }

    /** How many waits the port holds at most. */
    public int capacity() {
        return lines.length;
    }

    /** How many waits are registered. */
    public int size() {
        return size;
    }

    /**
     * Registers a wait for {@code slot} of {@code line} to reach {@code target}.
     *
     * @param dueNanos    when the host should first look at it, or {@link DeadlineEstimator#UNKNOWN}
     * @param attachment  handed back to the handler when the wait ends; may be null
     * @return the wait's handle, or {@link #FULL} if the port holds {@link #capacity} waits
     */
    public long tryRegister(CompletionLine line, Slot slot, long target, long dueNanos, Object attachment) {
        if (line == null) {
            throw new NullPointerException("line");
        }
        if (slot == null) {
            throw new NullPointerException("slot");
        }
        if (freeCount == 0) {
            return FULL;
        }
        int entry = free[--freeCount];
        lines[entry] = line;
        slots[entry] = slot;
        targets[entry] = target;
        dues[entry] = dueNanos;
        attachments[entry] = attachment;
        positions[entry] = size;
        active[size++] = entry;
        nextDue = earlier(nextDue, dueNanos);
        return handle(entry);
    }

    /**
     * As {@link #tryRegister}, but a full port is an error.
     *
     * @throws IllegalStateException if the port holds {@link #capacity} waits
     */
    public long register(CompletionLine line, Slot slot, long target, long dueNanos, Object attachment) {
        long handle = tryRegister(line, slot, target, dueNanos, attachment);
        if (handle == FULL) {
            throw new IllegalStateException("completion port is full: all " + capacity()
                    + " waits are in use; finish or cancel some, or make a larger port");
        }
        return handle;
    }

    /**
     * Hands every wait whose word reached its target to {@code handler}, removing it first, and
     * recomputes {@link #nextDueNanos} over those left.
     *
     * <p>A poll examines the waits registered when it began, once each: a wait the handler
     * registers is examined by the next poll, so a poll always ends. A wait whose line can no
     * longer be read (its memory's arena closed) is skipped and counted in
     * {@link #unreadable()}: the host takes such waits out with {@link #removeAll}.
     *
     * @return how many waits finished
     */
    public int poll(CompletionHandler handler) {
        return poll(handler, DeadlineEstimator.UNKNOWN);
    }

    /**
     * As {@link #poll(CompletionHandler)}, at {@code nowNanos}: also asks the handler
     * ({@link CompletionHandler#duePassed}) when each wait that is still pending and due by
     * {@code nowNanos} is next due. {@link DeadlineEstimator#UNKNOWN} for {@code nowNanos} asks
     * of none.
     */
    public int poll(CompletionHandler handler, long nowNanos) {
        boolean judging = nowNanos != DeadlineEstimator.UNKNOWN;
        int finished = 0;
        int skipped = 0;
        long earliest = DeadlineEstimator.UNKNOWN;
        polling = true;
        changedWhilePolling = false;
        nextDue = DeadlineEstimator.UNKNOWN;
        try {
            // Backwards, so removing the wait at i moves into i one already examined.
            for (int i = size - 1; i >= 0; i--) {
                if (i >= size) {
                    // The handler cancelled waits behind us; what moved here was examined.
                    continue;
                }
                int entry = active[i];
                long word;
                try {
                    word = lines[entry].getAcquire(slots[entry]);
                } catch (IllegalStateException gone) {
                    skipped++;
                    continue;
                }
                if (Sequences.reached(word, targets[entry])) {
                    Object attachment = attachments[entry];
                    long handle = handle(entry);
                    // Removed before the callback, so a handler that registers or cancels sees
                    // a consistent port.
                    remove(entry);
                    finished++;
                    handler.completed(handle, attachment, word);
                } else {
                    long due = dues[entry];
                    if (judging && due != DeadlineEstimator.UNKNOWN && nowNanos - due >= 0) {
                        due = handler.duePassed(handle(entry), attachments[entry], nowNanos);
                        dues[entry] = due;
                    }
                    earliest = earlier(earliest, due);
                }
            }
        } finally {
            polling = false;
            unreadable = skipped;
            if (changedWhilePolling) {
                // A cancel may have taken out a wait counted in earliest: count again.
                earliest = DeadlineEstimator.UNKNOWN;
                for (int i = 0; i < size; i++) {
                    earliest = earlier(earliest, dues[active[i]]);
                }
            }
            // Registrations made by the handler already folded their due in.
            nextDue = earlier(nextDue, earliest);
        }
        return finished;
    }

    /**
     * The attachment of the wait at {@code position} among the {@link #size()} registered ones,
     * for a host that walks its waits (a watchdog). Removing a wait moves the last one into its
     * position, so a walk from {@code size() - 1} down to 0 that cancels as it goes sees every
     * wait once.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= position < size()}
     */
    public Object attachmentAt(int position) {
        return attachments[active[java.util.Objects.checkIndex(position, size)]];
    }

    /** The handle of the wait at {@code position}, as {@link #attachmentAt}. */
    public long handleAt(int position) {
        return handle(active[java.util.Objects.checkIndex(position, size)]);
    }

    /** How many waits the last {@link #poll} skipped because their line could not be read. */
    public int unreadable() {
        return unreadable;
    }

    /**
     * The earliest due time among pending waits as of the last poll or registration, or
     * {@link DeadlineEstimator#UNKNOWN} when none is due: the host should look again by then.
     */
    public long nextDueNanos() {
        return nextDue;
    }

    /**
     * Removes the wait named by {@code handle}, if it is still registered, without calling
     * anyone.
     *
     * @return whether the handle named a registered wait
     */
    public boolean cancel(long handle) {
        int entry = (int) handle;
        if (handle < 0 || entry < 0 || entry >= lines.length || lines[entry] == null
                || generations[entry] != (int) (handle >>> 32)) {
            return false;
        }
        remove(entry);
        return true;
    }

    /**
     * Removes every wait on {@code line} (all when {@code line} is null), handing each to
     * {@code handler} with the word its slot read at that moment, or 0 if the line can no longer
     * be read. Used when a line closes or its device fails, so no waiter is left behind.
     *
     * @return how many waits were removed
     */
    public int removeAll(CompletionLine line, CompletionHandler handler) {
        int removed = 0;
        int i = 0;
        while (i < size) {
            int entry = active[i];
            if (line == null || lines[entry] == line) {
                Object attachment = attachments[entry];
                long word = readOrZero(lines[entry], slots[entry]);
                long handle = handle(entry);
                remove(entry);
                removed++;
                handler.completed(handle, attachment, word);
            } else {
                i++;
            }
        }
        return removed;
    }

    private static long readOrZero(CompletionLine line, Slot slot) {
        try {
            return line.getAcquire(slot);
        } catch (IllegalStateException closed) {
            return 0;
        }
    }

    private void remove(int entry) {
        if (polling) {
            changedWhilePolling = true;
        }
        int at = positions[entry];
        int last = active[--size];
        active[at] = last;
        positions[last] = at;
        lines[entry] = null;
        slots[entry] = null;
        attachments[entry] = null;
        // 31 bits, so a handle is never negative and never FULL.
        generations[entry] = (generations[entry] + 1) & Integer.MAX_VALUE;
        free[freeCount++] = entry;
    }

    private long handle(int entry) {
        return ((long) generations[entry] << 32) | entry;
    }

    private static long earlier(long a, long b) {
        if (a == DeadlineEstimator.UNKNOWN) {
            return b;
        }
        if (b == DeadlineEstimator.UNKNOWN) {
            return a;
        }
        return b - a < 0 ? b : a;
    }
}
