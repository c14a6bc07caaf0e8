package io.gpuasync.spi;

/**
 * How a line takes its reference to its domain: {@link LineDriver#retainCurrent} (the calling
 * thread's current context or device), or a backend's own way of naming one, by a device
 * ordinal or a handle the application holds. {@link MappedLine#open(LineDriver, DomainRetainer,
 * LeakReporter, io.gpuasync.core.NanoClock, java.time.Duration)} calls it once, before anything
 * else, and gives the reference back through {@link LineDriver#release} as for any other.
 *
 * @param <D> the driver's domain handle
 */
@FunctionalInterface
public interface DomainRetainer<D> {

    /**
     * A new reference to the domain, which the line releases once, after its page is freed.
     *
     * @throws LineException {@link LineError.NoDomain} when there is no such domain, or the
     *     driver's failure, having taken nothing
     */
    D retain() throws LineException;
}
