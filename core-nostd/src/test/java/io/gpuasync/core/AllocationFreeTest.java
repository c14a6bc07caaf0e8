package io.gpuasync.core;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.management.ManagementFactory;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The wait, step and poll paths allocate nothing in steady state: measured with the thread's own
 * allocation counter around many iterations after warm-up (so the JIT has compiled them, and any
 * allocation it could not remove would show as at least one object per iteration).
 */
class AllocationFreeTest {
    private static final int WARM_UP = 200_000;
    private static final int MEASURED = 1_000_000;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @FunctionalInterface
    private interface Body {
        long run(int iteration);
    }

    /** Bytes allocated by this thread while {@code body} ran {@link #MEASURED} times after warm-up. */
    private static long allocatedBy(Body body) {
        long sink = 0;
        for (int i = 0; i < WARM_UP; i++) {
            sink += body.run(i);
        }
        // The counter's own call allocates nothing, but measure it and subtract it to be sure.
        long before = THREADS.getCurrentThreadAllocatedBytes();
        long overhead = THREADS.getCurrentThreadAllocatedBytes() - before;
        before = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < MEASURED; i++) {
            sink += body.run(i);
        }
        long after = THREADS.getCurrentThreadAllocatedBytes();
        assertTrue(sink != 42, "keeps the loop's result alive");
        return after - before - overhead;
    }

    /** Fewer bytes than one object per thousand iterations: allocation-free, not just rare. */
    private static void assertNoAllocation(String path, long bytes) {
        assertTrue(bytes < MEASURED / 1_000, path + " allocated " + bytes + " bytes over " + MEASURED + " iterations");
    }

    // Where the control allocation escapes to, so the JIT cannot scalar-replace it.
    private static volatile Object escaped;

    @Test
    void measuringWorks() {
        assertTrue(THREADS.isThreadAllocatedMemorySupported(), "this JVM cannot count allocations");
        long bytes = allocatedBy(i -> {
            long[] array = new long[i & 7];
            escaped = array;
            return array.length;
        });
        assertTrue(bytes >= MEASURED * 16L, "an allocating body must show: " + bytes);
    }

    @Test
    void readingAndCheckingWordsAllocatesNothing() {
        try (Arena arena = Arena.ofShared()) {
            CompletionLine line = CompletionLine.over(arena.allocate(64, 64));
            long bytes = allocatedBy(i -> {
                Slot slot = Slot.of(i & 7);
                line.setRelease(slot, i);
                return line.reached(slot, i) ? line.getAcquire(slot) : -1;
            });
            assertNoAllocation("CompletionLine", bytes);
        }
    }

    @Test
    void steppingAPlanAllocatesNothingIncludingWhenItTimesOut() {
        WaitPlanRunner runner = new WaitPlanRunner(WaitPlan.spin(3)
                .then(WaitPlan.yielding(2))
                .then(WaitPlan.sleepToWake())
                .then(WaitPlan.spinOverLanding())
                .then(WaitPlan.driverWait())
                .then(WaitPlan.backoff(Duration.ofNanos(1), Duration.ofNanos(64)))
                .withTimeout(Duration.ofNanos(1_000)));
        long bytes = allocatedBy(i -> {
            long now = i * 10_000L;
            runner.start(now, now + 500, now + 520, (i & 1) == 0);
            long steps = 0;
            WaitStep step;
            do {
                step = runner.next(false, now);
                now += step == WaitStep.PARK ? runner.parkNanos() : step == WaitStep.DRIVER_WAIT ? 100 : 1;
                steps++;
            } while (step != WaitStep.TIMED_OUT);
            return steps + runner.next(true, now).ordinal();
        });
        assertNoAllocation("WaitPlanRunner", bytes);
    }

    @Test
    void estimatingAndPredictingByTheWakeModelAllocateNothing() {
        long[] now = {0};
        DeadlineEstimator estimator = new DeadlineEstimator(() -> now[0]);
        TimerLateness lateness = new TimerLateness();
        WakeModel model = new WakeModel(WakeModel.DEFAULT_QUANTILE, lateness);
        Prediction prediction = new Prediction();
        long bytes = allocatedBy(i -> {
            Slot slot = Slot.of(i & 7);
            long sequence = (i >>> 3) + 1;
            long predicted = estimator.submitted(slot, sequence);
            estimator.predict(slot, sequence, model, now[0], prediction);
            lateness.sample(3_000 + (i & 31) * 100, now[0]);
            now[0] += 100 + (i & 15);
            estimator.observed(slot, sequence, now[0] - 50, now[0] - 20, now[0]);
            return predicted + prediction.wakeAt() + prediction.spinUntil();
        });
        assertNoAllocation("DeadlineEstimator and WakeModel", bytes);
    }

    @Test
    void registeringPollingAndCancellingAllocatesNothing() {
        try (Arena arena = Arena.ofShared()) {
            CompletionLine line = CompletionLine.over(arena.allocate(64, 64));
            CompletionPort port = new CompletionPort(64);
            long[] completed = {0};
            CompletionHandler handler = (handle, attachment, word) -> completed[0] += word;
            Object attachment = new Object();
            long bytes = allocatedBy(i -> {
                Slot slot = Slot.of(i & 7);
                long target = line.getAcquire(slot) + 1;
                port.register(line, slot, target, i, attachment);
                port.register(line, slot, target + 1, DeadlineEstimator.UNKNOWN, attachment);
                port.cancel(port.register(line, slot, target + 5, i, attachment));
                port.poll(handler);
                line.setRelease(slot, target + 1);
                return port.poll(handler) + port.nextDueNanos();
            });
            assertNoAllocation("CompletionPort", bytes);
            assertEquals(0, port.size());
            assertTrue(completed[0] > 0);
        }
    }
}
