package io.gpuasync.host.netty;

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
 * One absolute {@code IORING_OP_TIMEOUT} on a Netty io_uring event loop's own ring, submitted
 * through the loop's {@link IoRegistration} and seen completing in {@link #handle}. Moved with
 * {@code IORING_TIMEOUT_UPDATE} when the deadline changes, removed when none is wanted, armed
 * afresh only after it fired. Every method but {@link #register} runs on the loop's thread.
 */
final class LoopTimer implements IoUringIoHandle {
    // <linux/io_uring.h>; Netty keeps its own copies of these package-private.
    static final byte IORING_OP_TIMEOUT = 11;
    static final byte IORING_OP_TIMEOUT_REMOVE = 12;
    static final int IORING_TIMEOUT_ABS = 1;
    static final int IORING_TIMEOUT_UPDATE = 1 << 1;
    static final int ETIME = 62;
    static final int ECANCELED = 125;
    static final int ENOENT = 2;
    static final int EALREADY = 114;

    /** The deadline that means "none": the timer is removed. */
    static final long NO_DEADLINE = Long.MAX_VALUE;

    // A submission's data must fit 16 bits for Netty's fast path: the kind in the top bits, the
    // timer's generation below.
    private static final int KIND_TIMER = 1 << 12;
    private static final int KIND_UPDATE = 2 << 12;
    private static final int KIND_REMOVE = 3 << 12;
    private static final int KIND_MASK = 7 << 12;
    private static final int GENERATION_MASK = (1 << 12) - 1;

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

    private boolean pending;
    private int generation;
    /** The user_data the kernel knows the pending timeout by: what {@link IoRegistration#submit} returned. */
    private long kernelId;
    private long deadline = NO_DEADLINE;
    /** The deadline the last completion fired for, {@link #NO_DEADLINE} when it did not fire (cancelled). */
    private long firedFor = NO_DEADLINE;
    private boolean closed;

    private long armed;
    private long moved;
    private long removed;
    private long fired;

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
        if (closed || nanos == deadline && (pending || nanos == NO_DEADLINE)) {
            return;
        }
        if (registration == null || !registration.isValid()) {
            throw new IllegalStateException("the timer's registration on " + loop + " is gone (the loop is shutting down)");
        }
        if (nanos == NO_DEADLINE) {
            if (pending) {
                submit(new IoUringIoOps(IORING_OP_TIMEOUT_REMOVE, (byte) 0, (short) 0, -1, 0L, kernelId, 0, 0,
                        KIND_REMOVE, (short) 0, (short) 0, 0, 0L));
                pending = false;
                generation = (generation + 1) & GENERATION_MASK;    // its -ECANCELED is stale from now on
                removed++;
            }
        } else if (!pending) {
            generation = (generation + 1) & GENERATION_MASK;
            setTimespec(armTimespec, nanos);
            kernelId = submit(new IoUringIoOps(IORING_OP_TIMEOUT, (byte) 0, (short) 0, -1, 0L, armTimespec.address(), 1,
                    IORING_TIMEOUT_ABS, KIND_TIMER | generation, (short) 0, (short) 0, 0, 0L));
            pending = true;
            armed++;
        } else {
            setTimespec(moveTimespec, nanos);
            submit(new IoUringIoOps(IORING_OP_TIMEOUT_REMOVE, (byte) 0, (short) 0, -1, moveTimespec.address(), kernelId, 0,
                    IORING_TIMEOUT_UPDATE | IORING_TIMEOUT_ABS, KIND_UPDATE, (short) 0, (short) 0, 0, 0L));
            moved++;
        }
        deadline = nanos;
    }

    private long submit(IoUringIoOps ops) {
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
            if ((data & GENERATION_MASK) != generation || !pending) {
                return;     // a removed timer's -ECANCELED
            }
            pending = false;
            firedFor = res == -ETIME ? deadline : NO_DEADLINE;
            deadline = NO_DEADLINE;
            if (res == -ETIME) {
                fired++;
            } else if (res != -ECANCELED) {
                throw new IllegalStateException("IORING_OP_TIMEOUT(IORING_TIMEOUT_ABS) on " + loop + " failed: " + res);
            }
            onFire.run();
        } else if (res < 0 && res != -ENOENT && res != -EALREADY) {
            // -ENOENT/-EALREADY: the timer fired first, and its own completion says so.
            throw new IllegalStateException("IORING_OP_TIMEOUT_REMOVE(" + (kind == KIND_UPDATE ? "IORING_TIMEOUT_UPDATE" : "remove")
                    + ") on " + loop + " failed: " + res);
        }
    }

    /** In {@code onFire}: the deadline the timer fired for, or {@link #NO_DEADLINE} when the kernel cancelled it. */
    long firedFor() {
        return firedFor;
    }

    long armed() {
        return armed;
    }

    long moved() {
        return moved;
    }

    long removed() {
        return removed;
    }

    long fired() {
        return fired;
    }

    boolean pending() {
        return pending;
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
