package io.gpuasync.harness;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.host.std.BlockingMode;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.Backends;
import io.gpuasync.spi.HostLine;
import io.gpuasync.bench.spi.BenchProvider;
import io.gpuasync.bench.spi.BenchWorkload;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

/**
 * {@code gar bench}: each way to wait for device work, side by side in one run, on the same
 * work of one backend's {@link BenchWorkload}: the line's wait plans, the peers a user would
 * otherwise write on any backend (a future, a sleep-and-poll loop, one timed sleep), and after
 * them the backend's own ways of waiting ({@link BenchWorkload#nativeWaits()}: the simulation's
 * host callback, CUDA's {@code cuStreamSynchronize}, Metal's {@code waitUntilCompleted}...).
 * One peer list and one sample loop serve every backend.
 *
 * <p>Per sample: the work is queued, then what the row waits with (the line's signal, or the
 * backend's own call). Where the workload {@linkplain BenchWorkload#holdsWork() holds its work}
 * at a gate, the CPU snapshots and the clock start only then and the gate opens, so what the
 * queueing calls cost stays out of every row alike; elsewhere they start before the work is
 * queued. Where the device {@linkplain BenchWorkload#stampsEnd() stamps the host's clock} when the
 * work ends (the simulation), latency is from that stamp to the waiter running again (wake);
 * elsewhere it is the whole wait, from the clock's start (the work is the same for every row, so
 * the differences are differences in waking). Waiting CPU is the waiting thread's CPU time (plus
 * that of the threads working for it: the dispatcher, a driver's callback thread) over the time
 * it waited; bytes are what the waiting thread allocated for the wait.
 */
final class Bench {
    /**
     * What to run; {@code jfr} is where to record the library's JFR events, or null;
     * {@code progress} whether to show progress (on a terminal only: it rewrites one line);
     * {@code waiters}, when not null, the counts of waiters {@link WaitersBench} runs too;
     * {@code jitter} the spread of the device's work, its coefficient of variation (0.3 = 30%);
     * {@code chart} where to draw the table as a picture, or null.
     */
    record Options(String backend, Duration work, int samples, int warmup, Path json, Path jfr, boolean progress,
                   int[] waiters, double jitter, Path chart, double wakeQuantile) {
    }

    /**
     * One row. The estimator figures are the |landing - prediction| quantiles and how many
     * landings came after and before their prediction, or -1 where the row has no prediction;
     * {@code backendOwn} marks a way of waiting the backend offers itself
     * ({@link BenchWorkload#nativeWaits()}), not one of the line's.
     */
    record Result(String plan, String how, long p50Nanos, long p99Nanos, double cpuFraction,
                  double cpuNanosPerAwait, double allocBytesPerAwait, int samples, String estimator,
                  long estimatorP50Nanos, long estimatorP90Nanos, long landedAfter, long landedBefore,
                  boolean backendOwn) {
    }

    private enum Kind { PLAN, HAND_OFF, FUTURE, SLEEP_POLL, TIMED_SLEEP }

    private record Peer(String name, String how, Kind kind, WaitPlan plan) {
    }

    private static final Peer DEFAULT = new Peer("default", "the default wait: sleep to the wake model's time (in the "
            + "driver's own wait where the line has one), spin over the likely landing, then the driver's own wait "
            + "(Reactor.DEFAULT_PLAN)", Kind.PLAN, Reactor.DEFAULT_PLAN);

    /** The line's ways of waiting, on every backend; the backend's own come after them. */
    private static final List<Peer> PEERS = List.of(
            new Peer("spin", "busy spin on the word (WaitPlan.busySpin)", Kind.PLAN, WaitPlan.busySpin()),
            DEFAULT,
            new Peer("backoff", "sleep 2 us doubling to 200 us, no estimate", Kind.PLAN,
                    WaitPlan.backoff(Duration.ofNanos(2_000), Duration.ofNanos(200_000))),
            new Peer("yield", "Thread.yield between polls", Kind.PLAN, WaitPlan.yielding(Long.MAX_VALUE)),
            new Peer("hand-off", "Reactor.DEFAULT_PLAN handed to the engine: the waiter parks untimed, the dispatcher's "
                    + "timer and poll wake it (BlockingMode.HAND_OFF)", Kind.HAND_OFF, Reactor.DEFAULT_PLAN),
            new Peer("future", "Reactor.whenLanded(..).join(): the dispatcher completes it", Kind.FUTURE, null),
            new Peer("sleep-poll", "poll, Thread.sleep(1 ms), poll again", Kind.SLEEP_POLL, null),
            new Peer("timed-sleep", "one timed sleep (LockSupport.parkNanos) for the known work time, then return, "
                    + "landed or not: the CPU floor of one waiter on this machine", Kind.TIMED_SLEEP, null));

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final long[] NO_THREADS = {};

