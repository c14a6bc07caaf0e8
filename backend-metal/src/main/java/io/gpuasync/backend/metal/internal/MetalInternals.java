package io.gpuasync.backend.metal.internal;

import io.gpuasync.backend.metal.MetalBackend;
import io.gpuasync.backend.metal.MetalQueue;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.ffm.StatusNames;

/**
 * The backend's package-private calls that its bench module ({@code io.gpuasync.backend.metal.bench})
 * queues and reports failures with, reached through the one instance the backend's package installs
 * as it initializes. This package is exported only to that module, so applications see none of it.
 *
 * <p>Why an instance: the calls live in the exported package, where public members would be API;
 * the backend's package implements this class and hands it over once.
 */
public abstract class MetalInternals {
    private static volatile MetalInternals installed;

    /** For the backend's package only. */
    protected MetalInternals() {
    }

    /** What is sent to a busy kernel's command buffer before its commit, inside the sender's pool. */
    @FunctionalInterface
    public interface BeforeCommit {
        /** Encodes into (or registers with) {@code commands}. */
        void encode(long commands) throws LineException;
    }

    /**
     * Sets the instance; the backend's package calls it once as it initializes.
     *
     * @throws IllegalStateException if one is already set
     */
    public static synchronized void install(MetalInternals internals) {
        if (installed != null) {
            throw new IllegalStateException("the backend's internals are already installed");
        }
        installed = internals;
    }

    /** The instance, the backend's package initialized first if it was not yet. */
    public static MetalInternals get() {
        MetalInternals got = installed;
        if (got == null) {
            try {
                Class.forName(MetalBackend.class.getName(), true, MetalBackend.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new AssertionError(e);
            }
            got = installed;
        }
        return got;
    }

    /** Queues the backend's busy kernel for {@code iterations} on {@code queue}. */
    public abstract void enqueueBusy(MetalBackend backend, MetalQueue queue, long iterations);

    /**
     * As {@link #enqueueBusy(MetalBackend, MetalQueue, long)}, returning once the work completed
     * ({@code waitUntilCompleted}); throws the command buffer's {@code NSError} if it failed.
     */
    public abstract void runBusy(MetalBackend backend, MetalQueue queue, long iterations);

    /**
     * As {@link #enqueueBusy(MetalBackend, MetalQueue, long)}, with {@code before} sent to the
     * kernel's command buffer before its commit; a failure is thrown as a {@code GpuException}
     * saying it happened while {@code what}.
     */
    public abstract void enqueueBusy(MetalBackend backend, MetalQueue queue, long iterations, BeforeCommit before,
                                     String what);

    /** The failure of {@code call}, which returned nil without an {@code NSError}. */
    public abstract LineException nil(String call);

    /** The failure of {@code call}, described by {@code error} (read inside the pool that holds it). */
    public abstract LineException error(String call, long error);

    /** The names of the backend's statuses, and its log. */
    public abstract StatusNames statusNames();
}
