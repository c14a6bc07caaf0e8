package io.gpuasync.core;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The lateness a timer's sleeps teach, on the test's own clock. */
class TimerLatenessTest {
    private static long[] recent(TimerLateness late, long now) {
        long[] into = new long[TimerLateness.WINDOW];
        long[] got = Arrays.copyOf(into, late.recent(now, into));
        Arrays.sort(got);
        return got;
    }

    @Test
    void holdsTheLastWindowOfSleeps() {
        TimerLateness late = new TimerLateness();
        for (int i = 0; i < TimerLateness.WINDOW + 4; i++) {
            late.sample(1_000 * i, 10);
        }
        long[] got = recent(late, 20);
        assertEquals(TimerLateness.WINDOW, got.length);
        assertEquals(4_000, got[0], "the four oldest left the window");
        assertEquals(1_000 * (TimerLateness.WINDOW + 3), got[got.length - 1]);
        assertEquals(TimerLateness.WINDOW + 4, late.samples());
    }

    @Test
    void aSampleAgesOutAfterItsMemorySoABurstIsForgottenWithoutNewSleeps() {
        TimerLateness late = new TimerLateness();
        late.sample(5_000_000, 0);                      // a sleep descheduled for 5 ms, at 0
        late.sample(8_000, TimerLateness.MEMORY_NANOS / 2);
        assertArrayEquals(new long[] {8_000, 5_000_000}, recent(late, TimerLateness.MEMORY_NANOS - 1));
        assertArrayEquals(new long[] {8_000}, recent(late, TimerLateness.MEMORY_NANOS));
        assertArrayEquals(new long[0], recent(late, 2 * TimerLateness.MEMORY_NANOS));
        assertEquals(0, late.medianNanos(2 * TimerLateness.MEMORY_NANOS), "no recent sleep: taken to end on time");
    }

    @Test
    void aNegativeLatenessCountsAsNone() {
        TimerLateness late = new TimerLateness();
        late.sample(-5, 0);
        assertArrayEquals(new long[] {0}, recent(late, 1));
    }

    @Test
    void aTargetThatHadPassedWhenArmedCountsFromTheArming() {
        TimerLateness late = new TimerLateness();
        late.timerEnded(1_000, 5_000, 13_000);     // armed 4 us after its target, ended 8 us after that
        late.timerEnded(20_000, 10_000, 29_000);   // armed ahead: 9 us after its target
        assertArrayEquals(new long[] {8_000, 9_000}, recent(late, 30_000));
        assertEquals(8_000, late.medianNanos(30_000), "the lower of the middle two");
    }
}
