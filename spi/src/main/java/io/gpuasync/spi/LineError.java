package io.gpuasync.spi;

import io.gpuasync.api.GpuException;

/** Why a driver could not make a line or queue a store. */
public sealed interface LineError extends java.io.Serializable {
    /** The driver returned this nonzero status. */
    record Status(int status) implements LineError {
        public Status {
            if (status == 0) {
                throw new IllegalArgumentException("status 0 is success, not an error");
            }
        }

        @Override
        public String message() {
            return "driver status " + status;
        }

        @Override
        public GpuException.Kind kind() {
            return GpuException.Kind.DRIVER_STATUS;
        }
    }

    /** The driver library or one of its entry points is missing. */
    record Unavailable() implements LineError {
        @Override
        public int status() {
            return -1;
        }

        @Override
        public String message() {
            return "the driver or one of its entry points is missing";
        }

        @Override
        public GpuException.Kind kind() {
            return GpuException.Kind.UNAVAILABLE;
        }
    }

    /** No context or device is current on the calling thread. */
    record NoDomain() implements LineError {
        @Override
        public int status() {
            return -3;
        }

        @Override
        public String message() {
            return "no current context on this thread";
        }

        @Override
        public GpuException.Kind kind() {
            return GpuException.Kind.NO_DOMAIN;
        }
    }

    /** The stream belongs to another context or device than the line's. */
    record ForeignStream() implements LineError {
        @Override
        public int status() {
            return -4;
        }

        @Override
        public String message() {
            return "the stream belongs to another context";
        }

        @Override
        public GpuException.Kind kind() {
            return GpuException.Kind.FOREIGN_STREAM;
        }
    }

    LineError UNAVAILABLE = new Unavailable();
    LineError NO_DOMAIN = new NoDomain();
    LineError FOREIGN_STREAM = new ForeignStream();

    /**
     * One integer per error, the number {@link GpuException#status()} carries: the driver's status,
     * -1 unavailable, -3 no domain, -4 foreign stream.
     */
    int status();

    /** A sentence a person can read. */
    String message();

    /** The kind of {@link GpuException} this error surfaces as. */
    GpuException.Kind kind();

    /** The error with this driver status, which must not be 0 (0 is success). */
    static LineError ofStatus(int status) {
        return new Status(status);
    }
}
