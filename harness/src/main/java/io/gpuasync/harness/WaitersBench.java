package io.gpuasync.harness;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.BlockingMode;
import io.gpuasync.host.std.Reactor;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;

/**
 * {@code gar bench --waiters N,...}: many waits at once. N platform threads each loop over its
 * own ticket (queue work on one of 16 simulated streams, signal one of its line's slots, wait),
 * so N waits are pending at any time, on 16 lines; for each way a reactor can wait for them.
 *
 * <p>The device's work here is a timed sleep of its stream's thread, not busy work: a GPU costs
 * the host nothing while it works, and 16 busy streams would take every core of a small machine
 * from the waiters being measured. CPU per await counts every thread that worked for the waits,
 * the waiters and the reactor's dispatcher (which sleeps for, polls, and wakes handed-off
 * waiters), over the awaits completed; latency is from the device's note just before its store
 * to the waiter running again.
 */
final class WaitersBench {
    static final int LINES = 16;
    // Each waiter's own count, whatever the total: a total shared among many waiters leaves each
    // a few waits, and the row would measure the start, before the lines' estimators saw their
    // queues deep.
    static final int MIN_AWAITS_PER_WAITER = 40;
    static final int MIN_WARMUP_PER_WAITER = 10;

    /**
     * One way at one count. {@code deviceCores} is the simulated device's CPU over the run, in
     * cores: its streams' threads time their work with timed sleeps, each of which costs the host
     * CPU, so at 16 busy streams the device alone can take most of a small machine, which no way
     * of waiting can give back.
     * {@code dispatcherNanosPerAwait} is the dispatcher's part of {@code cpuNanosPerAwait}.
     * {@code busyCores} is the whole process's CPU over the run, in cores: at the machine's count
     * of cores, the waits queue for a processor, and their latency says so, not how they wait.
     * {@code waiterCpus} is the CPUs the first waiter's thread may run on, as Linux lists them
     * ({@code Cpus_allowed_list}), or "unknown": a thread starts with its creator's mask.
     */
    record Row(String way, int waiters, long p50Nanos, long p99Nanos, double cpuNanosPerAwait, long awaits,
               String how, double deviceCores, double dispatcherNanosPerAwait, double busyCores, String waiterCpus) {
    }

    private enum Way {
        OWN_PLAN("own-plan", "each waiter runs Reactor.DEFAULT_PLAN itself (BlockingMode.OWN_PLAN)"),
        HAND_OFF("hand-off", "each waiter parks; the engine's one timer and poll wake it (BlockingMode.HAND_OFF)"),
        ADAPTIVE("adaptive", "the default: own plan while cores allow, hand-off beyond (BlockingMode.ADAPTIVE)"),
        FUTURE("future", "Reactor.whenLanded(..).join(): the dispatcher completes the futures");

        final String label;
        final String how;

        Way(String label, String how) {
            this.label = label;
            this.how = how;
        }
    }

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private WaitersBench() {
    }

    static List<Row> run(int[] counts, Duration work, double jitter, int awaitsPerConfig, PrintStream err)
            throws InterruptedException {
        List<Row> rows = new ArrayList<>();
        for (int n : counts) {
            for (Way way : Way.values()) {
                err.printf("waiters %d, %s...%n", n, way.label);
                rows.add(measure(way, n, work, jitter, Math.max(awaitsPerConfig, 8 * n)));
            }
        }
        return rows;
    }

