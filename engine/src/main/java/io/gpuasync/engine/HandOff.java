package io.gpuasync.engine;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Ticket;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A blocking waiter's hand-off of its sleep to a {@link WaitEngine}: the waiter parks with no
 * timer of its own, and the engine, which already sleeps until the next predicted landing of
 * all its waits, unparks it when its word lands (or its line closes, its device fails, the
 * engine closes). One timer then serves every waiter of the engine.
 *
 * <p>One record per thread, reused from wait to wait, so a handed-off wait allocates nothing;
 * a record the engine still holds (its waiter withdrew and the engine has not yet dropped it)
 * is not {@link #reusable()}, and the thread takes a new one.
 *
 * <p>NOTE the state moves once per wait from {@code WAITING} to exactly one end, by CAS: the
 * engine's {@code LANDED}, {@code FAILED} or {@code REFUSED}, or the waiter's {@code WITHDRAWN}.
 * The engine writes the word or the failure before its CAS and the waiter reads them after
 * reading the state, so an end the waiter sees comes with its data; a withdrawn wait is never
 * also landed, so the waiter decides alone what its await returns.
 */
public final class HandOff implements PendingWait {
    private static final int WAITING = 1;
    private static final int LANDED = 2;
    private static final int FAILED = 3;
    private static final int REFUSED = 4;
    private static final int WITHDRAWN = 5;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(HandOff.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Thread owner;
    private volatile int state;
    private volatile boolean heldByEngine;
    private Ticket ticket;
    private long startedNanos;
    private long overdueAt;
    private long word;
    private GpuException failure;

    /** A record for waits of {@code owner}, the thread the engine unparks. */
    public HandOff(Thread owner) {
        this.owner = owner;
    }

    /** Whether the engine let go of this record's last wait, so it may take a new one. */
    public boolean reusable() {
        return !heldByEngine;
    }

    void arm(Ticket ticket, long nowNanos) {
        this.ticket = ticket;
        this.startedNanos = nowNanos;
        this.failure = null;
        this.word = 0;
        heldByEngine = true;
        state = WAITING;
    }

    /**
     * Whether the engine ended the last wait (landed, failed or refused it), as opposed to its
     * waiter withdrawing it: the engine then lets go of the record an instant later.
     */
    public boolean endedByEngine() {
        int now = state;
        return now == LANDED || now == FAILED || now == REFUSED;
    }

    /** Whether the engine saw the word land; {@link #word()} is then what it read. */
    public boolean isLanded() {
        return state == LANDED;
    }

    /** The word the engine read when it saw the landing. */
    public long word() {
        return word;
    }

    /** The failure the wait ended with, or null while it has not failed. */
    public GpuException failure() {
        return state == FAILED ? failure : null;
    }

    /** Whether the engine could not take the wait (it was full): the waiter must wait by itself. */
    public boolean isRefused() {
        return state == REFUSED;
    }

    /** Whether the wait still waits for the engine. */
    public boolean isWaiting() {
        return state == WAITING;
    }

    /**
     * The waiter gives up (interrupted, timed out, or it saw the landing itself). Returns false
     * if the engine ended the wait first: the waiter then takes that end.
     */
    public boolean withdraw() {
        return STATE.compareAndSet(this, WAITING, WITHDRAWN);
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
        return state == WITHDRAWN;
    }

    @Override
    public void landed(long word) {
        this.word = word;
        end(LANDED);
    }

    @Override
    public void failed(GpuException why) {
        this.failure = why;
        end(FAILED);
    }

    void refused() {
        end(REFUSED);
    }

    // The engine's last touch of the record: it is reusable from here, before the waiter can
    // see the end (a waiter that withdrew first sees nothing new, and reuses it only now too).
    private void end(int how) {
        boolean ended = STATE.compareAndSet(this, WAITING, how);
        heldByEngine = false;
        if (ended) {
            LockSupport.unpark(owner);
        }
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
        heldByEngine = false;
    }

    // The engine never took it (its queue was full): the waiter waits by itself.
    void notTaken() {
        heldByEngine = false;
    }
}
