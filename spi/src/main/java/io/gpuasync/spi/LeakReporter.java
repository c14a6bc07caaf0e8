package io.gpuasync.spi;

/**
 * Told of every line whose page and context reference were kept rather than freed. A leak is
 * always the safe side of a failure (see {@link MappedLine}); reporting it is what keeps it from
 * being silent.
 */
@FunctionalInterface
public interface LeakReporter {

    /** Why a line's page was kept. */
    enum Reason {
        /** Closing could not wait for the stores queued into the page: the driver said so. */
        SETTLE_FAILED,
        /** The driver did not answer within the line's settle bound. */
        SETTLE_TIMED_OUT,
        /** A driver call on the close path threw: what it left behind is unknown. */
        CLOSE_FAILED,
        /** The line became unreachable without being closed. */
        NEVER_CLOSED
    }

    /** A line's page of {@code bytes} at {@code hostAddress} was kept, for {@code reason}. */
    void leaked(Reason reason, String line, long hostAddress, long bytes);

    /** The default: a warning through {@link System.Logger}, under this interface's name. */
    static LeakReporter logging() {
        System.Logger log = System.getLogger(LeakReporter.class.getName());
        return (reason, line, hostAddress, bytes) -> log.log(System.Logger.Level.WARNING,
                switch (reason) {
                    case SETTLE_FAILED -> "{0}: could not wait for its pending stores; keeping its "
                            + "{1} byte page at 0x{2} and its context rather than free them under the device";
                    case SETTLE_TIMED_OUT -> "{0}: the device did not settle within the line''s bound; keeping its "
                            + "{1} byte page at 0x{2} and its context rather than free them under the device";
                    case CLOSE_FAILED -> "{0}: a driver call failed while closing; keeping its "
                            + "{1} byte page at 0x{2} and its context, whose state is unknown";
                    case NEVER_CLOSED -> "{0} was never closed; its {1} byte page at 0x{2} and its "
                            + "context are kept (close lines, for example with try-with-resources)";
                },
                line, bytes, Long.toHexString(hostAddress));
    }
}
