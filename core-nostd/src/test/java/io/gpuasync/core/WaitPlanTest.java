package io.gpuasync.core;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.gpuasync.core.WaitStep.DONE;
import static io.gpuasync.core.WaitStep.DRIVER_WAIT;
import static io.gpuasync.core.WaitStep.PARK;
import static io.gpuasync.core.WaitStep.SPIN;
import static io.gpuasync.core.WaitStep.TIMED_OUT;
import static io.gpuasync.core.WaitStep.YIELD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WaitPlanTest {

    /** Runs {@code runner} never reaching, sleeping as told on a manual clock; a PARK is "PARK:ns". */
    private static List<String> steps(WaitPlanRunner runner, long wakeAt, int max) {
        return steps(runner, wakeAt, DeadlineEstimator.UNKNOWN, false, max);
    }

    private static List<String> steps(WaitPlanRunner runner, long wakeAt, long spinUntil, boolean driverWaits, int max) {
        List<String> steps = new ArrayList<>();
        long now = 1_000;
        runner.start(now, wakeAt, spinUntil, driverWaits);
        for (int i = 0; i < max; i++) {
            WaitStep step = runner.next(false, now);
            if (step == PARK) {
                steps.add("PARK:" + runner.parkNanos());
                now += runner.parkNanos();
            } else {
                steps.add(step.name());
                now += 1;
            }
            if (step == TIMED_OUT) {
                break;
            }
        }
        return steps;
    }

    @Test
    void spinPollsItsCountThenRunsOut() {
        assertEquals(List.of("SPIN", "SPIN", "SPIN", "TIMED_OUT"),
                steps(new WaitPlanRunner(WaitPlan.spin(3)), DeadlineEstimator.UNKNOWN, 10));
    }

    @Test
    void yieldPollsItsCountThenTheNextPhaseRuns() {
        assertEquals(List.of("YIELD", "YIELD", "SPIN", "TIMED_OUT"),
                steps(new WaitPlanRunner(WaitPlan.yielding(2).then(WaitPlan.spin(1))), DeadlineEstimator.UNKNOWN, 10));
    }

    @Test
    void sleepToWakeSleepsOnceToTheWakeTime() {
        WaitPlan plan = WaitPlan.sleepToWake().then(WaitPlan.spin(2));
        // Started at 1000, to wake at 4800.
        assertEquals(List.of("PARK:3800", "SPIN", "SPIN", "TIMED_OUT"), steps(new WaitPlanRunner(plan), 4_800, 10));
    }

    @Test
    void sleepToWakeSleepsInTheDriversWaitWhereTheCallerCanBlockInIt() {
        WaitPlan plan = WaitPlan.sleepToWake().then(WaitPlan.spin(1));
        WaitPlanRunner runner = new WaitPlanRunner(plan);
        runner.start(1_000, 4_800, DeadlineEstimator.UNKNOWN, true);
        assertEquals(DRIVER_WAIT, runner.next(false, 1_000));
        assertEquals(3_800, runner.driverWaitNanos(), "to the wake time, not the timeout");
        assertTrue(runner.sleepingInDriver(), "a sleep, which its caller reports as one");
        assertEquals(DRIVER_WAIT, runner.next(false, 2_000), "a driver's wait that returned early sleeps on");
        assertEquals(2_800, runner.driverWaitNanos());
        assertEquals(SPIN, runner.next(false, 4_800), "at the wake time the next phase runs");
        // The driver's wait given up (the line closing): the rest of the sleep is a timed one.
        runner.start(1_000, 4_800, DeadlineEstimator.UNKNOWN, true);
        assertEquals(DRIVER_WAIT, runner.next(false, 1_000));
        runner.skipDriverWait();
        assertEquals(PARK, runner.next(false, 1_100));
        assertEquals(3_700, runner.parkNanos());
        assertEquals(SPIN, runner.next(false, 4_800));
    }

    @Test
    void sleepToWakeIsSkippedWithoutAPredictionOrOncePassed() {
        WaitPlan plan = WaitPlan.sleepToWake().then(WaitPlan.spin(1));
        assertEquals(List.of("SPIN", "TIMED_OUT"), steps(new WaitPlanRunner(plan), DeadlineEstimator.UNKNOWN, 10));
        assertEquals(List.of("SPIN", "TIMED_OUT"), steps(new WaitPlanRunner(plan), 900, 10), "900 is before the start");
    }

    @Test
    void aSpinOverTheLandingEndsAtTheModelsSpinEnd() {
        WaitPlan plan = WaitPlan.sleepToWake()
                .then(WaitPlan.spinOverLanding())
                .then(WaitPlan.backoff(Duration.ofNanos(50), Duration.ofNanos(50)));
        WaitPlanRunner runner = new WaitPlanRunner(plan);
        // Woken at 4000, to spin until 4008.
        runner.start(1_000, 4_000, 4_008, false);
        assertEquals(PARK, runner.next(false, 1_000));
        assertEquals(3_000, runner.parkNanos());
        List<String> steps = new ArrayList<>();
        for (long now = 4_000; now <= 4_010; now++) {
            WaitStep step = runner.next(false, now);
            steps.add(step.name());
            if (step == PARK) {
                break;
            }
        }
        assertEquals(List.of("SPIN", "SPIN", "SPIN", "SPIN", "SPIN", "SPIN", "SPIN", "SPIN", "PARK"), steps,
                "4000..4007 spin, 4008 is the spin's end");
        assertEquals(50, runner.parkNanos());
    }

    @Test
    void aSpinOverTheLandingIsSkippedWithoutAPrediction() {
        WaitPlan plan = WaitPlan.spinOverLanding().then(WaitPlan.spin(1));
        assertEquals(List.of("SPIN", "TIMED_OUT"), steps(new WaitPlanRunner(plan), DeadlineEstimator.UNKNOWN, 10),
                "only the next phase's one poll");
    }

    @Test
    void aSpinOverTheLandingHoldsAcrossTheEndOfTheClock() {
        WaitPlanRunner runner = new WaitPlanRunner(WaitPlan.spinOverLanding());
        runner.start(Long.MAX_VALUE - 20, DeadlineEstimator.UNKNOWN, Long.MIN_VALUE + 4, false);
        assertEquals(SPIN, runner.next(false, Long.MAX_VALUE));
        assertEquals(SPIN, runner.next(false, Long.MIN_VALUE + 3));
        assertEquals(TIMED_OUT, runner.next(false, Long.MIN_VALUE + 4));
    }

    @Test
    void aDriverWaitBlocksForWhatIsLeftOfTheTimeoutAndNeverEndsByItself() {
        WaitPlan plan = WaitPlan.driverWait().then(WaitPlan.spin(1)).withTimeout(Duration.ofNanos(500));
        WaitPlanRunner runner = new WaitPlanRunner(plan);
        runner.start(1_000, DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN, true);
        assertEquals(DRIVER_WAIT, runner.next(false, 1_000));
        assertEquals(500, runner.driverWaitNanos());
        assertFalse(runner.sleepingInDriver(), "a wait for the store, not a sleep");
        assertEquals(DRIVER_WAIT, runner.next(false, 1_200), "a driver's wait that returned early is asked again");
        assertEquals(300, runner.driverWaitNanos());
        assertEquals(TIMED_OUT, runner.next(false, 1_500));
        WaitPlanRunner unbounded = new WaitPlanRunner(WaitPlan.driverWait());
        unbounded.start(0, DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN, true);
        assertEquals(DRIVER_WAIT, unbounded.next(false, 0));
        assertEquals(Long.MAX_VALUE, unbounded.driverWaitNanos());
    }

    @Test
    void aDriverWaitIsSkippedWhereTheCallerCannotBlockInTheDriver() {
        WaitPlan plan = WaitPlan.driverWait().then(WaitPlan.spin(1));
        assertEquals(List.of("SPIN", "TIMED_OUT"), steps(new WaitPlanRunner(plan), DeadlineEstimator.UNKNOWN,
                DeadlineEstimator.UNKNOWN, false, 10));
        WaitPlanRunner runner = new WaitPlanRunner(plan);
        runner.start(0, DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN, true);
        assertEquals(DRIVER_WAIT, runner.next(false, 0));
        runner.skipDriverWait();
        assertEquals(SPIN, runner.next(false, 1), "a line that closed meanwhile: the next phase takes over");
    }

    @Test
    void backoffDoublesToItsBoundAndNeverRunsOut() {
        WaitPlanRunner runner = new WaitPlanRunner(WaitPlan.backoff(Duration.ofNanos(100), Duration.ofNanos(700)));
        assertEquals(List.of("PARK:100", "PARK:200", "PARK:400", "PARK:700", "PARK:700", "PARK:700"),
                steps(runner, DeadlineEstimator.UNKNOWN, 6));
    }

    @Test
    void backoffDoublingCannotOverflow() {
        WaitPlanRunner runner = new WaitPlanRunner(new WaitPlan.ParkBackoff(Long.MAX_VALUE / 2 + 1, Long.MAX_VALUE));
        runner.start(0, DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN, false);
        assertEquals(PARK, runner.next(false, 0));
        assertEquals(PARK, runner.next(false, 0));
        assertEquals(Long.MAX_VALUE, runner.parkNanos());
    }

    @Test
    void timeoutBoundsTheWholeWaitAndClampsTheLastPark() {
        WaitPlan plan = WaitPlan.spin(2)
                .then(WaitPlan.backoff(Duration.ofNanos(100), Duration.ofNanos(1_000)))
                .withTimeout(Duration.ofNanos(500));
        // 2 spins (1 ns each on this clock), then 100, 200, then the 198 left of the 500.
        assertEquals(List.of("SPIN", "SPIN", "PARK:100", "PARK:200", "PARK:198", "TIMED_OUT"),
                steps(new WaitPlanRunner(plan), DeadlineEstimator.UNKNOWN, 20));
    }

    @Test
    void aZeroTimeoutTimesOutAtOnce() {
        WaitPlanRunner runner = new WaitPlanRunner(WaitPlan.busySpin().withTimeout(Duration.ZERO));
        runner.start(5, DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN, false);
        assertEquals(TIMED_OUT, runner.next(false, 5));
        assertEquals(DONE, runner.next(true, 5), "done wins over a timeout once the word is reached");
    }

    @Test
    void doneEndsAnyPhase() {
        WaitPlanRunner runner = new WaitPlanRunner(WaitPlan.busySpin());
        runner.start(0, DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN, false);
        assertEquals(SPIN, runner.next(false, 0));
        assertEquals(DONE, runner.next(true, 1));
    }

    @Test
    void aRunnerRestartsFromTheFirstPhase() {
        WaitPlanRunner runner = new WaitPlanRunner(WaitPlan.spin(1).then(WaitPlan.yielding(1)));
        List<String> first = steps(runner, DeadlineEstimator.UNKNOWN, 5);
        List<String> second = steps(runner, DeadlineEstimator.UNKNOWN, 5);
        assertEquals(List.of("SPIN", "YIELD", "TIMED_OUT"), first);
        assertEquals(first, second);
    }

    @Test
    void theTimeoutIsMeasuredAcrossTheEndOfTheClock() {
        WaitPlanRunner runner = new WaitPlanRunner(WaitPlan.busySpin().withTimeout(Duration.ofNanos(10)));
        runner.start(Long.MAX_VALUE - 5, DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN, false);
        assertEquals(SPIN, runner.next(false, Long.MAX_VALUE));
        assertEquals(TIMED_OUT, runner.next(false, Long.MIN_VALUE + 4));
    }

    @Test
    void malformedPlansAreRefusedWithAReason() {
        assertEquals("spin count must be >= 0, got -1",
                assertThrows(IllegalArgumentException.class, () -> WaitPlan.spin(-1)).getMessage());
        assertEquals("back-off bound 5 ns is below its first pause 10 ns",
                assertThrows(IllegalArgumentException.class, () -> new WaitPlan.ParkBackoff(10, 5)).getMessage());
        assertEquals("back-off must start at > 0 ns, got 0",
                assertThrows(IllegalArgumentException.class, () -> new WaitPlan.ParkBackoff(0, 5)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WaitPlan.spin(1).withTimeout(Duration.ofSeconds(1)).then(WaitPlan.spin(1)))
                .getMessage().contains("must wrap the plan"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WaitPlan.spin(1).withTimeout(Duration.ofSeconds(1)).withTimeout(Duration.ofSeconds(2)))
                .getMessage().contains("one Timeout"));
        assertThrows(NullPointerException.class, () -> WaitPlan.spin(1).then(null));
        assertThrows(IllegalStateException.class, () -> new WaitPlanRunner(WaitPlan.spin(1)).next(false, 0));
    }

    @Test
    void aHugeDurationSaturatesInsteadOfOverflowing() {
        WaitPlan plan = WaitPlan.busySpin().withTimeout(Duration.ofSeconds(Long.MAX_VALUE));
        assertEquals(Long.MAX_VALUE, ((WaitPlan.Timeout) plan).nanos());
    }
}
