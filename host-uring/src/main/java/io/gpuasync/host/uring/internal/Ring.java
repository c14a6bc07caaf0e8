package io.gpuasync.host.uring.internal;

import io.gpuasync.host.uring.SyscallException;
import io.gpuasync.spi.ffm.Libc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import static io.gpuasync.host.uring.internal.UringAbi.*;

/**
 * One io_uring instance: {@code io_uring_setup}, its SQ and CQ rings and SQE array mapped with
 * {@code mmap}, and the few requests the hosts need (absolute timeouts, moving and removing them,
 * reads, no-ops). Not thread-safe: one thread prepares, submits and reaps; the kernel is the
 * other party on every shared index.
 *
 * <p>What the kernel shares and who writes it: the SQ {@code tail} and the SQEs are ours (the
 * kernel reads the tail with an acquire load, so we publish with a release store after writing
 * the SQE); the SQ {@code head} is the kernel's (we read it with acquire to know which slots it
 * consumed). The CQ {@code tail} is the kernel's (acquire, so the CQEs before it are visible);
 * the CQ {@code head} is ours (release, so the kernel does not overwrite a CQE we still read).
 */
public final class Ring implements AutoCloseable {
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle().withInvokeExactBehavior();

    /** What a completion is handed to; must not keep anything past the call. */
    @FunctionalInterface
    public interface Completions {
        void complete(long userData, int res, int flags);
    }

    private final Arena arena;
    private final MemorySegment errnoState;
    private final int fd;
    private final int features;
    private final MemorySegment sqRing;
    private final MemorySegment cqRing;
    private final MemorySegment sqes;
    /** One timespec per SQE slot: stable until that slot's SQE is submitted (the kernel copies it then). */
    private final MemorySegment timespecs;
    private final long sqHead;
    private final long sqTail;
    private final long sqFlags;
    private final int sqMask;
    private final int sqEntries;
    private final long cqHead;
    private final long cqTail;
    private final long cqOverflow;
    private final long cqes;
    private final int cqMask;
    private final int cqEntries;
    /** Our copy of the SQ tail: prepared but maybe not yet published. */
    private int sqTailLocal;
    /** The tail last handed to the kernel by io_uring_enter. */
    private int sqSubmitted;
    private boolean closed;

    private Ring(Arena arena, MemorySegment errnoState, int fd, int features, MemorySegment sqRing, MemorySegment cqRing,
                 MemorySegment sqes, MemorySegment params) {
        this.arena = arena;
        this.errnoState = errnoState;
        this.fd = fd;
        this.features = features;
        this.sqRing = sqRing;
        this.cqRing = cqRing;
        this.sqes = sqes;
        long sq = PARAMS_SQ_OFF;
        long cq = PARAMS_CQ_OFF;
        sqHead = params.get(ValueLayout.JAVA_INT, sq + SQ_OFF_HEAD);
        sqTail = params.get(ValueLayout.JAVA_INT, sq + SQ_OFF_TAIL);
        sqFlags = params.get(ValueLayout.JAVA_INT, sq + SQ_OFF_FLAGS);
        sqMask = sqRing.get(ValueLayout.JAVA_INT, params.get(ValueLayout.JAVA_INT, sq + SQ_OFF_RING_MASK));
        sqEntries = sqRing.get(ValueLayout.JAVA_INT, params.get(ValueLayout.JAVA_INT, sq + SQ_OFF_RING_ENTRIES));
        cqHead = params.get(ValueLayout.JAVA_INT, cq + CQ_OFF_HEAD);
        cqTail = params.get(ValueLayout.JAVA_INT, cq + CQ_OFF_TAIL);
        cqOverflow = params.get(ValueLayout.JAVA_INT, cq + CQ_OFF_OVERFLOW);
        cqes = params.get(ValueLayout.JAVA_INT, cq + CQ_OFF_CQES);
        cqMask = cqRing.get(ValueLayout.JAVA_INT, params.get(ValueLayout.JAVA_INT, cq + CQ_OFF_RING_MASK));
        cqEntries = cqRing.get(ValueLayout.JAVA_INT, params.get(ValueLayout.JAVA_INT, cq + CQ_OFF_RING_ENTRIES));
        timespecs = arena.allocate(TIMESPEC_SIZE * sqEntries, 8);
        // The SQ array indirection is an identity map here: slot i of the array names SQE i, set
        // once, so preparing a request touches only the SQE and the tail.
        long array = params.get(ValueLayout.JAVA_INT, sq + SQ_OFF_ARRAY);
        for (int i = 0; i < sqEntries; i++) {
            sqRing.set(ValueLayout.JAVA_INT, array + 4L * i, i);
        }
        sqTailLocal = (int) INT.getAcquire(sqRing, sqTail);
        sqSubmitted = sqTailLocal;
    }