    private Bench() {
    }

    /** A backend chosen by name among those found, or why not: the reason is on {@code err}. */
    static Backends.Found choose(String name, List<Backends.Found> found, PrintStream err) {
        Backends.Found chosen = found.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
        if (chosen == null) {
            err.println("gar bench: no backend named '" + name + "'; found "
                    + found.stream().map(Backends.Found::name).collect(Collectors.joining(", "))
                    + " (a third party's backend goes on gar's module path with --backend-path or GAR_BACKEND_PATH)");
            return null;
        }
        if (!chosen.usable()) {
            err.println("gar bench: backend '" + chosen.name() + "' cannot be used here: " + chosen.problem());
            return null;
        }
        return chosen;
    }

    /** The status {@link #choose} failed with: no such backend, or one that cannot be used here. */
    static int notChosen(String name, List<Backends.Found> found) {
        return found.stream().anyMatch(f -> f.name().equals(name)) ? ExitStatus.CANNOT : ExitStatus.USAGE;
    }

    /**
     * A backend's bench workload, or why there is none: {@code status} is 0 with a workload, else
     * gar's exit status, the reason already on {@code err} ({@code lacking} ends the sentence for
     * a backend that offers none).
     */
    record Opened(BenchWorkload<?> workload, int status) {
    }

    static Opened open(BackendProvider provider, String name, String lacking, PrintStream err) {
        List<BenchProvider> offering = BenchProvider.forBackend(provider);
        if (offering.isEmpty()) {
            err.println("gar bench: backend '" + name + "' offers no bench workload: no bench module on the module path "
                    + "provides an io.gpuasync.bench.spi.BenchProvider for it, so " + lacking);
            return new Opened(null, ExitStatus.CANNOT);
        }
        if (offering.size() > 1) {
            err.println("gar bench: " + offering.size() + " bench providers for backend '" + name + "'; using "
                    + offering.getFirst().getClass().getName());
        }
        try {
            return new Opened(offering.getFirst().open(provider), 0);
        } catch (RuntimeException e) {
            err.println("gar bench: backend '" + name + "' could not prepare its bench workload: " + e.getMessage());
            return new Opened(null, ExitStatus.FAILED);
        }
    }

    static int run(Options options, List<Backends.Found> found, PrintStream out, PrintStream err) {
        Backends.Found chosen = choose(options.backend(), found, err);
        if (chosen == null) {
            return notChosen(options.backend(), found);
        }
        JfrRecording recording = options.jfr() == null ? null : JfrRecording.start();
        int code = runOn(options, chosen, out, err);
        if (recording != null) {
            try {
                long events = recording.stopAndDump(options.jfr());
                out.println("recorded " + events + " io.gpuasync events into " + options.jfr());
            } catch (IOException e) {
                err.println("gar bench: cannot write " + options.jfr() + ": " + e.getMessage());
                return ExitStatus.FAILED;
            }
        }
        return code;
    }

