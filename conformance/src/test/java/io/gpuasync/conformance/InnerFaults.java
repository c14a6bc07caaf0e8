package io.gpuasync.conformance;

import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

import java.lang.foreign.MemorySegment;
import java.util.EnumSet;
import java.util.Set;

/**
 * The innermost layer of a test backend's driver that fails on request the way a vendor call
 * fails halfway: it does the call's work first (takes the reference, allocates the page, queues
 * the store) and then fails with a vendor status, undoing what a correct driver undoes on its
 * failure path (the reference, the page; a queued store cannot be taken back). Whatever sits above
 * it, the driver under test, sees a failure from inside and must keep the rules on its own
 * failure path. The sim backend's conformance test puts it under the sim driver's table.
 */
final class InnerFaults<S, D> extends ForwardingLineDriver<S, D> {
    /** The status the injected failures carry: CUDA's CUDA_ERROR_OUT_OF_MEMORY. */
    static final int STATUS = 2;

    private final Set<DriverCall> armed = EnumSet.noneOf(DriverCall.class);

    InnerFaults(LineDriver<S, D> driver) {
        super(driver);
    }

    /** Makes the next {@code call} fail after its work. */
    synchronized void arm(DriverCall call) {
        armed.add(call);
    }

    /** Whether {@code call} was armed, disarming it: for a layer above that queues its own work. */
    synchronized boolean fires(DriverCall call) {
        return armed.remove(call);
    }

    static LineException failure(String what) {
        return new LineException(LineError.ofStatus(STATUS), "injected: " + what);
    }

    @Override
    public D retainCurrent() throws LineException {
        D domain = super.retainCurrent();
        if (fires(DriverCall.RETAIN_CURRENT)) {
            super.release(domain);
            throw failure("retainCurrent failed after retaining " + domain);
        }
        return domain;
    }

    @Override
    public MemorySegment allocHost(D domain, long bytes) throws LineException {
        MemorySegment page = super.allocHost(domain, bytes);
        if (fires(DriverCall.ALLOC_HOST)) {
            super.freeHost(domain, page);
            throw failure("allocHost failed after allocating 0x" + Long.toHexString(page.address()));
        }
        return page;
    }

    @Override
    public long deviceAddress(D domain, MemorySegment host) throws LineException {
        long device = super.deviceAddress(domain, host);
        if (fires(DriverCall.DEVICE_ADDRESS)) {
            throw failure("deviceAddress failed");
        }
        return device;
    }

    @Override
    public void writeValue(S stream, long address, long value) throws LineException {
        super.writeValue(stream, address, value);
        if (fires(DriverCall.WRITE_VALUE)) {
            throw failure("writeValue failed after queueing the store of " + value);
        }
    }
}
