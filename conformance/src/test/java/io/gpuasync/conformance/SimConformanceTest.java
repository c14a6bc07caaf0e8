package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStatus;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.spi.LineDriver;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/** The simulated backend keeps every rule, with all optional capabilities declared. */
class SimConformanceTest extends LineDriverVerification<SimStream, SimDevice> {
    // jqwik makes a new instance per property: each property gets devices of its own.
    private final SimBackend sim = SimBackend.create(2, (reason, line, address, bytes) -> { });

    @Override
    protected LineDriver<SimStream, SimDevice> driver() {
        return sim.driver();
    }

    @Override
    protected void makeCurrent(int index) {
        sim.device(index).makeCurrent();
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
    protected void enqueueWaitValue(SimStream stream, long address, long value) {
        stream.waitValue(address, value);
    }

    @Override
    protected int domainReferences(int index) {
        return sim.device(index).retains();
    }
}