    private static int runOn(Options options, Backends.Found chosen, PrintStream out, PrintStream err) {
        String machine = Machine.describe();
        Opened opened = open(chosen.provider(), chosen.name(), "there is no device work to wait for", err);
        if (opened.workload() == null) {
            return opened.status();
        }
        List<Result> results = new ArrayList<>();
        boolean failed;
        String latency;
        WaitBreakdown breakdown;
        String warmUp;
        int cores = Runtime.getRuntime().availableProcessors();
        long[] original = Affinity.currentMask();
        boolean[] pinned = {false, false};
        try (BenchWorkload<?> workload = opened.workload()) {
            latency = workload.stampsEnd() ? "wake" : "wait";
            out.println("workload: " + workload.describe());
            // A device played by a host thread gets a core of its own, as a GPU is a processor
            // of its own: on a two-core machine, a waiter woken from a sleep would otherwise often
            // be put on the device thread's core and stall the device's work, which no GPU
            // suffers, and the figures would measure the host scheduler instead.
            if (cores >= 2 && workload.onDeviceThread(() -> pinned[0] = Affinity.pinCurrentThread(cores - 1, cores))) {
                pinned[1] = Affinity.pinCurrentThread(0, cores - 1);
                out.println(pinned[0] && pinned[1]
                        ? "the simulated device's thread runs on core " + (cores - 1) + ", the waiter on cores 0-" + (cores - 2)
                        : "threads not pinned (the device's busy work may share the waiter's core)");
            }
            List<BenchWorkload.NativeWait> own = workload.nativeWaits();
            out.println(own.isEmpty()
                    ? "the backend's own ways of waiting: none (its workload offers no BenchWorkload.nativeWaits()): "
                            + "only the line's plans are measured"
                    : "the backend's own ways of waiting, measured after the line's plans: "
                            + own.stream().map(BenchWorkload.NativeWait::name).collect(Collectors.joining(", ")));
            Measured measured = measureAll(workload, own, options, results, err);
            clearProgress(options, err);
            warmUp = measured.warmUp();
            out.println(warmUp);
            failed = measured.failed();
            breakdown = measured.breakdown();
        }
        // The thread's own mask back (a taskset or cpuset need not start at core 0) before the
        // many waiters: a thread starts with its creator's mask, and the waiters, streams and
        // dispatcher made here would all run on the waiter's one core.
        if (pinned[1] && !Affinity.restore(original)) {
            Affinity.pinCurrentThread(0, cores);
        }
        List<WaitersBench.Row> many = List.of();
        if (options.waiters() != null) {
            try {
                many = WaitersBench.run(options.waiters(), options.work(), options.jitter(), options.samples(), err);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return ExitStatus.FAILED;
            }
        }
        clearProgress(options, err);
        int reported = report(options, machine, latency, results, many, breakdown, warmUp, out, err);
        return failed ? ExitStatus.FAILED : reported;
    }

    /**
     * Whether one of the backend's own ways failed (its row left out), the default wait's
     * breakdown, and how the JIT was warmed up before the rows were measured.
     */
    private record Measured(boolean failed, WaitBreakdown breakdown, String warmUp) {
    }

    private static <S> Measured measureAll(BenchWorkload<S> workload, List<BenchWorkload.NativeWait> own,
                                           Options options, List<Result> results, PrintStream err) {
        boolean failed;
        int rows = PEERS.size() + own.size();
        WaitBreakdown breakdown;
        String warmUp;
        try (Reactor reactor = Reactor.builder().wakeQuantile(options.wakeQuantile()).build();
             Reactor handingOff = Reactor.builder().wakeQuantile(options.wakeQuantile())
                     .blockingMode(BlockingMode.HAND_OFF).build()) {
            warmUp = warmUp(workload, own, options, reactor, handingOff, err);
            failed = measureEach(workload, own, options, reactor, handingOff, results, err);
            int traced = rows + 1;
            try (Line<S> line = workload.openLine()) {
                Way standard = new LineWay<>(DEFAULT, reactor, workload, line, options.work());
                breakdown = WaitBreakdown.trace(options, tracing -> measure(standard, traced, rows, tracing, workload, err));
            }
        }
        return new Measured(failed, breakdown, warmUp);
    }

    // Rounds of every way's warm-up samples before any row is measured, until the JIT is quiet
    // (JitWarmUp); says how it went.
    private static <S> String warmUp(BenchWorkload<S> workload, List<BenchWorkload.NativeWait> own, Options options,
                                     Reactor reactor, Reactor handingOff, PrintStream err) {
        if (options.warmup() == 0) {
            return JitWarmUp.none();
        }
        Options warming = new Options(options.backend(), options.work(), options.warmup(), 0, null, null,
                options.progress(), options.waiters(), options.jitter(), null, options.wakeQuantile());
        return JitWarmUp.run(() -> measureEach(workload, own, warming, reactor, handingOff, null, err));
    }

