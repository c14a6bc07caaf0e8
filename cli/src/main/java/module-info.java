/** {@code gar}: doctor (what backends are here and why not), bench (every wait side by side), demo. */
module io.gpuasync.cli {
    requires io.gpuasync.host.std;
    requires io.gpuasync.host.uring;
    requires io.gpuasync.host.netty;
    requires io.netty.transport.classes.io_uring;
    requires io.gpuasync.backend.sim;
    requires io.gpuasync.backend.cuda;
    requires java.management;
    requires jdk.management;
    requires jdk.jfr;

    uses io.gpuasync.spi.BackendProvider;
}
