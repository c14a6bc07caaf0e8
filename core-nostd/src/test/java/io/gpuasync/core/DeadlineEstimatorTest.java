package io.gpuasync.core;

import org.junit.jupiter.api.Test;

import static io.gpuasync.core.DeadlineEstimator.UNKNOWN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every figure here follows from the FIFO model and the medians, on an exact clock. */
class DeadlineEstimatorTest {
    private final ManualClock clock = new ManualClock(1_000);
    private final DeadlineEstimator estimator = new DeadlineEstimator(clock);
    // A timer that has taught nothing: taken to end on time.
    private final TimerLateness lateness = new TimerLateness();
    private final WakeModel model = new WakeModel(0.25, lateness);

    private Prediction predict(DeadlineEstimator e, Slot slot, long sequence) {
        Prediction into = new Prediction();
        e.predict(slot, sequence, model, clock.nanoTime(), into);
        return into;
    }

    private Prediction predict(Slot slot, long sequence) {
        return predict(estimator, slot, sequence);
    }

    @Test
    void noPredictionBeforeTheFirstSample() {
        assertEquals(UNKNOWN, estimator.submitted(Slot.S0, 1));
        assertEquals(UNKNOWN, estimator.predictedLanding(Slot.S0, 1));
        Prediction none = predict(Slot.S0, 1);
        assertEquals(UNKNOWN, none.landing());
        assertEquals(UNKNOWN, none.wakeAt());
        assertEquals(UNKNOWN, none.spinUntil());
        assertEquals(0, estimator.serviceNanos(Slot.S0));
    }

    @Test
    void learnsTheServiceTimeAndPredictsQueuedWorkInFifoOrder() {
        estimator.submitted(Slot.S0, 1);
        clock.advance(500);
        estimator.observed(Slot.S0, 1);
        assertEquals(500, estimator.serviceNanos(Slot.S0), "first sample taken as is");

        // Two stores queued back to back at 1500: the second waits for the first.
        assertEquals(2_000, estimator.submitted(Slot.S0, 2));
        assertEquals(2_500, estimator.submitted(Slot.S0, 3));
        assertEquals(2_500, estimator.predictedLanding(Slot.S0, 3));
        Prediction cold = predict(Slot.S0, 3);
        assertEquals(2_500 - 2 * 250, cold.wakeAt(), "until four errors, two spreads (half the estimate, so few samples) ahead");
        assertEquals(2_500 + 2 * 250, cold.spinUntil(), "and two behind");

        clock.set(2_100);
        estimator.observed(Slot.S0, 2);
        // Sample 600 (from its submit at 1500): the median of {500, 600} leans early, to 500.
        assertEquals(500, estimator.serviceNanos(Slot.S0));
        assertEquals(UNKNOWN, estimator.predictedLanding(Slot.S0, 2), "landed: no longer predicted");

        clock.set(2_400);
        estimator.observed(Slot.S0, 3);
        // FIFO: 3 started when 2 landed (2100), not when it was queued (1500): sample 300,
        // and the median of {300, 500, 600} is 500.
        assertEquals(500, estimator.serviceNanos(Slot.S0));

        DeadlineEstimator.Accuracy accuracy = estimator.accuracy();
        assertEquals(2, accuracy.predictions());
        assertEquals(1, accuracy.landedLate(), "2 was predicted at 2000 and landed at 2100");
        assertEquals(100, accuracy.landedLateNanos());
        assertEquals(100, accuracy.mostLateNanos());
        assertEquals(1, accuracy.landedEarly(), "3 was predicted at 2500 and landed at 2400");
        assertEquals(100, accuracy.landedEarlyNanos());
        assertEquals(100, accuracy.meanEarlyNanos());
    }

    @Test
    void aLandingHandedInAfterItWasSeenIsLearnedAtWhenItWasSeen() {
        estimator.submitted(Slot.S4, 1);
        clock.advance(500);
        long seen = clock.nanoTime();
        // The observer ended the wait first; its continuations ran 9 us before it said so.
        clock.advance(9_000);
        estimator.observed(Slot.S4, 1, UNKNOWN, UNKNOWN, seen);
        assertEquals(500, estimator.serviceNanos(Slot.S4), "the look's time, not the telling's");

        long predicted = estimator.submitted(Slot.S4, 2);
        clock.set(predicted);
        seen = clock.nanoTime();
        clock.advance(9_000);
        estimator.observed(Slot.S4, 2, UNKNOWN, UNKNOWN, seen);
        DeadlineEstimator.Accuracy accuracy = estimator.accuracy();
        assertEquals(1, accuracy.predictions());
        assertEquals(0, accuracy.landedLate() + accuracy.landedEarly(), "seen exactly when predicted: " + accuracy);
        assertEquals(500, estimator.serviceNanos(Slot.S4));
    }

