package io.gpuasync.bench.spi;

import io.gpuasync.spi.BackendProvider;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Opens {@code gar bench}'s workload on one backend, found by {@link ServiceLoader} and keyed by
 * the backend's name: a bench module declares
 * {@code provides io.gpuasync.bench.spi.BenchProvider with ...}. A third party's backend offers
 * its workload the same way, from a bench module of its own.
 *
 * <p>Why a provider of its own: the library's {@link BackendProvider} knows nothing of the bench,
 * so the bench's types stay out of the jars an application depends on.
 */
public interface BenchProvider {

    /** The {@linkplain BackendProvider#name() name} of the backend this opens a workload on. */
    String backend();

    /**
     * Opens the workload on {@code provider}'s backend; the caller closes it.
     *
     * @throws io.gpuasync.api.GpuException of kind UNAVAILABLE if the backend is not available,
     *     or the driver's failure while preparing the work
     */
    BenchWorkload<?> open(BackendProvider provider);

    /**
     * The bench providers for {@code provider}'s backend (by its name), in {@link ServiceLoader}'s
     * order, searched in the module layer of the provider's module and its parents (so a backend
     * given on gar's backend path finds a bench module given beside it), or on the class path; a
     * provider that fails to load is skipped, as {@code io.gpuasync.spi.Backends} skips a broken
     * backend.
     */
    static List<BenchProvider> forBackend(BackendProvider provider) {
        String backend = provider.name();
        ModuleLayer layer = provider.getClass().getModule().getLayer();
        List<BenchProvider> found = new ArrayList<>();
        var iterator = (layer != null ? ServiceLoader.load(layer, BenchProvider.class)
                : ServiceLoader.load(BenchProvider.class)).iterator();
        while (true) {
            BenchProvider next;
            try {
                if (!iterator.hasNext()) {
                    return found;
                }
                next = iterator.next();
            } catch (ServiceConfigurationError broken) {
                System.getLogger(BenchProvider.class.getName()).log(System.Logger.Level.WARNING,
                        "a bench provider failed to load and is skipped", broken);
                continue;
            }
            if (next.backend().equals(backend)) {
                found.add(next);
            }
        }
    }
}
