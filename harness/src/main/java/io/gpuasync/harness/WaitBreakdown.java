package io.gpuasync.harness;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Where a default await's CPU goes: a second pass of the default row with each wait traced by its
 * {@code io.gpuasync.Wait} flight-recorder event, which says how long the waiter slept, in how
 * many sleeps (timed, or to the wake time in the driver's own wait), how long it blocked in the
 * driver's own wait after its spin, and how many spin steps it took. The rest of the time it was awake it spun (a busy core); the rest of its CPU went to
 * arming its timed sleeps, waking from them and from the driver's wait, and the bookkeeping around
 * them. A pass of its own, so the events' cost stays out of the table's rows.
 *
 * @param samples            traced awaits (after their warm-up)
 * @param cpuNanosPerAwait   the pass's CPU per await, as the table counts it
 * @param awakeNanosPerAwait wall time per await neither parked nor in the driver: spinning
 * @param parkedNanosPerAwait wall time per await asleep (timed, or in the driver's wait to the wake time)
 * @param inDriverNanosPerAwait wall time per await blocked in the driver's wait for the store after the spin
 * @param parksPerAwait      sleeps per await
 * @param spinsPerAwait      spin steps per await
 * @param wakeLead           per await, how long before the predicted landing the wake model set
 *                           its timer: p10, p50, p90 in ns
 * @param spun               per await, how long it spun: p10, p50, p90 in ns
 * @param wokeAfterLanding   the share of awaits that slept and found the work landed at their
 *                           first look after the sleep (no spin step): the wakes that came late
 * @param leftToDriver       the share of awaits that went on to the driver's own wait after the spin
 */
record WaitBreakdown(int samples, double cpuNanosPerAwait, double awakeNanosPerAwait, double parkedNanosPerAwait,
                     double inDriverNanosPerAwait, double parksPerAwait, double spinsPerAwait, long[] wakeLead,
                     long[] spun, double wokeAfterLanding, double leftToDriver) {
    private static final String WAIT_EVENT = "io.gpuasync.Wait";
    private static final int MOST_SAMPLES = 1_000;
    private static final int MOST_WARMUP = 200;

    /** Runs {@code pass} (the default row's measurement) under a recording, on at most 1000 samples. */
    static WaitBreakdown trace(Bench.Options options, Function<Bench.Options, Bench.Result> pass) {
        Bench.Options tracing = new Bench.Options(options.backend(), options.work(),
                Math.min(options.samples(), MOST_SAMPLES), Math.min(options.warmup(), MOST_WARMUP), null, null,
                options.progress(), null, options.jitter(), null, options.wakeQuantile());
        Path file = null;
        try {
            file = Files.createTempFile("gar-bench-default", ".jfr");
            Bench.Result result;
            try (Recording recording = new Recording()) {
                recording.enable(WAIT_EVENT).withThreshold(Duration.ZERO);
                recording.start();
                result = pass.apply(tracing);
                recording.stop();
                recording.dump(file);
            }
            List<RecordedEvent> waits = RecordingFile.readAllEvents(file).stream()
                    .filter(e -> e.getEventType().getName().equals(WAIT_EVENT) && e.getString("outcome").equals("LANDED"))
                    .sorted(Comparator.comparing(RecordedEvent::getStartTime))
                    .toList();
            // The warm-up's waits come first; an await that found its ticket landed records nothing.
            List<RecordedEvent> measured = waits.subList(Math.max(0, waits.size() - tracing.samples()), waits.size());
            if (measured.isEmpty()) {
                return null;
            }
            long awake = 0;
            long parked = 0;
            long inDriver = 0;
            long parks = 0;
            long spins = 0;
            long late = 0;
            long toDriver = 0;
            long[] leads = new long[measured.size()];
            long[] awakes = new long[measured.size()];
            int at = 0;
            for (RecordedEvent wait : measured) {
                long duration = wait.getDuration().toNanos();
                long inParks = wait.getLong("parkedNanos");
                long blocked = wait.getLong("driverWaitNanos");
                long spinning = Math.max(0, duration - inParks - blocked);
                parked += inParks;
                inDriver += blocked;
                awake += spinning;
                leads[at] = wait.getLong("wakeLeadNanos");
                awakes[at] = spinning;
                at++;
                parks += wait.getLong("parks");
                spins += wait.getLong("spins");
                if (wait.getLong("parks") > 0 && wait.getLong("spins") == 0 && blocked == 0) {
                    late++;
                }
                if (blocked > 0) {
                    toDriver++;
                }
            }
            double n = measured.size();
            return new WaitBreakdown(measured.size(), result.cpuNanosPerAwait(), awake / n, parked / n, inDriver / n,
                    parks / n, spins / n, deciles(leads), deciles(awakes), late / n, toDriver / n);
        } catch (IOException e) {
            throw new UncheckedIOException("gar bench: cannot record the default pass: " + e.getMessage(), e);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // A temporary file left behind is the system's to clean.
                }
            }
        }
    }

    // p10, p50, p90 of what each traced await showed.
    private static long[] deciles(long[] values) {
        long[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        return new long[] {sorted[n / 10], sorted[n / 2], sorted[Math.min(n - 1, n * 9 / 10)]};
    }

    /** The lines under the table; {@code timedSleep} is the table's timed-sleep row, if it has one. */
    void print(Bench.Result timedSleep, PrintStream out) {
        out.printf(Locale.ROOT, "%nwhere a default await's CPU goes (a second default pass of %d awaits, each traced by "
                + "its %s event):%n", samples, WAIT_EVENT);
        out.printf(Locale.ROOT, "  CPU per await %.1f us = %.1f us spinning over the landing (a busy core: %.0f "
                        + "spin steps)%n  + %.1f us for its %.2f sleeps (timed, or to the wake time in the driver's wait),"
                        + " its driver's waits after the spin and the bookkeeping; asleep %.1f us, in the driver's wait"
                        + " after the spin %.1f us per await%n",
                cpuNanosPerAwait / 1e3, awakeNanosPerAwait / 1e3, spinsPerAwait,
                Math.max(0, cpuNanosPerAwait - awakeNanosPerAwait) / 1e3, parksPerAwait, parkedNanosPerAwait / 1e3,
                inDriverNanosPerAwait / 1e3);
        out.printf(Locale.ROOT, "  per await: the timer set %.1f us before the predicted landing (p10 %.1f, p90 %.1f: the "
                        + "wake model), then spun %.1f us (p10 %.1f, p90 %.1f)%n",
                wakeLead[1] / 1e3, wakeLead[0] / 1e3, wakeLead[2] / 1e3, spun[1] / 1e3, spun[0] / 1e3, spun[2] / 1e3);
        out.printf(Locale.ROOT, "  %.1f%% of awaits woke after the landing (their first look after the sleep found it), "
                + "%.1f%% went on to the driver's wait%n", wokeAfterLanding * 100, leftToDriver * 100);
        if (timedSleep != null) {
            out.printf(Locale.ROOT, "  one timed sleep alone: %.1f us of CPU (the timed-sleep row), the floor for one waiter%n",
                    timedSleep.cpuNanosPerAwait() / 1e3);
        }
    }

    Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("samples", samples);
        json.put("cpu_ns_per_await", Math.round(cpuNanosPerAwait));
        json.put("awake_ns_per_await", Math.round(awakeNanosPerAwait));
        json.put("parked_ns_per_await", Math.round(parkedNanosPerAwait));
        json.put("timed_sleeps_per_await", JsonText.round(parksPerAwait, 3));
        json.put("spins_per_await", JsonText.round(spinsPerAwait, 1));
        json.put("in_driver_ns_per_await", Math.round(inDriverNanosPerAwait));
        json.put("wake_lead_ns_p10_p50_p90", List.of(wakeLead[0], wakeLead[1], wakeLead[2]));
        json.put("spun_ns_p10_p50_p90", List.of(spun[0], spun[1], spun[2]));
        json.put("woke_after_landing_share", JsonText.round(wokeAfterLanding, 3));
        json.put("left_to_driver_share", JsonText.round(leftToDriver, 3));
        return json;
    }
}
