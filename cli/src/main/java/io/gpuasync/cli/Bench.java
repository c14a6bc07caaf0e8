package io.gpuasync.cli;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.host.std.BlockingMode;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.Backends;
import io.gpuasync.spi.HostLine;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

/**
 * {@code gar bench}: each way to wait for device work, side by side in one run, on the same
 * work: the library's wait plans, and the peers a user would otherwise write (a busy spin, a
 * host callback completing a future as with {@code cuLaunchHostFunc}, a sleep-and-poll loop).
 *
 * <p>Per sample: the device holds at a gate until the waiter is ready, runs {@code work} of busy
 * time, notes the time, then stores (or calls back). Wake latency is from that note to the
 * waiter running again; waiting CPU is the waiting thread's CPU time (plus the dispatcher's, for
 * futures it completes) over the time it waited; bytes are what the waiting thread allocated for
 * the wait.
 *
 * <p>The gate matters on a small machine: the simulated device's busy work takes a core, and
 * without it a device thread woken by the queueing could take the waiter's core and finish the
 * work before the waiter even began to wait. Spinning at the gate, the device thread is already
 * running when the waiter opens it, as a GPU is.
 */
final class Bench {
    /**
     * What to run; {@code jfr} is where to record the library's JFR events, or null;
     * {@code progress} whether to show progress (on a terminal only: it rewrites one line);
     * {@code waiters}, when not null, the counts of waiters {@link WaitersBench} runs too;
     * {@code jitter} the spread of the device's work, its coefficient of variation (0.3 = 30%).
     */
    record Options(String backend, Duration work, int samples, int warmup, Path json, Path jfr, boolean progress,
                   int[] waiters, double jitter) {
        Options(String backend, Duration work, int samples, int warmup, Path json, Path jfr, boolean progress) {
            this(backend, work, samples, warmup, json, jfr, progress, null, 0);
        }
    }

    /**
     * One row. The estimator figures are the |landing - prediction| quantiles and how many
     * landings came after and before their prediction, or -1 where the row has no prediction;
     * {@code backendOwn} marks a way of waiting the backend offers itself
     * ({@link io.gpuasync.spi.BenchWorkload#nativeWaits()}), not one of the line's.
     */
    record Result(String plan, String how, long p50Nanos, long p99Nanos, double cpuFraction,
                  double cpuNanosPerAwait, double allocBytesPerAwait, int samples, String estimator,
                  long estimatorP50Nanos, long estimatorP90Nanos, long landedAfter, long landedBefore,
                  boolean backendOwn) {
        Result(String plan, String how, long p50Nanos, long p99Nanos, double cpuFraction, double cpuNanosPerAwait,
               double allocBytesPerAwait, int samples, String estimator, long estimatorP50Nanos,
               long estimatorP90Nanos, long landedAfter, long landedBefore) {
            this(plan, how, p50Nanos, p99Nanos, cpuFraction, cpuNanosPerAwait, allocBytesPerAwait, samples, estimator,
                    estimatorP50Nanos, estimatorP90Nanos, landedAfter, landedBefore, false);
        }

        Result(String plan, String how, long p50Nanos, long p99Nanos, double cpuFraction, double cpuNanosPerAwait,
               double allocBytesPerAwait, int samples, String estimator) {
            this(plan, how, p50Nanos, p99Nanos, cpuFraction, cpuNanosPerAwait, allocBytesPerAwait, samples, estimator,
                    -1, -1, -1, -1, false);
        }
    }

    private enum Kind { PLAN, HAND_OFF, FUTURE, CALLBACK, SLEEP_POLL, TIMED_SLEEP }

    private record Peer(String name, String how, Kind kind, WaitPlan plan) {
    }

    private static final Peer HYBRID = new Peer("hybrid", "sleep to the estimated landing, spin, back off (Reactor.HYBRID)",
            Kind.PLAN, Reactor.HYBRID);

