package io.gpuasync.engine;

/**
 * Wakes whatever drives a {@link WaitEngine}: unparks a dispatcher thread, writes an eventfd an
 * io_uring ring reads, wakes a Netty event loop. Called from any thread when a wait arrives for
 * a driver that said it would sleep ({@link WaitEngine#prepareToSleep()}), or when the engine
 * closes. It must be cheap and must not block; a wake that finds the driver awake is harmless.
 */
@FunctionalInterface
public interface Waker {
    void wake();
}