    @Test
    void aLandingHandedInWithATimeBeforeOneTaughtMeanwhileCountsAsThatOnes() {
        estimator.submitted(Slot.S5, 1);
        clock.advance(500);
        estimator.observed(Slot.S5, 1);     // another observer, at 1500
        assertEquals(2_000, estimator.submitted(Slot.S5, 2));
        // Handed in after that observer taught the later time; read at 1400, before it.
        estimator.observed(Slot.S5, 2, UNKNOWN, UNKNOWN, 1_400);
        DeadlineEstimator.Accuracy accuracy = estimator.accuracy();
        assertEquals(1, accuracy.landedEarly());
        assertEquals(500, accuracy.landedEarlyNanos(), "scored as seen at 1500, never before a landing already taught");
    }

    @Test
    void severalLandingsSeenAtOnceShareTheirSpan() {
        estimator.expect(Slot.S2, 485);
        assertEquals(1_485, estimator.submitted(Slot.S2, 1));
        assertEquals(1_970, estimator.submitted(Slot.S2, 2));
        clock.set(2_000);
        estimator.observed(Slot.S2, 2);
        // Two landed in 1000 ns: a sample of 500 each; the median of {485, 500} leans early.
        assertEquals(485, estimator.serviceNanos(Slot.S2));
        assertEquals(1, estimator.accuracy().landedLate());
        assertEquals(30, estimator.accuracy().landedLateNanos());
    }

    @Test
    void oneWildSampleMovesNeitherTheEstimateNorTheWakeOrSpin() {
        long[] samples = {100, 104, 98, 101, 99, 103, 97, 100, 102, 96};
        for (int i = 0; i < samples.length; i++) {
            estimator.submitted(Slot.S3, i + 1);
            clock.advance(samples[i]);
            estimator.observed(Slot.S3, i + 1);
        }
        assertEquals(100, estimator.serviceNanos(Slot.S3));
        estimator.submitted(Slot.S3, 11);
        Prediction before = predict(Slot.S3, 11);
        // A thread preempted for 10 ms: an average would jump by a large fraction of that.
        clock.advance(10_000_000);
        estimator.observed(Slot.S3, 11);
        assertEquals(100, estimator.serviceNanos(Slot.S3));
        estimator.submitted(Slot.S3, 12);
        Prediction after = predict(Slot.S3, 12);
        // One sample more moves a quantile by one rank at most: among these errors, a few ns.
        assertEquals(before.wakeAt() - before.landing(), after.wakeAt() - after.landing(), 4);
        assertEquals(before.spinUntil() - before.landing(), after.spinUntil() - after.landing(), 4);
    }

    // Lands each of `took` in turn, each queued when the one before landed, seen as it lands.
    private long landPromptly(Slot slot, long sequence, long... took) {
        for (long t : took) {
            estimator.submitted(slot, ++sequence);
            clock.advance(t);
            estimator.observed(slot, sequence);
        }
        return sequence;
    }

    @Test
    void theWakeIsTheQuantileOfTheErrorLessTheLatenessOverEveryPairAndTheSpinEndsAtTheUpperOne() {
        // Sixteen landings 40 ns apart around their predictions: errors -300 .. +300, by 40.
        DeadlineEstimator e = new DeadlineEstimator(clock);
        e.expect(Slot.S4, 1_000);
        long[] errors = new long[DeadlineEstimator.HISTORY];
        for (int i = 0; i < errors.length; i++) {
            errors[i] = -300 + 40L * ((i * 7) % 16);
        }
        long sequence = 0;
        for (long error : errors) {
            e.submitted(Slot.S4, ++sequence);
            long predicted = e.predictedLanding(Slot.S4, sequence);
            clock.set(predicted + error);
            // Seen as it landed, by an observer that was looking: exact.
            e.observed(Slot.S4, sequence, predicted + error - 1, UNKNOWN, predicted + error);
        }
        e.submitted(Slot.S4, ++sequence);
        long landing = e.predictedLanding(Slot.S4, sequence);
        // No timer sample: the wake is the 0.25-quantile of the errors, index 4 of 16: -300 + 4 * 40.
        Prediction p = predict(e, Slot.S4, sequence);
        assertEquals(landing - 140, p.wakeAt());
        // The spin ends at the 0.75-quantile: the 12th of 16 (index 11): -300 + 11 * 40.
        assertEquals(landing + 140, p.spinUntil());
        // Two timer samples, 0 and 100 ns late: e - l over 32 pairs, the 8th (index 8) of them.
        lateness.sample(0, clock.nanoTime());
        lateness.sample(100, clock.nanoTime());
        p = predict(e, Slot.S4, sequence);
        // Sorted pairs: errors less 0 and less 100; the smallest nine are -400, -360, -320, -300,
        // -280, -260, -240, -220, -200: the 9th (index 8) is -200.
        assertEquals(landing - 200, p.wakeAt());
        assertEquals(landing + 140, p.spinUntil(), "the spin does not depend on the timer");
    }

