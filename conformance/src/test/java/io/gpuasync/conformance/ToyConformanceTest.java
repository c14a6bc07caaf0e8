package io.gpuasync.conformance;

import io.gpuasync.spi.LineDriver;

import java.time.Duration;
import java.util.Set;

/**
 * The toy backend under the suite: what a third party writes. It declares how many references
 * its domain holds, and no other capability, so the properties that need another (a second
 * domain, failing a domain, device-side waits, fault injection) are reported as skipped, each
 * with its reason.
 */
class ToyConformanceTest extends LineDriverVerification<ToyBackend.Stream, ToyBackend> {
    private final ToyBackend toy = new ToyBackend();

    @Override
    protected LineDriver<ToyBackend.Stream, ToyBackend> driver() {
        return toy;
    }

    @Override
    protected void makeCurrent(int index) {
        // One domain, always current.
    }

    @Override
    protected ToyBackend.Stream newStream(int index) {
        return toy.newStream();
    }

    @Override
    protected void closeStream(ToyBackend.Stream stream) {
        stream.close();
    }

    @Override
    protected void enqueueWork(ToyBackend.Stream stream, Duration duration) {
        stream.work(duration);
    }

    @Override
    protected Set<Capability> capabilities() {
        return Set.of(Capability.REFERENCE_COUNT);
    }

    @Override
    protected int domainReferences(int index) {
        return toy.references();
    }
}