    /**
     * Sets up a ring of at least {@code entries} SQEs (clamped by the kernel) and maps it. On
     * failure releases, in reverse order, what it acquired and throws the failing call.
     *
     * @throws SyscallException naming {@code io_uring_setup} or {@code mmap} and the errno
     */
    public static Ring open(int entries) {
        return open(entries, 0);
    }

    /**
     * {@link #open(int)} with more {@code IORING_SETUP_*} flags beside {@code IORING_SETUP_CLAMP}
     * (a flag this kernel does not know makes {@code io_uring_setup} fail with {@code -EINVAL}).
     */
    public static Ring open(int entries, int moreSetupFlags) {
        if (entries < 1) {
            throw new IllegalArgumentException("a ring needs at least 1 entry, got " + entries);
        }
        Arena arena = Arena.ofShared();
        int fd = -1;
        MemorySegment rings = null;
        long ringsSize = 0;
        MemorySegment cqRing = null;
        long cqSize = 0;
        try {
            MemorySegment errno = Libc.newErrnoState(arena);
            MemorySegment params = arena.allocate(PARAMS_SIZE, 8);
            int flags = IORING_SETUP_CLAMP | moreSetupFlags;
            params.set(ValueLayout.JAVA_INT, PARAMS_FLAGS, flags);
            long result = Libc.syscall(errno, SYS_IO_URING_SETUP, entries, params.address(), 0, 0, 0, 0);
            if (result < 0) {
                throw new SyscallException("io_uring_setup(entries=" + entries + ", flags=0x"
                        + Integer.toHexString(flags) + ")", Libc.errno(errno));
            }
            fd = (int) result;
            int features = params.get(ValueLayout.JAVA_INT, PARAMS_FEATURES);
            int sqEntries = params.get(ValueLayout.JAVA_INT, PARAMS_SQ_ENTRIES);
            int cqEntries = params.get(ValueLayout.JAVA_INT, PARAMS_CQ_ENTRIES);
            long sqSize = params.get(ValueLayout.JAVA_INT, PARAMS_SQ_OFF + SQ_OFF_ARRAY) + 4L * sqEntries;
            cqSize = params.get(ValueLayout.JAVA_INT, PARAMS_CQ_OFF + CQ_OFF_CQES) + CQE_SIZE * cqEntries;
            boolean singleMmap = (features & IORING_FEAT_SINGLE_MMAP) != 0;
            ringsSize = singleMmap ? Math.max(sqSize, cqSize) : sqSize;
            rings = map(errno, ringsSize, fd, IORING_OFF_SQ_RING, "the SQ ring");
            if (singleMmap) {
                cqRing = rings;
                cqSize = 0;
            } else {
                cqRing = map(errno, cqSize, fd, IORING_OFF_CQ_RING, "the CQ ring");
            }
            MemorySegment sqes = map(errno, SQE_SIZE * sqEntries, fd, IORING_OFF_SQES, "the SQE array");
            return new Ring(arena, errno, fd, features, rings, cqRing, sqes, params);
        } catch (RuntimeException | Error e) {
            // Reverse order of acquisition; the errno of a release that fails here is secondary
            // to the failure being reported, so it is attached, not thrown.
            MemorySegment errno = Libc.newErrnoState(Arena.ofAuto());
            if (cqRing != null && cqSize > 0 && Libc.munmap(errno, cqRing, cqSize) != 0) {
                e.addSuppressed(new SyscallException("munmap(the CQ ring)", Libc.errno(errno)));
            }
            if (rings != null && Libc.munmap(errno, rings, ringsSize) != 0) {
                e.addSuppressed(new SyscallException("munmap(the SQ ring)", Libc.errno(errno)));
            }
            if (fd >= 0 && Libc.close(errno, fd) != 0) {
                e.addSuppressed(new SyscallException("close(ring fd " + fd + ")", Libc.errno(errno)));
            }
            arena.close();
            throw e;
        }
    }

