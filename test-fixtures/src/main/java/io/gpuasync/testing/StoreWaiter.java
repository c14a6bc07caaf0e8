package io.gpuasync.testing;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.StoreWaits;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntSupplier;

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

    /**
     * Checks that a store into {@code line}, of a backend whose store waits are off, gets no
     * token and makes the driver create no event ({@code liveEvents}: the vendor's count).
     */
    public static <S> void assertNoTokenWithout(Line<S> line, S stream, IntSupplier liveEvents) {
        int events = liveEvents.getAsInt();
        Ticket ticket = line.signal(stream, Slot.S0);
        check(HostLine.of(line).storeToken(ticket.slot(), ticket.target()) == StoreWaits.NO_TOKEN,
                "a store of a backend without store waits got a token");
        check(liveEvents.getAsInt() == events, "a backend without store waits recorded an event behind a store");
    }

    /**
     * Checks a wait for {@code ticket}'s store, which its stream holds until {@code open} runs:
     * parked and not returned while the store has not landed, then true once it has, and never
     * before the word reads it.
     */
    public static void assertEndsOnlyOnceLanded(Line<?> line, Ticket ticket, Runnable open) throws InterruptedException {
        HostLine<?> host = HostLine.of(line);
        long token = host.storeToken(ticket.slot(), ticket.target());
        check(token != StoreWaits.NO_TOKEN, "a store of a backend with store waits got no token");
        StoreWaiter waiter = new StoreWaiter(host, token);
        waiter.awaitParked();
        check(!ticket.isDone(), "the store landed while its stream was held");
        check(!waiter.returned(), "the wait returned while its store was held: " + waiter.result.get());
        open.run();
        Object result = waiter.await();
        check(Boolean.TRUE.equals(result), "the wait for a store that landed returned " + result);
        check(ticket.isDone(), "the wait said the store landed before its word read it");
    }

    private static void check(boolean holds, String otherwise) {
        if (!holds) {
            throw new AssertionError(otherwise);
        }
    }
}
