package io.gpuasync.backend.hip;

import java.lang.foreign.MemorySegment;

/**
 * A HIP stream, by its raw {@code hipStream_t} handle and the device it was created on. A line
 * does not trust the device named here: it asks the runtime ({@code hipGetStreamDeviceId}, which
 * 5.2 exports and which knows every live stream), refuses a handle the runtime does not know
 * (destroyed, foreign) and the special handles 0x1 and 0x2, and refuses with a clear error a
 * stream wrapped with a device other than the runtime's. The null stream (0) is the calling
 * thread's current device's.
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