    private static MemorySegment map(MemorySegment errno, long size, int fd, long offset, String what) {
        MemorySegment mapped = Libc.mmap(errno, MemorySegment.NULL, size, PROT_READ | PROT_WRITE,
                MAP_SHARED | MAP_POPULATE, fd, offset);
        if (mapped.address() == -1L) {
            throw new SyscallException("mmap(" + what + ", " + size + " bytes, ring fd " + fd + ", offset 0x"
                    + Long.toHexString(offset) + ")", Libc.errno(errno));
        }
        return mapped.reinterpret(size);
    }

    /** The ring's file descriptor. */
    public int fd() {
        return fd;
    }

    /** {@code io_uring_params.features} as the kernel reported them. */
    public int features() {
        return features;
    }

    public int sqEntries() {
        return sqEntries;
    }

    public int cqEntries() {
        return cqEntries;
    }

    /** How many completions the kernel could not post because the CQ was full (NODROP kernels keep them). */
    public int cqOverflowCount() {
        return (int) INT.getAcquire(cqRing, cqOverflow);
    }

    /** SQEs prepared and not yet handed to the kernel. */
    public int unsubmitted() {
        return sqTailLocal - sqSubmitted;
    }

    // ---- requests

    /**
     * An {@code IORING_OP_TIMEOUT} that completes with {@code -ETIME} at {@code deadlineNanos} of
     * {@code CLOCK_MONOTONIC} ({@code IORING_TIMEOUT_ABS}), or {@code -ECANCELED} when removed.
     * Its completion count is 0: no other completion ends it early.
     */
    public void prepareAbsoluteTimeout(long deadlineNanos, long userData) {
        int index = nextSqe();
        MemorySegment timespec = timespec(index, deadlineNanos);
        long sqe = SQE_SIZE * index;
        fill(sqe, IORING_OP_TIMEOUT, -1, timespec.address(), 0L, 1, IORING_TIMEOUT_ABS, userData);
        publish();
    }

    /**
     * Moves the pending timeout whose user data is {@code target} to {@code deadlineNanos}
     * ({@code IORING_OP_TIMEOUT_REMOVE} with {@code IORING_TIMEOUT_UPDATE | IORING_TIMEOUT_ABS}).
     * Its own completion is 0, or {@code -ENOENT} when that timeout already completed.
     */
    public void prepareTimeoutUpdate(long target, long deadlineNanos, long userData) {
        int index = nextSqe();
        MemorySegment timespec = timespec(index, deadlineNanos);
        long sqe = SQE_SIZE * index;
        fill(sqe, IORING_OP_TIMEOUT_REMOVE, -1, target, timespec.address(), 0,
                IORING_TIMEOUT_UPDATE | IORING_TIMEOUT_ABS, userData);
        publish();
    }

    /** Cancels the pending timeout {@code target} (it completes with {@code -ECANCELED}). */
    public void prepareTimeoutRemove(long target, long userData) {
        int index = nextSqe();
        fill(SQE_SIZE * index, IORING_OP_TIMEOUT_REMOVE, -1, target, 0L, 0, 0, userData);
        publish();
    }

    /** An {@code IORING_OP_READ} of {@code buffer.byteSize()} bytes from {@code fd} into {@code buffer}. */
    public void prepareRead(int readFd, MemorySegment buffer, long userData) {
        int index = nextSqe();
        fill(SQE_SIZE * index, IORING_OP_READ, readFd, buffer.address(), 0L, (int) buffer.byteSize(), 0, userData);
        publish();
    }

