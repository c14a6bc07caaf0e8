package io.gpuasync.backend.metal;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.backend.metal.internal.MetalC;
import io.gpuasync.backend.metal.internal.MetalInternals;
import io.gpuasync.backend.metal.internal.MetalLibraries;
import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.ObjC;
import io.gpuasync.backend.metal.internal.Pool;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.spi.LeakReporter;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.MappedLine;

import java.util.Objects;
import java.util.Optional;

/**
 * The Metal backend: lines in shared-storage {@code MTLBuffer}s, stored into by compute kernels
 * on {@code MTLCommandQueue}s, through a JNA bridge to the Objective-C runtime (no Rococoa).
 * <pre>{@code
 * MetalBackend metal = MetalBackend.load();        // GpuException UNAVAILABLE off macOS, with the cause
 * MetalQueue queue = metal.createQueue();          // or MetalQueue.wrap(yourQueuePointer)
 * try (Line<MetalQueue> line = metal.openLine()) { // on the system default device
 *     // ... commit your command buffers on the queue ...
 *     reactor.await(line.signal(queue, Slot.S0));
 * }
 * }</pre>
 * A thread's current device is the system default ({@code MTLCreateSystemDefaultDevice}, else the
 * first that {@code MTLCopyAllDevices} lists) unless it chose another with {@link #useDevice(int)}.
 * The backend holds one reference to every device for the process, as Metal's own device list
 * does.
 *
 * <p>A done ticket says that the work committed on the queue before its signal has ended, not
 * that it succeeded. Metal reports a failure per command buffer ({@code status} Error, its {@code
 * error}); the line's store is ordered behind your work by an event, which Metal signals after
 * that work whether it failed or not, and a host's health check
 * ({@link io.gpuasync.spi.HostLine#checkHealth()}) reads only the line's own command buffers. Check your command buffers' {@code status} (or add a completed handler) as
 * you would without the line.
 */
public final class MetalBackend implements Backend<MetalQueue> {
    private static volatile Devices devices;

    private final LeakReporter leakReporter;
    private final ThreadLocal<Long> chosen = new ThreadLocal<>();
    private final MetalDriver driver = new MetalDriver(this::currentDevice);

    static {
        MetalInternals.install(new GrantedInternals());
    }

    private MetalBackend(LeakReporter leakReporter) {
        this.leakReporter = leakReporter;
    }

    /** The devices, taken once: the default one and the list, each retained for good. */
    record Devices(long defaultDevice, long[] all) {
    }

    /**
     * The backend, once the Objective-C runtime and the Metal framework are loaded and bound and
     * a device exists.
     *
     * @throws GpuException of kind {@link GpuException.Kind#UNAVAILABLE} saying which failed
     */
    public static MetalBackend load() {
        return load(LeakReporter.logging());
    }

    /** As {@link #load()}, reporting leaked lines to {@code leakReporter}. */
    public static MetalBackend load(LeakReporter leakReporter) {
        unavailability().ifPresent(cause -> {
            throw new GpuException(GpuException.Kind.UNAVAILABLE, -1, "Metal is unavailable: " + cause.getMessage(), cause);
        });
        return new MetalBackend(Objects.requireNonNull(leakReporter, "leakReporter"));
    }

    /** Why Metal cannot be used here (not macOS, a library or entry point missing, no device), or empty. */
    public static Optional<Throwable> unavailability() {
        Optional<Throwable> libraries = MetalLibraries.unavailability();
        if (libraries.isPresent()) {
            return libraries;
        }
        return devices().defaultDevice() == 0
                ? Optional.of(new IllegalStateException("MTLCreateSystemDefaultDevice returned nil and MTLCopyAllDevices "
                        + "listed none: no Metal device"))
                : Optional.empty();
    }

    private static Devices devices() {
        Devices found = devices;
        if (found == null) {
            synchronized (MetalBackend.class) {
                found = devices;
                if (found == null) {
                    found = findDevices();
                    devices = found;
                }
            }
        }
        return found;
    }

