package io.gpuasync.backend.cuda;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.backend.cuda.internal.CudaInternals;
import io.gpuasync.backend.cuda.internal.CudaLibrary;
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
 * The CUDA backend: lines in device primary contexts, over the driver API.
 * <pre>{@code
 * CudaBackend cuda = CudaBackend.load();            // GpuException UNAVAILABLE, with the cause
 * try (Line<CudaStream> line = cuda.openLine(0)) {  // device 0's primary context (or openLine(): the
 *                                                   // current context's device, on a platform thread)
 *     CudaStream stream = CudaStream.wrap(handleFromJCuda);
 *     reactor.await(line.signal(stream, Slot.S0));
 * }
 * }</pre>
 *
 * <p>Store waits are off by default: hosts poll a line's words with a back-off once a landing
 * is overdue. {@code CudaBackend.builder().storeWaits(true).load()} turns them on: each store
 * is followed by a {@code CU_EVENT_BLOCKING_SYNC} event (one more driver call per signal), and a
 * host can block in the driver until the store landed ({@link LineDriver#storeWaits()}).
 */
public final class CudaBackend implements Backend<CudaStream> {
    /** The system property that turns store waits on for the backend {@link CudaProvider} loads: {@code true}. */
    public static final String STORE_WAITS_PROPERTY = "gar.cuda.storeWaits";

    private final CudaDriver driver;
    private final java.util.Map<Integer, Long> primaryContexts = new java.util.HashMap<>();
    private final LeakReporter leakReporter;

    static {
        CudaInternals.install(new GrantedInternals());
    }

    private CudaBackend(LeakReporter leakReporter, boolean storeWaits) {
        this.leakReporter = leakReporter;
        this.driver = new CudaDriver(storeWaits);
    }

    /**
     * A backend to {@link BackendBuilder#load() load} with options other than the defaults. With
     * {@link BackendBuilder#storeWaits store waits} on, each store is followed by a
     * {@code CU_EVENT_BLOCKING_SYNC} event ({@code cuEventRecord}), and one syncer thread per line and stream with
     * stores pending blocks in {@code cuEventSynchronize} for them, never a thread per wait.
     */
    public static BackendBuilder<CudaBackend> builder() {
        return new BackendBuilder<>() {
            @Override
            public CudaBackend load() {
                unavailability().ifPresent(cause -> {
                    throw new GpuException(GpuException.Kind.UNAVAILABLE, LineError.UNAVAILABLE.status(),
                            "CUDA is unavailable: " + cause.getMessage(), cause);
                });
                return new CudaBackend(leakReporter(), storeWaits());
            }
        };
    }

    /**
     * The backend, once {@code libcuda.so.1} (or the library {@link CudaLibrary#PROPERTY} names)
     * is loaded, every entry point this backend uses is found, and {@code cuInit(0)} succeeded.
     *
     * @throws GpuException of kind {@link GpuException.Kind#UNAVAILABLE} saying which of these failed
     */
    public static CudaBackend load() {
        return load(LeakReporter.logging());
    }

    /** As {@link #load()}, reporting leaked lines to {@code leakReporter}. */
    public static CudaBackend load(LeakReporter leakReporter) {
        return builder().leakReporter(leakReporter).load();
    }

    /** Why CUDA cannot be used here (library, entry point, or cuInit), or empty if it can. */
    public static Optional<Throwable> unavailability() {
        return CudaLibrary.unavailability(CudaBackend::initialize);
    }

    private static Optional<Throwable> initialize() {
        int status = Cuda.cuInit(0);
        if (status != Cuda.CUDA_SUCCESS) {
            return Optional.of(new IllegalStateException(CudaStatus.NAMES.describe("cuInit(0)", status)));
        }
        return Optional.empty();
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public Class<CudaStream> streamType() {
        return CudaStream.class;
    }

    /** The driver table, for tools that drive it directly (the conformance suite). */
    public LineDriver<CudaStream, CudaContext> driver() {
        return driver;
    }

    /**
     * A line in the primary context of the calling thread's current device.
     *
     * @throws GpuException {@link GpuException.Kind#NO_DOMAIN} with no current context, or from a
     *     virtual thread (use {@link #openLine(int)}), or the driver's status with its name
     */
    @Override
    public Line<CudaStream> openLine() {
        return MappedLine.open(driver, leakReporter);
    }

    /**
     * A line in device {@code device}'s primary context ({@code cuDeviceGet},
     * {@code cuDevicePrimaryCtxRetain}), whatever context the calling thread has current, which
     * it leaves as it was: the way to open a line from a virtual thread, where {@link #openLine()}
     * is refused.
     *
     * @throws GpuException the driver's status with its name ({@code CUDA_ERROR_INVALID_DEVICE} for
     *     a device that does not exist)
     */
    @Override
    public Line<CudaStream> openLine(int device) {
        return MappedLine.open(driver, () -> driver.retainDevice(device), leakReporter);
    }

    /**
     * Makes device {@code ordinal}'s primary context current on the calling thread. The backend
     * retains each device's primary context once, the first time, and keeps it for good, so that
     * a context made current stays valid however lines come and go.
     */
    public void makePrimaryContextCurrent(int ordinal) {
        try (Arena arena = Arena.ofConfined()) {
            Long handle;
            synchronized (primaryContexts) {
                handle = primaryContexts.get(ordinal);
                if (handle == null) {
                    MemorySegment device = arena.allocate(Cuda.C_INT);
                    CudaDriver.check(Cuda.cuDeviceGet(device, ordinal), "cuDeviceGet(" + ordinal + ")");
                    MemorySegment context = arena.allocate(Cuda.C_POINTER);
                    CudaDriver.check(Cuda.cuDevicePrimaryCtxRetain(context, device.get(ValueLayout.JAVA_INT, 0)),
                            "cuDevicePrimaryCtxRetain(" + ordinal + ")");
                    handle = context.get(ValueLayout.ADDRESS, 0).address();
                    primaryContexts.put(ordinal, handle);
                }
            }
            CudaDriver.check(Cuda.cuCtxSetCurrent(MemorySegment.ofAddress(handle)), "cuCtxSetCurrent");
        } catch (LineException e) {
            throw e.toGpuException("making device " + ordinal + "'s primary context current");
        }
    }

    /** A new stream in the calling thread's current context ({@code cuStreamCreate}, non-blocking). */
    public CudaStream createStream() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stream = arena.allocate(Cuda.C_POINTER);
            CudaDriver.check(Cuda.cuStreamCreate(stream, Cuda.CU_STREAM_NON_BLOCKING), "cuStreamCreate");
            return new CudaStream(stream.get(ValueLayout.ADDRESS, 0).address());
        } catch (LineException e) {
            throw e.toGpuException("creating a stream");
        }
    }

    /** Destroys a stream this backend created ({@code cuStreamDestroy}); its queued work still runs. */
    public void destroyStream(CudaStream stream) {
        try {
            CudaDriver.check(Cuda.cuStreamDestroy_v2(MemorySegment.ofAddress(stream.handle())), "cuStreamDestroy");
        } catch (LineException e) {
            throw e.toGpuException("destroying " + stream);
        }
    }
}
