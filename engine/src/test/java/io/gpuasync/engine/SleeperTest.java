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

    @Test
    void aPredictionAheadIsPolledForUpToItNotRestedOnBeforeItIsDue() {
        // A lateness pushed up by load above a landing predicted 500 us ahead: the wait is polled
        // for. The bound counts from that prediction, not from the first poll: resting on it
        // before it came would add the timer's lateness to a prediction that was right.
        for (int i = 0; i < WaitTuning.LATENESS_WINDOW; i++) {
            lateness.sample(WaitTuning.LATENESS_MAX_NANOS);
        }
        long predicted = timer.now + 500_000;
        while (timer.now - predicted < 0) {
            assertEquals(Sleeper.POLL, sleeper.plan(predicted, timer.now), (predicted - timer.now) + " ns before it");
            sleeper.pause();
        }
        assertEquals(0, sleeper.rests());
        // Past it by the bound with nothing done: wrong rather than early, a rest.
        long target = Sleeper.POLL;
        while (target == Sleeper.POLL && timer.now - predicted < 2 * WaitTuning.POLL_RUN_MAX_NANOS) {
            target = sleeper.plan(predicted, timer.now);
            sleeper.pause();
        }
        assertEquals(predicted, target);
        assertTrue(timer.now - predicted >= WaitTuning.POLL_RUN_MAX_NANOS, "rested " + (timer.now - predicted) + " ns past it");
    }

    // An overdue wait as the engine plans it: a look every longest back-off, none landing.
    private long overdueDeadline = Long.MIN_VALUE;

    private long overdue() {
        if (overdueDeadline == Long.MIN_VALUE || timer.now - overdueDeadline >= 0) {
            overdueDeadline = timer.now + WaitTuning.POLL_BACKOFF_MAX.toNanos();
        }
        return overdueDeadline;
    }

    // Polls the overdue wait as DriverLoop does until the sleeper says something else (or far
    // longer than its bound); returns what it said.
    private long pollUntilTold() {
        long most = 10 * WaitTuning.POLL_RUN_MAX_NANOS / 1_000;   // the fake pause is 1 us
        for (long i = 0; i < most; i++) {
            long target = sleeper.plan(overdue(), timer.now);
            if (target != Sleeper.POLL) {
                return target;
            }
            sleeper.pause();
        }
        return Sleeper.POLL;
    }

    @Test
    void aRunThatPolledItsBoundWithoutALandingRestsOnTheDeadlineUntilALanding() {
        // A lateness pushed up by load, above the engine's longest back-off: every look of an
        // overdue wait is nearer than it, so nothing but the bound stops the polling.
        for (int i = 0; i < WaitTuning.LATENESS_WINDOW; i++) {
            lateness.sample(WaitTuning.LATENESS_MAX_NANOS);
        }
        assertTrue(lateness.nanos() > WaitTuning.POLL_BACKOFF_MAX.toNanos(), lateness.toString());
        long began = timer.now;
        long target = pollUntilTold();
        assertEquals(overdueDeadline, target, "after its bound the sleeper rests on the engine's deadline itself"
                + " (not a lateness ahead of it); it polled " + (timer.now - began) + " ns, " + sleeper.polls()
                + " polls");
        assertTrue(timer.now - began >= WaitTuning.POLL_RUN_MAX_NANOS, "rested after " + (timer.now - began) + " ns");
        assertEquals(1, sleeper.rests());
        long polls = sleeper.polls();
        // Resting on: each rest's timer ends it 8 us late, which teaches the lateness, but not
        // enough of them to take the burst out of its window; no poll meanwhile.
        timer.lateNanos = 8_000;
        for (int i = 0; i < WaitTuning.LATENESS_WINDOW / 2; i++) {
            sleeper.sleepUntil(target);
            target = sleeper.plan(overdue(), timer.now);
            assertEquals(overdueDeadline, target, "rest " + i);
        }
        assertEquals(polls, sleeper.polls());
        assertEquals(1 + WaitTuning.LATENESS_WINDOW / 2, sleeper.rests());
        assertEquals(WaitTuning.LATENESS_MAX_NANOS, lateness.nanos());
        // A landing (the engine's step did work): the sleeper polls again, for its bound.
        sleeper.progressed();
        assertEquals(Sleeper.POLL, sleeper.plan(overdue(), timer.now));
        began = timer.now;
        target = pollUntilTold();
        assertEquals(overdueDeadline, target);
        assertTrue(timer.now - began >= WaitTuning.POLL_RUN_MAX_NANOS, "rested after " + (timer.now - began) + " ns");
        assertEquals(2 + WaitTuning.LATENESS_WINDOW / 2, sleeper.rests());
        // A deadline further than the lateness ends the run: slept to a lateness before it, and
        // the next near deadline is polled for again.
        long far = timer.now + 2 * WaitTuning.LATENESS_MAX_NANOS;
        assertEquals(far - lateness.nanos(), sleeper.plan(far, timer.now));
        assertEquals(Sleeper.POLL, sleeper.plan(overdue(), timer.now));
    }
}
