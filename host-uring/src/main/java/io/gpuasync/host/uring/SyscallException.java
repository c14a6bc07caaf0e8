package io.gpuasync.host.uring;

import io.gpuasync.host.uring.internal.Errno;

/**
 * A system call (or an io_uring operation, whose completion carries an errno the same way) that
 * failed: names the call, its arguments where they explain the failure, and the errno, as
 * {@code io_uring_setup(entries=64, flags=0x10) failed: -EPERM (Operation not permitted)}.
 */
public final class SyscallException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String call;
    private final int errno;

    public SyscallException(String call, int errno) {
        super(call + " failed: -" + Errno.name(errno) + " (" + Errno.description(errno) + ")");
        this.call = call;
        this.errno = errno;
    }

    /** The call as written in the message, with its telling arguments. */
    public String call() {
        return call;
    }

    /** The positive errno value ({@code EPERM} is 1). */
    public int errno() {
        return errno;
    }

    /** The errno's symbolic name, such as {@code EPERM}. */
    public String errnoName() {
        return Errno.name(errno);
    }
}
