package io.gpuasync.backend.sim;

import io.gpuasync.api.GpuException;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.StoreWaits;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;

/**
 * The sim backend's driver table. Device addresses equal host addresses, as with CUDA's unified
 * addressing on a 64-bit host.
 */
final class SimDriver implements LineDriver<SimStream, SimDevice> {
    // Closing a line waits for its device this long before it gives up and keeps the page.

    private final SimBackend backend;
    private final SimStoreWaits storeWaits = new SimStoreWaits();

    SimDriver(SimBackend backend) {
        this.backend = backend;
    }

    @Override
    public SimDevice retainCurrent() throws LineException {
        SimDevice device = backend.currentDevice();
        if (device == null) {
            throw new LineException(LineError.NO_DOMAIN, "sim: current device");
        }
        return retain(device);
    }

    /** A reference to {@code device}, whatever device the calling thread has current. */
    SimDevice retain(SimDevice device) throws LineException {
        try {
            device.retain();
        } catch (GpuException closedMeanwhile) {
            throw new LineException(LineError.ofStatus(SimStatus.DEINITIALIZED), "sim: retain " + device);
        }
        return device;
    }

    @Override
    public void release(SimDevice device) {
        device.release();
    }

    @Override
    public MemorySegment allocHost(SimDevice device, long bytes) throws LineException {
        int error = device.stickyError();
        if (error != 0) {
            throw new LineException(LineError.ofStatus(error), "sim: allocate " + bytes + " bytes on " + device);
        }
        return MemorySegment.ofAddress(device.allocate(bytes).address());
    }

    @Override
    public long deviceAddress(SimDevice device, MemorySegment host) throws LineException {
        if (!device.owns(host.address())) {
            throw new LineException(LineError.ofStatus(SimStatus.INVALID_HANDLE),
                    "sim: device address of 0x" + Long.toHexString(host.address()));
        }
        return host.address();
    }

    @Override
    public void freeHost(SimDevice device, MemorySegment host) {
        if (!device.free(host.address())) {
            throw new IllegalStateException("sim: freed 0x" + Long.toHexString(host.address())
                    + ", which " + device + " did not allocate or already freed");
        }
    }

    @Override
    public boolean streamIn(SimStream stream, SimDevice device) {
        return stream.device() == device;
    }

    @Override
    public void writeValue(SimStream stream, long address, long value) throws LineException {
        try {
            stream.store(address, value);
        } catch (GpuException refused) {
            throw new LineException(LineError.ofStatus(refused.status()), "sim: store on " + stream + " ("
                    + refused.getMessage() + ")");
        }
    }

    @Override
    public void waitValue(SimStream stream, long address, long value) throws LineException {
        try {
            stream.waitValue(address, value);
        } catch (GpuException refused) {
            throw new LineException(LineError.ofStatus(refused.status()), "sim: device-side wait on " + stream + " ("
                    + refused.getMessage() + ")");
        }
    }

    /** Waits for the line's streams to drain, by the line's deadline; never for other streams of the device. */
    @Override
    public boolean settle(SimDevice device, List<SimStream> streams, long deadlineNanos) {
        try {
            for (SimStream stream : streams) {
                if (!stream.synchronize(Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime())))) {
                    return false;
                }
            }
            return device.stickyError() == 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void checkHealth(SimDevice device) throws LineException {
        int error = device.stickyError();
        if (error != 0) {
            throw new LineException(LineError.ofStatus(error), "sim: " + device + " failed with " + SimStatus.name(error));
        }
    }

    @Override
    public StoreWaits<SimStream, SimDevice> storeWaits() {
        return storeWaits;
    }

    @Override
    public String name() {
        return "sim";
    }
}
