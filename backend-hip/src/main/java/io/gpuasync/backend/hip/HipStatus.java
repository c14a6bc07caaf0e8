package io.gpuasync.backend.hip;

import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.spi.ffm.StatusNames;

import java.lang.foreign.MemorySegment;

/** The runtime's names for its statuses ({@code hipGetErrorName}), in one place. */
final class HipStatus {
    /** {@code hipErrorNoDevice} for 100, or "status N". */
    static final StatusNames NAMES = new StatusNames(System.getLogger(HipStatus.class.getName()), Hip.HIP_SUCCESS,
            HipStatus::runtimeName, "status");

    private HipStatus() {
    }

    // The name is a static C string of the runtime's; 256 bytes bound the read to its NUL.
    @SuppressWarnings("restricted")
    private static String runtimeName(int status) {
        try {
            MemorySegment name = Hip.hipGetErrorName(status);
            if (!name.equals(MemorySegment.NULL)) {
                return name.reinterpret(256).getString(0);
            }
        } catch (UnsatisfiedLinkError missing) {
            // Named by number.
        }
        return null;
    }
}
