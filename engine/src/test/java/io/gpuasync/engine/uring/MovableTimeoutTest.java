package io.gpuasync.engine.uring;

import io.gpuasync.engine.uring.MovableTimeout.Change;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.gpuasync.engine.uring.MovableTimeout.EALREADY;
import static io.gpuasync.engine.uring.MovableTimeout.ECANCELED;
import static io.gpuasync.engine.uring.MovableTimeout.ENOENT;
import static io.gpuasync.engine.uring.MovableTimeout.ETIME;
import static io.gpuasync.engine.uring.MovableTimeout.NO_DEADLINE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The movable timeout's requests and completions, against a ring that records what it was asked. */
class MovableTimeoutTest {
    private static final long T1 = 1_000_000;
    private static final long T2 = 2_000_000;

    /** Records each request as text; refuses them all while {@code refusing}. */
    private static final class RecordingRing implements MovableTimeout.Submitter {
        final List<String> requests = new ArrayList<>();
        boolean refusing;

        @Override
        public void arm(long deadlineNanos, int generation) {
            take("arm " + deadlineNanos + " gen " + generation);
        }

        @Override
        public void move(int generation, long deadlineNanos) {
            take("move gen " + generation + " to " + deadlineNanos);
        }

        @Override
        public void remove(int generation) {
            take("remove gen " + generation);
        }

        private void take(String request) {
            if (refusing) {
                throw new IllegalStateException("refused: " + request);
            }
            requests.add(request);
        }
    }

    @Test
    void aFirstDeadlineArmsAFreshTimeoutAndTheSameDeadlineAgainAsksForNothing() {
        MovableTimeout timeout = new MovableTimeout();
        RecordingRing ring = new RecordingRing();
        assertEquals(Change.ARMED, timeout.moveTo(T1, ring));
        assertEquals(Change.NONE, timeout.moveTo(T1, ring));
        assertEquals(List.of("arm 1000000 gen 1"), ring.requests);
        assertTrue(timeout.pending());
        assertEquals(T1, timeout.deadline());
        assertEquals(1, timeout.armed());
    }

    @Test
    void aNewDeadlineMovesThePendingTimeoutRatherThanArmingAnother() {
        MovableTimeout timeout = new MovableTimeout();
        RecordingRing ring = new RecordingRing();
        timeout.moveTo(T1, ring);
        assertEquals(Change.MOVED, timeout.moveTo(T2, ring));
        assertEquals(List.of("arm 1000000 gen 1", "move gen 1 to 2000000"), ring.requests);
        assertEquals(T2, timeout.deadline());
        assertEquals(1, timeout.armed());
        assertEquals(1, timeout.moved());
    }

    @Test
    void noDeadlineRemovesThePendingTimeoutAndItsCompletionEndsNothingLater() {
        MovableTimeout timeout = new MovableTimeout();
        RecordingRing ring = new RecordingRing();
        timeout.moveTo(T1, ring);
        assertEquals(Change.REMOVED, timeout.moveTo(NO_DEADLINE, ring));
        assertEquals(Change.NONE, timeout.moveTo(NO_DEADLINE, ring), "none in the kernel: nothing to remove");
        assertFalse(timeout.pending());
        assertEquals(Change.ARMED, timeout.moveTo(T2, ring));
        assertEquals(List.of("arm 1000000 gen 1", "remove gen 1", "arm 2000000 gen 2"), ring.requests);
        // The removed timeout's -ECANCELED arrives after the fresh one was armed: stale.
        assertFalse(timeout.timeoutCompleted(1, -ECANCELED));
        assertTrue(timeout.pending(), "the fresh timeout is still in the kernel");
        assertEquals(T2, timeout.deadline());
        assertEquals(1, timeout.removed());
    }

    @Test
    void aFiredTimeoutEndsSoTheNextDeadlineArmsAFreshOne() {
        MovableTimeout timeout = new MovableTimeout();
        RecordingRing ring = new RecordingRing();
        timeout.moveTo(T1, ring);
        assertTrue(timeout.timeoutCompleted(1, -ETIME));
        assertFalse(timeout.pending());
        assertEquals(T1, timeout.firedFor());
        assertEquals(NO_DEADLINE, timeout.deadline());
        assertEquals(1, timeout.fired());
        assertEquals(Change.ARMED, timeout.moveTo(T1, ring), "the same deadline again, but the last one is gone");
        assertEquals(List.of("arm 1000000 gen 1", "arm 1000000 gen 2"), ring.requests);
    }

    @Test
    void aTimeoutTheKernelCancelledEndsWithNoDeadlineFiredFor() {
        MovableTimeout timeout = new MovableTimeout();
        timeout.moveTo(T1, new RecordingRing());
        assertTrue(timeout.timeoutCompleted(1, -ECANCELED));
        assertEquals(NO_DEADLINE, timeout.firedFor());
        assertEquals(0, timeout.fired());
        assertFalse(timeout.pending());
    }

    @Test
    void aRequestTheRingRefusesLeavesTheStateAsItWas() {
        MovableTimeout timeout = new MovableTimeout();
        RecordingRing ring = new RecordingRing();
        ring.refusing = true;
        assertThrows(IllegalStateException.class, () -> timeout.moveTo(T1, ring));
        assertFalse(timeout.pending());
        assertEquals(0, timeout.armed());
        ring.refusing = false;
        timeout.moveTo(T1, ring);
        ring.refusing = true;
        assertThrows(IllegalStateException.class, () -> timeout.moveTo(T2, ring));
        assertThrows(IllegalStateException.class, () -> timeout.moveTo(NO_DEADLINE, ring));
        assertTrue(timeout.pending());
        assertEquals(T1, timeout.deadline());
        assertEquals(0, timeout.moved());
        assertEquals(0, timeout.removed());
        assertTrue(timeout.timeoutCompleted(1, -ETIME), "still the generation the ring took");
    }

    @Test
    void generationsWrapWithinTheirBitsAndACompletionIsReadByThem() {
        MovableTimeout timeout = new MovableTimeout();
        RecordingRing ring = new RecordingRing();
        int last = 0;
        for (int i = 0; i <= MovableTimeout.GENERATION_MASK; i++) {
            timeout.moveTo(T1, ring);
            String request = ring.requests.getLast();
            int generation = Integer.parseInt(request.substring(request.lastIndexOf(' ') + 1));
            assertEquals((last + 1) & MovableTimeout.GENERATION_MASK, generation);
            assertNotEquals(last, generation);
            // A kind above the generation, as the hosts encode it, is ignored.
            assertTrue(timeout.timeoutCompleted((7 << MovableTimeout.GENERATION_BITS) | generation, -ETIME));
            last = generation;
        }
        assertEquals(0, last, "wrapped to 0");
    }

    @Test
    void onlyResultsThatAreNeitherAFireNorACancelNorALostRaceAreFailures() {
        assertFalse(MovableTimeout.timeoutFailed(-ETIME));
        assertFalse(MovableTimeout.timeoutFailed(-ECANCELED));
        assertFalse(MovableTimeout.timeoutFailed(0));
        assertTrue(MovableTimeout.timeoutFailed(-22));
        assertFalse(MovableTimeout.changeFailed(0));
        assertFalse(MovableTimeout.changeFailed(-ENOENT));
        assertFalse(MovableTimeout.changeFailed(-EALREADY));
        assertTrue(MovableTimeout.changeFailed(-22));
        assertTrue(MovableTimeout.changeFailed(-ECANCELED));
    }
}