    /** An {@code IORING_OP_NOP}: completes at once with 0. */
    public void prepareNop(long userData) {
        int index = nextSqe();
        fill(SQE_SIZE * index, IORING_OP_NOP, -1, 0L, 0L, 0, 0, userData);
        publish();
    }

    private void fill(long sqe, int opcode, int targetFd, long addr, long off, int len, int opFlags, long userData) {
        // A slot is reused: clear the whole SQE so no field of an earlier request leaks into this one.
        sqes.asSlice(sqe, SQE_SIZE).fill((byte) 0);
        sqes.set(ValueLayout.JAVA_BYTE, sqe + SQE_OPCODE, (byte) opcode);
        sqes.set(ValueLayout.JAVA_INT, sqe + SQE_FD, targetFd);
        sqes.set(ValueLayout.JAVA_LONG, sqe + SQE_OFF, off);
        sqes.set(ValueLayout.JAVA_LONG, sqe + SQE_ADDR, addr);
        sqes.set(ValueLayout.JAVA_INT, sqe + SQE_LEN, len);
        sqes.set(ValueLayout.JAVA_INT, sqe + SQE_OP_FLAGS, opFlags);
        sqes.set(ValueLayout.JAVA_LONG, sqe + SQE_USER_DATA, userData);
    }

    private MemorySegment timespec(int index, long nanos) {
        MemorySegment timespec = timespecs.asSlice(TIMESPEC_SIZE * index, TIMESPEC_SIZE);
        timespec.set(ValueLayout.JAVA_LONG, TIMESPEC_TV_SEC, Math.floorDiv(nanos, 1_000_000_000L));
        timespec.set(ValueLayout.JAVA_LONG, TIMESPEC_TV_NSEC, Math.floorMod(nanos, 1_000_000_000L));
        return timespec;
    }

    /** The slot of the next SQE, submitting what is queued first when the SQ is full. */
    private int nextSqe() {
        ensureOpen();
        int head = (int) INT.getAcquire(sqRing, sqHead);
        if (sqTailLocal - head == sqEntries) {
            enter(0, 0);
            head = (int) INT.getAcquire(sqRing, sqHead);
            if (sqTailLocal - head == sqEntries) {
                throw new IllegalStateException("the submission queue stays full after io_uring_enter ("
                        + sqEntries + " entries)");
            }
        }
        return sqTailLocal & sqMask;
    }

    private void publish() {
        // NOTE: pairs with the kernel's smp_load_acquire of the SQ tail in io_uring_enter: the SQE
        // written above is visible before the tail that covers it.
        sqTailLocal++;
        INT.setRelease(sqRing, sqTail, sqTailLocal);
    }

    // ---- submitting and reaping

    /**
     * Submits what is prepared and, when {@code waitFor > 0}, sleeps until that many completions
     * are posted or a signal arrives.
     *
     * @return how many SQEs the kernel took; an interrupted wait ({@code EINTR}) returns normally
     * @throws SyscallException naming {@code io_uring_enter} and its errno for anything else
     */
    public int enter(int waitFor, int extraFlags) {
        ensureOpen();
        int toSubmit = sqTailLocal - sqSubmitted;
        int flags = extraFlags | (waitFor > 0 ? IORING_ENTER_GETEVENTS : 0);
        long result = Libc.syscall(errnoState, SYS_IO_URING_ENTER, fd, toSubmit, waitFor, flags, 0L, 0L);
        if (result < 0) {
            int errno = Libc.errno(errnoState);
            if (errno == EINTR) {
                return 0;
            }
            throw new SyscallException("io_uring_enter(ring fd " + fd + ", to_submit=" + toSubmit
                    + ", min_complete=" + waitFor + ", flags=0x" + Integer.toHexString(flags) + ")", errno);
        }
        sqSubmitted += (int) result;
        return (int) result;
    }

    /** Whether a completion is waiting in the CQ. */
    public boolean hasCompletions() {
        return (int) INT.getAcquire(cqRing, cqTail) != (int) INT.getAcquire(cqRing, cqHead);
    }