    // Measures every way once with `options`, adding each row to `results` (none kept where it
    // is null); true if one of the backend's own ways failed.
    private static <S> boolean measureEach(BenchWorkload<S> workload, List<BenchWorkload.NativeWait> own,
                                           Options options, Reactor reactor, Reactor handingOff, List<Result> results,
                                           PrintStream err) {
        boolean failed = false;
        int rows = PEERS.size() + own.size();
        int index = 0;
        for (Peer peer : PEERS) {
            index++;
            // A fresh line per plan, so each plan's estimator starts from nothing.
            try (Line<S> line = workload.openLine()) {
                Reactor waitsOn = peer.kind() == Kind.HAND_OFF ? handingOff : reactor;
                Way way = new LineWay<>(peer, waitsOn, workload, line, options.work());
                Result result = measure(way, index, rows, options, workload, err);
                if (results != null) {
                    results.add(result);
                }
            }
        }
        for (BenchWorkload.NativeWait wait : own) {
            index++;
            try {
                Result result = measure(new OwnWay(wait), index, rows, options, workload, err);
                if (results != null) {
                    results.add(result);
                }
            } catch (RuntimeException e) {
                if (results != null) {
                    clearProgress(options, err);
                    err.println("gar bench: the backend's own wait '" + wait.name() + "' failed, so it has no row: " + e);
                    failed = true;
                }
            }
        }
        return failed;
    }

    /** One row's way of waiting, as the sample loop drives it. */
    private interface Way {
        String name();

        String how();

        boolean backendOwn();

        /** Queues about {@code work} of device work and what this way waits with. */
        void queue(Duration work);

        /** Waits for what {@link #queue} queued. */
        void await();

        /** After the clock stopped: makes sure the work landed before the next sample. */
        default void settle() {
        }

        /** The threads besides the waiter this way's CPU counts. */
        long[] helperThreadIds();

        /** The estimator's prediction of the last queued work's landing, or {@link DeadlineEstimator#UNKNOWN}. */
        default long prediction() {
            return DeadlineEstimator.UNKNOWN;
        }

        /** The line's accuracy counts so far, or null where the way has no line. */
        default DeadlineEstimator.Accuracy accuracy() {
            return null;
        }
    }

    private static final class LineWay<S> implements Way {
        private final Peer peer;
        private final Reactor reactor;
        private final BenchWorkload<S> workload;
        private final Line<S> line;
        // The host's view of the line: its predictions, and how they scored.
        private final HostLine<S> host;
        private final Prediction predicts = new Prediction();
        private final long[] helpers;
        private Ticket ticket;
        private long prediction;
        // The known work time, which timed-sleep sleeps for whatever the jitter made of this sample's.
        private final long workNanos;

        LineWay(Peer peer, Reactor reactor, BenchWorkload<S> workload, Line<S> line, Duration work) {
            this.peer = peer;
            this.workNanos = work.toNanos();
            this.reactor = reactor;
            this.workload = workload;
            this.line = line;
            this.host = HostLine.of(line);
            // Every thread that works for a wait counts: for the line's waits through the
            // reactor, the dispatcher too (it polls for futures and for waiters that handed it
            // their sleep).
            boolean viaReactor = peer.kind() == Kind.PLAN || peer.kind() == Kind.HAND_OFF || peer.kind() == Kind.FUTURE;
            this.helpers = viaReactor ? new long[] {reactor.stats().threadId()} : NO_THREADS;
        }

        @Override
        public String name() {
            return peer.name();
        }

        @Override
        public String how() {
            return peer.how();
        }

        @Override
        public boolean backendOwn() {
            return false;
        }

        @Override
        public void queue(Duration work) {
            workload.enqueue(work);
            ticket = line.signal(workload.stream(), Slot.S0);
            host.predict(Slot.S0, ticket.target(), reactor.wakeModel(), predicts);
            prediction = predicts.landing();
        }

        @Override
        public void await() {
            switch (peer.kind()) {
                case PLAN, HAND_OFF -> reactor.await(ticket, peer.plan());
                case FUTURE -> reactor.whenLanded(ticket).join();
                case SLEEP_POLL -> sleepPoll(ticket);
                case TIMED_SLEEP -> LockSupport.parkNanos(workNanos);
            }
        }

