package io.gpuasync.spi;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;

import java.util.Optional;

/**
 * A backend as {@link java.util.ServiceLoader} finds it: a provider module declares
 * {@code provides io.gpuasync.spi.BackendProvider with ...} (and {@code META-INF/services} for
 * the class path).
 *
 * <p>Availability is a stored cause, decided once: a provider whose library or device is missing
 * is still listed, and says why it cannot be used, instead of failing at class load or vanishing.
 */
public interface BackendProvider {

    /** The name a backend is chosen by: {@code cuda}, {@code hip}, {@code metal}, {@code sim}. */
    String name();

    /** Why this backend cannot be used here, or empty if it can. */
    Optional<Throwable> unavailabilityCause();

    /** Whether this backend can be used here. */
    default boolean isAvailable() {
        return unavailabilityCause().isEmpty();
    }

    /**
     * Returns normally if this backend can be used.
     *
     * @throws GpuException of kind {@link GpuException.Kind#UNAVAILABLE}, with the stored cause
     */
    default void ensureAvailability() {
        Optional<Throwable> cause = unavailabilityCause();
        if (cause.isPresent()) {
            throw new GpuException(GpuException.Kind.UNAVAILABLE, LineError.UNAVAILABLE.status(),
                    "backend " + name() + " is unavailable: " + describe(cause.get()), cause.get());
        }
    }

    private static String describe(Throwable cause) {
        return cause.getMessage() != null ? cause.getMessage() : cause.toString();
    }

    /**
     * What this backend finds here, one line per device, for {@code gar doctor}: a device's name,
     * its driver, and what it offers or lacks of what a line needs. Empty by default.
     */
    default java.util.List<String> describeDevices() {
        return java.util.List.of();
    }

    /**
     * The backend.
     *
     * @throws GpuException of kind {@link GpuException.Kind#UNAVAILABLE} if it is not available
     */
    Backend<?> backend();
}
