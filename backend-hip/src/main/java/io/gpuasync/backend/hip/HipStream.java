package io.gpuasync.backend.hip;

import java.lang.foreign.MemorySegment;

/**
 * A HIP stream, by its raw {@code hipStream_t} handle and the device it was created on. HIP 5.2
 * cannot tell a stream's device ({@code hipStreamGetDevice} came later), so a stream from another
 * library is wrapped with the device its creator made it on, and a line refuses a stream of
 * another device by that.
 *
 * @param handle the {@code hipStream_t} value
 * @param device the device it was created on
 */
public record HipStream(long handle, int device) {
    /** The stream {@code handle}, created on {@code device}. */
    public static HipStream wrap(long handle, int device) {
        return new HipStream(handle, device);
    }

    MemorySegment segment() {
        return MemorySegment.ofAddress(handle);
    }

    @Override
    public String toString() {
        return "hipStream_t 0x" + Long.toHexString(handle) + " of device " + device;
    }
}
