package io.gpuasync.core;

/**
 * One of the eight 64-bit words of a {@link CompletionLine}. A slot is a type rather than an
 * {@code int} so that an index out of range is refused once, where it is made, and every word
 * access after that is in bounds by construction.
 */
public enum Slot {
    S0, S1, S2, S3, S4, S5, S6, S7;

    /** How many slots a line has. */
    public static final int COUNT = 8;

    // values() clones its array on every call; the lookup path must not allocate.
    private static final Slot[] BY_INDEX = values();

    /**
     * The slot with this index.
     *
     * @throws IllegalArgumentException if {@code index} is outside {@code [0, 8)}
     */
    public static Slot of(int index) {
        if (index < 0 || index >= COUNT) {
            throw new IllegalArgumentException(
                    "slot index " + index + " is out of range [0, " + COUNT + ")");
        }
        return BY_INDEX[index];
    }

    /** This slot's index, in {@code [0, 8)}. */
    public int index() {
        return ordinal();
    }

    /** Where this slot's word starts in the line, in bytes: {@code 8 * index}. */
    public long byteOffset() {
        return (long) ordinal() * Long.BYTES;
    }
}
