package io.gpuasync.backend.cuda.internal;

import io.gpuasync.backend.cuda.CudaBackend;
import io.gpuasync.backend.cuda.CudaStream;
import io.gpuasync.spi.ffm.StatusNames;

import java.time.Duration;

/**
 * The backend's package-private work and gate that its bench module ({@code io.gpuasync.backend.cuda.bench})
 * queues and holds with, reached through the one instance the backend's package installs as it
 * initializes. This package is exported only to that module, so applications see none of it.
 *
 * <p>Why an instance: the work and the gate live in the exported package, where public classes
 * would be API, and the backend's own tests use them there.
 */
public abstract class CudaInternals {
    private static volatile CudaInternals installed;

    /** For the backend's package only. */
    protected CudaInternals() {
    }

    /**
     * Sets the instance; the backend's package calls it once as it initializes.
     *
     * @throws IllegalStateException if one is already set
     */
    public static synchronized void install(CudaInternals internals) {
        if (installed != null) {
            throw new IllegalStateException("the backend's internals are already installed");
        }
        installed = internals;
    }

    /** The instance, the backend's package initialized first if it was not yet. */
    public static CudaInternals get() {
        CudaInternals got = installed;
        if (got == null) {
            try {
                Class.forName(CudaBackend.class.getName(), true, CudaBackend.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new AssertionError(e);
            }
            got = installed;
        }
        return got;
    }

    /** A closed gate in the calling thread's current device's primary context. */
    public abstract Gate openGate(CudaBackend backend);

    /** A work buffer of {@code bytes} in the calling thread's current context. */
    public abstract Work allocateWork(long bytes);

    /** Blocks until {@code stream}'s work is done ({@code cuStreamSynchronize}). */
    public abstract void synchronize(CudaStream stream);

    /** The driver's names for its statuses. */
    public abstract StatusNames statusNames();

    /**
     * A gate on the device: a held stream's later work waits until the host opens it with one
     * store. Not thread-safe: one thread holds and opens.
     */
    public interface Gate extends AutoCloseable {
        /** Holds {@code stream}'s later work until the next {@link #open()}. */
        void hold(CudaStream stream);

        /** Lets every held stream go on: one release store, no driver call. */
        void open();

        /** Opens the gate, waits (bounded) for the streams it held, then frees it. */
        @Override
        void close();
    }

    /** Device work of a chosen duration: memsets of a device buffer, calibrated on the device at hand. */
    public interface Work extends AutoCloseable {
        /** Times memsets on {@code stream}; returns the time one memset of the whole buffer takes. */
        Duration calibrate(CudaStream stream);

        /** Queues on {@code stream} memsets that take about {@code duration}. */
        void enqueue(CudaStream stream, Duration duration);

        /** How many memsets {@link #enqueue} queues for {@code duration}. */
        long memsetsFor(Duration duration);

        /** The bytes of the buffer. */
        long bytes();

        /** A buffer of {@code bytes} with this work's calibration; this work's own is the caller's to close. */
        Work withBuffer(long bytes);

        /** Frees the buffer; the work queued on it must be done. */
        @Override
        void close();
    }
}
