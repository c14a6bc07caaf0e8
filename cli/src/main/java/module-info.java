/** {@code gar}: doctor (what backends are here and why not), bench (over the harness), demo, help. */
module io.gpuasync.cli {
    requires io.gpuasync.harness;
    requires io.gpuasync.host.std;
    requires io.gpuasync.host.uring;
    requires io.netty.transport.classes.io_uring;
    requires io.gpuasync.backend.sim;
    requires info.picocli;

    uses io.gpuasync.spi.BackendProvider;
}
