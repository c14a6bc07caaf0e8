package io.gpuasync.spi;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A driver table that passes every call to another: the base of a decorator that changes or
 * watches a few calls (a recorder, a fault injector, a deliberately broken driver in a test).
 *
 * @param <S> the vendor's stream handle
 * @param <D> the vendor's domain handle
 */
public class ForwardingLineDriver<S, D> implements LineDriver<S, D> {
    private final LineDriver<S, D> delegate;

    /** A driver that passes every call to {@code delegate}. */
    public ForwardingLineDriver(LineDriver<S, D> delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The driver calls are passed to. */
    protected LineDriver<S, D> delegate() {
        return delegate;
    }

    @Override
    public D retainCurrent() throws LineException {
        return delegate.retainCurrent();
    }

    @Override
    public void release(D domain) {
        delegate.release(domain);
    }

    @Override
    public MemorySegment allocHost(D domain, long bytes) throws LineException {
        return delegate.allocHost(domain, bytes);
    }

    @Override
    public long deviceAddress(D domain, MemorySegment host) throws LineException {
        return delegate.deviceAddress(domain, host);
    }

    @Override
    public void freeHost(D domain, MemorySegment host) {
        delegate.freeHost(domain, host);
    }

    @Override
    public boolean freeWaitsForDevice() {
        return delegate.freeWaitsForDevice();
    }

    @Override
    public boolean streamIn(S stream, D domain) throws LineException {
        return delegate.streamIn(stream, domain);
    }

    @Override
    public void writeValue(S stream, long address, long value) throws LineException {
        delegate.writeValue(stream, address, value);
    }

    @Override
    public void waitValue(S stream, long address, long value) throws LineException {
        delegate.waitValue(stream, address, value);
    }

    @Override
    public void checkWaitAheadOfStore(S stream) throws LineException {
        delegate.checkWaitAheadOfStore(stream);
    }

    @Override
    public boolean settle(D domain, java.util.List<S> streams, long deadlineNanos) {
        return delegate.settle(domain, streams, deadlineNanos);
    }

    @Override
    public void checkHealth(D domain) throws LineException {
        delegate.checkHealth(domain);
    }

    @Override
    public StoreWaits<S, D> storeWaits() {
        return delegate.storeWaits();
    }

    @Override
    public String name() {
        return delegate.name();
    }
}
