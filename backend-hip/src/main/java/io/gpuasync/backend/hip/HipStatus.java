package io.gpuasync.backend.hip;

import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

import java.lang.foreign.MemorySegment;

/** The runtime's names for its statuses ({@code hipGetErrorName}), in one place. */
final class HipStatus {
    private static final System.Logger LOG = System.getLogger(HipStatus.class.getName());

    private HipStatus() {
    }

    /** {@code hipErrorNoDevice} for 100, or "status N". */
    // The name is a static C string of the runtime's; 256 bytes bound the read to its NUL.
    @SuppressWarnings("restricted")
    static String name(int status) {
        try {
            MemorySegment name = Hip.hipGetErrorName(status);
            if (!name.equals(MemorySegment.NULL)) {
                return name.reinterpret(256).getString(0);
            }
        } catch (UnsatisfiedLinkError missing) {
            // Named by number below.
        }
        return "status " + status;
    }

    static String describe(String call, int status) {
        return call + " returned " + status + " (" + name(status) + ")";
    }

    static void check(int status, String call) throws LineException {
        if (status != Hip.HIP_SUCCESS) {
            throw failure(status, call);
        }
    }

    static LineException failure(int status, String call) {
        return new LineException(LineError.ofStatus(status), describe(call, status));
    }

    static void warn(String message) {
        LOG.log(System.Logger.Level.WARNING, message);
    }

    static void log(String call, int status) {
        LOG.log(System.Logger.Level.WARNING, describe(call, status));
    }
}
