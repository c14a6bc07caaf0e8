package io.gpuasync.engine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The spin-or-sleep decision and what it learns, on a fake clock and a fake timer whose sleeps
 * end a set lateness after their target: exact, no wall clock.
 */
class SleeperTest {
    /** A clock the test moves, and a timer that ends each sleep {@code lateNanos} after its target. */
    private static final class FakeTimer implements Sleeper.Timer {
        long now = 1_000_000_000L;
        long lateNanos;
        boolean wakeInstead;
        int sleeps;

        @Override
        public boolean sleepUntil(long target) {
            sleeps++;
            if (wakeInstead) {
                now += 1_000;
                return false;
            }
            now = Math.max(now, target) + lateNanos;
            return true;
        }

        @Override
        public void pause() {
            now += 1_000;
        }
    }

    private final FakeTimer timer = new FakeTimer();
    private final TimerLateness lateness = new TimerLateness();
    private final Sleeper sleeper = new Sleeper(lateness, timer, () -> timer.now);

    // One wait as DriverLoop runs it, for a deadline `inNanos` ahead: sleeps or polls to it.
    private void waitFor(long inNanos) {
        long deadline = timer.now + inNanos;
        while (timer.now - deadline < 0) {
            long target = sleeper.plan(deadline, timer.now);
            if (target == Sleeper.POLL) {
                sleeper.pause();
            } else {
                sleeper.sleepUntil(target);
            }
        }
        // The wait landed: the engine has no deadline, and the driver sleeps until woken.
        assertEquals(WaitEngine.NO_DEADLINE, sleeper.plan(WaitEngine.NO_DEADLINE, timer.now));
    }

    @Test
    void aFarDeadlineIsSleptToByTheLatenessAndANearOneIsPolled() {
        lateness.sample(8_000);
        lateness.sample(8_000);
        assertEquals(192_000 + timer.now, sleeper.plan(timer.now + 200_000, timer.now));
        assertEquals(Sleeper.POLL, sleeper.plan(timer.now + 8_000, timer.now));
    }

    @Test
    void anEstimatePushedUpByLoadComesBackWithinABoundedNumberOfShortWaits() {
        timer.lateNanos = 8_000;                    // the quiet timer
        for (int i = 0; i < 40; i++) {
            waitFor(200_000);
        }
        assertEquals(8_000, lateness.nanos());
        // A burst of load: sleeps descheduled for milliseconds.
        for (int i = 0; i < WaitTuning.LATENESS_WINDOW; i++) {
            lateness.sample(5_000_000);
        }
        assertEquals(WaitTuning.LATENESS_MAX_NANOS, lateness.nanos());
        // Every wait is shorter than the estimate now: none is slept to, only probes teach.
        int waits = 0;
        while (lateness.nanos() != 8_000) {
            waitFor(200_000);
            waits++;
            assertTrue(waits <= WaitTuning.LATENESS_WINDOW * WaitTuning.PROBE_EVERY_STALE_RUNS + 1,
                    "still " + lateness + " after " + waits + " short waits");
        }
        assertTrue(sleeper.probes() >= WaitTuning.LATENESS_WINDOW - 1, sleeper.probes() + " probes");
        // Back where it was: a 200 us wait is slept to again.
        assertFalse(sleeper.plan(timer.now + 200_000, timer.now) == Sleeper.POLL);
    }

    @Test
    void aTimerThatStaysLateCostsOneWaitInFourAProbe() {
        timer.lateNanos = 900_000;
        for (int i = 0; i < WaitTuning.LATENESS_WINDOW; i++) {
            lateness.sample(900_000);
        }
        long probes = sleeper.probes();
        for (int i = 0; i < 40; i++) {
            waitFor(200_000);
        }
        assertEquals(900_000, lateness.nanos());
        // The first run after the burst is fresh (the burst taught it); every 4th after it probes.
        assertEquals((40 - 1) / WaitTuning.PROBE_EVERY_STALE_RUNS, sleeper.probes() - probes);
    }

    @Test
    void aWakeUpTeachesNothingAndATimerEndedSleepTeachesAlsoWhenItsTargetHadPassed() {
        timer.wakeInstead = true;
        sleeper.sleepUntil(timer.now + 50_000);
        assertEquals(0, lateness.samples());
        timer.wakeInstead = false;
        timer.lateNanos = 7_000;
        sleeper.sleepUntil(timer.now - 10_000);     // armed for a time that had passed
        assertEquals(1, lateness.samples());
        assertEquals(7_000, lateness.nanos());
        sleeper.sleepUntil(WaitEngine.NO_DEADLINE); // until woken: no target to be late for
        assertEquals(1, lateness.samples());
    }

    @Test
    void aWaiterAsksOncePerWait() {
        for (int i = 0; i < WaitTuning.LATENESS_WINDOW; i++) {
            lateness.sample(WaitTuning.LATENESS_MAX_NANOS);
        }
        int probes = 0;
        for (int i = 0; i < 4 * WaitTuning.PROBE_EVERY_STALE_RUNS + 1; i++) {
            if (sleeper.probeDue(timer.now + 200_000, timer.now)) {
                probes++;
                // The waiter's probe: the shortest sleep; the timer ends it 8 us late.
                timer.lateNanos = 8_000;
                sleeper.sleepUntil(timer.now + 1);
            }
        }
        assertEquals(4, probes);
        assertEquals(4, lateness.samples() - WaitTuning.LATENESS_WINDOW);
    }
}
