package io.gpuasync.backend.hip;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.backend.hip.internal.HipLibrary;
import io.gpuasync.spi.BackendBuilder;
import io.gpuasync.spi.LeakReporter;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.MappedLine;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;

/**
 * The HIP backend: lines on the current device, over the HIP runtime.
 *
 * <p>Store waits are off by default: hosts poll a line's words with a back-off once a landing
 * is overdue. {@code HipBackend.builder().storeWaits(true).load()} turns them on: each store is
 * followed by a {@code hipEventBlockingSync} event (one more runtime call per signal), and a host
 * can block until the store landed ({@link LineDriver#storeWaits()}).
 */
public final class HipBackend implements Backend<HipStream> {
    /** The system property that turns store waits on for the backend {@link HipProvider} loads: {@code true}. */
    public static final String STORE_WAITS_PROPERTY = "gar.hip.storeWaits";

    private final HipDriver driver;
    private final LeakReporter leakReporter;

    private HipBackend(LeakReporter leakReporter, boolean storeWaits) {
        this.leakReporter = leakReporter;
        this.driver = new HipDriver(storeWaits);
    }

    /**
     * A backend to {@link BackendBuilder#load() load} with options other than the defaults. With
     * {@link BackendBuilder#storeWaits store waits} on, each store is followed by a
     * {@code hipEventBlockingSync} event ({@code hipEventRecord}), and one syncer thread per device and stream with
     * stores pending blocks in {@code hipEventSynchronize} for them, never a thread per wait.
     */
    public static BackendBuilder<HipBackend> builder() {
        return new BackendBuilder<>() {
            @Override
            public HipBackend load() {
                unavailability().ifPresent(cause -> {
                    throw new GpuException(GpuException.Kind.UNAVAILABLE, LineError.UNAVAILABLE.status(),
                            "HIP is unavailable: " + cause.getMessage(), cause);
                });
                return new HipBackend(leakReporter(), storeWaits());
            }
        };
    }

    /**
     * The backend, once {@code libamdhip64.so.5} (or the library {@link HipLibrary#PROPERTY}
     * names) is loaded, every entry point is found, and there is a device.
     *
     * @throws GpuException of kind {@link GpuException.Kind#UNAVAILABLE} saying which failed
     */
    public static HipBackend load() {
        return load(LeakReporter.logging());
    }

    /** As {@link #load()}, reporting leaked lines to {@code leakReporter}. */
    public static HipBackend load(LeakReporter leakReporter) {
        return builder().leakReporter(leakReporter).load();
    }

    /** Why HIP cannot be used here (library, entry point, no device), or empty if it can. */
    public static Optional<Throwable> unavailability() {
        return HipLibrary.LIBRARY.unavailability(Hip.FUNCTIONS.stream().map(Hip.Function::symbol).toList(),
                HipBackend::aDeviceIsThere);
    }

    private static Optional<Throwable> aDeviceIsThere() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(Hip.C_INT);
            int status = Hip.hipGetDeviceCount(count);
            if (status != Hip.HIP_SUCCESS) {
                return Optional.of(new IllegalStateException(HipStatus.NAMES.describe("hipGetDeviceCount", status)));
            }
            if (count.get(ValueLayout.JAVA_INT, 0) == 0) {
                return Optional.of(new IllegalStateException("hipGetDeviceCount found no device"));
            }
            return Optional.empty();
        }
    }

    @Override
    public String name() {
        return "hip";
    }

    @Override
    public Class<HipStream> streamType() {
        return HipStream.class;
    }

    /** The driver table, for tools that drive it directly (the conformance suite). */
    public LineDriver<HipStream, HipDevice> driver() {
        return driver;
    }

    /**
     * A line on the calling thread's current device ({@code hipGetDevice}).
     *
     * @throws GpuException {@link GpuException.Kind#NO_DOMAIN} with no device, or from a virtual
     *     thread (use {@link #openLine(int)}), or the runtime's status with its name
     */
    @Override
    public Line<HipStream> openLine() {
        return MappedLine.open(driver, leakReporter);
    }

    /**
     * A line on device {@code device} ({@code hipDevicePrimaryCtxRetain}), whatever device the
     * calling thread has current: the way to open a line from a virtual thread, where
     * {@link #openLine()} is refused.
     *
     * @throws GpuException the runtime's status with its name ({@code hipErrorInvalidDevice} for a
     *     device that does not exist)
     */
    @Override
    public Line<HipStream> openLine(int device) {
        return MappedLine.open(driver, () -> driver.retainDevice(device), leakReporter);
    }

    /** A new stream on the calling thread's current device ({@code hipStreamCreateWithFlags}, non-blocking). */
    public HipStream createStream() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment device = arena.allocate(Hip.C_INT);
            HipStatus.NAMES.check(Hip.hipGetDevice(device), "hipGetDevice");
            MemorySegment stream = arena.allocate(Hip.C_POINTER);
            HipStatus.NAMES.check(Hip.hipStreamCreateWithFlags(stream, Hip.HIP_STREAM_NON_BLOCKING), "hipStreamCreateWithFlags");
            return new HipStream(stream.get(ValueLayout.ADDRESS, 0).address(), device.get(ValueLayout.JAVA_INT, 0));
        } catch (LineException e) {
            throw e.toGpuException("creating a stream");
        }
    }

    /** Destroys a stream this backend created. */
    public void destroyStream(HipStream stream) {
        try {
            HipStatus.NAMES.check(Hip.hipStreamDestroy(stream.segment()), "hipStreamDestroy");
        } catch (LineException e) {
            throw e.toGpuException("destroying " + stream);
        }
    }

    /** Makes device {@code ordinal} current on the calling thread ({@code hipSetDevice}). */
    public void makeCurrent(int ordinal) {
        try {
            HipStatus.NAMES.check(Hip.hipSetDevice(ordinal), "hipSetDevice(" + ordinal + ")");
        } catch (LineException e) {
            throw e.toGpuException("making device " + ordinal + " current");
        }
    }
}
