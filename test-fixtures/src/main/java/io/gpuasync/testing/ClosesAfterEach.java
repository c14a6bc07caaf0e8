package io.gpuasync.testing;

import org.junit.jupiter.api.AfterEach;

/**
 * A test class that closes what its tests open: {@link #closeLater} keeps a resource, and after
 * each test every kept one is closed, the last kept first (what was opened on top of another
 * closes before it), after the class's own {@code @AfterEach} methods, which JUnit runs first.
 * Every kept resource is closed even when one throws; the first failure fails the test, the
 * others are added to it as suppressed.
 */
public interface ClosesAfterEach {
    /** Keeps {@code closeable} to be closed after this test; returns it. */
    default <T extends AutoCloseable> T closeLater(T closeable) {
        KeptResources.of(this).keep(closeable);
        return closeable;
    }

    /**
     * Closes what this test kept, the last kept first; a class whose own {@code @AfterEach} must
     * do something after that calls it there (it closes nothing twice).
     */
    @AfterEach
    default void closeWhatWasKept() throws Exception {
        KeptResources.release(this);
    }
}
