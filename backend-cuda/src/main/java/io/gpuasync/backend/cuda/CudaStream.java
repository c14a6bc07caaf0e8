package io.gpuasync.backend.cuda;

import java.lang.foreign.MemorySegment;

/**
 * A CUDA stream, by its raw {@code CUstream} handle: one this backend created, or one from
 * another Java CUDA library wrapped with {@link #wrap(long)}:
 * <pre>{@code
 * // JCuda:   CudaStream.wrap(jcudaStream.getNativePointer())
 * // JavaCPP: CudaStream.wrap(cudaStream.address())
 * // LWJGL:   CudaStream.wrap(streamHandleFromPointerBuffer)
 * CudaStream stream = CudaStream.wrap(handle);
 * Ticket ticket = line.signal(stream, Slot.S0);   // refused if the stream is of another context
 * }</pre>
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