        @Override
        public void settle() {
            // Its latency is the sleep's, not a wake's, measured from the landing all the same
            // (negative: it woke before the work ended); the next sample must not start before
            // this one's work ended.
            while (!ticket.isDone()) {
                Thread.onSpinWait();
            }
        }

        @Override
        public long[] helperThreadIds() {
            return helpers;
        }

        @Override
        public long prediction() {
            return prediction;
        }

        @Override
        public DeadlineEstimator.Accuracy accuracy() {
            return host.accuracy();
        }
    }

    private record OwnWay(BenchWorkload.NativeWait own) implements Way {
        @Override
        public String name() {
            return own.name();
        }

        @Override
        public String how() {
            return own.how();
        }

        @Override
        public boolean backendOwn() {
            return true;
        }

        @Override
        public void queue(Duration work) {
            own.queue(work);
        }

        @Override
        public void await() {
            own.await();
        }

        @Override
        public long[] helperThreadIds() {
            return own.helperThreadIds();
        }
    }

    /** Shows a progress line, rewritten in place, if the options say there is a terminal to show it on. */
    static void progress(Options options, PrintStream err, String format, Object... args) {
        if (options.progress()) {
            err.print("\r" + String.format(Locale.ROOT, format, args));
            err.flush();
        }
    }

    /** Clears what {@link #progress} showed. */
    static void clearProgress(Options options, PrintStream err) {
        if (options.progress()) {
            err.print("\r" + " ".repeat(70) + "\r");
            err.flush();
        }
    }

    /**
     * Times {@code way} {@code warmup + samples} times on {@code workload}'s work. The one
     * sample loop of every row on every backend.
     */
    private static Result measure(Way way, int index, int rows, Options options, BenchWorkload<?> workload,
                                  PrintStream err) {
        int total = options.warmup() + options.samples();
        long[] latencies = new long[options.samples()];
        long[] errors = new long[options.samples()];
        int predicted = 0;
        long cpu = 0;
        long waited = 0;
        long allocated = 0;
        boolean held = workload.holdsWork();
        boolean stamped = workload.stampsEnd();
        SplittableRandom random = new SplittableRandom(index);
        double sigma = Math.sqrt(Math.log(1 + options.jitter() * options.jitter()));
        DeadlineEstimator.Accuracy accuracyAfterWarmup = way.accuracy();
        for (int i = 0; i < total; i++) {
            if (i % 100 == 0) {
                progress(options, err, "[%d/%d] %-11s %5d/%d samples", index, rows, way.name(), i, total);
            }
            if (i == options.warmup()) {
                // The estimator's own counts start here, as the measured samples do.
                accuracyAfterWarmup = way.accuracy();
            }
            Duration work = WaitersBench.jittered(options.work(), sigma, random);
            long[] helpers = way.helperThreadIds();
            long helpersBefore = 0;
            long cpuBefore = 0;
            long start = 0;
            if (!held) {
                helpersBefore = cpuOf(helpers);
                cpuBefore = THREADS.getCurrentThreadCpuTime();
                start = System.nanoTime();
            }
            // The backend's own ways count what queueing them allocates (a callback's future and
            // Runnable); the line's leave out the Ticket each signal returns. Neither counts what
            // the CPU snapshots allocate (reading another thread's CPU time does).
            long queueBefore = THREADS.getCurrentThreadAllocatedBytes();
            way.queue(work);
            long queueBytes = way.backendOwn() ? THREADS.getCurrentThreadAllocatedBytes() - queueBefore : 0;
            if (held) {
                helpersBefore = cpuOf(helpers);
                cpuBefore = THREADS.getCurrentThreadCpuTime();
            }
            long allocBefore = THREADS.getCurrentThreadAllocatedBytes();
            if (held) {
                start = System.nanoTime();
                workload.release();
            }
            way.await();
            long end = System.nanoTime();
            long bytes = THREADS.getCurrentThreadAllocatedBytes() - allocBefore + queueBytes;
            long cpuUsed = THREADS.getCurrentThreadCpuTime() - cpuBefore + cpuOf(helpers) - helpersBefore;
            way.settle();
            if (i >= options.warmup()) {
                long from = stamped ? workload.lastEnd() : start;
                latencies[i - options.warmup()] = end - from;
                long prediction = way.prediction();
                if (stamped && prediction != DeadlineEstimator.UNKNOWN) {
                    errors[predicted++] = Math.abs(from - prediction);
                }
                cpu += cpuUsed;
                waited += end - start;
                allocated += bytes;
            }
        }
        Arrays.sort(latencies);
        long[] sortedErrors = Arrays.copyOf(errors, predicted);
        Arrays.sort(sortedErrors);
        DeadlineEstimator.Accuracy accuracy = way.accuracy();
        long late = accuracy == null ? -1 : accuracy.landedLate() - accuracyAfterWarmup.landedLate();
        long early = accuracy == null ? -1 : accuracy.landedEarly() - accuracyAfterWarmup.landedEarly();
        String estimator = predicted == 0 ? "" : String.format(Locale.ROOT,
                "|landing - prediction| p50 %.1f us, p90 %.1f us; %d landed after their prediction, %d before",
                percentile(sortedErrors, 0.5) / 1e3, percentile(sortedErrors, 0.9) / 1e3, late, early);
        return new Result(way.name(), way.how(), percentile(latencies, 0.50), percentile(latencies, 0.99),
                waited == 0 ? 0 : (double) cpu / waited, (double) cpu / options.samples(),
                (double) allocated / options.samples(), options.samples(),
                estimator, predicted == 0 ? -1 : percentile(sortedErrors, 0.5),
                predicted == 0 ? -1 : percentile(sortedErrors, 0.9), predicted == 0 ? -1 : late, predicted == 0 ? -1 : early,
                way.backendOwn());
    }

