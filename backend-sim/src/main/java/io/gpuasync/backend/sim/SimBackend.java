package io.gpuasync.backend.sim;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.core.NanoClock;
import io.gpuasync.spi.LeakReporter;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.MappedLine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code sim} backend: devices simulated on CPU threads. A thread's current device is the
 * one it last made current, device 0 until then (as CUDA's runtime API makes device 0's primary
 * context current on first use); {@link #clearCurrent()} leaves a thread with none.
 */
public final class SimBackend implements Backend<SimStream> {
    private final List<SimDevice> devices = new ArrayList<>();
    // Unset: device 0. Set to a Current with a null device: cleared, no device.
    private record Current(SimDevice device) {
    }

    private final ThreadLocal<Current> current = new ThreadLocal<>();
    private final SimDriver driver = new SimDriver(this);
    private final LeakReporter leakReporter;
    private final NanoClock clock;

    private SimBackend(int devices, LeakReporter leakReporter, NanoClock clock) {
        if (devices <= 0) {
            throw new IllegalArgumentException("a sim backend needs at least one device, not " + devices);
        }
        this.leakReporter = Objects.requireNonNull(leakReporter, "leakReporter");
        this.clock = Objects.requireNonNull(clock, "clock");
        for (int i = 0; i < devices; i++) {
            this.devices.add(new SimDevice(this, i));
        }
    }

    /** A backend of {@code devices} simulated devices, reporting leaks through the log. */
    public static SimBackend create(int devices) {
        return new SimBackend(devices, LeakReporter.logging(), NanoClock.SYSTEM);
    }

    /** As {@link #create(int)}, reporting leaked lines to {@code leakReporter}. */
    public static SimBackend create(int devices, LeakReporter leakReporter) {
        return new SimBackend(devices, leakReporter, NanoClock.SYSTEM);
    }

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public Class<SimStream> streamType() {
        return SimStream.class;
    }

    /**
     * This backend's driver table, for tools that drive it directly: the conformance suite, a
     * host that builds its own lines.
     */
    public LineDriver<SimStream, SimDevice> driver() {
        return driver;
    }

    /** Device {@code ordinal}. */
    public SimDevice device(int ordinal) {
        synchronized (devices) {
            if (ordinal < 0 || ordinal >= devices.size()) {
                throw new IllegalArgumentException("sim device " + ordinal + " does not exist; this backend has "
                        + devices.size());
            }
            return devices.get(ordinal);
        }
    }

    /** How many devices this backend has. */
    public int deviceCount() {
        synchronized (devices) {
            return devices.size();
        }
    }

    /** The calling thread's current device, or null if it has none. */
    public SimDevice currentDevice() {
        Current set = current.get();
        SimDevice device = set == null ? device(0) : set.device();
        return device == null || device.isClosed() ? null : device;
    }

    /** Leaves the calling thread with no current device, so opening a line fails with NO_DOMAIN. */
    public void clearCurrent() {
        current.set(new Current(null));
    }

    void setCurrent(SimDevice device) {
        current.set(new Current(device));
    }

    /**
     * A line in the calling thread's current device, holding a reference to it until closed.
     *
     * @throws GpuException {@link GpuException.Kind#NO_DOMAIN} if the thread has no current device
     */
    @Override
    public Line<SimStream> openLine() {
        return MappedLine.open(driver, leakReporter, clock);
    }

    /**
     * A line in device {@code device}, whatever device the calling thread has current, holding a
     * reference to it until closed.
     *
     * @throws IllegalArgumentException if there is no such device
     * @throws GpuException of the driver's status if the device was closed
     */
    @Override
    public Line<SimStream> openLine(int device) {
        SimDevice chosen = device(device);
        return MappedLine.open(driver, () -> driver.retain(chosen), leakReporter, clock, MappedLine.DEFAULT_SETTLE_BOUND);
    }

    @Override
    public String toString() {
        return "sim backend with " + deviceCount() + " device(s)";
    }
}
