package io.gpuasync.core;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

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
 * <p>The view holds no lock and allocates nothing. Whether the memory is still alive is the
 * segment's business: a segment from a closed arena throws {@link IllegalStateException} on access
 * instead of reading memory that was given back.
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

    private CompletionLine(MemorySegment words) {
        this.words = words;
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
        return new CompletionLine(segment);
    }

    /**
     * A view of the same words through which the host can only read: what a line hands to
     * applications, since a host store into a word the device writes could fake a completion
     * or move the word back. Its {@link #setRelease} throws {@link UnsupportedOperationException}.
     */
    public CompletionLine readOnly() {
        return words.isReadOnly() ? this : new CompletionLine(words.asReadOnly());
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

    /** The word of {@code slot}, read with acquire ordering. */
    public long getAcquire(Slot slot) {
        return (long) WORD.getAcquire(words, slot.byteOffset());
    }

    /**
     * Stores {@code value} into the word of {@code slot} with release ordering.
     *
     * @throws UnsupportedOperationException on a {@link #readOnly()} view
     */
    public void setRelease(Slot slot, long value) {
        requireWritable();
        WORD.setRelease(words, slot.byteOffset(), value);
    }

    /**
     * Stores {@code value} into every word with release ordering (a fresh line's words are set
     * before the line is handed to anyone, so one release per word is enough).
     */
    public void fillRelease(long value) {
        requireWritable();
        for (int i = 0; i < Slot.COUNT; i++) {
            WORD.setRelease(words, (long) i * Long.BYTES, value);
        }
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
        return "CompletionLine@0x" + Long.toHexString(words.address());
    }
}