    private static Row measure(Way way, int waiters, Duration work, double jitter, int awaits)
            throws InterruptedException {
        SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
        BlockingMode mode = switch (way) {
            case OWN_PLAN -> BlockingMode.OWN_PLAN;
            case HAND_OFF -> BlockingMode.HAND_OFF;
            case ADAPTIVE, FUTURE -> BlockingMode.ADAPTIVE;
        };
        List<SimStream> streams = new ArrayList<>();
        List<Line<SimStream>> lines = new ArrayList<>();
        int perWaiter = Math.max(MIN_AWAITS_PER_WAITER, awaits / waiters);
        int warmup = Math.max(MIN_WARMUP_PER_WAITER, perWaiter / 5);
        long[][] latencies = new long[waiters][perWaiter];
        long[] cpu = new long[waiters];
        String[] waiterCpus = {"unknown"};
        try (Reactor reactor = Reactor.builder().blockingMode(mode).capacity(Math.max(64, 2 * waiters)).build()) {
            for (int i = 0; i < LINES; i++) {
                streams.add(sim.device(0).createStream());
                lines.add(sim.openLine());
            }
            CountDownLatch ready = new CountDownLatch(waiters);
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            double sigma = Math.sqrt(Math.log(1 + jitter * jitter));
            for (int w = 0; w < waiters; w++) {
                int me = w;
                threads.add(Thread.ofPlatform().name("gar-bench-waiter-" + w).start(() -> {
                    SimStream stream = streams.get(me % LINES);
                    Line<SimStream> line = lines.get(me % LINES);
                    Slot slot = Slot.of((me / LINES) % Slot.COUNT);
                    SplittableRandom random = new SplittableRandom(me);
                    if (me == 0) {
                        waiterCpus[0] = allowedCpus();
                    }
                    long[] stamp = new long[1];
                    Runnable note = () -> stamp[0] = System.nanoTime();
                    ready.countDown();
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    long cpuStart = 0;
                    for (int i = 0; i < warmup + perWaiter; i++) {
                        if (i == warmup) {
                            cpuStart = THREADS.getCurrentThreadCpuTime();
                        }
                        Ticket ticket;
                        // One waiter's work, note and store queue together: beyond LINES waiters
                        // a stream is shared, and another's work queued between this note and
                        // this store would count as this wait's latency.
                        synchronized (stream) {
                            stream.sleep(jittered(work, sigma, random));
                            stream.call(note);
                            ticket = line.signal(stream, slot);
                        }
                        if (way == Way.FUTURE) {
                            reactor.whenLanded(ticket).join();
                        } else {
                            reactor.await(ticket);
                        }
                        long end = System.nanoTime();
                        if (i >= warmup) {
                            latencies[me][i - warmup] = end - stamp[0];
                        }
                    }
                    cpu[me] = THREADS.getCurrentThreadCpuTime() - cpuStart;
                }));
            }
            ready.await();
            long dispatcherBefore = THREADS.getThreadCpuTime(reactor.stats().threadId());
            long[] deviceThreads = simStreamThreads();
            long deviceBefore = cpuOf(deviceThreads);
            long processBefore = ProcessCpu.nanos();
            long wallBefore = System.nanoTime();
            go.countDown();
            for (Thread thread : threads) {
                thread.join();
            }
            long wall = System.nanoTime() - wallBefore;
            double deviceCores = (double) (cpuOf(deviceThreads) - deviceBefore) / wall;
            double busyCores = (double) (ProcessCpu.nanos() - processBefore) / wall;
            // The dispatcher's CPU over the whole run, warm-up included: a small overcount.
            long dispatcherCpu = THREADS.getThreadCpuTime(reactor.stats().threadId()) - dispatcherBefore;
            long total = Arrays.stream(cpu).sum() + dispatcherCpu;
            long measured = (long) waiters * perWaiter;
            long[] all = new long[(int) measured];
            for (int w = 0; w < waiters; w++) {
                System.arraycopy(latencies[w], 0, all, w * perWaiter, perWaiter);
            }
            Arrays.sort(all);
            return new Row(way.label, waiters, Bench.percentile(all, 0.5), Bench.percentile(all, 0.99),
                    (double) total / measured, measured, way.how, deviceCores, (double) dispatcherCpu / measured,
                    busyCores, waiterCpus[0]);
        } finally {
            for (Line<SimStream> line : lines) {
                line.close();
            }
            for (SimStream stream : streams) {
                stream.close();
            }
        }
    }

