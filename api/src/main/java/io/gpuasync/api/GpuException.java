package io.gpuasync.api;

/**
 * The one exception this library throws for what went wrong on or about a device: a
 * {@link Kind}, and the vendor's status where a driver gave one.
 *
 * <p>Programming errors (a null, an index out of range, a malformed plan) are the usual
 * {@link IllegalArgumentException} and {@link NullPointerException} instead.
 */
public class GpuException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What kind of failure this is. */
    public enum Kind {
        /** The driver returned a nonzero status; {@link #status()} is that status. */
        DRIVER_STATUS,
        /** The driver library, or one of its entry points, is missing. Status -1. */
        UNAVAILABLE,
        /** No context or device is current on the calling thread. Status -3. */
        NO_DOMAIN,
        /** The stream belongs to another context or device than the line. Status -4. */
        FOREIGN_STREAM,
        /** The slot is serving another stream whose stores have not all landed. */
        SLOT_BUSY,
        /** The line, backend or host was closed. */
        CLOSED,
        /** A wait gave up before its ticket landed. */
        TIMED_OUT,
        /** A waiting thread was interrupted; its interrupt status is kept. */
        INTERRUPTED,
        /** A device stopped making progress or reported itself broken. */
        DEVICE_FAILED,
        /** A host holds as many waits as it was built for; finish some or build a larger one. */
        CAPACITY
    }

    /** {@link #status()} of the kinds no driver status belongs to. */
    public static final int NO_STATUS = 0;

    private final Kind kind;
    private final int status;

    /** A failure of {@code kind} with the vendor's {@code status} (see {@link #status()}). */
    public GpuException(Kind kind, int status, String message, Throwable cause) {
        super(message, cause);
        this.kind = requireKind(kind);
        this.status = status;
    }

    /** A failure of {@code kind} that carries no driver status. */
    public GpuException(Kind kind, String message) {
        this(kind, NO_STATUS, message, null);
    }

    /** A failure of {@code kind}, caused by {@code cause}, that carries no driver status. */
    public GpuException(Kind kind, String message, Throwable cause) {
        this(kind, NO_STATUS, message, cause);
    }

    private GpuException(String message, Kind kind) {
        super(message, null, false, false);
        this.kind = requireKind(kind);
        this.status = NO_STATUS;
    }

    /**
     * A failure made once and thrown many times, without a stack trace, for paths that must not
     * allocate when they fail (a wait that times out).
     */
    public static GpuException preallocated(Kind kind, String message) {
        return new GpuException(message, kind);
    }

    private static Kind requireKind(Kind kind) {
        if (kind == null) {
            throw new NullPointerException("kind");
        }
        return kind;
    }

    /** What kind of failure this is. */
    public Kind kind() {
        return kind;
    }

    /**
     * One integer per failure, for logs and callers that match on numbers: the driver's own status for
     * {@link Kind#DRIVER_STATUS}, -1 for {@link Kind#UNAVAILABLE}, -3 for
     * {@link Kind#NO_DOMAIN}, -4 for {@link Kind#FOREIGN_STREAM}, and {@link #NO_STATUS} for the
     * rest unless the thrower had a driver status to give.
     */
    public int status() {
        return status;
    }
}
