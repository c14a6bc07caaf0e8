package io.gpuasync.backend.sim;

/**
 * The statuses the simulated driver reports: CUDA's numbers for the same situations, so logs and
 * tests read the same on both.
 */
public final class SimStatus {
    /** A handle that was closed, or never made by this backend ({@code CUDA_ERROR_INVALID_HANDLE}). */
    public static final int INVALID_HANDLE = 400;
    /** A store into memory that is not (or no longer) allocated ({@code CUDA_ERROR_ILLEGAL_ADDRESS}). */
    public static final int ILLEGAL_ADDRESS = 700;
    /** A caller's work item threw on the device ({@code CUDA_ERROR_LAUNCH_FAILED}). */
    public static final int LAUNCH_FAILED = 719;
    /** The device was closed ({@code CUDA_ERROR_DEINITIALIZED}). */
    public static final int DEINITIALIZED = 4;

    private SimStatus() {
    }

    /** The name of {@code status}, as {@code cuGetErrorName} would give it. */
    public static String name(int status) {
        return switch (status) {
            case INVALID_HANDLE -> "CUDA_ERROR_INVALID_HANDLE";
            case ILLEGAL_ADDRESS -> "CUDA_ERROR_ILLEGAL_ADDRESS";
            case LAUNCH_FAILED -> "CUDA_ERROR_LAUNCH_FAILED";
            case DEINITIALIZED -> "CUDA_ERROR_DEINITIALIZED";
            default -> "status " + status;
        };
    }
}
