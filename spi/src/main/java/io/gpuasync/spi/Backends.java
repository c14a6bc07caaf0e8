package io.gpuasync.spi;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Finds the backends on the module path (or class path) with {@link ServiceLoader}. A provider
 * that cannot even be loaded is reported with its error and skipped, not allowed to hide the
 * others; an unavailable backend is listed with its cause; a backend asked for and not found is
 * an error that says which were found, never a silent fallback.
 */
public final class Backends {
    /** Preferred order when no backend is named: real devices first, the simulation last. */
    private static final List<String> PREFERENCE = List.of("cuda", "hip", "metal");

    private Backends() {
    }

    /**
     * What discovery found of one provider: its name and cause of unavailability, or the error
     * that kept it from loading (then {@code provider} is null).
     */
    public record Found(String name, BackendProvider provider, Throwable problem) {
        /** Whether the backend can be used. */
        public boolean usable() {
            return provider != null && problem == null;
        }
    }

    /** Every provider found, in the order {@link ServiceLoader} met them. */
    public static List<Found> discover() {
        return discover(ServiceLoader.load(BackendProvider.class));
    }

    /**
     * Every provider found in {@code layer} and the layers it descends from: for backends loaded
     * at run time into a layer of their own (what {@code gar --backend-path} does), in the order
     * {@link ServiceLoader} met them.
     */
    public static List<Found> discover(ModuleLayer layer) {
        // The boot layer alone: the class loader's view, which also sees providers on the class
        // path (META-INF/services), as a tool run with -cp has them; a layer-only look would not.
        if (layer == ModuleLayer.boot()) {
            return discover();
        }
        return discover(ServiceLoader.load(layer, BackendProvider.class));
    }

    static List<Found> discover(Iterable<BackendProvider> loader) {
        List<Found> found = new ArrayList<>();
        Iterator<BackendProvider> it = loader.iterator();
        for (;;) {
            BackendProvider provider;
            try {
                if (!it.hasNext()) {
                    break;
                }
                provider = it.next();
            } catch (ServiceConfigurationError broken) {
                found.add(new Found("(unloadable provider)", null, broken));
                continue;
            }
            try {
                Optional<Throwable> cause = provider.unavailabilityCause();
                found.add(new Found(provider.name(), provider, cause.orElse(null)));
            } catch (RuntimeException | LinkageError broken) {
                found.add(new Found(provider.getClass().getName(), null, broken));
            }
        }
        return List.copyOf(found);
    }

    /**
     * The backend named {@code name} ({@code cuda}, {@code hip}, {@code metal}, {@code sim}).
     *
     * @throws GpuException of kind {@link GpuException.Kind#UNAVAILABLE}: naming the backends
     *     found if none has that name, or with the stored cause if it is unavailable
     */
    public static Backend<?> named(String name) {
        return named(name, discover());
    }

    /**
     * The backend named {@code name} among {@code found} (from {@link #discover()} or
     * {@link #discover(ModuleLayer)}).
     *
     * @throws GpuException as {@link #named(String)}
     */
    public static Backend<?> named(String name, List<Found> found) {
        List<String> names = new ArrayList<>();
        for (Found f : found) {
            if (f.name().equals(name) && f.provider() != null) {
                f.provider().ensureAvailability();
                return f.provider().backend();
            }
            names.add(f.name());
        }
        throw new GpuException(GpuException.Kind.UNAVAILABLE, LineError.UNAVAILABLE.status(),
                "no backend named '" + name + "'; found " + (names.isEmpty() ? "none" : String.join(", ", names))
                        + ". Is its module on the module path?", null);
    }

    /**
     * The first usable backend in the order cuda, hip, metal, then any other (a third party's
     * device), and the simulation last.
     *
     * @throws GpuException of kind {@link GpuException.Kind#UNAVAILABLE}, listing why each
     *     backend found could not be used, if none can
     */
    public static Backend<?> preferred() {
        return preferred(discover());
    }

    static Backend<?> preferred(List<Found> found) {
        List<Found> ordered = new ArrayList<>(found);
        ordered.sort((a, b) -> Integer.compare(rank(a.name()), rank(b.name())));
        StringBuilder why = new StringBuilder();
        for (Found f : ordered) {
            if (f.usable()) {
                return f.provider().backend();
            }
            why.append("; ").append(f.name()).append(": ").append(f.problem());
        }
        throw new GpuException(GpuException.Kind.UNAVAILABLE, LineError.UNAVAILABLE.status(),
                "no usable backend" + (found.isEmpty() ? ": none found on the module path" : why), null);
    }

    private static int rank(String name) {
        int at = PREFERENCE.indexOf(name);
        return at >= 0 ? at : name.equals("sim") ? PREFERENCE.size() + 1 : PREFERENCE.size();
    }
}
