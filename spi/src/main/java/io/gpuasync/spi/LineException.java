package io.gpuasync.spi;

import io.gpuasync.api.GpuException;

/** What a {@link LineDriver} throws when a call fails: a {@link LineError} and the call that failed. */
public final class LineException extends Exception {
    private static final long serialVersionUID = 1L;

    private final LineError error;

    /**
     * A failure of the driver call described by {@code what} (for example
     * {@code "cuMemHostAlloc(4096 bytes)"}), or of the named vendor status.
     */
    public LineException(LineError error, String what) {
        super(what + ": " + error.message());
        this.error = error;
    }

    /** Why the call failed. */
    public LineError error() {
        return error;
    }

    /** The same failure as the exception users see, prefixed with what the line was doing. */
    public GpuException toGpuException(String doing) {
        return new GpuException(error.kind(), error.status(), doing + ": " + getMessage(), this);
    }
}
