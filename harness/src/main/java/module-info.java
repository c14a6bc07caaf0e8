/**
 * The measurement apparatus behind {@code gar bench}: each way of waiting side by side on one
 * backend's bench workload, the hosts side by side, many waiters at once, and the results as
 * JSON and as a chart. Not a library: only the command line ({@code io.gpuasync.cli}) reads it,
 * and no library module depends on it. A backend's workload comes from its bench module, an
 * {@code io.gpuasync.bench.spi.BenchProvider} that {@link java.util.ServiceLoader} finds by the
 * backend's name.
 */
module io.gpuasync.harness {
    requires io.gpuasync.host.std;
    requires io.gpuasync.host.uring;
    requires io.gpuasync.host.netty;
    requires io.gpuasync.bench.spi;
    requires io.netty.transport.classes.io_uring;
    // The loopback echo's buffers.
    requires io.netty.buffer;
    requires io.gpuasync.backend.sim;
    requires java.management;
    requires jdk.management;
    requires jdk.jfr;
    // The chart: an SVG document, built and written by the JDK's XML API.
    requires java.xml;
    requires com.fasterxml.jackson.jr.ob;
    requires info.picocli;

    exports io.gpuasync.harness to io.gpuasync.cli;
}
