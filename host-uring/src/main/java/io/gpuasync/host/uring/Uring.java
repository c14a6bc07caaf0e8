package io.gpuasync.host.uring;

import java.util.Optional;

/**
 * Whether this JVM can run the io_uring host, probed once (as Netty's {@code IoUring}): the
 * answer and, when it cannot, the cause that {@code gar doctor} prints.
 */
public final class Uring {
    private Uring() {
    }

    private static final class Probed {
        static final UringProbe PROBE = UringProbe.run();
    }

    /** The probe's findings for this JVM. */
    public static UringProbe probe() {
        return Probed.PROBE;
    }

    public static boolean isAvailable() {
        return Probed.PROBE.isAvailable();
    }

    /** Why the host cannot run here, or empty. */
    public static Optional<Throwable> unavailabilityCause() {
        return Probed.PROBE.cause();
    }

    /** @throws UnsupportedOperationException carrying the stored cause, when the host cannot run here */
    public static void ensureAvailability() {
        Optional<Throwable> cause = Probed.PROBE.cause();
        if (cause.isPresent()) {
            throw new UnsupportedOperationException("the io_uring host is unavailable: " + cause.get().getMessage(),
                    cause.get());
        }
    }
}
