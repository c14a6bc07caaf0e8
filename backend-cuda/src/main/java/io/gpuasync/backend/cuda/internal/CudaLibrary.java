package io.gpuasync.backend.cuda.internal;

import io.gpuasync.spi.ffm.NativeLibrary;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where {@code libcuda.so.1} comes from: the system property {@value #PROPERTY}, else the environment
 * variable {@value #ENVIRONMENT}, else the dynamic loader's search for {@code libcuda.so.1}.
 */
public final class CudaLibrary {
    /** The system property naming another library path (the tests' fake, a driver elsewhere). */
    public static final String PROPERTY = "gar.cuda.library";
    /** The environment variable, for when the property cannot be set. */
    public static final String ENVIRONMENT = "GAR_CUDA_LIBRARY";

    /** The driver library, loaded on first use. */
    public static final NativeLibrary LIBRARY = new NativeLibrary(PROPERTY, ENVIRONMENT, "libcuda.so.1");

    private CudaLibrary() {
    }

    /**
     * Why the backend cannot use the library: not loadable, an entry point missing (explained
     * where the driver is too old), or what {@code ready} finds once both are fine; worked out once.
     */
    public static Optional<Throwable> unavailability(Supplier<Optional<Throwable>> ready) {
        return LIBRARY.unavailability(Cuda.FUNCTIONS.stream().map(Cuda.Function::symbol).toList(), ready)
                .map(CudaLibrary::explained);
    }

    /**
     * {@code cause}, explained where a driver too old for the v2 stream memory operations is
     * why: {@code cuStreamWriteValue64_v2} and {@code cuStreamWaitValue64_v2} came with CUDA
     * 11.7, and the drivers before them ran stream memory operations only when the nvidia module
     * was loaded with {@code NVreg_EnableStreamMemOPs=1} (CUDA 10.1's cuda.h: "The whole set of
     * operations is disabled by default"). Such a driver fails here, at the symbol check,
     * never later at the device attribute.
     */
    public static Throwable explained(Throwable cause) {
        String message = String.valueOf(cause.getMessage());
        if (!(cause instanceof UnsatisfiedLinkError)
                || !(message.contains("cuStreamWriteValue64_v2") || message.contains("cuStreamWaitValue64_v2"))) {
            return cause;
        }
        UnsatisfiedLinkError explained = new UnsatisfiedLinkError(message + ": the driver predates CUDA 11.7's v2 stream"
                + " memory operations, which a line's stores and device-side waits are. Update the driver (on those older"
                + " drivers the v1 operations ran only with the nvidia module option NVreg_EnableStreamMemOPs=1, and this"
                + " backend binds only the v2 ones)");
        explained.initCause(cause);
        return explained;
    }
}
