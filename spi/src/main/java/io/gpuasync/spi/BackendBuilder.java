package io.gpuasync.spi;

import java.util.Objects;

/**
 * The options a backend is loaded with, where it offers more than its defaults:
 * {@code CudaBackend.builder().storeWaits(true).load()}.
 *
 * @param <B> the backend it loads
 */
public abstract class BackendBuilder<B> {
    private LeakReporter leakReporter = LeakReporter.logging();
    private boolean storeWaits;

    /** For a backend's own {@code builder()}. */
    protected BackendBuilder() {
    }

    /** Where leaked lines are reported; {@link LeakReporter#logging()} by default. */
    public BackendBuilder<B> leakReporter(LeakReporter leakReporter) {
        this.leakReporter = Objects.requireNonNull(leakReporter, "leakReporter");
        return this;
    }

    /**
     * Whether the backend's lines offer the driver's own wait for their stores
     * ({@link LineDriver#storeWaits()}), where it costs the backend a driver call per signal and
     * so is a choice: false by default, where hosts poll the words with a back-off instead.
     */
    public BackendBuilder<B> storeWaits(boolean storeWaits) {
        this.storeWaits = storeWaits;
        return this;
    }

    /** The leak reporter asked for. */
    protected LeakReporter leakReporter() {
        return leakReporter;
    }

    /** Whether store waits were asked for. */
    protected boolean storeWaits() {
        return storeWaits;
    }

    /**
     * The backend, with these options.
     *
     * @throws io.gpuasync.api.GpuException of kind UNAVAILABLE, with the cause, where the
     *     backend cannot be used here
     */
    public abstract B load();
}
