package io.gpuasync.engine;

import io.gpuasync.api.Ticket;

import java.util.concurrent.CompletableFuture;

/**
 * Whatever completes a future when a ticket lands: the std host's {@code Reactor}, or a host that
 * drives its own wait engine (an event loop). What the std host's {@code FillExecutor} needs of a
 * host (the engine cannot link to either: they live in a module above it).
 */
@FunctionalInterface
public interface FutureHost {
    /**
     * A future completed with {@code ticket} once it landed, or exceptionally with the
     * {@link io.gpuasync.api.GpuException} that ended the wait.
     */
    CompletableFuture<Ticket> whenLanded(Ticket ticket);
}
