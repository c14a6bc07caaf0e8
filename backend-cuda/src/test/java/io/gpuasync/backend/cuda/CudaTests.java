package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.CudaLibrary;
import org.junit.jupiter.api.Assumptions;

import java.time.Duration;
import java.util.Optional;

/**
 * What the backend's tests ask of the driver, on the fake libcuda.so.1 the build makes or on a
 * real one (the GPU check on a GPU machine): a test that needs only the driver API runs on both;
 * one that steers the fake through its switches says so when it skips itself on a real driver.
 * Public, with {@link FakeCuda} and {@link Contexts}, for backend-cuda-bench's tests, which
 * compile against this module's test classes.
 */
public final class CudaTests {
    private static CudaWork work;

    private CudaTests() {
    }

    /** Skips the test, saying why, where the backend cannot be used (no driver, no device). */
    public static void assumeAvailable() {
        Optional<Throwable> why = CudaBackend.unavailability();
        Assumptions.assumeTrue(why.isEmpty(), () -> "CUDA is unavailable with " + CudaLibrary.LIBRARY.location() + ": "
                + why.map(Throwable::getMessage).orElse(""));
    }

    /**
     * A test's clean-up: clears any sticky error it left on device 0's context (on the fake), then
     * destroys {@code stream}, if any, in that context.
     */
    public static void clearAndDestroy(CudaBackend cuda, CudaStream stream) {
        if (FakeCuda.isLoaded()) {
            FakeCuda.setSticky(0, 0);
        }
        Contexts.makeCurrent(0);
        if (stream != null) {
            cuda.destroyStream(stream);
        }
    }

    /**
     * Skips the test on a real driver: it needs the fake's {@code switches} (failures, sticky
     * errors, counts of references and pages, attributes), which no real driver has.
     */
    public static void assumeFake(String switches) {
        assumeAvailable();
        Assumptions.assumeTrue(FakeCuda.isLoaded(), () -> "needs the fake libcuda.so.1's switches (" + switches
                + "), which the real driver " + CudaLibrary.LIBRARY.location() + " has not");
    }

    /**
     * Queues about {@code duration} of device work on {@code stream}, a stream of device 0's
     * primary context: the fake's timed work, or on a real driver a memset calibrated once.
     */
    static void enqueueWork(CudaStream stream, Duration duration) {
        if (FakeCuda.isLoaded()) {
            FakeCuda.enqueueWork(stream, duration.toNanos());
        } else {
            memset().enqueue(stream, duration);
        }
    }

    /** One memset buffer for the whole run, in device 0's context, calibrated on a stream of its own. */
    static synchronized CudaWork memset() {
        if (work == null) {
            CudaBackend cuda = CudaBackend.load();
            Contexts.makeCurrent(0);
            CudaStream calibration = cuda.createStream();
            work = CudaWork.allocate(64L << 20);
            work.calibrate(calibration);
            cuda.destroyStream(calibration);
        }
        return work;
    }
}
