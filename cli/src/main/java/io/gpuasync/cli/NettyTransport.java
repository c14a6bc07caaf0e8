package io.gpuasync.cli;

import io.netty.channel.uring.IoUring;

/** What {@code gar doctor} says of the Netty host: it needs Netty's io_uring transport and its JNI library. */
final class NettyTransport {
    private NettyTransport() {
    }

    static String describe() {
        if (IoUring.isAvailable()) {
            return "available (Netty's io_uring transport; other transports' loops: NettyReactor.viaHost)";
        }
        Throwable cause = IoUring.unavailabilityCause();
        return "UNAVAILABLE: Netty's io_uring transport cannot run here: " + (cause == null ? "no cause given" : cause.getMessage());
    }
}
