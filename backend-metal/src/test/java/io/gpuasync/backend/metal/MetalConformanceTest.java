package io.gpuasync.backend.metal;

import io.gpuasync.backend.metal.fake.FakeMetal;
import io.gpuasync.bench.spi.BusyWork;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.conformance.Capability;
import io.gpuasync.conformance.LineDriverVerification;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineException;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

/**
 * The Metal backend's driver table through the real JNA bridge, against the fake runtime and
 * Metal the build makes (or Apple's, on a Mac, run without the fake's properties). Work is the
 * backend's own busy kernel, calibrated. FAIL_DOMAIN is not declared: the suite cannot restore a
 * failed device afterwards (the failed settle is tested in MetalBackendTest, which can).
 * REFERENCE_COUNT only on the fake, which counts a device's references.
 */
class MetalConformanceTest extends LineDriverVerification<MetalQueue, MetalDomain> {
    private static BusyWork work;

    final MetalBackend metal = MetalBackend.load((reason, line, address, bytes) -> { });

    MetalConformanceTest() {
        if (FakeMetal.isLoaded()) {
            FakeMetal.METAL.fakeMetalSetMode(modes());
        }
    }

    /** The fake's modes this run uses: none, Metal's ordinary behaviour. */
    int modes() {
        return 0;
    }

    private synchronized BusyWork work() {
        if (work == null) {
            metal.useDevice(0);
            MetalQueue calibration = metal.createQueue();
            work = BusyWork.calibrate(iterations -> metal.runBusy(calibration, iterations));
            warmUp(calibration);
            metal.destroyQueue(calibration);
        }
        return work;
    }

    // A cold bridge (JNA's first calls, the JIT) took 34 ms here for the first 8 signals of a
    // property, which a busy machine can stretch past the 100 ms of work line02 queues before them.
    private void warmUp(MetalQueue queue) {
        try (Line<MetalQueue> line = metal.openLine()) {
            Ticket last = null;
            for (int i = 0; i < 64; i++) {
                last = line.signal(queue, Slot.of(i % 8));
                metal.enqueueBusy(queue, 1);
            }
            while (!last.isDone()) {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    protected LineDriver<MetalQueue, MetalDomain> driver() {
        return metal.driver();
    }

    @Override
    protected void makeCurrent(int index) {
        metal.useDevice(index);
    }

    @Override
    protected MetalQueue newStream(int index) {
        metal.useDevice(index);
        MetalQueue queue = metal.createQueue();
        metal.useDevice(0);
        return queue;
    }

    @Override
    protected void closeStream(MetalQueue queue) {
        metal.destroyQueue(queue);
    }

    @Override
    protected void enqueueWork(MetalQueue queue, Duration duration) {
        metal.enqueueBusy(queue, work().iterationsFor(duration));
    }

    @Override
    protected Set<Capability> capabilities() {
        Set<Capability> capabilities = EnumSet.of(Capability.DEVICE_SIDE_WAIT, Capability.WAIT_AHEAD_OF_STORE);
        if (FakeMetal.isLoaded()) {
            capabilities.add(Capability.REFERENCE_COUNT);
        }
        if (domains() >= 2) {
            capabilities.add(Capability.MANY_DOMAINS);
        }
        return capabilities;
    }

    @Override
    protected int domains() {
        return Math.min(2, metal.deviceCount());
    }

    @Override
    protected int domainReferences(int index) {
        return (int) FakeMetal.METAL.fakeMetalDeviceRefs(index);
    }

    private static long violationsBefore;
    private static long autoreleasesOutsideBefore;

    // Other test classes in this JVM may have made the fake complain on purpose: count from here.
    @BeforeContainer
    static void countFromHere() {
        if (FakeMetal.isLoaded()) {
            violationsBefore = FakeMetal.METAL.fakeMetalViolations();
            autoreleasesOutsideBefore = FakeMetal.RUNTIME.fakeObjcAutoreleasesOutsidePool();
        }
    }

    /** What the fake saw that a property could not: a buffer released under a store, a leaked autorelease. */
    @AfterContainer
    static void theFakeSawNothingWrong() {
        if (FakeMetal.isLoaded()) {
            FakeMetal.METAL.fakeMetalSetMode(0);
            if (FakeMetal.METAL.fakeMetalViolations() != violationsBefore) {
                throw new AssertionError(FakeMetal.violations());
            }
            long outside = FakeMetal.RUNTIME.fakeObjcAutoreleasesOutsidePool() - autoreleasesOutsideBefore;
            if (outside != 0) {
                throw new AssertionError(outside + " object(s) autoreleased with no pool in place");
            }
        }
    }
}
