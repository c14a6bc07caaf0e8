package io.gpuasync.backend.hip.internal;

import io.gpuasync.spi.ffm.NativeLibrary;

/**
 * Where the HIP runtime comes from: the system property {@value #PROPERTY}, else the environment
 * variable {@value #ENVIRONMENT}, else the first the loader finds of {@code libamdhip64.so}
 * (a development install) and the sonames of ROCm 7, 6 and 5 ({@code libamdhip64.so.7} ...).
 */
public final class HipLibrary {
    /** The system property naming another library path (the tests' fake, a driver elsewhere). */
    public static final String PROPERTY = "gar.hip.library";
    /** The environment variable, for when the property cannot be set. */
    public static final String ENVIRONMENT = "GAR_HIP_LIBRARY";

    /** The runtime library, loaded on first use. */
    public static final NativeLibrary LIBRARY = new NativeLibrary(PROPERTY, ENVIRONMENT,
            "libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5");

    private HipLibrary() {
    }
}
