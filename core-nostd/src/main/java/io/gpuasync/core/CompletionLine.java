package io.gpuasync.core;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The eight 64-bit words a device stores sequence numbers into, as the host sees them: a view of
 * a 64-byte, 64-aligned {@link MemorySegment} (one cache line, so no other data shares it).
 *
 * <p>The device writes a word with an aligned 8-byte store behind the work queued before it; the
 * host touches the words only through these accessors, whose names give their ordering:
 * {@link #getAcquire} sees everything the writer published before its release store (on a device,
 * the stream's store is ordered after its work by the stream itself), {@link #setRelease}
 * publishes the host's earlier writes with the word. There is no plain access, so no read is ever
 * torn or hoisted out of a wait loop.
 *
 * <p>The view holds no lock and allocates nothing. Its owner ends it with {@link #retire()}
 * before giving the memory back: every later access, through any view of the line, throws
 * {@link IllegalStateException} without touching the memory, and {@code retire} returns only once
 * the accesses already under way have left. Closing the segment's arena instead would also
 * refuse late reads, but a shared arena's close stops the threads reading it at that moment with
 * an asynchronous exception, which the JDK may leave behind as a set interrupt status on a
 * thread that nobody interrupted; a reader here is never disturbed by a close.
 */
public final class CompletionLine {
    /** Size of the line in bytes: eight words, one cache line. */
    public static final long BYTES = Slot.COUNT * Long.BYTES;
    /** Alignment the line's address must have, in bytes. */
    public static final long ALIGNMENT = 64;

    // Coordinates (MemorySegment, long byteOffset). Bound once: an exact, constant handle is what
    // lets the JIT turn every access below into one aligned load or store.
    private static final VarHandle WORD = ValueLayout.JAVA_LONG
            .varHandle()
            .withInvokeExactBehavior();

    private final MemorySegment words;
    // Shared by every view of the same words, so retiring one retires them all.
    private final Readers readers;

    private CompletionLine(MemorySegment words, Readers readers) {
        this.words = words;
        this.readers = readers;
    }

    /**
     * A view of {@code segment}, which must be exactly {@value #BYTES} bytes long and start at an
     * address that is a multiple of {@value #ALIGNMENT}.
     *
     * @throws IllegalArgumentException naming the size or address that is wrong
     */
    public static CompletionLine over(MemorySegment segment) {
        if (segment == null) {
            throw new NullPointerException("segment");
        }
        if (segment.byteSize() != BYTES) {
            throw new IllegalArgumentException("a completion line needs a segment of exactly "
                    + BYTES + " bytes; this one has " + segment.byteSize());
        }
        if (!segment.isNative()) {
            throw new IllegalArgumentException(
                    "a completion line needs native memory a device can write; this segment is on the heap");
        }
        if (segment.address() % ALIGNMENT != 0) {
            throw new IllegalArgumentException("a completion line needs a " + ALIGNMENT
                    + "-byte aligned address; 0x" + Long.toHexString(segment.address()) + " is "
                    + (segment.address() % ALIGNMENT) + " bytes past a boundary");
        }
        return new CompletionLine(segment, new Readers());
    }

    /**
     * A view of the same words through which the host can only read: what a line hands to
     * applications, since a host store into a word the device writes could fake a completion
     * or move the word back. Its {@link #setRelease} throws {@link UnsupportedOperationException}.
     */
    public CompletionLine readOnly() {
        return words.isReadOnly() ? this : new CompletionLine(words.asReadOnly(), readers);
    }

    private void requireWritable() {
        if (words.isReadOnly()) {
            throw new UnsupportedOperationException(
                    "this view of the line is read-only: only the device and the line's owner store into its words");
        }
    }

    /** Whether {@link #setRelease} and {@link #fillRelease} are refused on this view. */
    public boolean isReadOnly() {
        return words.isReadOnly();
    }

    /**
     * The word of {@code slot}, read with acquire ordering.
     *
     * @throws IllegalStateException once the line is {@linkplain #retire() retired}
     */
    public long getAcquire(Slot slot) {
        long offset = slot.byteOffset();
        int stripe = readers.enter();
        try {
            return (long) WORD.getAcquire(words, offset);
        } finally {
            readers.exit(stripe);
        }
    }

    /**
     * Stores {@code value} into the word of {@code slot} with release ordering.
     *
     * @throws UnsupportedOperationException on a {@link #readOnly()} view
     */
    public void setRelease(Slot slot, long value) {
        requireWritable();
        long offset = slot.byteOffset();
        int stripe = readers.enter();
        try {
            WORD.setRelease(words, offset, value);
        } finally {
            readers.exit(stripe);
        }
    }

    /**
     * Stores {@code value} into every word with release ordering (a fresh line's words are set
     * before the line is handed to anyone, so one release per word is enough).
     */
    public void fillRelease(long value) {
        requireWritable();
        int stripe = readers.enter();
        try {
            for (int i = 0; i < Slot.COUNT; i++) {
                WORD.setRelease(words, (long) i * Long.BYTES, value);
            }
        } finally {
            readers.exit(stripe);
        }
    }

    /**
     * Ends every view of these words: later accesses throw {@link IllegalStateException} and
     * never touch the memory. Returns once the accesses that had already begun have finished,
     * so that on return the owner may free the memory. Idempotent; safe from any thread. It
     * waits only for single loads and stores in flight, never for a thread that is asleep.
     */
    public void retire() {
        readers.retire();
    }

    /** Whether {@link #retire()} was called. */
    public boolean isRetired() {
        return readers.retired;
    }

    /** Whether the word of {@code slot} has reached {@code target} (see {@link Sequences#reached}). */
    public boolean reached(Slot slot, long target) {
        return Sequences.reached(getAcquire(slot), target);
    }

    /** The native address of word 0, for diagnostics. */
    public long address() {
        return words.address();
    }

    @Override
    public String toString() {
        return "CompletionLine@0x" + Long.toHexString(words.address()) + (readers.retired ? " (retired)" : "");
    }

    /**
     * Counts the accesses under way, in a few padded stripes chosen by thread (a thread enters
     * and leaves on the same stripe, so each stripe's count is exact), so that many threads
     * polling one line do not all bounce one cache line.
     *
     * <p>NOTE the handshake with {@link #retire}: an access increments its stripe and then reads
     * {@code retired}; retire writes {@code retired} and then reads every stripe. All four are
     * volatile accesses, so they fall in one total order: either the access sees
     * {@code retired} (and backs out without touching memory) or retire sees its increment (and
     * waits for its decrement). Since a stripe is one variable, a stripe read as 0 had nobody
     * inside at that moment, and anybody entering later sees {@code retired}. What this forbids:
     * an access reading memory after retire returned.
     */
    private static final class Readers {
        private static final int STRIPES = 8;
        // 16 longs = 128 bytes between counted stripes: no two share a cache line, nor a pair
        // of lines the hardware prefetches together.
        private static final int SPACING = 16;

        // Incremented and decremented with volatile read-modify-writes (the handshake above).
        private final AtomicLongArray counts = new AtomicLongArray((STRIPES + 1) * SPACING);
        private volatile boolean retired;

        int enter() {
            int stripe = (1 + ((int) Thread.currentThread().threadId() & (STRIPES - 1))) * SPACING;
            counts.getAndIncrement(stripe);
            if (retired) {
                counts.getAndDecrement(stripe);
                throw new IllegalStateException("the completion line was retired: its memory may have been given back");
            }
            return stripe;
        }

        void exit(int stripe) {
            counts.getAndDecrement(stripe);
        }

        void retire() {
            retired = true;
            for (int i = 1; i <= STRIPES; i++) {
                int spins = 0;
                while (counts.get(i * SPACING) != 0) {
                    // An access is a handful of instructions; only a descheduled reader takes
                    // longer, and yielding lets it run.
                    if (++spins < 100) {
                        Thread.onSpinWait();
                    } else {
                        Thread.yield();
                    }
                }
            }
        }
    }
}
