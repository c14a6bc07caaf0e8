package io.gpuasync.core;

/**
 * Wrap-safe comparison of the sequence numbers a stream stores into a slot.
 *
 * <p>Sequence numbers increase by one per signal and are compared as a signed 64-bit difference,
 * the cyclic comparison {@code CU_STREAM_WAIT_VALUE_GEQ} and {@code hipStreamWaitValue64} make on
 * the device side. So a word that wrapped past {@code Long.MAX_VALUE} (or past {@code -1} into
 * {@code 0}) still counts as after the values just before it; two numbers more than
 * {@code 2^63 - 1} apart cannot be ordered, which at one signal per nanosecond takes 292 years.
 */
public final class Sequences {
    private Sequences() {
    }

    /** Whether a word that reads {@code observed} has reached {@code target}. */
    public static boolean reached(long observed, long target) {
        return observed - target >= 0;
    }

    /**
     * How far {@code observed} is past {@code target}: positive when past, zero when equal,
     * negative when not yet reached.
     */
    public static long distance(long observed, long target) {
        return observed - target;
    }

    /** The number after {@code sequence}, wrapping at the end of 64 bits. */
    public static long next(long sequence) {
        return sequence + 1;
    }
}