    @Test
    void aLandingFoundAfterASleepIsAnErrorAtTheTimersTargetNotAtTheLook() {
        estimator.expect(Slot.S6, 1_000);
        long sequence = landPromptly(Slot.S6, 0, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000);
        // Sleepers whose timer was set 100 ns before each prediction and ended 600 ns after it:
        // when in the sleep it landed is not known; its error is taken at the target, -100.
        for (int i = 0; i < DeadlineEstimator.HISTORY; i++) {
            estimator.submitted(Slot.S6, ++sequence);
            long sleptFrom = clock.nanoTime();
            long predicted = estimator.predictedLanding(Slot.S6, sequence);
            clock.set(predicted + 600);
            estimator.observed(Slot.S6, sequence, sleptFrom, predicted - 100, clock.nanoTime());
        }
        estimator.submitted(Slot.S6, ++sequence);
        Prediction p = predict(Slot.S6, sequence);
        assertEquals(-100, p.wakeAt() - p.landing());
        assertEquals(-100, p.spinUntil() - p.landing(), "every error the same: the spin ends at the wake");
    }

    @Test
    void aSleeperThatSaysItSleptUnlearnsAPredictionThatCameOutTooLate() {
        // Learned 5 ms for work that now takes 1 ms: a sleeper wakes at the prediction, late.
        DeadlineEstimator told = new DeadlineEstimator(clock);
        DeadlineEstimator untold = new DeadlineEstimator(clock);
        for (DeadlineEstimator e : new DeadlineEstimator[] {told, untold}) {
            for (long sequence = 1; sequence <= DeadlineEstimator.HISTORY; sequence++) {
                e.submitted(Slot.S4, sequence);
                clock.advance(5_000_000);
                e.observed(Slot.S4, sequence);
            }
        }
        long sequence = DeadlineEstimator.HISTORY;
        for (int wait = 0; wait < 80; wait++) {
            sequence++;
            long start = clock.nanoTime();
            for (DeadlineEstimator e : new DeadlineEstimator[] {told, untold}) {
                clock.set(start);
                e.submitted(Slot.S4, sequence);
            }
            long landing = start + 1_000_000;
            for (DeadlineEstimator e : new DeadlineEstimator[] {told, untold}) {
                long wakeAt = predict(e, Slot.S4, sequence).wakeAt();
                if (wakeAt - landing < 0) {
                    clock.set(landing);     // awake before it landed: sees it as it happens
                    e.observed(Slot.S4, sequence);
                } else {
                    clock.set(wakeAt);      // asleep when it landed: sees it on waking
                    if (e == told) {
                        e.observed(Slot.S4, sequence, start, wakeAt, wakeAt);
                    } else {
                        e.observed(Slot.S4, sequence);
                    }
                }
            }
            clock.set(Math.max(clock.nanoTime(), landing));
        }
        assertTrue(told.serviceNanos(Slot.S4) <= 1_100_000,
                "told of its sleeps, the estimate came back to the work's 1 ms: " + told.serviceNanos(Slot.S4));
        assertTrue(untold.serviceNanos(Slot.S4) >= 4_000_000,
                "seeing each landing only on waking confirms the late prediction: " + untold.serviceNanos(Slot.S4));
    }

