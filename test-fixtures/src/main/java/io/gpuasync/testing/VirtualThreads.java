package io.gpuasync.testing;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/** Runs a step on a virtual thread of its own, for tests of what a virtual thread may and may not do. */
public final class VirtualThreads {
    private VirtualThreads() {
    }

    /** What {@code step} returned on a new virtual thread, or what it threw; returns once it ended. */
    public static Object outcome(Callable<?> step) throws InterruptedException {
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread.ofVirtual().start(() -> {
            try {
                outcome.set(step.call());
            } catch (Throwable t) {
                outcome.set(t);
            }
        }).join();
        return outcome.get();
    }
}
