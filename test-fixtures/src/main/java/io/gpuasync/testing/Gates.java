package io.gpuasync.testing;

import io.gpuasync.backend.sim.SimStream;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds a simulated stream at a gate, so that work queued behind it is still pending when a
 * waiter starts to wait, however slowly the test's threads get there; and opens a gate once
 * something has happened, told by a latch (a {@link WatchedLine}'s, say), never by what a
 * thread's stack looks like.
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

    /**
     * Opens {@code gate}, on a thread of its own, once {@code signal} is counted down; if that
     * does not happen within {@link Tickets#LANDS_WITHIN}, opens it all the same (so that whatever
     * waits behind the gate ends) and the returned {@link Opening} fails the test.
     */
    public static Opening openWhen(CountDownLatch signal, CountDownLatch gate) {
        Opening opening = new Opening();
        Thread.ofPlatform().daemon().name("gate-opener").start(() -> {
            boolean signalled = false;
            try {
                signalled = signal.await(Tickets.LANDS_WITHIN.toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                opening.signalled = signalled;
                gate.countDown();
                opening.opened.countDown();
            }
        });
        return opening;
    }

    /** How a gate of {@link #openWhen} was opened. */
    public static final class Opening {
        private final CountDownLatch opened = new CountDownLatch(1);
        private volatile boolean signalled;

        private Opening() {
        }

        /**
         * Waits until the gate is open.
         *
         * @throws AssertionError if it was opened because the signal did not come in time
         */
        public void assertOpenedBySignal() throws InterruptedException {
            opened.await();
            if (!signalled) {
                throw new AssertionError("the gate was opened after " + Tickets.LANDS_WITHIN.toSeconds()
                        + " s without the signal it waited for");
            }
        }
    }
}
