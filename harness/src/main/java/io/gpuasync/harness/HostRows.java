package io.gpuasync.harness;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The host bench's rows: each contender's waits, one after another, from the landing (or the
 * release, see {@link HostDevice#from()}) to the continuation. Per sample the device holds at a
 * gate until the waiter is armed, runs the work, notes the time, then stores. CPU per await is the
 * whole process's, less the simulated device's thread and the JIT compiler's threads
 * ({@link CompilerThreads}, shown apart); timers per await are the timeouts the host submitted.
 */
final class HostRows {
    /**
     * {@code cpuNanosPerAwait} leaves out the JIT compiler's threads, whose CPU over the samples is
     * {@code jitNanosPerAwait} (negative where it cannot be read, and then not left out).
     */
    record Row(String name, String how, long p50Nanos, long p99Nanos, double cpuNanosPerAwait, double timersPerAwait,
               int samples, double pollsPerAwait, double jitNanosPerAwait) {
    }

    // A sample that has not ended by then never will: the bench stops rather than hang (with a
    // burst's threads spinning on every core).
    private static final long SAMPLE_TIMEOUT_SECONDS = 30;

    private HostRows() {
    }

    /**
     * Rounds of every contender's warm-up samples, each on a fresh line, before any row is
     * measured, until the JIT is quiet ({@link JitWarmUp}); says how it went.
     */
    static <S> String warmUp(List<Contender> contenders, HostBench.Options options, HostDevice<S> device, PrintStream err) {
        if (options.warmup() == 0) {
            return JitWarmUp.none();
        }
        HostBench.Options warming = new HostBench.Options(options.hosts(), options.work(), options.warmup(), 0,
                options.echoRequests(), options.echoRate(), null, options.backend(), options.burst());
        return JitWarmUp.run(() -> measure(contenders, warming, device, err));
    }

    /** Each contender's row, in order, each on a fresh line so that each row's estimator starts from nothing. */
    static <S> List<Row> measure(List<Contender> contenders, HostBench.Options options, HostDevice<S> device,
                                 PrintStream err) {
        List<Row> rows = new ArrayList<>();
        for (int c = 0; c < contenders.size(); c++) {
            try (Line<S> line = device.openLine()) {
                rows.add(measure(contenders.get(c), c + 1, contenders.size(), options, device, line, options.warmup(), err));
            }
        }
        return rows;
    }

    /** One row on {@code line}: {@code warmup} unmeasured samples, then the options' samples. */
    static <S> Row measure(Contender contender, int index, int of, HostBench.Options options, HostDevice<S> device,
                           Line<S> line, int warmup, PrintStream err) {
        int total = warmup + options.samples();
        long[] latencies = new long[options.samples()];
        long cpuStart = 0;
        long deviceStart = 0;
        long timersStart = 0;
        long pollsStart = 0;
        CompilerThreads.Reading jitStart = CompilerThreads.unreadable();
        for (int i = 0; i < total; i++) {
            if (i == warmup) {
                jitStart = CompilerThreads.read();
                cpuStart = ProcessCpu.nanos();
                deviceStart = device.deviceCpuNanos();
                timersStart = contender.timers().getAsLong();
                pollsStart = contender.polls().getAsLong();
            }
            if (i % 100 == 0) {
                err.printf("\r[%d/%d] %-12s %5d/%d samples", index, of, contender.name(), i, total);
                err.flush();
            }
            long end = sample(contender, device, line, options.work());
            if (i >= warmup) {
                latencies[i - warmup] = end - device.from();
            }
        }
        long cpu = (ProcessCpu.nanos() - cpuStart) - (device.deviceCpuNanos() - deviceStart);
        long jit = CompilerThreads.read().since(jitStart);
        if (jit > 0) {
            cpu -= jit;
        }
        long timers = contender.timers().getAsLong() - timersStart;
        long polls = contender.polls().getAsLong() - pollsStart;
        Arrays.sort(latencies);
        return new Row(contender.name(), contender.how(), Bench.percentile(latencies, 0.50), Bench.percentile(latencies, 0.99),
                (double) cpu / options.samples(), (double) timers / options.samples(), options.samples(),
                (double) polls / options.samples(), jit < 0 ? -1 : (double) jit / options.samples());
    }

    /** One wait on {@code line} for {@code work}, armed before the work runs; returns when its continuation ran. */
    static <S> long sample(Contender contender, HostDevice<S> device, Line<S> line, Duration work) {
        Ticket ticket = device.queue(line, work);
        CompletableFuture<Long> ran = new CompletableFuture<>();
        contender.arm().arm(ticket, ran);
        device.release();
        // A timed get, not orTimeout: that would arm and cancel a task on the JDK's delay
        // scheduler per sample, and its thread's wake-ups would be charged to every row.
        try {
            return ran.get(SAMPLE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("a wait for " + work.toNanos() / 1000 + " us of work did not reach its "
                    + "continuation within " + SAMPLE_TIMEOUT_SECONDS + " s: " + ticket, e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new java.util.concurrent.CompletionException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a sample: " + ticket, e);
        }
    }

    /** The row called {@code name}, or null. */
    static Row named(List<Row> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    /** The rows as a table, each p50 also against the first row's (the busy poll). */
    static void table(List<Row> rows, PrintStream out) {
        out.printf(Locale.ROOT, "%-12s %12s %12s %12s %12s %13s %10s %12s%n", "row", "p50 landed", "p99 landed", "CPU/await",
                "JIT/await", "timers/await", "p50/busy", "polls/await");
        Row busy = rows.getFirst();
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-12s %9.1f us %9.1f us %9.1f us %12s %13.2f %9.2fx %12.1f%n", r.name(), r.p50Nanos() / 1e3,
                    r.p99Nanos() / 1e3, r.cpuNanosPerAwait() / 1e3, r.jitNanosPerAwait() < 0 ? "n/a"
                            : String.format(Locale.ROOT, "%.1f us", r.jitNanosPerAwait() / 1e3),
                    r.timersPerAwait(), (double) r.p50Nanos() / busy.p50Nanos(), r.pollsPerAwait());
        }
    }

    /** A row as the JSON holds it; {@code jit_ns_per_await} is absent where it cannot be read. */
    static Map<String, Object> json(Row r) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("row", r.name());
        row.put("p50_ns", r.p50Nanos());
        row.put("p99_ns", r.p99Nanos());
        row.put("cpu_ns_per_await", Math.round(r.cpuNanosPerAwait()));
        if (r.jitNanosPerAwait() >= 0) {
            row.put("jit_ns_per_await", Math.round(r.jitNanosPerAwait()));
        }
        row.put("timers_per_await", JsonText.round(r.timersPerAwait(), 3));
        row.put("samples", r.samples());
        row.put("polls_per_await", JsonText.round(r.pollsPerAwait(), 1));
        return row;
    }
}
