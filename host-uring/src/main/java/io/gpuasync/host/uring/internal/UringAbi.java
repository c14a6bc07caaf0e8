package io.gpuasync.host.uring.internal;

import io.gpuasync.engine.uring.MovableTimeout;

/**
 * What the kernel's io_uring ABI fixes: syscall numbers, flags, opcodes and the byte offsets of
 * the structs the ring shares with user space. Every value is copied from a named place in
 * {@code <linux/io_uring.h>} (or the x86-64 syscall table); {@code UringAbiHeaderTest} compiles a C
 * program against the machine's header and checks each one, so a typo cannot survive a build.
 * Those of the movable timeout are defined with it, in the engine's {@link MovableTimeout}, which
 * the Netty host shares: this class names them again so that the test checks them too.
 *
 * <p>Offsets are kept by hand rather than as {@code MemoryLayout}s because most of these structs
 * are unions the kernel grows at the end; the test is what keeps them honest.
 */
public final class UringAbi {
    private UringAbi() {
    }

    // x86-64 (and every other architecture since 5.1: the io_uring calls share one number table).
    /** {@code __NR_io_uring_setup}. */
    public static final long SYS_IO_URING_SETUP = 425;
    /** {@code __NR_io_uring_enter}. */
    public static final long SYS_IO_URING_ENTER = 426;
    /** {@code __NR_io_uring_register}. */
    public static final long SYS_IO_URING_REGISTER = 427;

    // struct io_uring_params (120 bytes).
    public static final long PARAMS_SIZE = 120;
    public static final long PARAMS_SQ_ENTRIES = 0;
    public static final long PARAMS_CQ_ENTRIES = 4;
    public static final long PARAMS_FLAGS = 8;
    public static final long PARAMS_FEATURES = 20;
    /** {@code sq_off}: a struct io_sqring_offsets. */
    public static final long PARAMS_SQ_OFF = 40;
    /** {@code cq_off}: a struct io_cqring_offsets. */
    public static final long PARAMS_CQ_OFF = 80;

    // struct io_sqring_offsets, relative to sq_off: where each field lives in the SQ ring mapping.
    public static final long SQ_OFF_HEAD = 0;
    public static final long SQ_OFF_TAIL = 4;
    public static final long SQ_OFF_RING_MASK = 8;
    public static final long SQ_OFF_RING_ENTRIES = 12;
    public static final long SQ_OFF_FLAGS = 16;
    public static final long SQ_OFF_DROPPED = 20;
    public static final long SQ_OFF_ARRAY = 24;

    // struct io_cqring_offsets, relative to cq_off.
    public static final long CQ_OFF_HEAD = 0;
    public static final long CQ_OFF_TAIL = 4;
    public static final long CQ_OFF_RING_MASK = 8;
    public static final long CQ_OFF_RING_ENTRIES = 12;
    public static final long CQ_OFF_OVERFLOW = 16;
    public static final long CQ_OFF_CQES = 20;

    // struct io_uring_sqe (64 bytes).
    public static final long SQE_SIZE = 64;
    public static final long SQE_OPCODE = 0;
    public static final long SQE_FLAGS = 1;
    public static final long SQE_IOPRIO = 2;
    public static final long SQE_FD = 4;
    /** {@code off} / {@code addr2}: for a timeout the completion count, for an update the new timespec. */
    public static final long SQE_OFF = 8;
    /** {@code addr}: a buffer, a timespec, or the user_data of the request a remove/update targets. */
    public static final long SQE_ADDR = 16;
    public static final long SQE_LEN = 24;
    /** {@code rw_flags} / {@code timeout_flags}: the same 32 bits of a union. */
    public static final long SQE_OP_FLAGS = 28;
    public static final long SQE_USER_DATA = 32;
    public static final long SQE_BUF_INDEX = 40;
    public static final long SQE_PERSONALITY = 42;
    public static final long SQE_FILE_INDEX = 44;
    public static final long SQE_ADDR3 = 48;

    // struct io_uring_cqe (16 bytes without IORING_SETUP_CQE32).
    public static final long CQE_SIZE = 16;
    public static final long CQE_USER_DATA = 0;
    public static final long CQE_RES = 8;
    public static final long CQE_FLAGS = 12;

    // struct __kernel_timespec.
    public static final long TIMESPEC_SIZE = 16;
    public static final long TIMESPEC_TV_SEC = 0;
    public static final long TIMESPEC_TV_NSEC = 8;

    // struct io_uring_probe, followed by ops[]: struct io_uring_probe_op (8 bytes each).
    public static final long PROBE_SIZE = 16;
    public static final long PROBE_LAST_OP = 0;
    public static final long PROBE_OPS_LEN = 1;
    public static final long PROBE_OP_SIZE = 8;
    public static final long PROBE_OP_OP = 0;
    public static final long PROBE_OP_FLAGS = 2;
    /** {@code IO_URING_OP_SUPPORTED}: in a probe op's flags. */
    public static final int IO_URING_OP_SUPPORTED = 1;

    // mmap offsets.
    public static final long IORING_OFF_SQ_RING = 0L;
    public static final long IORING_OFF_CQ_RING = 0x8000000L;
    public static final long IORING_OFF_SQES = 0x10000000L;

    // enum io_uring_op.
    public static final int IORING_OP_NOP = 0;
    public static final int IORING_OP_TIMEOUT = MovableTimeout.IORING_OP_TIMEOUT;
    public static final int IORING_OP_TIMEOUT_REMOVE = MovableTimeout.IORING_OP_TIMEOUT_REMOVE;
    public static final int IORING_OP_READ = 22;

    // sqe->timeout_flags.
    public static final int IORING_TIMEOUT_ABS = MovableTimeout.IORING_TIMEOUT_ABS;
    public static final int IORING_TIMEOUT_UPDATE = MovableTimeout.IORING_TIMEOUT_UPDATE;

    // io_uring_setup flags.
    public static final int IORING_SETUP_CLAMP = 1 << 4;

    // io_uring_enter flags.
    public static final int IORING_ENTER_GETEVENTS = 1;

    // io_uring_register opcodes.
    public static final int IORING_REGISTER_PROBE = 8;

    // io_uring_params->features.
    public static final int IORING_FEAT_SINGLE_MMAP = 1;
    public static final int IORING_FEAT_NODROP = 1 << 1;
    public static final int IORING_FEAT_SUBMIT_STABLE = 1 << 2;
    public static final int IORING_FEAT_EXT_ARG = 1 << 8;

    // sq_ring->flags.
    public static final int IORING_SQ_CQ_OVERFLOW = 1 << 1;

    // <asm-generic/errno*.h>: the results this host reads in a CQE (negated there).
    public static final int EINTR = 4;
    public static final int EAGAIN = 11;
    public static final int EBUSY = 16;
    public static final int ENOENT = MovableTimeout.ENOENT;
    public static final int EINVAL = 22;
    public static final int ETIME = MovableTimeout.ETIME;
    public static final int EALREADY = MovableTimeout.EALREADY;
    public static final int ECANCELED = MovableTimeout.ECANCELED;

    // <sys/mman.h> and <sys/eventfd.h> (glibc x86-64).
    public static final int PROT_READ = 0x1;
    public static final int PROT_WRITE = 0x2;
    public static final int MAP_SHARED = 0x01;
    public static final int MAP_POPULATE = 0x08000;
    public static final int EFD_CLOEXEC = 0x80000;
}
