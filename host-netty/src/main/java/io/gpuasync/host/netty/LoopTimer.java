package io.gpuasync.host.netty;

import io.gpuasync.engine.uring.MovableTimeout;
import io.netty.channel.IoEvent;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoRegistration;
import io.netty.channel.uring.IoUringIoEvent;
import io.netty.channel.uring.IoUringIoHandle;
import io.netty.channel.uring.IoUringIoOps;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A {@link MovableTimeout} on a Netty io_uring event loop's own ring: its requests submitted
 * through the loop's {@link IoRegistration}, its completions seen in {@link #handle}. Every
 * method but {@link #register} runs on the loop's thread.
 */
final class LoopTimer implements IoUringIoHandle, MovableTimeout.Submitter {
    /** The deadline that means "none": the timer is removed. */
    static final long NO_DEADLINE = MovableTimeout.NO_DEADLINE;

    // A submission's data must fit 16 bits for Netty's fast path: the kind in the top bits, the
    // timer's generation below.
    private static final int KIND_SHIFT = MovableTimeout.GENERATION_BITS;
    private static final int KIND_TIMER = 1 << KIND_SHIFT;
    private static final int KIND_UPDATE = 2 << KIND_SHIFT;
    private static final int KIND_REMOVE = 3 << KIND_SHIFT;
    private static final int KIND_MASK = 7 << KIND_SHIFT;
    private static final byte IORING_OP_TIMEOUT = (byte) MovableTimeout.IORING_OP_TIMEOUT;
    private static final byte IORING_OP_TIMEOUT_REMOVE = (byte) MovableTimeout.IORING_OP_TIMEOUT_REMOVE;

    private final IoEventLoop loop;
    private final Runnable onFire;
    private final Runnable onClose;
    /**
     * Netty enqueues our SQE and submits it on its next pass; the kernel copies the timespec only
     * then, so the arm and the move each keep their own, and an auto arena frees them once this
     * handle is unreachable (by then every SQE naming them was submitted).
     */
    private final MemorySegment armTimespec;
    private final MemorySegment moveTimespec;
    private IoRegistration registration;
    private final MovableTimeout timeout = new MovableTimeout();
    /** The user_data the kernel knows the pending timeout by: what {@link IoRegistration#submit} returned. */
    private long kernelId;
    private boolean closed;

    /**
     * @param onFire  runs on the loop when the timer fired (or was cancelled by the kernel)
     * @param onClose runs on the loop once the timer was closed, by its owner or by the loop shutting down
     */
    LoopTimer(IoEventLoop loop, Runnable onFire, Runnable onClose) {
        this.loop = loop;
        this.onFire = onFire;
        this.onClose = onClose;
        Arena arena = Arena.ofAuto();
        this.armTimespec = arena.allocate(16, 8);
        this.moveTimespec = arena.allocate(16, 8);
    }

    /** Registers on the loop; from any thread. */
    io.netty.util.concurrent.Future<IoRegistration> register() {
        return loop.register(this).addListener(f -> {
            if (f.isSuccess()) {
                registration = (IoRegistration) f.getNow();
            }
        });
    }

    boolean isRegistered() {
        return registration != null && registration.isValid();
    }

    /**
     * Loop thread: the timer will fire at {@code nanos} ({@code System.nanoTime()} scale,
     * {@code CLOCK_MONOTONIC}), or not at all for {@link #NO_DEADLINE}.
     *
     * @throws IllegalStateException when the registration is gone (the loop shuts down)
     */
    void moveTo(long nanos) {
        if (!closed) {
            timeout.moveTo(nanos, this);
        }
    }

    @Override
    public void arm(long deadlineNanos, int generation) {
        setTimespec(armTimespec, deadlineNanos);
        kernelId = submit(new IoUringIoOps(IORING_OP_TIMEOUT, (byte) 0, (short) 0, -1, 0L, armTimespec.address(), 1,
                MovableTimeout.IORING_TIMEOUT_ABS, KIND_TIMER | generation, (short) 0, (short) 0, 0, 0L));
    }

    @Override
    public void move(int generation, long deadlineNanos) {
        setTimespec(moveTimespec, deadlineNanos);
        submit(new IoUringIoOps(IORING_OP_TIMEOUT_REMOVE, (byte) 0, (short) 0, -1, moveTimespec.address(), kernelId, 0,
                MovableTimeout.IORING_TIMEOUT_UPDATE | MovableTimeout.IORING_TIMEOUT_ABS, KIND_UPDATE, (short) 0, (short) 0,
                0, 0L));
    }

    @Override
    public void remove(int generation) {
        submit(new IoUringIoOps(IORING_OP_TIMEOUT_REMOVE, (byte) 0, (short) 0, -1, 0L, kernelId, 0, 0,
                KIND_REMOVE, (short) 0, (short) 0, 0, 0L));
    }

    private long submit(IoUringIoOps ops) {
        if (registration == null || !registration.isValid()) {
            throw new IllegalStateException("the timer's registration on " + loop + " is gone (the loop is shutting down)");
        }
        long id = registration.submit(ops);
        if (id == 0) {
            throw new IllegalStateException("the loop refused the timer's submission (registration cancelled)");
        }
        return id;
    }

    private static void setTimespec(MemorySegment timespec, long nanos) {
        timespec.set(ValueLayout.JAVA_LONG, 0, Math.floorDiv(nanos, 1_000_000_000L));
        timespec.set(ValueLayout.JAVA_LONG, 8, Math.floorMod(nanos, 1_000_000_000L));
    }

    @Override
    public void handle(IoRegistration registration, IoEvent ioEvent) {
        IoUringIoEvent event = (IoUringIoEvent) ioEvent;
        int data = (int) event.userData();
        int kind = data & KIND_MASK;
        int res = event.res();
        if (kind == KIND_TIMER) {
            boolean ended = timeout.timeoutCompleted(data, res);
            if (MovableTimeout.timeoutFailed(res)) {
                throw new IllegalStateException("IORING_OP_TIMEOUT(IORING_TIMEOUT_ABS) on " + loop + " failed: " + res);
            }
            if (ended) {
                onFire.run();
            }
        } else if (MovableTimeout.changeFailed(res)) {
            throw new IllegalStateException("IORING_OP_TIMEOUT_REMOVE(" + (kind == KIND_UPDATE ? "IORING_TIMEOUT_UPDATE" : "remove")
                    + ") on " + loop + " failed: " + res);
        }
    }

    /** The timeout's state and counts; in {@code onFire}, its {@link MovableTimeout#firedFor()} says for which deadline. */
    MovableTimeout timeout() {
        return timeout;
    }

    /**
     * Loop thread: removes the timer and gives up the registration, then tells its owner. Netty
     * also calls it when the loop shuts down. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        try {
            if (registration != null && registration.isValid()) {
                moveTo(NO_DEADLINE);
                registration.cancel();
            }
        } finally {
            closed = true;
            onClose.run();
        }
    }
}
