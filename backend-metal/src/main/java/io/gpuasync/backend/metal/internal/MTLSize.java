package io.gpuasync.backend.metal.internal;

import com.sun.jna.Structure;

/**
 * {@code typedef struct { NSUInteger width, height, depth; } MTLSize}: 24 bytes, passed by
 * value. Larger than 16 bytes, so x86-64 passes it in memory on the stack and arm64 by a pointer
 * to a caller's copy; JNA (libffi) lays it out either way from this declaration.
 */
@Structure.FieldOrder({"width", "height", "depth"})
public class MTLSize extends Structure {
    public long width;
    public long height;
    public long depth;

    public MTLSize() {
    }

    MTLSize(long width, long height, long depth) {
        this.width = width;
        this.height = height;
        this.depth = depth;
    }

    /** An {@code MTLSize} passed by value. */
    public static final class ByValue extends MTLSize implements Structure.ByValue {
        public ByValue() {
        }

        ByValue(long width, long height, long depth) {
            super(width, height, depth);
        }
    }

    /**
     * A new one-thread size, for a grid or a group. Not one shared constant: JNA writes a
     * structure's fields into its native copy before each call, and keeps per-object state
     * while it does, so an instance is used by one thread at a time.
     */
    public static ByValue one() {
        return new ByValue(1, 1, 1);
    }
}
