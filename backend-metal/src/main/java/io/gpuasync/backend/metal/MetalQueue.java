package io.gpuasync.backend.metal;

/**
 * A Metal command queue, by its raw {@code id<MTLCommandQueue>}: one this backend created
 * ({@link MetalBackend#createQueue()}), or one from another library wrapped with {@link
 * #wrap(long)} (LWJGL, a JNA or Panama binding of your own). Wrapping takes no reference: the
 * queue must outlive the stores queued on it through a line.
 *
 * @param handle the {@code id<MTLCommandQueue>} pointer
 */
public record MetalQueue(long handle) {
    public MetalQueue {
        if (handle == 0) {
            throw new IllegalArgumentException("a command queue cannot be nil");
        }
    }

    /** The queue whose raw pointer is {@code handle}. */
    public static MetalQueue wrap(long handle) {
        return new MetalQueue(handle);
    }

    @Override
    public String toString() {
        return "MTLCommandQueue 0x" + Long.toHexString(handle);
    }
}
