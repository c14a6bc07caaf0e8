package io.gpuasync.backend.cuda;

import java.lang.foreign.MemorySegment;

/**
 * A CUDA stream, by its raw {@code CUstream} handle: one this backend created, or one from
 * another Java CUDA library wrapped with {@link #wrap(long)}:
 * <pre>{@code
 * CudaStream stream = CudaStream.wrap(handle);
 * Ticket ticket = line.signal(stream, Slot.S0);   // refused if the stream is of another context
 * }</pre>
 * JavaCPP's {@code CUstream_st} gives its handle with {@code address()}, LWJGL's
 * {@code cuStreamCreate} fills a {@code PointerBuffer} read with {@code get(0)}, and JCuda's
 * {@code CUstream} keeps it behind the protected {@code getNativePointer()}, which a subclass
 * reads (the interop block of {@code docs/backends.md}, compiled in this module's {@code InteropTest}).
 * Wrapping takes no ownership: the library that made the stream destroys it. The handle 0 is the
 * legacy default stream of the calling thread's current context.
 *
 * @param handle the {@code CUstream} value
 */
public record CudaStream(long handle) {
    /** The stream whose raw handle is {@code handle}. */
    public static CudaStream wrap(long handle) {
        return new CudaStream(handle);
    }

    MemorySegment segment() {
        return MemorySegment.ofAddress(handle);
    }

    @Override
    public String toString() {
        return "CUstream 0x" + Long.toHexString(handle);
    }
}
