package io.gpuasync.spi;

import io.gpuasync.api.Backend;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A provider's backend, loaded on the first {@link #get()} and the same one after: what
 * {@link BackendProvider#backend()} returns for a vendor whose loading opens a library and a
 * device. {@link #get()} checks the provider's availability first, every time, so an unavailable
 * backend fails with its stored cause and is never loaded. Thread-safe.
 *
 * <pre>{@code
 * private final LazyBackend<CudaBackend> backend = new LazyBackend<>(this, CudaBackend::load);
 *
 * public Backend<?> backend() {
 *     return backend.get();
 * }
 * }</pre>
 *
 * <p>Why: loading is costly and may fail, and {@code ServiceLoader} makes every provider,
 * used or not, so a provider loads nothing until asked.
 *
 * @param <B> the backend's type
 */
public final class LazyBackend<B extends Backend<?>> implements Supplier<B> {
    private final BackendProvider provider;
    private final Supplier<? extends B> load;
    private volatile B loaded;

    /** The backend of {@code provider}, made by {@code load} once it is first asked for. */
    public LazyBackend(BackendProvider provider, Supplier<? extends B> load) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.load = Objects.requireNonNull(load, "load");
    }

    /**
     * The backend, loaded by the first call.
     *
     * @throws io.gpuasync.api.GpuException of kind UNAVAILABLE if the provider is not available,
     *     or whatever loading threw (the next call tries again)
     */
    @Override
    public B get() {
        provider.ensureAvailability();
        B backend = loaded;
        if (backend == null) {
            synchronized (this) {
                backend = loaded;
                if (backend == null) {
                    backend = Objects.requireNonNull(load.get(), "load returned null");
                    loaded = backend;
                }
            }
        }
        return backend;
    }
}
