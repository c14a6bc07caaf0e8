package io.gpuasync.host.std.engine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lateness a driver learns from its timed sleeps (exact: the clock is the caller's). */
class LateWakeTest {
    @Test
    void settlesAboveTheTypicalLatenessWithoutChasingTheWorst() {
        LateWake late = new LateWake();
        for (int i = 0; i < 400; i++) {
            late.sample(i % 10 == 9 ? 60_000 : 30_000);     // 30 us typically, one in ten 60 us
        }
        assertTrue(late.nanos() > 30_000 && late.nanos() < 60_000, "estimate " + late.nanos());
    }

    @Test
    void oneDescheduledSleepDoesNotTurnEverySleepIntoASpin() {
        LateWake late = new LateWake();
        for (int i = 0; i < 200; i++) {
            late.sample(30_000);
        }
        // A sleep that ended 10 ms late (the machine was loaded): counted as at most twice the estimate.
        late.sample(10_000_000);
        assertTrue(late.nanos() < 60_000, "estimate " + late.nanos());
        // A 200 us deadline is still slept to, so the driver keeps learning.
        long now = 1_000_000_000L;
        assertFalse(late.tooNearToSleep(now + 200_000, now));
    }

    @Test
    void lastingLatenessStillRaisesTheEstimateUpToItsBound() {
        LateWake late = new LateWake();
        for (int i = 0; i < 200; i++) {
            late.sample(300_000);
        }
        assertTrue(late.nanos() > 250_000 && late.nanos() <= 300_000, "estimate " + late.nanos());
        for (int i = 0; i < 200; i++) {
            late.sample(50_000_000);
        }
        assertEquals(LateWake.MAX_NANOS, late.nanos());
    }

    @Test
    void onlySleepsThatEndedByTheirTimerTeach() {
        LateWake late = new LateWake();
        long before = late.nanos();
        late.timerEnded(1_000, 900);        // woken before its target: no sample
        assertEquals(before, late.nanos());
        late.timerEnded(1_000, 1_000);      // on time: the estimate comes down
        assertTrue(late.nanos() < before);
        assertEquals(5_000 - late.nanos(), late.sleepTarget(5_000));
        assertTrue(late.tooNearToSleep(5_000 + late.nanos(), 5_000));
        assertFalse(late.tooNearToSleep(5_001 + late.nanos(), 5_000));
    }
}
