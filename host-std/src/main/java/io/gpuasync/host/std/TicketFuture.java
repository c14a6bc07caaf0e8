package io.gpuasync.host.std;

import io.gpuasync.api.Ticket;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The future of an async wait, carrying its own ticket: the one object an async wait allocates,
 * and what the dispatcher's queue and completion port hold.
 *
 * <p>It holds one unit of its reactor's capacity from the moment it is accepted until it is
 * done, however it gets done: landed, failed, cancelled, or completed by its caller. The unit
 * goes back at once, not when the dispatcher next looks, so that a cancelled wait's place is
 * free for the very next call.
 */
final class TicketFuture extends CompletableFuture<Ticket> {
    private static final VarHandle HELD;

    static {
        try {
            HELD = MethodHandles.lookup().findVarHandle(TicketFuture.class, "held", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Ticket ticket;
    final long startedNanos;
    private final AtomicInteger capacityInUse;
    @SuppressWarnings("unused") // through HELD
    private volatile boolean held;

    TicketFuture(Ticket ticket, long startedNanos, AtomicInteger capacityInUse) {
        this.ticket = ticket;
        this.startedNanos = startedNanos;
        this.capacityInUse = capacityInUse;
    }

    /** Takes one unit of capacity for this wait, if fewer than {@code limit} are in use. */
    boolean tryHold(int limit) {
        for (;;) {
            int inUse = capacityInUse.get();
            if (inUse >= limit) {
                return false;
            }
            if (capacityInUse.compareAndSet(inUse, inUse + 1)) {
                held = true;
                // A caller may have completed the future before it held anything.
                if (isDone()) {
                    giveBack();
                }
                return true;
            }
        }
    }

    // Once, whichever way the future got done first.
    void giveBack() {
        if (HELD.compareAndSet(this, true, false)) {
            capacityInUse.decrementAndGet();
        }
    }

    @Override
    public boolean complete(Ticket value) {
        boolean completed = super.complete(value);
        giveBack();
        return completed;
    }

    @Override
    public boolean completeExceptionally(Throwable failure) {
        boolean completed = super.completeExceptionally(failure);
        giveBack();
        return completed;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        giveBack();
        return cancelled;
    }
}
