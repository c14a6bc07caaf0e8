package io.gpuasync.host.uring.internal;

import io.gpuasync.host.uring.SyscallException;
import io.gpuasync.spi.ffm.Libc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static io.gpuasync.host.uring.internal.UringAbi.EFD_CLOEXEC;

/**
 * An eventfd that any thread signals and the ring's owner reads through a pending
 * {@code IORING_OP_READ}. Signals coalesce: one write per read, however many threads signal.
 */
public final class EventFd implements AutoCloseable {
    private static final int CLOSED = 1 << 30;
    private static final MemorySegment ONE = Arena.global().allocate(ValueLayout.JAVA_LONG);
    private static final ThreadLocal<MemorySegment> ERRNO = ThreadLocal.withInitial(() -> Libc.newErrnoState(Arena.ofAuto()));

    static {
        ONE.set(ValueLayout.JAVA_LONG, 0, 1L);
    }

    private final int fd;
    /** Set by the first signal since the last read; the owner clears it when the read completes. */
    private final AtomicBoolean signalled = new AtomicBoolean();
    /**
     * Signallers inside write(2), plus {@link #CLOSED}: close waits for them to leave so that no
     * write lands on a descriptor number the process has since reused.
     */
    private final AtomicInteger writers = new AtomicInteger();
    private final MemorySegment ownerErrno;

    private EventFd(int fd, MemorySegment ownerErrno) {
        this.fd = fd;
        this.ownerErrno = ownerErrno;
    }

    /** @throws SyscallException naming {@code eventfd} and its errno */
    public static EventFd open(Arena arena) {
        MemorySegment errno = Libc.newErrnoState(arena);
        int fd = Libc.eventfd(errno, 0, EFD_CLOEXEC);
        if (fd < 0) {
            throw new SyscallException("eventfd(0, EFD_CLOEXEC)", Libc.errno(errno));
        }
        return new EventFd(fd, errno);
    }

    public int fd() {
        return fd;
    }

    /**
     * Any thread: makes the pending read complete, unless a signal since the last read already
     * does. Does nothing once closed.
     *
     * @throws SyscallException naming {@code write} and its errno
     */
    public void signal() {
        if (signalled.get() || signalled.getAndSet(true)) {
            return;
        }
        int state;
        do {
            state = writers.get();
            if ((state & CLOSED) != 0) {
                return;
            }
        } while (!writers.compareAndSet(state, state + 1));
        try {
            MemorySegment errno = ERRNO.get();
            if (Libc.write(errno, fd, ONE, Long.BYTES) != Long.BYTES) {
                throw new SyscallException("write(eventfd " + fd + ", 1)", Libc.errno(errno));
            }
        } finally {
            writers.decrementAndGet();
        }
    }

    /**
     * The owner, when the read completed and before it looks for work: later signals write again.
     * NOTE: a signal that found the flag set between the write the read consumed and this clear
     * wrote nothing; its work was queued before it signalled, and the owner looks for work after
     * this call, so it is seen all the same.
     */
    public void readCompleted() {
        signalled.set(false);
    }

    /** Whether a signal is outstanding (written or about to be) that no completed read has consumed. */
    public boolean signalPending() {
        return signalled.get();
    }

    /** Closes the descriptor once no signaller is inside write(2); later signals do nothing. */
    @Override
    public void close() {
        int state;
        do {
            state = writers.get();
            if ((state & CLOSED) != 0) {
                return;
            }
        } while (!writers.compareAndSet(state, state | CLOSED));
        // A write(2) on an eventfd that cannot overflow returns at once, so a spin is short enough.
        while ((writers.get() & ~CLOSED) != 0) {
            Thread.onSpinWait();
        }
        if (Libc.close(ownerErrno, fd) != 0) {
            throw new SyscallException("close(eventfd " + fd + ")", Libc.errno(ownerErrno));
        }
    }
}