    // A thread not (or no longer) known to the JVM counts 0: its CPU cannot be read.
    private static long cpuOf(long[] threads) {
        long sum = 0;
        for (long id : threads) {
            long cpu = id == 0 ? -1 : THREADS.getThreadCpuTime(id);
            sum += Math.max(0, cpu);
        }
        return sum;
    }

    private static void sleepPoll(Ticket ticket) {
        while (!ticket.isDone()) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    static long percentile(long[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }

    /** The table, the JSON and the chart, as asked for; {@code latency} says what the latency columns time. */
    static int report(Options options, String machine, String latency, List<Result> results,
                      List<WaitersBench.Row> many, WaitBreakdown breakdown, String warmUp, PrintStream out,
                      PrintStream err) {
        printTable(options, machine, latency, results, out);
        if (breakdown != null) {
            breakdown.print(results.stream().filter(r -> r.plan().equals("timed-sleep")).findFirst().orElse(null), out);
        }
        if (!many.isEmpty()) {
            WaitersBench.print(many, options.work(), options.jitter(), out);
        }
        if (options.json() != null) {
            try {
                Files.writeString(options.json(), JsonText.write(json(options, machine, results, many, breakdown, warmUp)));
                out.println("wrote " + options.json());
            } catch (IOException e) {
                err.println("gar bench: cannot write " + options.json() + ": " + e.getMessage());
                return ExitStatus.FAILED;
            }
        }
        if (options.chart() != null) {
            try {
                Files.writeString(options.chart(), Chart.svg(options, machine, latency, results, many));
                out.println("drew " + options.chart());
            } catch (IOException e) {
                err.println("gar bench: cannot write " + options.chart() + ": " + e.getMessage());
                return ExitStatus.FAILED;
            }
        }
        return ExitStatus.OK;
    }

    private static void printTable(Options options, String machine, String latency, List<Result> results,
                                   PrintStream out) {
        out.printf(Locale.ROOT, "gar bench: backend %s, %d us of device work per sample, %d samples per plan "
                        + "(after %d warm-up), wake quantile %s%n", options.backend(), options.work().toNanos() / 1_000,
                options.samples(), options.warmup(), options.wakeQuantile());
        out.println("machine: " + machine + "; Java " + Runtime.version() + "; " + Instant.now());
        out.println();
        out.printf(Locale.ROOT, "%-11s %11s %11s %12s %12s %12s %9s %9s%n",
                "plan", "p50 " + latency, "p99 " + latency, "waiting CPU", "CPU/await", "bytes/await", "p50/spin", "CPU/spin");
        Result spin = results.getFirst();
        for (Result r : results) {
            out.printf(Locale.ROOT, "%-11s %8.1f us %8.1f us %11.1f%% %9.1f us %12.1f %8.2fx %8.2fx%n",
                    r.plan(), r.p50Nanos() / 1e3, r.p99Nanos() / 1e3, r.cpuFraction() * 100, r.cpuNanosPerAwait() / 1e3,
                    r.allocBytesPerAwait(),
                    (double) r.p50Nanos() / spin.p50Nanos(),
                    spin.cpuFraction() == 0 ? 0 : r.cpuFraction() / spin.cpuFraction());
        }
        out.println();
        out.println(latency.equals("wake")
                ? "p50/p99 wake: from the device finishing the work (stamped on its thread) to the waiter running again."
                : "p50/p99 wait: from queueing the work and its signal to the waiter running again (a device cannot stamp\n"
                        + "  the host's clock); the work is the same for every row, so the differences are differences in waking.");
        out.println("waiting CPU: the waiter's CPU time over its own waiting time (100% = a core busy throughout; the line's");
        out.println("  waits add the dispatcher's CPU). CPU/await: the same in microseconds per await, comparable across plans that");
        out.println("  wait for different times. bytes/await: what the waiting thread allocated per await (line plans leave");
        out.println("  out the 24-byte Ticket each signal returns; the backend's own include what queueing them allocates).");
        out.println("p50/spin, CPU/spin: this row's p50 and waiting CPU divided by the spin row's (below 1x: less than spin).");
        out.println("Warm-up samples are excluded from every figure, the estimator's counts included; before any row, every");
        out.println("  row's warm-up ran in rounds until one left the JIT little to compile (the JIT warm-up line above).");
        for (Result r : results) {
            out.printf("  %-11s %s%s%s%n", r.plan(), r.backendOwn() ? options.backend() + "'s own: " : "", r.how(),
                    r.estimator().isEmpty() ? "" : "; estimator: " + r.estimator());
        }
    }

    /** The figures as a JSON tree: the field names {@code gpu/check.sh}'s results table reads. */
    static Map<String, Object> json(Options options, String machine, List<Result> results, List<WaitersBench.Row> many,
                                    WaitBreakdown breakdown, String warmUp) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("backend", options.backend());
        json.put("work_ns", options.work().toNanos());
        json.put("jitter", JsonText.round(options.jitter(), 3));
        json.put("wake_quantile", options.wakeQuantile());
        json.put("samples", options.samples());
        json.put("jit_warm_up", warmUp);
        json.put("machine", machine);
        json.put("java", Runtime.version().toString());
        json.put("date", Instant.now().toString());
        List<Map<String, Object>> plans = new ArrayList<>();
        for (Result r : results) {
            Map<String, Object> plan = new LinkedHashMap<>();
            plan.put("plan", r.plan());
            plan.put("how", r.how());
            plan.put("p50_ns", r.p50Nanos());
            plan.put("p99_ns", r.p99Nanos());
            plan.put("cpu_fraction", JsonText.round(r.cpuFraction(), 4));
            plan.put("alloc_bytes_per_await", JsonText.round(r.allocBytesPerAwait(), 1));
            plan.put("cpu_ns_per_await", Math.round(r.cpuNanosPerAwait()));
            plan.put("samples", r.samples());
            plan.put("estimator", r.estimator());
            plan.put("estimator_error_p50_ns", r.estimatorP50Nanos());
            plan.put("estimator_error_p90_ns", r.estimatorP90Nanos());
            plan.put("landed_after_prediction", r.landedAfter());
            plan.put("landed_before_prediction", r.landedBefore());
            plan.put("waits_on", r.backendOwn() ? "backend" : "line");
            plans.add(plan);
        }
        json.put("plans", plans);
        if (!many.isEmpty()) {
            json.put("waiters", WaitersBench.json(many));
        }
        if (breakdown != null) {
            json.put("default_breakdown", breakdown.json());
        }
        return json;
    }
}
