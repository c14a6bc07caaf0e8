/* Prints each constant and struct offset of the io_uring ABI that UringAbi copies, as the C
 * compiler sees the machine's <linux/io_uring.h>, one "NAME VALUE" per line. */
#include <errno.h>
#include <linux/io_uring.h>
#include <linux/time_types.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#define V(name, value) printf("%s %lld\n", name, (long long) (value))
#define C(name) V(#name, name)

int main(void) {
    V("SYS_IO_URING_SETUP", __NR_io_uring_setup);
    V("SYS_IO_URING_ENTER", __NR_io_uring_enter);
    V("SYS_IO_URING_REGISTER", __NR_io_uring_register);

    V("PARAMS_SIZE", sizeof(struct io_uring_params));
    V("PARAMS_SQ_ENTRIES", offsetof(struct io_uring_params, sq_entries));
    V("PARAMS_CQ_ENTRIES", offsetof(struct io_uring_params, cq_entries));
    V("PARAMS_FLAGS", offsetof(struct io_uring_params, flags));
    V("PARAMS_FEATURES", offsetof(struct io_uring_params, features));
    V("PARAMS_SQ_OFF", offsetof(struct io_uring_params, sq_off));
    V("PARAMS_CQ_OFF", offsetof(struct io_uring_params, cq_off));

    V("SQ_OFF_HEAD", offsetof(struct io_sqring_offsets, head));
    V("SQ_OFF_TAIL", offsetof(struct io_sqring_offsets, tail));
    V("SQ_OFF_RING_MASK", offsetof(struct io_sqring_offsets, ring_mask));
    V("SQ_OFF_RING_ENTRIES", offsetof(struct io_sqring_offsets, ring_entries));
    V("SQ_OFF_FLAGS", offsetof(struct io_sqring_offsets, flags));
    V("SQ_OFF_DROPPED", offsetof(struct io_sqring_offsets, dropped));
    V("SQ_OFF_ARRAY", offsetof(struct io_sqring_offsets, array));

    V("CQ_OFF_HEAD", offsetof(struct io_cqring_offsets, head));
    V("CQ_OFF_TAIL", offsetof(struct io_cqring_offsets, tail));
    V("CQ_OFF_RING_MASK", offsetof(struct io_cqring_offsets, ring_mask));
    V("CQ_OFF_RING_ENTRIES", offsetof(struct io_cqring_offsets, ring_entries));
    V("CQ_OFF_OVERFLOW", offsetof(struct io_cqring_offsets, overflow));
    V("CQ_OFF_CQES", offsetof(struct io_cqring_offsets, cqes));

    V("SQE_SIZE", sizeof(struct io_uring_sqe));
    V("SQE_OPCODE", offsetof(struct io_uring_sqe, opcode));
    V("SQE_FLAGS", offsetof(struct io_uring_sqe, flags));
    V("SQE_IOPRIO", offsetof(struct io_uring_sqe, ioprio));
    V("SQE_FD", offsetof(struct io_uring_sqe, fd));
    V("SQE_OFF", offsetof(struct io_uring_sqe, off));
    V("SQE_ADDR", offsetof(struct io_uring_sqe, addr));
    V("SQE_LEN", offsetof(struct io_uring_sqe, len));
    V("SQE_OP_FLAGS", offsetof(struct io_uring_sqe, timeout_flags));
    V("SQE_USER_DATA", offsetof(struct io_uring_sqe, user_data));
    V("SQE_BUF_INDEX", offsetof(struct io_uring_sqe, buf_index));
    V("SQE_PERSONALITY", offsetof(struct io_uring_sqe, personality));
    V("SQE_FILE_INDEX", offsetof(struct io_uring_sqe, file_index));
    V("SQE_ADDR3", offsetof(struct io_uring_sqe, addr3));

    V("CQE_SIZE", sizeof(struct io_uring_cqe));
    V("CQE_USER_DATA", offsetof(struct io_uring_cqe, user_data));
    V("CQE_RES", offsetof(struct io_uring_cqe, res));
    V("CQE_FLAGS", offsetof(struct io_uring_cqe, flags));

    V("TIMESPEC_SIZE", sizeof(struct __kernel_timespec));
    V("TIMESPEC_TV_SEC", offsetof(struct __kernel_timespec, tv_sec));
    V("TIMESPEC_TV_NSEC", offsetof(struct __kernel_timespec, tv_nsec));

    V("PROBE_SIZE", sizeof(struct io_uring_probe));
    V("PROBE_LAST_OP", offsetof(struct io_uring_probe, last_op));
    V("PROBE_OPS_LEN", offsetof(struct io_uring_probe, ops_len));
    V("PROBE_OP_SIZE", sizeof(struct io_uring_probe_op));
    V("PROBE_OP_OP", offsetof(struct io_uring_probe_op, op));
    V("PROBE_OP_FLAGS", offsetof(struct io_uring_probe_op, flags));
    C(IO_URING_OP_SUPPORTED);

    C(IORING_OFF_SQ_RING);
    C(IORING_OFF_CQ_RING);
    C(IORING_OFF_SQES);
    C(IORING_OP_NOP);
    C(IORING_OP_TIMEOUT);
    C(IORING_OP_TIMEOUT_REMOVE);
    C(IORING_OP_READ);
    C(IORING_TIMEOUT_ABS);
    C(IORING_TIMEOUT_UPDATE);
    C(IORING_SETUP_CLAMP);
    C(IORING_ENTER_GETEVENTS);
    C(IORING_REGISTER_PROBE);
    C(IORING_FEAT_SINGLE_MMAP);
    C(IORING_FEAT_NODROP);
    C(IORING_FEAT_SUBMIT_STABLE);
    C(IORING_FEAT_EXT_ARG);
    C(IORING_SQ_CQ_OVERFLOW);

    C(EINTR);
    C(EAGAIN);
    C(EBUSY);
    C(ENOENT);
    C(EINVAL);
    C(ETIME);
    C(EALREADY);
    C(ECANCELED);
    C(PROT_READ);
    C(PROT_WRITE);
    C(MAP_SHARED);
    C(MAP_POPULATE);
    C(EFD_CLOEXEC);
    return 0;
}
