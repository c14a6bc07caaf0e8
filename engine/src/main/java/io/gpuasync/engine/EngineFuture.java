package io.gpuasync.engine;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Ticket;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The future of an async wait ({@link WaitEngine#whenLanded}), carrying its own ticket: the one
 * object an async wait allocates, and what the engine's queue and completion port hold.
 *
 * <p>It holds one unit of its reactor's capacity from the moment it is accepted until it is
 * done, however it gets done: landed, failed, cancelled, or completed by its caller. The unit
 * goes back at once, not when the dispatcher next looks, so that a cancelled wait's place is
 * free for the very next call.
 */
final class EngineFuture extends CompletableFuture<Ticket> implements PendingWait {
    private static final VarHandle HELD;

    static {
        try {
            HELD = MethodHandles.lookup().findVarHandle(EngineFuture.class, "held", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Ticket ticket;
    private final long startedNanos;
    private final AtomicInteger capacityInUse;
    private long overdueAt;
    @SuppressWarnings("unused") // through HELD
    private volatile boolean held;

    EngineFuture(Ticket ticket, long startedNanos, AtomicInteger capacityInUse) {
        this.ticket = ticket;
        this.startedNanos = startedNanos;
        this.capacityInUse = capacityInUse;
    }

    /** Takes one unit of capacity for this wait, if fewer than {@code limit} are in use. */
    boolean tryHold(int limit) {
        if (!WaitEngine.tryTake(capacityInUse, limit)) {
            return false;
        }
        held = true;
        // A caller may have completed the future before it held anything.
        if (isDone()) {
            giveBack();
        }
        return true;
    }

    // Once, whichever way the future got done first.
    void giveBack() {
        if (HELD.compareAndSet(this, true, false)) {
            capacityInUse.decrementAndGet();
        }
    }

    @Override
    public Ticket ticket() {
        return ticket;
    }

    @Override
    public long startedNanos() {
        return startedNanos;
    }

    @Override
    public boolean abandoned() {
        return isDone();
    }

    @Override
    public void landed(long word) {
        complete(ticket);
    }

    @Override
    public void failed(GpuException why) {
        completeExceptionally(why);
    }

    @Override
    public long overdueAt() {
        return overdueAt;
    }

    @Override
    public void overdueAt(long nanos) {
        overdueAt = nanos;
    }

    @Override
    public void dropped() {
        giveBack();
    }

    @Override
    public boolean complete(Ticket value) {
        // The place first: whoever the completion wakes may want it at once.
        giveBack();
        return super.complete(value);
    }

    @Override
    public boolean completeExceptionally(Throwable failure) {
        giveBack();
        return super.completeExceptionally(failure);
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        giveBack();
        return super.cancel(mayInterruptIfRunning);
    }
}
