/**
 * The Netty host: GPU completions continue on the Netty 4.2 event loop that asked for them. On an
 * io_uring loop the wait engine is driven by the loop itself, through a registered handle that
 * keeps one absolute {@code IORING_OP_TIMEOUT} at the engine's next deadline.
 */
module io.gpuasync.host.netty {
    requires transitive io.gpuasync.engine;
    requires transitive io.netty.transport;
    requires transitive io.netty.common;
    requires io.netty.transport.classes.io_uring;

    exports io.gpuasync.host.netty;
}
