package io.gpuasync.engine;

import io.gpuasync.backend.sim.SimStream;

import java.util.concurrent.CountDownLatch;

/**
 * Holds a simulated stream at a gate, so that work queued behind it is still pending when the
 * engine takes its wait (host-std's tests have the same helper; test classes do not cross modules).
 */
final class Gates {
    private Gates() {
    }

    /** Queues a gate on {@code stream}: what is queued after it runs once the latch is counted down. */
    static CountDownLatch gate(SimStream stream) {
        CountDownLatch gate = new CountDownLatch(1);
        stream.call(() -> {
            try {
                gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return gate;
    }
}