    private static final List<Peer> PEERS = List.of(
            new Peer("spin", "busy spin on the word (WaitPlan.busySpin)", Kind.PLAN, WaitPlan.busySpin()),
            HYBRID,
            new Peer("backoff", "sleep 2 us doubling to 200 us, no estimate", Kind.PLAN,
                    WaitPlan.backoff(Duration.ofNanos(2_000), Duration.ofNanos(200_000))),
            new Peer("yield", "Thread.yield between polls", Kind.PLAN, WaitPlan.yielding(Long.MAX_VALUE)),
            new Peer("hand-off", "Reactor.HYBRID handed to the engine: the waiter parks untimed, the dispatcher's "
                    + "timer and poll wake it (BlockingMode.HAND_OFF)", Kind.HAND_OFF, Reactor.HYBRID),
            new Peer("future", "Reactor.whenLanded(..).join(): the dispatcher completes it", Kind.FUTURE, null),
            new Peer("callback", "host callback completes a CompletableFuture (cuLaunchHostFunc model)", Kind.CALLBACK, null),
            new Peer("sleep-poll", "poll, Thread.sleep(1 ms), poll again", Kind.SLEEP_POLL, null),
            new Peer("timed-sleep", "one timed sleep (LockSupport.parkNanos) for the known work time, then return, "
                    + "landed or not: the CPU floor of one waiter on this machine", Kind.TIMED_SLEEP, null));

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private Bench() {
    }

