package io.gpuasync.harness;

import io.gpuasync.api.Line;
import io.gpuasync.harness.HostRows.Row;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The host bench after a burst of load: the busy poll, {@code std+execute} and netty again, each
 * on a line it served waits on while more busy threads than the machine has processors ran for
 * {@link HostBench.Options#burst()}, measured on that line once the threads stopped, with no
 * warm-up: a host whose learned timer lateness the burst pushed up pays for it until it comes back
 * down. Whether the burst raised it is reported (the lateness before the burst, at its end, after
 * the samples): the scheduler may give a woken thread its core at once, spinners or not.
 */
final class HostBurst {
    /** A row measured again after a burst of load, and the waits it served during the burst. */
    record BurstRow(Row row, long burstWaits) {
    }

    /** A host's learned timer lateness (ns) before its row's burst, at the burst's end, and after the row's samples. */
    record Lateness(String host, long before, long burstEnd, long after) {
    }

    /**
     * The rows measured after a burst of {@code threads} busy threads ({@code processors}: what
     * this machine reported), {@code seconds} for all of them, bursts included.
     */
    record AfterBurst(int threads, int processors, double seconds, List<BurstRow> rows, List<Lateness> lateness) {
        /** The rows themselves, in the order measured. */
        List<Row> measured() {
            return rows.stream().map(BurstRow::row).toList();
        }

        /** The row called {@code name}, or null. */
        Row named(String name) {
            return HostRows.named(measured(), name);
        }
    }

    static final long DEFAULT_BURST_MILLIS = 1_000;
    /** The contenders measured again, in this order. */
    static final List<String> ROWS = List.of("busy-poll", "std+execute", "netty");
    // Twice the processors: each has a busy thread running and another queued behind it, so a
    // host's thread waking from a timed sleep waits for a time slice, as on a loaded machine.
    private static final int BURST_THREADS_PER_PROCESSOR = 2;

    private HostBurst() {
    }

    /**
     * The contenders named in {@link #ROWS} again, each after a burst of its own on a fresh line:
     * the same load before each, so that they are compared in the same conditions.
     */
    static <S> AfterBurst run(HostBench.Options options, HostDevice<S> device, List<Contender> contenders,
                              PrintStream err) throws InterruptedException {
        // Learned, not assumed: the burst must outnumber the processors this JVM may run on.
        int processors = Runtime.getRuntime().availableProcessors();
        int threads = BURST_THREADS_PER_PROCESSOR * processors;
        long started = System.nanoTime();
        List<BurstRow> rows = new ArrayList<>();
        List<Lateness> lateness = new ArrayList<>();
        for (int r = 0; r < ROWS.size(); r++) {
            String name = ROWS.get(r);
            Contender contender = contenders.stream().filter(c -> c.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no contender named " + name));
            Contender.Learned host = contender.learned();
            try (Line<S> line = device.openLine()) {
                long before = host == null ? 0 : host.nanos().getAsLong();
                err.printf("\r%-60s", "[" + (r + 1) + "/" + ROWS.size() + "] " + name + ": a burst of "
                        + threads + " busy threads");
                long waits = burst(contender, options, device, line, threads);
                long burstEnd = host == null ? 0 : host.nanos().getAsLong();
                // No warm-up: the samples right after the burst are the point.
                Row row = HostRows.measure(contender, r + 1, ROWS.size(), options, device, line, 0, err);
                rows.add(new BurstRow(row, waits));
                if (host != null) {
                    lateness.add(new Lateness(host.host(), before, burstEnd, host.nanos().getAsLong()));
                }
            }
        }
        return new AfterBurst(threads, processors, (System.nanoTime() - started) / 1e9, rows, lateness);
    }

    // Busy threads for options.burst() while the contender serves one wait after another on
    // line: its thread, back from a timed sleep, waits for a processor, so its sleeps end late
    // and its host learns that lateness, as under real load. Returns the waits served; the
    // threads have ended when it returns, so that they cost the following samples nothing.
    private static <S> long burst(Contender contender, HostBench.Options options, HostDevice<S> device, Line<S> line,
                                  int threads) throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> busy = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                busy.add(Thread.ofPlatform().name("gar-burst-" + t).daemon().start(() -> {
                    while (!stop.get()) {
                        Thread.onSpinWait();
                    }
                }));
            }
            long waits = 0;
            for (long end = System.nanoTime() + options.burst().toNanos(); System.nanoTime() - end < 0; waits++) {
                HostRows.sample(contender, device, line, options.work());
            }
            return waits;
        } finally {
            stop.set(true);
            for (Thread thread : busy) {
                thread.join();
            }
        }
    }

    /** This part of the report: the rows' table, the waits served during the bursts and the lateness learned. */
    static void print(HostBench.Options options, AfterBurst afterBurst, PrintStream out) {
        out.println();
        out.printf(Locale.ROOT, "after a burst of load (%.1f s in all): before each row, %d busy threads (%d processors here) "
                + "for %d ms%n", afterBurst.seconds(), afterBurst.threads(), afterBurst.processors(),
                options.burst().toMillis());
        out.printf(Locale.ROOT, "while the row served one wait after another on its line; then %d samples on that line, "
                + "no warm-up:%n", options.samples());
        HostRows.table(afterBurst.measured(), out);
        List<String> served = new ArrayList<>();
        for (BurstRow r : afterBurst.rows()) {
            served.add(r.row().name() + " " + r.burstWaits());
        }
        out.println("waits served during the bursts: " + String.join(", ", served));
        List<String> learned = new ArrayList<>();
        for (Lateness l : afterBurst.lateness()) {
            learned.add(String.format(Locale.ROOT, "%s %.1f / %.1f / %.1f us", l.host(), l.before() / 1e3,
                    l.burstEnd() / 1e3, l.after() / 1e3));
        }
        out.println("timer lateness learned, before the burst / at its end / after the samples: " + String.join(", ",
                learned));
    }

    /** The JSON's {@code after_burst}: the rows with the waits each served, and each host's lateness by name. */
    static Map<String, Object> json(HostBench.Options options, AfterBurst afterBurst) {
        Map<String, Object> burst = new LinkedHashMap<>();
        burst.put("burst_ms", options.burst().toMillis());
        burst.put("busy_threads", afterBurst.threads());
        burst.put("processors", afterBurst.processors());
        burst.put("seconds", JsonText.round(afterBurst.seconds(), 2));
        List<Map<String, Object>> burstRows = new ArrayList<>();
        for (BurstRow r : afterBurst.rows()) {
            Map<String, Object> row = HostRows.json(r.row());
            row.put("burst_waits", r.burstWaits());
            burstRows.add(row);
        }
        burst.put("rows", burstRows);
        Map<String, Object> lateness = new LinkedHashMap<>();
        for (Lateness l : afterBurst.lateness()) {
            Map<String, Object> host = new LinkedHashMap<>();
            host.put("before_ns", l.before());
            host.put("burst_end_ns", l.burstEnd());
            host.put("after_ns", l.after());
            lateness.put(l.host(), host);
        }
        burst.put("timer_lateness", lateness);
        return burst;
    }
}
