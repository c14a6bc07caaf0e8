package io.gpuasync.host.uring.internal;

/**
 * Names and meanings of the errno values io_uring's calls and completions report
 * ({@code <asm-generic/errno-base.h>}, {@code <asm-generic/errno.h>}), so an error says
 * {@code -EPERM (Operation not permitted)} rather than {@code -1}. A table rather than
 * {@code strerror}: that one is not thread-safe and its text depends on the locale.
 */
public final class Errno {
    private Errno() {
    }

    private static final String[][] KNOWN = new String[134][];

    static {
        known(1, "EPERM", "Operation not permitted");
        known(2, "ENOENT", "No such file or directory");
        known(3, "ESRCH", "No such process");
        known(4, "EINTR", "Interrupted system call");
        known(5, "EIO", "I/O error");
        known(6, "ENXIO", "No such device or address");
        known(7, "E2BIG", "Argument list too long");
        known(9, "EBADF", "Bad file descriptor");
        known(11, "EAGAIN", "Resource temporarily unavailable");
        known(12, "ENOMEM", "Cannot allocate memory");
        known(13, "EACCES", "Permission denied");
        known(14, "EFAULT", "Bad address");
        known(16, "EBUSY", "Device or resource busy");
        known(17, "EEXIST", "File exists");
        known(19, "ENODEV", "No such device");
        known(22, "EINVAL", "Invalid argument");
        known(23, "ENFILE", "Too many open files in system");
        known(24, "EMFILE", "Too many open files");
        known(28, "ENOSPC", "No space left on device");
        known(38, "ENOSYS", "Function not implemented");
        known(62, "ETIME", "Timer expired");
        known(75, "EOVERFLOW", "Value too large for defined data type");
        known(95, "EOPNOTSUPP", "Operation not supported");
        known(110, "ETIMEDOUT", "Connection timed out");
        known(114, "EALREADY", "Operation already in progress");
        known(125, "ECANCELED", "Operation canceled");
    }

    private static void known(int errno, String name, String description) {
        KNOWN[errno] = new String[] {name, description};
    }

    /** The symbolic name ({@code EPERM}), or {@code errno N} for one not in the table. */
    public static String name(int errno) {
        String[] entry = lookup(errno);
        return entry != null ? entry[0] : "errno " + errno;
    }

    /** What the C library says the value means, in English. */
    public static String description(int errno) {
        String[] entry = lookup(errno);
        return entry != null ? entry[1] : "unknown error " + errno;
    }

    private static String[] lookup(int errno) {
        return errno > 0 && errno < KNOWN.length ? KNOWN[errno] : null;
    }
}