    /**
     * Hands every posted completion to {@code completions}, in order, then frees their slots.
     *
     * @return how many there were
     */
    public int reap(Completions completions) {
        ensureOpen();
        // NOTE: the acquire load of the tail pairs with the kernel's smp_store_release after it
        // writes a CQE; the release store of the head in finally pairs with the kernel's read of
        // it before reusing a slot, so no CQE is overwritten while handed out, even if the
        // callback throws.
        int head = (int) INT.getAcquire(cqRing, cqHead);
        int tail = (int) INT.getAcquire(cqRing, cqTail);
        int seen = head;
        try {
            while (seen != tail) {
                long cqe = cqes + CQE_SIZE * (seen & cqMask);
                long userData = cqRing.get(ValueLayout.JAVA_LONG, cqe + CQE_USER_DATA);
                int res = cqRing.get(ValueLayout.JAVA_INT, cqe + CQE_RES);
                int flags = cqRing.get(ValueLayout.JAVA_INT, cqe + CQE_FLAGS);
                seen++;
                completions.complete(userData, res, flags);
            }
        } finally {
            INT.setRelease(cqRing, cqHead, seen);
        }
        return seen - head;
    }

    /** Whether the kernel says completions overflowed the CQ and wait in its backlog. */
    public boolean cqOverflowPending() {
        return ((int) INT.getAcquire(sqRing, sqFlags) & IORING_SQ_CQ_OVERFLOW) != 0;
    }

    // ---- registering

    /**
     * The opcodes this kernel supports ({@code IORING_REGISTER_PROBE}): {@code supported[op]}.
     *
     * @throws SyscallException naming {@code io_uring_register(IORING_REGISTER_PROBE)} and its errno
     */
    public boolean[] probeOpcodes() {
        ensureOpen();
        int slots = 256;
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment probe = scratch.allocate(PROBE_SIZE + PROBE_OP_SIZE * slots, 8);
            long result = Libc.syscall(errnoState, SYS_IO_URING_REGISTER, fd, IORING_REGISTER_PROBE,
                    probe.address(), slots, 0L, 0L);
            if (result < 0) {
                throw new SyscallException("io_uring_register(ring fd " + fd + ", IORING_REGISTER_PROBE)",
                        Libc.errno(errnoState));
            }
            int opsLen = Byte.toUnsignedInt(probe.get(ValueLayout.JAVA_BYTE, PROBE_OPS_LEN));
            boolean[] supported = new boolean[slots];
            for (int i = 0; i < opsLen; i++) {
                long op = PROBE_SIZE + PROBE_OP_SIZE * i;
                int opcode = Byte.toUnsignedInt(probe.get(ValueLayout.JAVA_BYTE, op + PROBE_OP_OP));
                short opFlags = probe.get(ValueLayout.JAVA_SHORT, op + PROBE_OP_FLAGS);
                supported[opcode] = (opFlags & IO_URING_OP_SUPPORTED) != 0;
            }
            return supported;
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the ring (fd " + fd + ") is closed");
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /**
     * Unmaps the rings and closes the descriptor; the kernel cancels what is still pending.
     * Idempotent. A failing {@code munmap} or {@code close} is thrown after everything else was
     * released.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        SyscallException failure = null;
        if (Libc.munmap(errnoState, sqes, sqes.byteSize()) != 0) {
            failure = chain(failure, new SyscallException("munmap(the SQE array)", Libc.errno(errnoState)));
        }
        if (cqRing != sqRing && Libc.munmap(errnoState, cqRing, cqRing.byteSize()) != 0) {
            failure = chain(failure, new SyscallException("munmap(the CQ ring)", Libc.errno(errnoState)));
        }
        if (Libc.munmap(errnoState, sqRing, sqRing.byteSize()) != 0) {
            failure = chain(failure, new SyscallException("munmap(the SQ ring)", Libc.errno(errnoState)));
        }
        if (Libc.close(errnoState, fd) != 0) {
            failure = chain(failure, new SyscallException("close(ring fd " + fd + ")", Libc.errno(errnoState)));
        }
        arena.close();
        if (failure != null) {
            throw failure;
        }
    }

    private static SyscallException chain(SyscallException first, SyscallException next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }
}
