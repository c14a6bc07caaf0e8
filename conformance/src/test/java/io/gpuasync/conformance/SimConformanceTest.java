package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStatus;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.spi.LineDriver;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * The simulated backend keeps every rule, with every capability declared. Its faults from
 * inside come from {@link InnerFaults} under the sim's own driver table.
 */
class SimConformanceTest extends LineDriverVerification<SimStream, SimDevice> {
    // jqwik makes a new instance per property: each property gets devices of its own.
    final SimBackend sim = SimBackend.create(2, (reason, line, address, bytes) -> { });
    private final InnerFaults<SimStream, SimDevice> faults = new InnerFaults<>(sim.driver());

    @Override
    protected LineDriver<SimStream, SimDevice> driver() {
        return faults;
    }

    @Override
    protected void makeCurrent(int index) {
        sim.device(index).makeCurrent();
    }

    @Override
    protected void clearCurrent() {
        sim.clearCurrent();
    }

    @Override
    protected SimStream newStream(int index) {
        return sim.device(index).createStream();
    }

    @Override
    protected void closeStream(SimStream stream) {
        stream.close();
    }

    @Override
    protected void enqueueWork(SimStream stream, Duration duration) {
        stream.sleep(duration);
    }

    @Override
    protected Set<Capability> capabilities() {
        return EnumSet.allOf(Capability.class);
    }

    @Override
    protected int domains() {
        return sim.deviceCount();
    }

    @Override
    protected void failDomain(int index) {
        sim.device(index).fail(SimStatus.ILLEGAL_ADDRESS);
    }

    @Override
    protected int domainReferences(int index) {
        return sim.device(index).retains();
    }

    @Override
    protected int hostPages(int index) {
        return sim.device(index).liveAllocations();
    }

    @Override
    protected void failInside(DriverCall call) {
        faults.arm(call);
    }
}
