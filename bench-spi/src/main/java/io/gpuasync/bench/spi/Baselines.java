package io.gpuasync.bench.spi;

import java.util.List;

/**
 * A backend's own ways of waiting ({@link BenchWorkload#nativeWaits()}), made for one workload
 * and closed with it: whatever they hold (an event, a fence, a callback's registration) lives
 * exactly as long as the workload.
 *
 * <p>Why one shape: every backend's rows are then made, listed and released the same way.
 */
public interface Baselines extends AutoCloseable {

    /** The ways, in the order the report lists them; valid until {@link #close()}. */
    List<BenchWorkload.NativeWait> waits();

    /** Releases what the ways hold; the work they queued is done. */
    @Override
    void close();
}
