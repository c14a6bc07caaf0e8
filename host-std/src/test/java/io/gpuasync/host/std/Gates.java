package io.gpuasync.host.std;

import io.gpuasync.backend.sim.SimStream;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * Holds a simulated stream at a gate, so that work queued behind it is still pending when a
 * waiter starts to wait, however slowly the test's threads get there.
 */
public final class Gates {
    private Gates() {
    }

    /** Queues a gate on {@code stream}: what is queued after it runs once the latch is counted down. */
    public static CountDownLatch gate(SimStream stream) {
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

    /** Opens {@code gate} once {@code waiter} is inside a blocking wait (BlockingWaits.tryAwait on its stack). */
    static void openWhenWaiting(Thread waiter, CountDownLatch gate) {
        Thread.ofPlatform().daemon().start(() -> {
            while (Arrays.stream(waiter.getStackTrace()).noneMatch(f -> f.getMethodName().equals("tryAwait"))) {
                Thread.onSpinWait();
            }
            gate.countDown();
        });
    }
}
