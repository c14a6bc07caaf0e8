/**
 * The wait engine: a step with no thread of its own ({@link io.gpuasync.engine.WaitEngine}: drain
 * new waits, poll the completion port, complete what landed, run the watchdog, say when it next
 * needs to run) and the one loop every host drives it with ({@link io.gpuasync.engine.DriverLoop}),
 * over a {@link io.gpuasync.engine.Sleeper} that owns the spin-or-sleep decision and the timer
 * lateness it learns. The std host, the io_uring host and the Netty host each supply only how
 * their thread sleeps and is woken.
 */
module io.gpuasync.engine {
    requires transitive io.gpuasync.spi;
    // The flight recorder event DeviceFailedEvent: part of every JDK.
    requires jdk.jfr;

    exports io.gpuasync.engine;
}
