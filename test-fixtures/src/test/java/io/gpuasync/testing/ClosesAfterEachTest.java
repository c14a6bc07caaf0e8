package io.gpuasync.testing;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * What {@link ClosesAfterEach} does once a test ends, seen by running small test classes that use
 * it under JUnit's own launcher, as a build runs them.
 */
class ClosesAfterEachTest {
    private static final List<String> EVENTS = new CopyOnWriteArrayList<>();
    // Set while this class runs the classes below: on their own they do nothing.
    private static volatile boolean launched;

    private static TestExecutionSummary run(Class<?> testClass) {
        EVENTS.clear();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launched = true;
        try {
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(testClass)).build(), listener);
        } finally {
            launched = false;
        }
        return listener.getSummary();
    }

    private static AutoCloseable noting(String name) {
        return () -> EVENTS.add("close " + name);
    }

    @Test
    void whatATestKeptIsClosedLastFirstAfterTheClassesOwnAfterEach() {
        TestExecutionSummary summary = run(KeepsTwo.class);
        assertEquals(1, summary.getTestsSucceededCount(), summary.getFailures().toString());
        assertEquals(List.of("test", "own @AfterEach", "close second", "close first"), EVENTS);
    }

    @Test
    void aCloseThatThrowsFailsTheTestAndTheOthersAreStillClosed() {
        TestExecutionSummary summary = run(KeepsOneThatThrows.class);
        assertEquals(1, summary.getTestsFailedCount());
        Throwable failure = summary.getFailures().getFirst().getException();
        assertEquals("third broke", failure.getMessage());
        assertEquals(List.of("first broke"), Arrays.stream(failure.getSuppressed()).map(Throwable::getMessage).toList());
        assertEquals(List.of("close fourth", "close third", "close second", "close first"), EVENTS);
    }

    @Test
    void eachTestClosesWhatItKeptAndNothingTwice() {
        TestExecutionSummary summary = run(TwoTestsAndAnEarlyClose.class);
        assertEquals(2, summary.getTestsSucceededCount(), summary.getFailures().toString());
        assertEquals(List.of("close a", "close a", "close b"), EVENTS.stream().sorted().toList());
    }

    static class KeepsTwo implements ClosesAfterEach {
        @Test
        void keeps() {
            assumeTrue(launched);
            closeLater(noting("first"));
            closeLater(noting("second"));
            EVENTS.add("test");
        }

        @AfterEach
        void ownAfterEach() {
            EVENTS.add("own @AfterEach");
        }
    }

    static class KeepsOneThatThrows implements ClosesAfterEach {
        @Test
        void keeps() {
            assumeTrue(launched);
            closeLater(() -> {
                EVENTS.add("close first");
                throw new IllegalStateException("first broke");
            });
            closeLater(noting("second"));
            closeLater(() -> {
                EVENTS.add("close third");
                throw new AssertionError("third broke");
            });
            closeLater(noting("fourth"));
        }
    }

    static class TwoTestsAndAnEarlyClose implements ClosesAfterEach {
        @Test
        void keepsA() {
            assumeTrue(launched);
            closeLater(noting("a"));
        }

        @Test
        void keepsAAndB() throws Exception {
            assumeTrue(launched);
            closeLater(noting("a"));
            closeLater(noting("b"));
            // Closed early, as a class's own @AfterEach may: the close after the test finds nothing.
            closeWhatWasKept();
            assertEquals(List.of("close b", "close a"), EVENTS.subList(EVENTS.size() - 2, EVENTS.size()));
        }
    }
}
