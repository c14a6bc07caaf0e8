/**
 * What a backend implements: its driver table ({@link io.gpuasync.spi.LineDriver}), and the
 * {@link io.gpuasync.spi.BackendProvider} that {@link java.util.ServiceLoader} finds. The
 * ownership rules of a mapped line live here once, in {@link io.gpuasync.spi.MappedLine}, for
 * every vendor. Hosts (the wait engine and the hosts on it) see a line through
 * {@link io.gpuasync.spi.HostLine}, which every mapped line is.
 */
module io.gpuasync.spi {
    requires transitive io.gpuasync.api;
    // The line-leak flight recorder event: part of every JDK.
    requires jdk.jfr;

    exports io.gpuasync.spi;
    // What FFM backends share: public, for third parties' backends as for ours.
    exports io.gpuasync.spi.ffm;

    uses io.gpuasync.spi.BackendProvider;
}
