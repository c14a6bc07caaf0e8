package io.gpuasync.core;

/**
 * A monotonic clock in nanoseconds, as {@link System#nanoTime()} counts them: only differences
 * mean anything, and they are compared as signed differences so the count may wrap.
 *
 * <p>Whatever predicts or times out takes its clock as a parameter, so tests run on an exact,
 * hand-moved clock instead of sleeping.
 */
@FunctionalInterface
public interface NanoClock {
    /** The system's monotonic clock. */
    NanoClock SYSTEM = System::nanoTime;

    /** The current time, in nanoseconds from an arbitrary origin. */
    long nanoTime();
}
