package io.gpuasync.backend.hip;

import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.backend.hip.internal.HipLibrary;
import org.junit.jupiter.api.Assumptions;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * What the backend's tests ask of the runtime, on the fake libamdhip64 the build makes or on a
 * real one (the GPU check on an AMD machine): a test that steers the fake through its switches
 * says so when it skips itself on a real runtime.
 */
final class HipTests {
    private HipTests() {
    }

    /** Skips the test on a real runtime: it needs the fake's {@code switches}, which no real runtime has. */
    static void assumeFake(String switches) {
        Assumptions.assumeTrue(FakeHip.isLoaded(), () -> "needs the fake libamdhip64's switches (" + switches
                + "), which the runtime " + HipLibrary.LIBRARY.location() + " has not");
    }

    /** How many devices the runtime has. */
    static int devices() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(Hip.C_INT);
            if (Hip.hipGetDeviceCount(count) != Hip.HIP_SUCCESS) {
                return 0;
            }
            return count.get(ValueLayout.JAVA_INT, 0);
        }
    }
}
