package io.gpuasync.engine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The lateness a timer's sleeps teach (exact: the samples are the test's). */
class TimerLatenessTest {
    @Test
    void isTheSecondLatestOfTheWindowSoOneDescheduledSleepIsIgnored() {
        TimerLateness late = new TimerLateness();
        for (int i = 0; i < 40; i++) {
            late.sample(8_000 + i % 4 * 100);      // 8.0-8.3 us
        }
        late.sample(5_000_000);                    // one sleep descheduled for 5 ms
        assertEquals(8_300, late.nanos());
    }

    @Test
    void risesWithinTwoLateSleepsAndFallsOnceTheyLeftTheWindow() {
        TimerLateness late = new TimerLateness();
        for (int i = 0; i < 16; i++) {
            late.sample(8_000);
        }
        late.sample(600_000);
        late.sample(700_000);
        assertEquals(600_000, late.nanos());
        for (int i = 0; i < WaitTuning.LATENESS_WINDOW - 1; i++) {
            late.sample(8_000);
        }
        // One of the burst is left in the window: the estimate is already down.
        assertEquals(8_000, late.nanos());
        late.sample(8_000);
        assertEquals(8_000, late.nanos());
    }

    @Test
    void isBoundedAndNeverNegative() {
        TimerLateness late = new TimerLateness();
        late.sample(-5);
        assertEquals(0, late.nanos());
        for (int i = 0; i < 3; i++) {
            late.sample(50_000_000);
        }
        assertEquals(WaitTuning.LATENESS_MAX_NANOS, late.nanos());
    }

    @Test
    void aTargetThatHadPassedWhenArmedCountsFromTheArming() {
        TimerLateness late = new TimerLateness();
        late.timerEnded(1_000, 5_000, 13_000);     // armed 4 us after its target, ended 8 us after that
        assertEquals(8_000, late.nanos());
        late.timerEnded(20_000, 10_000, 29_000);   // armed ahead: 9 us after its target
        assertEquals(8_000, late.nanos());         // the 2nd latest of two
        assertEquals(2, late.samples());
    }
}
