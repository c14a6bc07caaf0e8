/**
 * The std host: a {@link io.gpuasync.host.std.Reactor} whose dispatcher thread drives the wait
 * engine and sleeps by the lines' predicted landings; blocking waits on platform and
 * virtual threads; {@link java.util.concurrent.CompletableFuture}s; and the
 * {@link io.gpuasync.host.std.FillExecutor}, which keeps a stream filled with work.
 */
module io.gpuasync.host.std {
    requires transitive io.gpuasync.engine;
    // The flight recorder event WaitEvent: part of every JDK.
    requires jdk.jfr;

    exports io.gpuasync.host.std;
}