    // The calling thread's CPUs as Linux lists them, e.g. "0-1"; "unknown" elsewhere.
    static String allowedCpus() {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/thread-self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // Not Linux, or no procfs: say so rather than guess.
        }
        return "unknown";
    }

    // The simulated streams' threads (SimStream names them gar-sim-<device>-stream-<n>).
    private static long[] simStreamThreads() {
        return Arrays.stream(THREADS.getThreadInfo(THREADS.getAllThreadIds()))
                .filter(info -> info != null && info.getThreadName().startsWith("gar-sim-"))
                .mapToLong(java.lang.management.ThreadInfo::getThreadId).toArray();
    }

    private static long cpuOf(long[] threadIds) {
        long sum = 0;
        for (long cpu : THREADS.getThreadCpuTime(threadIds)) {
            sum += Math.max(0, cpu);
        }
        return sum;
    }

    /** {@code work} spread log-normally with coefficient of variation {@code e^sigma^2 - 1} (mean kept). */
    static Duration jittered(Duration work, double sigma, SplittableRandom random) {
        if (sigma == 0) {
            return work;
        }
        double factor = Math.exp(sigma * gaussian(random) - sigma * sigma / 2);
        return Duration.ofNanos(Math.max(1, Math.round(work.toNanos() * factor)));
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: SplittableRandom has no nextGaussian of its own before Java 17's
        // RandomGenerator, whose default is what this spells out.
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    static void print(List<Row> rows, Duration work, double jitter, PrintStream out) {
        out.printf(Locale.ROOT, "%nmany waiters: %d us of device work (a stream's timed sleep), jitter %.0f%%, %d lines%n",
                work.toNanos() / 1_000, jitter * 100, LINES);
        out.printf(Locale.ROOT, "%-10s %8s %11s %11s %12s %13s %9s %10s %13s %11s%n",
                "way", "waiters", "p50 wake", "p99 wake", "CPU/await", "dispatcher's", "awaits", "CPU vs 1", "device cores",
                "busy cores");
        for (Row r : rows) {
            double single = rows.stream().filter(o -> o.way().equals(r.way()) && o.waiters() == 1)
                    .mapToDouble(Row::cpuNanosPerAwait).findFirst().orElse(Double.NaN);
            out.printf(Locale.ROOT, "%-10s %8d %8.1f us %8.1f us %9.1f us %10.1f us %9d %9.2fx %13.2f %11.2f%n", r.way(),
                    r.waiters(), r.p50Nanos() / 1e3, r.p99Nanos() / 1e3, r.cpuNanosPerAwait() / 1e3,
                    r.dispatcherNanosPerAwait() / 1e3, r.awaits(), r.cpuNanosPerAwait() / single, r.deviceCores(),
                    r.busyCores());
        }
        out.println("CPU/await: the waiters' and the dispatcher's CPU over the awaits completed (dispatcher's: its part);");
        out.println("  CPU vs 1: against the same way with one waiter. wake: from the device's note before its store to the");
        out.println("  waiter running.");
        out.println("device cores: the simulated device's CPU over the run (its streams' timed sleeps), in cores: what it");
        out.println("  took from the waiters and the dispatcher on this machine. busy cores: the whole process's CPU over");
        out.printf(Locale.ROOT, "  the run, in cores (this machine has %d): at that count every wait queues for a processor.%n",
                Runtime.getRuntime().availableProcessors());
        out.println("the waiters' threads may run on CPUs " + String.join(", ", rows.stream().map(Row::waiterCpus).distinct()
                .toList()) + " (Linux's Cpus_allowed_list of the first waiter)");
        rows.stream().map(Row::way).distinct().forEach(way -> out.printf("  %-10s %s%n", way,
                rows.stream().filter(r -> r.way().equals(way)).findFirst().orElseThrow().how()));
    }

    static List<Map<String, Object>> json(List<Row> rows) {
        List<Map<String, Object>> json = new ArrayList<>();
        for (Row r : rows) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("way", r.way());
            row.put("waiters", r.waiters());
            row.put("p50_ns", r.p50Nanos());
            row.put("p99_ns", r.p99Nanos());
            row.put("cpu_ns_per_await", Math.round(r.cpuNanosPerAwait()));
            row.put("awaits", r.awaits());
            row.put("device_cpu_cores", JsonText.round(r.deviceCores(), 3));
            row.put("dispatcher_cpu_ns_per_await", Math.round(r.dispatcherNanosPerAwait()));
            row.put("busy_cores", JsonText.round(r.busyCores(), 3));
            row.put("waiter_cpus", r.waiterCpus());
            json.add(row);
        }
        return json;
    }
}
