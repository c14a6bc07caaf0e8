package io.gpuasync.bench;

import io.gpuasync.core.CompletionHandler;
import io.gpuasync.core.CompletionLine;
import io.gpuasync.core.CompletionPort;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.TimerLateness;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.core.WaitPlanRunner;
import io.gpuasync.core.WaitStep;
import io.gpuasync.core.WakeModel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.lang.foreign.Arena;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The paths a wait runs on, one operation each: run with {@code -prof gc} and every
 * {@code gc.alloc.rate.norm} should read 0 bytes per operation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class CoreBenchmarks {
    private Arena arena;
    private CompletionLine line;
    private WaitPlanRunner runner;
    private DeadlineEstimator estimator;
    private CompletionPort port;
    private final TimerLateness lateness = new TimerLateness();
    private final WakeModel model = new WakeModel(WakeModel.DEFAULT_QUANTILE, lateness);
    private final Prediction prediction = new Prediction();
    private final Object attachment = new Object();
    private long sequence;
    private long landed;
    private final CompletionHandler handler = (handle, attachment, word) -> landed += word;

    @Setup
    public void setUp() {
        arena = Arena.ofShared();
        line = CompletionLine.over(arena.allocate(64, 64));
        runner = new WaitPlanRunner(WaitPlan.spin(4)
                .then(WaitPlan.sleepToWake())
                .then(WaitPlan.spinOverLanding())
                .then(WaitPlan.backoff(Duration.ofNanos(100), Duration.ofNanos(10_000)))
                .withTimeout(Duration.ofNanos(100_000)));
        estimator = new DeadlineEstimator(System::nanoTime);
        for (int i = 0; i < TimerLateness.WINDOW; i++) {
            lateness.sample(5_000 + 500 * i, System.nanoTime());
        }
        port = new CompletionPort(64);
    }

    @TearDown
    public void tearDown() {
        arena.close();
    }

    /** One poll of a word: an acquire load and a signed compare. */
    @Benchmark
    public boolean pollWord() {
        return line.reached(Slot.S3, sequence++);
    }

    /** A whole wait's decisions, from start to timing out, with no sleeping in between. */
    @Benchmark
    public int stepPlanToTimeout() {
        long now = sequence++ * 1_000_000L;
        runner.start(now, now + 50_000, now + 50_100, false);
        int steps = 0;
        WaitStep step;
        do {
            step = runner.next(false, now);
            now += step == WaitStep.PARK ? runner.parkNanos() : 10;
            steps++;
        } while (step != WaitStep.TIMED_OUT);
        return steps;
    }

    /** A submission, its prediction by the wake model, and its landing, as the estimator learns them. */
    @Benchmark
    public long estimate() {
        long n = ++sequence;
        estimator.submitted(Slot.S1, n);
        estimator.predict(Slot.S1, n, model, System.nanoTime(), prediction);
        estimator.observed(Slot.S1, n);
        return prediction.wakeAt();
    }

    /** Registering a wait, polling while pending, landing it, polling it out. */
    @Benchmark
    public long registerPollComplete() {
        long target = ++sequence;
        port.register(line, Slot.S0, target, DeadlineEstimator.UNKNOWN, attachment);
        port.poll(handler);
        line.setRelease(Slot.S0, target);
        port.poll(handler);
        return landed;
    }
}