    static int run(Options options, List<Backends.Found> found, PrintStream out, PrintStream err) {
        Backends.Found chosen = found.stream().filter(f -> f.name().equals(options.backend())).findFirst().orElse(null);
        if (chosen == null) {
            err.println("gar bench: no backend named '" + options.backend() + "'; found "
                    + found.stream().map(Backends.Found::name).collect(Collectors.joining(", "))
                    + " (a third party's backend goes on gar's module path with --backend-path or GAR_BACKEND_PATH)");
            return Gar.USAGE;
        }
        if (!chosen.usable()) {
            err.println("gar bench: backend '" + chosen.name() + "' cannot be used here: " + chosen.problem());
            return Gar.CANNOT;
        }
        JfrRecording recording = options.jfr() == null ? null : JfrRecording.start();
        int code = switch (chosen.name()) {
            case "sim" -> runSim(options, out, err);
            case "cuda" -> CudaBench.run(options, out, err);
            default -> WorkloadBench.run(options, chosen.provider(), out, err);
        };
        if (recording != null) {
            try {
                long events = recording.stopAndDump(options.jfr());
                out.println("recorded " + events + " io.gpuasync events into " + options.jfr());
            } catch (IOException e) {
                err.println("gar bench: cannot write " + options.jfr() + ": " + e.getMessage());
                return Gar.FAILED;
            }
        }
        return code;
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

    private static int runSim(Options options, PrintStream out, PrintStream err) {
        SimBackend sim = SimBackend.create(1);
        List<Result> results = new ArrayList<>();
        int cores = Runtime.getRuntime().availableProcessors();
        String machine = Machine.describe();
        boolean[] pinned = {false, false};
        long[] original = null;
        HybridBreakdown breakdown;
        try (Reactor reactor = Reactor.start();
             Reactor handingOff = Reactor.builder().blockingMode(BlockingMode.HAND_OFF).build();
             SimStream stream = sim.device(0).createStream()) {
            if (cores >= 2) {
                original = Affinity.currentMask();
                stream.call(() -> pinned[0] = Affinity.pinCurrentThread(cores - 1, cores));
                pinned[1] = Affinity.pinCurrentThread(0, cores - 1);
                try {
                    stream.synchronize(Duration.ofSeconds(10));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 1;
                }
            }
            out.println(pinned[0] && pinned[1]
                    ? "the simulated device's thread runs on core " + (cores - 1) + ", the waiter on cores 0-" + (cores - 2)
                    : "threads not pinned (the device's busy work may share the waiter's core)");
            int index = 0;
            for (Peer peer : PEERS) {
                index++;
                // A fresh line per plan, so each plan's estimator starts from nothing.
                try (Line<SimStream> line = sim.openLine()) {
                    results.add(measure(peer, index, options, peer.kind() == Kind.HAND_OFF ? handingOff : reactor,
                            stream, line, err));
                }
            }
            try (Line<SimStream> line = sim.openLine()) {
                breakdown = HybridBreakdown.trace(options,
                        tracing -> measure(HYBRID, PEERS.size() + 1, tracing, reactor, stream, line, err));
            }
        }
        // The thread's own mask back (a taskset or cpuset need not start at core 0) before the
        // many waiters: a thread starts with its creator's mask, and the waiters, streams and
        // dispatcher made here ran on the waiter's one core (50-100 runnable, the other idle).
        if (pinned[1] && !Affinity.restore(original)) {
            Affinity.pinCurrentThread(0, cores);
        }
        List<WaitersBench.Row> many = List.of();
        if (options.waiters() != null) {
            try {
                many = WaitersBench.run(options.waiters(), options.work(), options.jitter(), options.samples(), err);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 1;
            }
        }
        clearProgress(options, err);
        return report(options, machine, "wake", results, many, breakdown, out, err);
    }

    /** The table, and the JSON if asked for; {@code latency} says what the latency columns time. */
    static int report(Options options, String machine, String latency, List<Result> results, PrintStream out,
                      PrintStream err) {
        return report(options, machine, latency, results, List.of(), out, err);
    }

    static int report(Options options, String machine, String latency, List<Result> results,
                      List<WaitersBench.Row> many, PrintStream out, PrintStream err) {
        return report(options, machine, latency, results, many, null, out, err);
    }

    static int report(Options options, String machine, String latency, List<Result> results,
                      List<WaitersBench.Row> many, HybridBreakdown breakdown, PrintStream out, PrintStream err) {
        printTable(options, machine, latency, results, out);
        if (breakdown != null) {
            breakdown.print(results.stream().filter(r -> r.plan().equals("timed-sleep")).findFirst().orElse(null), out);
        }
        if (!many.isEmpty()) {
            WaitersBench.print(many, options.work(), options.jitter(), out);
        }
        if (options.json() != null) {
            try {
                Files.writeString(options.json(), json(options, machine, results, many, breakdown));
                out.println("wrote " + options.json());
            } catch (IOException e) {
                err.println("gar bench: cannot write " + options.json() + ": " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }

    private static Result measure(Peer peer, int index, Options options, Reactor reactor, SimStream stream,
                                  Line<SimStream> line, PrintStream err) {
        int total = options.warmup() + options.samples();
        long[] latencies = new long[options.samples()];
        long[] errors = new long[options.samples()];
        int predicted = 0;
        long[] stamp = new long[1];
        AtomicLong gate = new AtomicLong();
        long cpu = 0;
        long waited = 0;
        long allocated = 0;
        java.util.SplittableRandom random = new java.util.SplittableRandom(index);
        double sigma = Math.sqrt(Math.log(1 + options.jitter() * options.jitter()));
        // Every thread that works for a wait counts: for the line's waits, the dispatcher too
        // (it polls for futures and for waiters that handed it their sleep).
        boolean viaReactor = peer.kind() == Kind.PLAN || peer.kind() == Kind.HAND_OFF || peer.kind() == Kind.FUTURE;
        HostLine<?> host = HostLine.of(line);
        HostLine.Prediction predicts = new HostLine.Prediction();
        DeadlineEstimator.Accuracy accuracyAfterWarmup = host.accuracy();
        for (int i = 0; i < total; i++) {
            if (i % 100 == 0) {
                progress(options, err, "[%d/%d] %-10s %5d/%d samples", index, PEERS.size(), peer.name(), i, total);
            }
            if (i == options.warmup()) {
                // The estimator's own counts start here, as the measured samples do.
                accuracyAfterWarmup = host.accuracy();
            }
            long sample = i + 1;
            stream.call(() -> {
                while (gate.get() < sample) {
                    Thread.onSpinWait();
                }
            });
            stream.busy(WaitersBench.jittered(options.work(), sigma, random));
            stream.call(() -> stamp[0] = System.nanoTime());
            long bytes = 0;
            CompletableFuture<Void> callback = null;
            Ticket ticket = null;
            if (peer.kind() == Kind.CALLBACK) {
                long before = THREADS.getCurrentThreadAllocatedBytes();
                CompletableFuture<Void> future = new CompletableFuture<>();
                Runnable complete = () -> future.complete(null);
                bytes += THREADS.getCurrentThreadAllocatedBytes() - before;
                stream.call(complete);
                callback = future;
            } else {
                ticket = line.signal(stream, Slot.S0);
            }
            long prediction = DeadlineEstimator.UNKNOWN;
            if (ticket != null) {
                host.predict(Slot.S0, ticket.target(), predicts);
                prediction = predicts.landing();
            }
            long dispatcherCpu = viaReactor ? THREADS.getThreadCpuTime(reactor.dispatcherThreadId()) : 0;
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            long allocBefore = THREADS.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            gate.set(sample);
            switch (peer.kind()) {
                case PLAN, HAND_OFF -> reactor.await(ticket, peer.plan());
                case FUTURE -> reactor.whenLanded(ticket).join();
                case CALLBACK -> callback.join();
                case SLEEP_POLL -> sleepPoll(ticket);
                case TIMED_SLEEP -> LockSupport.parkNanos(options.work().toNanos());
            }
            long end = System.nanoTime();
            bytes += THREADS.getCurrentThreadAllocatedBytes() - allocBefore;
            long cpuUsed = THREADS.getCurrentThreadCpuTime() - cpuBefore;
            if (viaReactor) {
                cpuUsed += THREADS.getThreadCpuTime(reactor.dispatcherThreadId()) - dispatcherCpu;
            }
            if (peer.kind() == Kind.TIMED_SLEEP) {
                // Its latency is the sleep's, not a wake's, measured from the landing all the
                // same (negative: it woke before the work ended); the next sample must not start
                // before this one's work ended.
                waitUntilLanded(ticket);
            }
            if (i >= options.warmup()) {
                latencies[i - options.warmup()] = end - stamp[0];
                if (prediction != DeadlineEstimator.UNKNOWN) {
                    errors[predicted++] = Math.abs(stamp[0] - prediction);
                }
                cpu += cpuUsed;
                waited += end - start;
                allocated += bytes;
            }
        }
        Arrays.sort(latencies);
        Arrays.sort(errors, 0, predicted);
        DeadlineEstimator.Accuracy accuracy = host.accuracy();
        long early = accuracy.early() - accuracyAfterWarmup.early();
        long late = accuracy.late() - accuracyAfterWarmup.late();
        String estimator = predicted == 0 ? "" : String.format(Locale.ROOT,
                "|landing - prediction| p50 %.1f us, p90 %.1f us; %d landed after their prediction, %d before",
                percentile(Arrays.copyOf(errors, predicted), 0.5) / 1e3,
                percentile(Arrays.copyOf(errors, predicted), 0.9) / 1e3, early, late);
        long[] sortedErrors = Arrays.copyOf(errors, predicted);
        return new Result(peer.name(), peer.how(), percentile(latencies, 0.50), percentile(latencies, 0.99),
                waited == 0 ? 0 : (double) cpu / waited, (double) cpu / options.samples(),
                (double) allocated / options.samples(), options.samples(),
                estimator, predicted == 0 ? -1 : percentile(sortedErrors, 0.5),
                predicted == 0 ? -1 : percentile(sortedErrors, 0.9), predicted == 0 ? -1 : early, predicted == 0 ? -1 : late);
    }

    private static void waitUntilLanded(Ticket ticket) {
        while (!ticket.isDone()) {
            Thread.onSpinWait();
        }
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

    private static void printTable(Options options, String machine, String latency, List<Result> results,
                                   PrintStream out) {
        out.printf(Locale.ROOT, "gar bench: backend %s, %d us of device work per sample, %d samples per plan "
                        + "(after %d warm-up)%n", options.backend(), options.work().toNanos() / 1_000, options.samples(),
                options.warmup());
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
        out.println("  out the 24-byte Ticket each signal returns; callback's include its future and Runnable).");
        out.println("p50/spin, CPU/spin: this row's p50 and waiting CPU divided by the spin row's (below 1x: less than spin).");
        out.println("Warm-up samples are excluded from every figure, the estimator's counts included.");
        for (Result r : results) {
            out.printf("  %-11s %s%s%s%n", r.plan(), r.backendOwn() ? options.backend() + "'s own: " : "", r.how(),
                    r.estimator().isEmpty() ? "" : "; estimator: " + r.estimator());
        }
    }

    static String json(Options options, String machine, List<Result> results) {
        return json(options, machine, results, List.of());
    }

    static String json(Options options, String machine, List<Result> results, List<WaitersBench.Row> many) {
        return json(options, machine, results, many, null);
    }

    static String json(Options options, String machine, List<Result> results, List<WaitersBench.Row> many,
                       HybridBreakdown breakdown) {
        StringBuilder json = new StringBuilder();
        json.append("{\n");
        json.append("  \"backend\": ").append(quote(options.backend())).append(",\n");
        json.append("  \"work_ns\": ").append(options.work().toNanos()).append(",\n");
        json.append("  \"jitter\": ").append(String.format(Locale.ROOT, "%.3f", options.jitter())).append(",\n");
        json.append("  \"samples\": ").append(options.samples()).append(",\n");
        json.append("  \"machine\": ").append(quote(machine)).append(",\n");
        json.append("  \"java\": ").append(quote(Runtime.version().toString())).append(",\n");
        json.append("  \"date\": ").append(quote(Instant.now().toString())).append(",\n");
        json.append("  \"plans\": [\n");
        for (int i = 0; i < results.size(); i++) {
            Result r = results.get(i);
            json.append(String.format(Locale.ROOT,
                    "    {\"plan\": %s, \"how\": %s, \"p50_ns\": %d, \"p99_ns\": %d, \"cpu_fraction\": %.4f, "
                            + "\"alloc_bytes_per_await\": %.1f, \"cpu_ns_per_await\": %.0f, \"samples\": %d, "
                            + "\"estimator\": %s, \"estimator_error_p50_ns\": %d, \"estimator_error_p90_ns\": %d, "
                            + "\"landed_after_prediction\": %d, \"landed_before_prediction\": %d, "
                            + "\"waits_on\": %s}%s%n",
                    quote(r.plan()), quote(r.how()), r.p50Nanos(), r.p99Nanos(), r.cpuFraction(),
                    r.allocBytesPerAwait(), r.cpuNanosPerAwait(), r.samples(), quote(r.estimator()),
                    r.estimatorP50Nanos(), r.estimatorP90Nanos(), r.landedAfter(), r.landedBefore(),
                    quote(r.backendOwn() ? "backend" : "line"),
                    i + 1 < results.size() ? "," : ""));
        }
        json.append("  ]");
        if (!many.isEmpty()) {
            json.append(",\n  \"waiters\": ").append(WaitersBench.json(many));
        }
        if (breakdown != null) {
            json.append(",\n  \"hybrid_breakdown\": ").append(breakdown.json());
        }
        json.append("\n}\n");
        return json.toString();
    }

    private static String quote(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                default -> {
                    if (c < 0x20) {
                        q.append(String.format("\\u%04x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
