package io.gpuasync.testing;

import io.gpuasync.spi.HostLine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One wait in a driver's own wait for stores ({@link HostLine#awaitStores}) on a daemon thread of
 * its own, with a deadline no test reaches: it returns for a landing, a wake or a failure, and a
 * test that hangs fails by its timeout, never by a clock.
 */
public final class StoreWaiter {
    // Ten minutes: past any test's timeout.
    private static final long FAR_NANOS = 600_000_000_000L;

    private final AtomicReference<Object> result = new AtomicReference<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread thread;

    /** Starts waiting for the store whose token is {@code token}, with the wake count read now. */
    public StoreWaiter(HostLine<?> line, long token) {
        long wakes = line.storeWakes();
        thread = Thread.ofPlatform().daemon().name("store-waiter").start(() -> {
            try {
                result.set(line.awaitStores(new long[] {token}, 1, System.nanoTime() + FAR_NANOS, wakes));
            } catch (Throwable t) {
                result.set(t);
            } finally {
                done.countDown();
            }
        });
    }

    /** Returns once the wait is parked or has returned. */
    public void awaitParked() throws InterruptedException {
        while (done.getCount() > 0 && thread.getState() != Thread.State.TIMED_WAITING) {
            Thread.sleep(1);
        }
    }

    /** Whether the wait has returned. */
    public boolean returned() {
        return done.getCount() == 0;
    }

    /** What the wait returned (a Boolean), or what it threw, once it has. */
    public Object await() throws InterruptedException {
        done.await();
        return result.get();
    }
}
