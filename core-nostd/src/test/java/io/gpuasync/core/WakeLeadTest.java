package io.gpuasync.core;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WakeLeadTest {
    private static final long MOST = 1_000_000;

    // A sleeper's own lead: from 50 us, never below 0.
    private static WakeLead sleepers() {
        return new WakeLead(50_000, 0, MOST);
    }

    // A sleeper whose timer ends 30-70 us late, evenly spread, and a device whose landings come
    // 0-10 us after their prediction: what a waiter on a VM sees, made exact.
    private static boolean lateWake(WakeLead lead, SplittableRandom random) {
        long predicted = 1_000_000;
        long wakeEnds = lead.wakeAt(predicted) + 30_000 + random.nextLong(40_001);
        long landing = predicted + random.nextLong(10_001);
        return wakeEnds - landing >= 0;
    }

    // Runs {@code wakes} sleeps through the lead; returns how many were late.
    private static int sleep(WakeLead lead, SplittableRandom random, int wakes) {
        int late = 0;
        for (int i = 0; i < wakes; i++) {
            if (lateWake(lead, random)) {
                late++;
                lead.late();
            } else {
                lead.early();
            }
        }
        return late;
    }

    @Test
    void settlesWhereOneWakeInEightIsLate() {
        WakeLead lead = sleepers();
        SplittableRandom random = new SplittableRandom(7);
        sleep(lead, random, 5_000);
        int wakes = 8_000;
        double share = (double) sleep(lead, random, wakes) / wakes;
        assertTrue(share > 1.0 / 14 && share < 1.0 / 5, "late wakes: " + share);
        // The sum of the two noises has its 7/8 quantile at ~62 us; the old rule (a high
        // quantile of each, added) would sit near 75 us.
        assertTrue(lead.nanos() > 52_000 && lead.nanos() < 70_000, "lead " + lead.nanos() + " ns");
    }

    @Test
    void followsATimerThatGotSlower() {
        WakeLead lead = sleepers();
        SplittableRandom random = new SplittableRandom(11);
        sleep(lead, random, 3_000);
        long before = lead.nanos();
        // Now every timer ends 200 us later than before.
        for (int i = 0; i < 3_000; i++) {
            long predicted = 1_000_000;
            long wakeEnds = lead.wakeAt(predicted) + 230_000 + random.nextLong(40_001);
            if (wakeEnds - predicted >= 0) {
                lead.late();
            } else {
                lead.early();
            }
        }
        assertTrue(lead.nanos() - before > 180_000, "lead went from " + before + " to " + lead.nanos() + " ns");
    }

    @Test
    void staysWithinItsBounds() {
        WakeLead lead = sleepers();
        for (int i = 0; i < 10_000; i++) {
            lead.late();
        }
        assertEquals(MOST, lead.nanos());
        for (int i = 0; i < 100_000; i++) {
            lead.early();
        }
        assertEquals(0, lead.nanos());
        assertEquals(DeadlineEstimator.UNKNOWN, lead.wakeAt(DeadlineEstimator.UNKNOWN));
    }

    @Test
    void aLeadThatOnlyCorrectsAnotherMarginMayGoBelowZero() {
        WakeLead lead = new WakeLead(0, -MOST, MOST);
        lead.early();
        assertEquals(-250, lead.nanos(), "one smallest step");
        assertEquals(1_000 + 250, lead.wakeAt(1_000));
        for (int i = 0; i < 100_000; i++) {
            lead.early();
        }
        assertEquals(-MOST, lead.nanos());
        assertEquals("a wake lead needs least (5 ns) <= initial (0 ns) <= most (9 ns)",
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                        () -> new WakeLead(0, 5, 9)).getMessage());
        WakeLead bounded = new WakeLead(0, -1_000, 1_000);
        for (int i = 0; i < 10; i++) {
            bounded.late();
        }
        assertEquals(1_000, bounded.nanos());
    }

    @Test
    void aWaitThatCouldNotSleepButWaitedLongerThanASleepIsLateCountsAsAnEarlyWake() {
        // A lead raised while predictions were far off keeps shorter waits from sleeping, and so
        // from learning: those that then waited longer than a sleep is late lower it.
        WakeLead lead = sleepers();
        for (int i = 0; i < 40; i++) {
            lead.late();
        }
        long raised = lead.nanos();
        lead.skippedSleep(30_000, 45_000);
        assertEquals(raised, lead.nanos(), "a sleep would have ended after the landing: nothing learned");
        lead.skippedSleep(200_000, 45_000);
        assertEquals(raised - raised / 64, lead.nanos(), "one step down");
        for (int i = 0; i < 1_000; i++) {
            lead.skippedSleep(200_000, 45_000);
        }
        assertEquals(0, lead.nanos());
    }
}
