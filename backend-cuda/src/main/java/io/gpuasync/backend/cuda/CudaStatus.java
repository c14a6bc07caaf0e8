package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.spi.ffm.StatusNames;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** The driver's names for its statuses ({@code cuGetErrorName}), in one place. */
final class CudaStatus {
    static final System.Logger LOG = System.getLogger(CudaStatus.class.getName());
    /** {@code CUDA_ERROR_INVALID_VALUE} for 1, or "status N" if the driver has no name for it. */
    static final StatusNames NAMES = new StatusNames(LOG, Cuda.CUDA_SUCCESS, CudaStatus::driverName, "status");

    private CudaStatus() {
    }

    // The name is a static C string the driver owns; 256 bytes bound the read to its NUL.
    @SuppressWarnings("restricted")
    private static String driverName(int status) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = arena.allocate(Cuda.C_POINTER);
            if (Cuda.cuGetErrorName(status, name) == Cuda.CUDA_SUCCESS) {
                MemorySegment chars = name.get(ValueLayout.ADDRESS, 0);
                if (!chars.equals(MemorySegment.NULL)) {
                    return chars.reinterpret(256).getString(0);
                }
            }
        } catch (UnsatisfiedLinkError missing) {
            // Named by number.
        }
        return null;
    }
}
