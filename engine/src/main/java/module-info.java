/**
 * The wait engine: a step with no thread of its own ({@link io.gpuasync.engine.WaitEngine}: take in
 * new waits, poll the completion port, complete what landed, move each wait through its phases,
 * watch the drivers' own waits for stores, run the watchdog, say when it next needs to run), the
 * one loop every host drives it with ({@link io.gpuasync.engine.DriverLoop}), and the idle
 * strategies that loop asks how to idle ({@link io.gpuasync.engine.IdleStrategy}). The std host,
 * the io_uring host and the Netty host each supply only how their thread sleeps and is woken.
 */
@SuppressWarnings("module")     // the hosts named below are built after the engine
module io.gpuasync.engine {
    requires transitive io.gpuasync.spi;
    // The flight recorder event DeviceFailedEvent: part of every JDK.
    requires jdk.jfr;

    exports io.gpuasync.engine;
    // The io_uring timeout both ring-driven hosts keep: theirs alone, not part of the engine's API.
    exports io.gpuasync.engine.uring to io.gpuasync.host.uring, io.gpuasync.host.netty;
}
