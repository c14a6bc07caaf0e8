package io.gpuasync.testing;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A call that may block (a driver's wait, say) on a daemon platform thread of its own, which a
 * test lets block, steers, then joins with a bound: a daemon, so that one a broken wait holds
 * forever stays out of the JVM's exit.
 */
public final class Waiter {
    private final CountDownLatch started = new CountDownLatch(1);
    private final AtomicReference<Object> result = new AtomicReference<>();
    private final Thread thread;

    /** Starts {@code body} on a thread of its own. */
    public Waiter(Callable<?> body) {
        thread = Thread.ofPlatform().daemon().start(() -> {
            started.countDown();
            try {
                result.set(body.call());
            } catch (Throwable t) {
                result.set(t);
            }
        });
    }

    /** Returns once the call started and most likely blocked (50 ms later); asserted nowhere. */
    public void awaitBlocked() throws InterruptedException {
        started.await();
        Thread.sleep(50);
    }

    /** Whether the call returned (or threw) within {@code wait}. */
    public boolean returnedWithin(Duration wait) throws InterruptedException {
        thread.join(wait);
        return !thread.isAlive();
    }

    /**
     * What the call returned, or the {@link Throwable} it threw.
     *
     * @throws AssertionError naming {@code what} if it had not returned within {@code patience}
     */
    public Object join(String what, Duration patience) throws InterruptedException {
        if (!returnedWithin(patience)) {
            throw new AssertionError(what + " had not returned " + patience + " later");
        }
        return result.get();
    }
}