    /**
     * The default device and the list, each retained. Apple: "In macOS, in order for the system
     * to provide a default Metal device object, you need to link to the Core Graphics framework"
     * (MTLCreateSystemDefaultDevice), which a JVM does not; without it the default is nil while
     * MTLCopyAllDevices still lists the devices, so the first of them stands in.
     */
    static Devices findDevices() {
        long defaultDevice = MetalC.MTLCreateSystemDefaultDevice();
        long[] all;
        try (Pool pool = Pool.push()) {
            long list = MetalC.MTLCopyAllDevices();
            all = new long[list == 0 ? 0 : (int) Msg.word(list, Sel.COUNT)];
            for (int i = 0; i < all.length; i++) {
                all[i] = ObjC.objc_retain(Msg.word(list, Sel.OBJECT_AT_INDEX, i));
            }
            if (list != 0) {
                ObjC.objc_release(list);
            }
        }
        if (defaultDevice == 0 && all.length > 0) {
            defaultDevice = ObjC.objc_retain(all[0]);
        }
        return new Devices(defaultDevice, all);
    }

    @Override
    public String name() {
        return "metal";
    }

    @Override
    public Class<MetalQueue> streamType() {
        return MetalQueue.class;
    }

    /** The driver table, for tools that drive it directly (the conformance suite). */
    public LineDriver<MetalQueue, MetalDomain> driver() {
        return driver;
    }

    /** How many devices {@code MTLCopyAllDevices} lists. */
    public int deviceCount() {
        return devices().all().length;
    }

    /** Makes device {@code index} of {@code MTLCopyAllDevices} current on the calling thread. */
    public void useDevice(int index) {
        long[] all = devices().all();
        Objects.checkIndex(index, all.length);
        chosen.set(all[index]);
    }

    private long currentDevice() {
        Long device = chosen.get();
        return device != null ? device : devices().defaultDevice();
    }

    /** A line on the calling thread's current device. */
    @Override
    public Line<MetalQueue> openLine() {
        return MappedLine.open(driver, leakReporter);
    }

    /** A new command queue on the calling thread's current device ({@code newCommandQueue}); owned. */
    public MetalQueue createQueue() {
        long queue = Msg.word(currentDevice(), Sel.NEW_COMMAND_QUEUE);
        if (queue == 0) {
            throw MetalStatus.nil("newCommandQueue").toGpuException("creating a command queue");
        }
        return new MetalQueue(queue);
    }

    /** Releases a queue {@link #createQueue()} made; work committed on it still runs. */
    public void destroyQueue(MetalQueue queue) {
        ObjC.objc_release(queue.handle());
    }

    /**
     * Queues on {@code queue} the backend's busy kernel for {@code iterations} loop iterations:
     * device work of a length the bench and the tests calibrate.
     */
    void enqueueBusy(MetalQueue queue, long iterations) {
        try {
            driver.enqueueBusy(queue, iterations, false);
        } catch (LineException e) {
            throw e.toGpuException("queueing busy work");
        }
    }

    /**
     * As {@link #enqueueBusy}, returning once the work completed ({@code waitUntilCompleted});
     * throws the command buffer's {@code NSError} (as a {@link GpuException} with its code) if it failed.
     */
    void runBusy(MetalQueue queue, long iterations) {
        try {
            driver.enqueueBusy(queue, iterations, true);
        } catch (LineException e) {
            throw e.toGpuException("running busy work");
        }
    }

    /** As {@link #enqueueBusy}, with {@code before} sent to the kernel's command buffer before its commit. */
    void enqueueBusy(MetalQueue queue, long iterations, MetalDriver.BeforeCommit before, String what) {
        try {
            driver.enqueueBusy(queue, iterations, before, false);
        } catch (LineException e) {
            throw e.toGpuException(what);
        }
    }
}
