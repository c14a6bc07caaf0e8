package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.Cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashMap;
import java.util.Map;

/** Makes primary contexts current for the tests, on the fake driver or a real one. */
public final class Contexts {
    // One retain per device for the whole test run, so making a context current does not
    // change the reference counts the tests compare.
    private static final Map<Integer, Long> PRIMARY = new HashMap<>();
    // A context of the tests' own on device 0, where there is no second device to be foreign.
    private static long own;

    private Contexts() {
    }

    /** Makes device {@code ordinal}'s primary context current on this thread. */
    public static synchronized void makeCurrent(int ordinal) {
        Long handle = PRIMARY.get(ordinal);
        try (Arena arena = Arena.ofConfined()) {
            if (handle == null) {
                MemorySegment device = arena.allocate(ValueLayout.JAVA_INT);
                require(Cuda.cuDeviceGet(device, ordinal), "cuDeviceGet(" + ordinal + ")");
                MemorySegment context = arena.allocate(ValueLayout.ADDRESS);
                require(Cuda.cuDevicePrimaryCtxRetain(context, device.get(ValueLayout.JAVA_INT, 0)), "cuDevicePrimaryCtxRetain");
                handle = context.get(ValueLayout.ADDRESS, 0).address();
                PRIMARY.put(ordinal, handle);
            }
            require(Cuda.cuCtxSetCurrent(MemorySegment.ofAddress(handle)), "cuCtxSetCurrent");
        }
    }

    /**
     * Makes current on this thread a context that is not device 0's primary one: device 1's
     * primary context where there are two devices (the fake has two), else, on a real driver
     * with one device, a context of the tests' own on device 0 ({@code cuCtxCreate}).
     */
    static synchronized void makeForeignCurrent() {
        if (devices(2) >= 2) {
            makeCurrent(1);
            return;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(DriverCalls.canCreateContexts(),
                "needs a second device or cuCtxCreate for a context that is not device 0's primary one");
        if (own == 0) {
            own = DriverCalls.createContext(0);
        }
        require(Cuda.cuCtxSetCurrent(MemorySegment.ofAddress(own)), "cuCtxSetCurrent(the tests' own context)");
    }

    /** Leaves this thread with no current context. */
    static void clearCurrent() {
        require(Cuda.cuCtxSetCurrent(MemorySegment.NULL), "cuCtxSetCurrent(NULL)");
    }

    /** How many devices the driver has, up to {@code most}. */
    static int devices(int most) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment device = arena.allocate(ValueLayout.JAVA_INT);
            int n = 0;
            while (n < most && Cuda.cuDeviceGet(device, n) == Cuda.CUDA_SUCCESS) {
                n++;
            }
            return n;
        }
    }

    private static void require(int status, String call) {
        if (status != 0) {
            throw new IllegalStateException(call + " returned " + status);
        }
    }
}