    @Test
    void aQueueThatNeverDrainsIsPredictedFromItsLastLandingNotFromOldPredictions() {
        // Four stores always queued, a new one as each lands; the work takes 150 ns, first
        // expected at 100. Chained from the predictions made while the estimate was still 100,
        // every later prediction came out 250 ns early, for good.
        estimator.expect(Slot.S3, 100);
        long[] landing = new long[200];
        landing[0] = clock.nanoTime();
        for (int s = 1; s <= 4; s++) {
            estimator.submitted(Slot.S3, s);
            landing[s] = landing[s - 1] + 150;
        }
        for (int s = 1; s + 4 < landing.length; s++) {
            clock.set(landing[s]);
            estimator.observed(Slot.S3, s);
            long predicted = estimator.submitted(Slot.S3, s + 4);
            // FIFO: queued behind three others, it starts when the one before it lands.
            landing[s + 4] = landing[s + 3] + 150;
            if (s > 2) {
                assertEquals(landing[s + 4], predicted, "store " + (s + 4));
            }
        }
    }

    @Test
    void anObserverThatSleptCountsTheWorkQueuedBehindFromTheEarliestTheLandingCanHaveCome() {
        estimator.expect(Slot.S5, 1_000);
        estimator.submitted(Slot.S5, 1);
        estimator.submitted(Slot.S5, 2);
        estimator.submitted(Slot.S5, 3);
        // Seen pending at 1500, then seen landed at 2800: it landed somewhere in between.
        clock.set(2_800);
        estimator.observed(Slot.S5, 1, 1_500, 2_700, 2_800);
        // Learned as landing at 2150 (a sample of 1150; the median of {1000, 1150} is 1000).
        assertEquals(1_000, estimator.serviceNanos(Slot.S5));
        // 2 and 3 are still queued: 4 lands no earlier than 1500 + three services. Counted from
        // the look at 2800 it would be 5800: a late prediction, which an observer that sleeps
        // to it would confirm by seeing the landing late again.
        assertEquals(1_500 + 3 * 1_000, estimator.submitted(Slot.S5, 4));
    }

    @Test
    void anIdleStreamStartsTheNextStoreWhenItIsQueued() {
        estimator.expect(Slot.S1, 100);
        estimator.submitted(Slot.S1, 1);
        clock.advance(100);
        estimator.observed(Slot.S1, 1);
        clock.advance(10_000);
        assertEquals(clock.nanoTime() + 100, estimator.submitted(Slot.S1, 2));
    }

    @Test
    void slotsLearnIndependently() {
        estimator.expect(Slot.S0, 1_000);
        estimator.expect(Slot.S7, 10);
        assertEquals(2_000, estimator.submitted(Slot.S0, 1));
        assertEquals(1_010, estimator.submitted(Slot.S7, 1));
    }

    @Test
    void aWordMovedBySignalsItWasNotToldOfTeachesNothing() {
        estimator.expect(Slot.S0, 100);
        estimator.submitted(Slot.S0, 1);
        clock.advance(5_000);
        estimator.observed(Slot.S0, 1);
        long learned = estimator.serviceNanos(Slot.S0);
        clock.advance(5_000);
        estimator.observed(Slot.S0, 9);
        assertEquals(learned, estimator.serviceNanos(Slot.S0));
        estimator.observed(Slot.S0, 9);
        assertEquals(1, estimator.accuracy().predictions());
    }

    @Test
    void sequencesFurtherBehindThanTheWindowHaveNoPrediction() {
        estimator.expect(Slot.S0, 10);
        for (long sequence = 1; sequence <= DeadlineEstimator.WINDOW + 1; sequence++) {
            estimator.submitted(Slot.S0, sequence);
        }
        assertEquals(UNKNOWN, estimator.predictedLanding(Slot.S0, 1));
        assertEquals(1_000 + 10 * 2, estimator.predictedLanding(Slot.S0, 2));
        assertEquals(1_000 + 10L * (DeadlineEstimator.WINDOW + 1),
                estimator.predictedLanding(Slot.S0, DeadlineEstimator.WINDOW + 1));
    }

    @Test
    void predictionsSurviveSequenceWrapAround() {
        estimator.expect(Slot.S0, 10);
        estimator.submitted(Slot.S0, Long.MAX_VALUE);
        clock.advance(10);
        estimator.observed(Slot.S0, Long.MAX_VALUE);
        assertEquals(1_020, estimator.submitted(Slot.S0, Long.MIN_VALUE));
        assertEquals(1_020, estimator.predictedLanding(Slot.S0, Long.MIN_VALUE));
        clock.advance(10);
        estimator.observed(Slot.S0, Long.MIN_VALUE);
        assertEquals(10, estimator.serviceNanos(Slot.S0));
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(NullPointerException.class, () -> new DeadlineEstimator(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> estimator.expect(Slot.S0, -1));
        assertEquals("expected service time must be >= 0 ns, got -1", e.getMessage());
    }
}
