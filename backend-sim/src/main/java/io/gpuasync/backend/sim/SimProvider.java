package io.gpuasync.backend.sim;

import io.gpuasync.api.Backend;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.BenchWorkload;

import java.time.Duration;
import java.util.Optional;

/** The {@code sim} backend as {@link java.util.ServiceLoader} finds it: always available. */
public final class SimProvider implements BackendProvider {
    private static final class Shared {
        static final SimBackend BACKEND = SimBackend.create(1);
    }

    /** For {@link java.util.ServiceLoader}. */
    public SimProvider() {
    }

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public Optional<Throwable> unavailabilityCause() {
        return Optional.empty();
    }

    /** Busy work on a new stream of the shared backend's device 0. */
    @Override
    public Optional<BenchWorkload<?>> openBenchWorkload() {
        SimBackend backend = Shared.BACKEND;
        SimStream stream = backend.device(0).createStream();
        return Optional.of(new BenchWorkload<SimStream>() {
            @Override
            public SimBackend backend() {
                return backend;
            }

            @Override
            public SimStream stream() {
                return stream;
            }

            @Override
            public void enqueue(Duration work) {
                stream.busy(work);
            }

            @Override
            public String describe() {
                return "a simulated stream's thread spinning for the work's duration";
            }

            @Override
            public void close() {
                stream.close();
            }
        });
    }

    /** One backend of one device per process, shared by every caller. */
    @Override
    public Backend<?> backend() {
        return Shared.BACKEND;
    }
}
