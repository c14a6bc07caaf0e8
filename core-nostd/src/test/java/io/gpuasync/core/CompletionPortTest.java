package io.gpuasync.core;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompletionPortTest {
    private final Arena arena = Arena.ofShared();
    private final CompletionLine a = CompletionLine.over(arena.allocate(64, 64));
    private final CompletionLine b = CompletionLine.over(arena.allocate(64, 64));
    private final List<String> finished = new ArrayList<>();
    private final CompletionHandler record = (handle, attachment, word) -> finished.add(attachment + "@" + word);

    @AfterEach
    void closeArena() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }

    @Test
    void pollHandsOverExactlyTheWaitsThatReachedTheirTargets() {
        CompletionPort port = new CompletionPort(8);
        port.register(a, Slot.S0, 1, DeadlineEstimator.UNKNOWN, "a0#1");
        port.register(a, Slot.S0, 2, DeadlineEstimator.UNKNOWN, "a0#2");
        port.register(b, Slot.S5, 1, DeadlineEstimator.UNKNOWN, "b5#1");
        assertEquals(0, port.poll(record));

        a.setRelease(Slot.S0, 1);
        assertEquals(1, port.poll(record));
        assertEquals(List.of("a0#1@1"), finished);
        assertEquals(2, port.size());

        a.setRelease(Slot.S0, 5);
        b.setRelease(Slot.S5, 1);
        assertEquals(2, port.poll(record));
        assertEquals(List.of("a0#1@1", "a0#2@5", "b5#1@1"), finished.stream().sorted().toList());
        assertEquals(0, port.size());
        assertEquals(0, port.poll(record), "nothing is handed over twice");
    }

    @Test
    void aPollAtOrAfterAWaitsDueTimeAsksWhenItIsNextDue() {
        CompletionPort port = new CompletionPort(8);
        List<String> passed = new ArrayList<>();
        CompletionHandler handler = new CompletionHandler() {
            @Override
            public void completed(long handle, Object attachment, long word) {
                finished.add(attachment + "@" + word);
            }

            @Override
            public long duePassed(long handle, Object attachment, long nowNanos) {
                passed.add(attachment + "@" + nowNanos);
                // Due again 100 ns later, twice; then never.
                return passed.size() < 3 ? nowNanos + 100 : DeadlineEstimator.UNKNOWN;
            }
        };
        port.register(a, Slot.S0, 1, 1_000, "due at 1000");
        port.register(a, Slot.S2, 1, DeadlineEstimator.UNKNOWN, "never due");
        port.register(a, Slot.S3, 1, 1_000, "landed by then");
        a.setRelease(Slot.S3, 1);
        port.poll(handler, 999);
        assertEquals(List.of(), passed, "nothing is due yet");
        assertEquals(List.of("landed by then@1"), finished);
        assertEquals(1_000, port.nextDueNanos());
        port.poll(handler, 1_000);
        assertEquals(List.of("due at 1000@1000"), passed);
        assertEquals(1_100, port.nextDueNanos(), "the handler's answer is the wait's next due");
        port.poll(handler, 1_050);
        port.poll(handler);
        assertEquals(List.of("due at 1000@1000"), passed, "not due yet; a poll without the time asks nothing");
        port.poll(handler, 1_100);
        port.poll(handler, 1_200);
        assertEquals(List.of("due at 1000@1000", "due at 1000@1100", "due at 1000@1200"), passed);
        assertEquals(DeadlineEstimator.UNKNOWN, port.nextDueNanos(), "never due again: only a wake-up brings it back");
        port.poll(handler, 9_000);
        assertEquals(3, passed.size(), "never for a wait that is not due");
    }

    @Test
    void theHandlerIsGivenTheHandleRegistrationReturned() {
        CompletionPort port = new CompletionPort(4);
        long[] seen = new long[1];
        port.register(a, Slot.S0, 1, DeadlineEstimator.UNKNOWN, null);
        long handle = port.register(a, Slot.S1, 1, DeadlineEstimator.UNKNOWN, null);
        port.cancel(port.register(a, Slot.S2, 1, DeadlineEstimator.UNKNOWN, null));
        a.setRelease(Slot.S1, 1);
        port.poll((h, attachment, word) -> seen[0] = h);
        assertEquals(handle, seen[0]);
        assertTrue((int) handle >= 0 && (int) handle < port.capacity());
    }

    @Test
    void aFullPortRefusesInsteadOfGrowing() {
        CompletionPort port = new CompletionPort(2);
        port.register(a, Slot.S0, 1, DeadlineEstimator.UNKNOWN, null);
        port.register(a, Slot.S1, 1, DeadlineEstimator.UNKNOWN, null);
        assertEquals(CompletionPort.FULL, port.tryRegister(a, Slot.S2, 1, DeadlineEstimator.UNKNOWN, null));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> port.register(a, Slot.S2, 1, DeadlineEstimator.UNKNOWN, null));
        assertTrue(e.getMessage().startsWith("completion port is full: all 2 waits are in use"), e.getMessage());
        a.setRelease(Slot.S0, 1);
        port.poll(record);
        port.register(a, Slot.S2, 1, DeadlineEstimator.UNKNOWN, null);
        assertEquals(2, port.size());
    }

    @Test
    void aCancelledWaitIsNeverHandedOverAndAStaleHandleCancelsNothing() {
        CompletionPort port = new CompletionPort(1);
        long first = port.register(a, Slot.S0, 1, DeadlineEstimator.UNKNOWN, "first");
        assertTrue(port.cancel(first));
        assertFalse(port.cancel(first), "already cancelled");
        long second = port.register(a, Slot.S0, 1, DeadlineEstimator.UNKNOWN, "second");
        assertEquals((int) first, (int) second, "the entry is reused");
        assertFalse(port.cancel(first), "the old handle names an older generation of the entry");
        assertFalse(port.cancel(-5));
        assertFalse(port.cancel(99));
        assertFalse(port.cancel(0x8000_0000L), "an entry index with the sign bit set");
        a.setRelease(Slot.S0, 1);
        port.poll(record);
        assertEquals(List.of("second@1"), finished);
    }

    @Test
    void nextDueIsTheEarliestDueTimeStillPending() {
        CompletionPort port = new CompletionPort(4);
        assertEquals(DeadlineEstimator.UNKNOWN, port.nextDueNanos());
        port.register(a, Slot.S0, 1, 9_000, "late");
        port.register(a, Slot.S1, 1, DeadlineEstimator.UNKNOWN, "unknown");
        port.register(a, Slot.S2, 1, 3_000, "early");
        assertEquals(3_000, port.nextDueNanos());
        a.setRelease(Slot.S2, 1);
        port.poll(record);
        assertEquals(9_000, port.nextDueNanos());
        a.setRelease(Slot.S0, 1);
        port.poll(record);
        assertEquals(DeadlineEstimator.UNKNOWN, port.nextDueNanos());
    }

    @Test
    void nextDueComparesTimesAcrossTheEndOfTheClock() {
        CompletionPort port = new CompletionPort(2);
        port.register(a, Slot.S0, 1, Long.MIN_VALUE + 10, "after the wrap");
        port.register(a, Slot.S1, 1, Long.MAX_VALUE - 10, "before the wrap");
        assertEquals(Long.MAX_VALUE - 10, port.nextDueNanos());
    }

    @Test
    void aHandlerMayRegisterTheNextWaitWhichTheNextPollExamines() {
        CompletionPort port = new CompletionPort(1);
        port.register(a, Slot.S0, 1, 100, 1L);
        CompletionHandler chain = (handle, attachment, word) -> {
            finished.add("done " + attachment);
            long next = (Long) attachment + 1;
            if (next <= 3) {
                port.register(a, Slot.S0, next, 100 * next, next);
            }
        };
        a.setRelease(Slot.S0, 3);
        assertEquals(1, port.poll(chain), "a poll examines only the waits it began with, so it always ends");
        assertEquals(200, port.nextDueNanos(), "the wait registered during the poll counts");
        assertEquals(1, port.poll(chain));
        assertEquals(1, port.poll(chain));
        assertEquals(List.of("done 1", "done 2", "done 3"), finished);
        assertEquals(0, port.size());
    }

    @Test
    void aHandlerThatCancelsOtherWaitsNeitherHidesAReachedWaitNorLeavesTheirDeadline() {
        for (int cancelled = 0; cancelled < 4; cancelled++) {
            CompletionPort port = new CompletionPort(8);
            long[] handles = new long[4];
            for (int k = 0; k < 4; k++) {
                handles[k] = port.register(a, Slot.of(k), 1, 1_000 * (k + 1), "w" + k);
            }
            Slot reachedSlot = Slot.of((cancelled + 2) % 4);
            Slot trigger = Slot.of((cancelled + 1) % 4);
            a.fillRelease(0);
            a.setRelease(trigger, 1);
            a.setRelease(reachedSlot, 1);
            long victim = handles[cancelled];
            List<String> seen = new ArrayList<>();
            int done = port.poll((handle, attachment, word) -> {
                seen.add((String) attachment);
                port.cancel(victim);
            });
            assertEquals(2, done, "case " + cancelled + ": " + seen);
            assertTrue(seen.contains("w" + trigger.index()) && seen.contains("w" + reachedSlot.index()));
            long expected = Long.MAX_VALUE;
            for (int k = 0; k < 4; k++) {
                if (k != cancelled && k != trigger.index() && k != reachedSlot.index()) {
                    expected = Math.min(expected, 1_000L * (k + 1));
                }
            }
            assertEquals(expected, port.nextDueNanos(), "case " + cancelled);
        }
    }

    @Test
    void aWaitWhoseLineIsGoneIsSkippedAndCounted() {
        Arena other = Arena.ofShared();
        CompletionLine gone = CompletionLine.over(other.allocate(64, 64));
        CompletionPort port = new CompletionPort(4);
        port.register(gone, Slot.S0, 1, DeadlineEstimator.UNKNOWN, "gone");
        port.register(a, Slot.S0, 1, DeadlineEstimator.UNKNOWN, "a");
        other.close();
        a.setRelease(Slot.S0, 1);
        assertEquals(1, port.poll(record));
        assertEquals(1, port.unreadable());
        assertEquals(1, port.removeAll(gone, record));
        port.poll(record);
        assertEquals(0, port.unreadable());
    }

    @Test
    void removeAllTakesEveryWaitOfOneLineOrOfAll() {
        CompletionPort port = new CompletionPort(4);
        port.register(a, Slot.S0, 1, DeadlineEstimator.UNKNOWN, "a0");
        port.register(b, Slot.S0, 1, DeadlineEstimator.UNKNOWN, "b0");
        port.register(a, Slot.S1, 1, DeadlineEstimator.UNKNOWN, "a1");
        assertEquals(2, port.removeAll(a, record));
        assertEquals(List.of("a0@0", "a1@0"), finished.stream().sorted().toList());
        arena.close();
        assertEquals(1, port.removeAll(null, record), "a line that can no longer be read reports 0");
        assertEquals("b0@0", finished.get(2));
        assertEquals(0, port.size());
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CompletionPort(0));
        CompletionPort port = new CompletionPort(1);
        assertThrows(NullPointerException.class, () -> port.register(null, Slot.S0, 1, 0, null));
        assertThrows(NullPointerException.class, () -> port.register(a, null, 1, 0, null));
        assertEquals(0, port.size(), "a refused registration takes no entry");
    }
}
