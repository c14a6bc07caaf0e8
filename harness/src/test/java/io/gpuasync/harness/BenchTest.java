package io.gpuasync.harness;

import io.gpuasync.spi.Backends;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code gar bench}: every row on every backend's workload, through one path; its JSON read back. */
class BenchTest {
    static final List<String> LINE_ROWS = List.of("spin", "default", "backoff", "yield", "hand-off", "future",
            "sleep-poll", "timed-sleep");

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    int bench(String... args) {
        return BenchCommand.run(List.of(args), Backends.discover(), false, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Map<String, Object> json, String key) {
        Object value = json.get(key);
        assertNotNull(value, key + " missing from " + json);
        return (List<Map<String, Object>>) value;
    }

    static Map<String, Object> row(List<Map<String, Object>> rows, String key, String name) {
        return rows.stream().filter(r -> name.equals(r.get(key))).findFirst()
                .orElseThrow(() -> new AssertionError(name + " missing from " + rows));
    }

    static long number(Map<String, Object> row, String key) {
        Object value = row.get(key);
        assertTrue(value instanceof Number, key + " is no number in " + row);
        return ((Number) value).longValue();
    }

    @Test
    void benchWritesEveryPlansFiguresAsTableAndJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("bench.json");
        assertEquals(0, bench("--work-us", "50", "--samples", "40", "--warmup", "10", "--json", json.toString()), err());
        String table = out();
        Map<String, Object> written = JsonText.read(Files.readString(json));
        List<Map<String, Object>> plans = list(written, "plans");
        assertTrue(String.valueOf(written.get("jit_warm_up")).startsWith("JIT warm-up: ")
                && table.contains(String.valueOf(written.get("jit_warm_up"))), written.toString());
        for (String plan : LINE_ROWS) {
            assertTrue(table.contains("\n" + plan + " "), plan + " missing from the table:\n" + table);
            Map<String, Object> row = row(plans, "plan", plan);
            long p50 = number(row, "p50_ns");
            long p99 = number(row, "p99_ns");
            assertTrue(plan.equals("timed-sleep") || p50 > 0 && p99 >= p50, plan + ": p50 " + p50 + ", p99 " + p99);
            assertEquals("line", row.get("waits_on"), plan);
            assertEquals(40L, number(row, "samples"));
        }
        // The estimator's counts say the same in the JSON as in the table.
        Matcher counts = Pattern.compile("\n  default .*; (\\d+) landed after their prediction, (\\d+) before").matcher(table);
        assertTrue(counts.find(), table);
        Map<String, Object> defaultRow = row(plans, "plan", "default");
        assertEquals(Long.parseLong(counts.group(1)), number(defaultRow, "landed_after_prediction"), defaultRow.toString());
        assertEquals(Long.parseLong(counts.group(2)), number(defaultRow, "landed_before_prediction"), defaultRow.toString());
        // The simulation's own way of waiting, after the line's: the callback model.
        Map<String, Object> callback = row(plans, "plan", "callback");
        assertEquals("backend", callback.get("waits_on"));
        assertEquals("callback", plans.getLast().get("plan"), "the backend's own ways come last");
        assertTrue(table.contains("  callback    sim's own: host callback completes a CompletableFuture"), table);
        assertEquals(50_000L, number(written, "work_ns"));
        assertEquals("sim", written.get("backend"));
        // Where a default await's CPU goes: spinning against the timed sleeps, from the traced pass.
        assertTrue(table.contains("where a default await's CPU goes"), table);
        @SuppressWarnings("unchecked")
        Map<String, Object> breakdown = (Map<String, Object>) written.get("default_breakdown");
        assertNotNull(breakdown, "no default breakdown in the JSON:\n" + written);
        assertTrue(number(breakdown, "samples") > 0 && number(breakdown, "cpu_ns_per_await") > 0, breakdown.toString());
        assertTrue(breakdown.get("timed_sleeps_per_await") instanceof Number, breakdown.toString());
        // Per await: how far before the landing its timer was set, and how long it spun, as deciles.
        for (String deciles : List.of("wake_lead_ns_p10_p50_p90", "spun_ns_p10_p50_p90")) {
            @SuppressWarnings("unchecked")
            List<Number> values = (List<Number>) breakdown.get(deciles);
            assertEquals(3, values.size(), deciles);
            assertTrue(values.get(0).longValue() <= values.get(2).longValue(), deciles + " " + values);
        }
        assertTrue(table.contains("per await: the timer set "), table);
        for (String share : List.of("woke_after_landing_share", "left_to_driver_share")) {
            double value = ((Number) breakdown.get(share)).doubleValue();
            assertTrue(value >= 0 && value <= 1, share + " " + breakdown);
        }
        assertTrue(table.contains("of awaits woke after the landing"), table);
        assertTrue(table.contains("went on to the driver's wait"), table);
    }

    @Test
    void benchWithManyWaitersMeasuresEveryWayAtEveryCountOnEveryCore(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("waiters.json");
        // What this thread may run on before the bench pins it: what the waiters must get too.
        String allCores = WaitersBench.allowedCpus();
        assertEquals(0, bench("--work-us", "50", "--samples", "20", "--warmup", "5", "--waiters", "1,3",
                "--json", json.toString()), err());
        List<Map<String, Object>> waiters = list(JsonText.read(Files.readString(json)), "waiters");
        for (String way : new String[] {"own-plan", "hand-off", "adaptive", "future"}) {
            for (int count : new int[] {1, 3}) {
                Map<String, Object> row = waiters.stream()
                        .filter(r -> way.equals(r.get("way")) && ((Number) r.get("waiters")).intValue() == count)
                        .findFirst().orElseThrow(() -> new AssertionError(way + " x " + count + " missing: " + waiters));
                assertTrue(number(row, "p50_ns") > 0 && number(row, "p99_ns") >= number(row, "p50_ns"), row.toString());
                // Every waiter waits at least 40 times after its warm-up, however few samples were asked for.
                assertTrue(number(row, "awaits") >= 40L * count, row.toString());
                // The main table pins its waiter to a core; the many waiters it starts must not inherit that.
                assertEquals(allCores, row.get("waiter_cpus"), row.toString());
            }
        }
        assertTrue(out().contains("the waiters' threads may run on CPUs " + allCores), out());
        assertEquals(allCores, WaitersBench.allowedCpus(), "the bench gave its thread back the CPUs it had");
    }

    @Test
    void theCudaBenchRunsEveryRowThroughTheSamePathAsEveryBackend(@TempDir Path dir) throws Exception {
        // Against backend-cuda's fake libcuda.so.1: the figures mean nothing, the path is real.
        Path json = dir.resolve("cuda.json");
        assertEquals(0, bench("--backend", "cuda", "--work-us", "100", "--samples", "20", "--warmup", "5",
                "--json", json.toString()), err());
        List<Map<String, Object>> plans = list(JsonText.read(Files.readString(json)), "plans");
        for (String plan : LINE_ROWS) {
            assertEquals("line", row(plans, "plan", plan).get("waits_on"), plan);
        }
        for (String plan : List.of("stream-sync", "event-sync", "host-func")) {
            assertEquals("backend", row(plans, "plan", plan).get("waits_on"), plan);
            assertTrue(out().contains("  " + String.format("%-11s", plan) + " cuda's own: "), out());
        }
        assertTrue(out().contains("the backend's own ways of waiting, measured after the line's plans: "
                + "stream-sync, event-sync, host-func"), out());
        assertTrue(out().contains("p50 wait"), out());
    }

    @Test
    void theMetalBenchWaitsBehindTheCalibratedKernelWithEveryPlan(@TempDir Path dir) throws Exception {
        // Against backend-metal's fake runtime and Metal: the figures mean nothing, the path is real.
        Path json = dir.resolve("metal.json");
        assertEquals(0, bench("--backend", "metal", "--work-us", "100", "--samples", "20", "--warmup", "5",
                "--json", json.toString()), err());
        List<Map<String, Object>> plans = list(JsonText.read(Files.readString(json)), "plans");
        for (String plan : LINE_ROWS) {
            assertEquals("line", row(plans, "plan", plan).get("waits_on"), plan);
            assertTrue(out().contains("\n" + plan + " "), plan + " row missing:\n" + out());
        }
        assertTrue(out().contains("workload: a one-thread busy compute kernel on an MTLCommandQueue"), out());
        // Metal's own ways of waiting, after the line's plans, each a row, a JSON entry and a legend line.
        assertTrue(out().contains("the backend's own ways of waiting, measured after the line's plans: "
                + "cb-wait, event-poll, cb-handler"), out());
        String[][] own = {{"cb-wait", "waitUntilCompleted"}, {"event-poll", "signaledValue"},
                {"cb-handler", "addCompletedHandler:"}};
        for (String[] wait : own) {
            assertTrue(out().contains("\n" + wait[0] + " "), wait[0] + " row missing:\n" + out());
            assertEquals("backend", row(plans, "plan", wait[0]).get("waits_on"), wait[0]);
            assertTrue(out().contains("  " + String.format("%-11s", wait[0]) + " metal's own: "), out());
            assertTrue(out().lines().anyMatch(l -> l.startsWith("  " + wait[0]) && l.contains(wait[1])), out());
        }
        assertEquals(3, plans.stream().filter(p -> "backend".equals(p.get("waits_on"))).count(), plans.toString());
        assertEquals(LINE_ROWS.size(), plans.stream().filter(p -> "line".equals(p.get("waits_on"))).count(), plans.toString());
    }

    @Test
    void benchSaysWhatItsColumnsMeanAndShowsNoProgressOffATerminal() {
        assertEquals(0, bench("--work-us", "50", "--samples", "40", "--warmup", "30"), err());
        assertTrue(out().contains("waiting CPU: the waiter's CPU time over its own waiting time"), out());
        assertTrue(out().contains("p50/spin, CPU/spin:"), out());
        assertTrue(out().contains("p50/p99 wake:"), out());
        // Rounds of warm-up ran before the first row, and the report says how many.
        assertTrue(Pattern.compile("JIT warm-up: \\d+ rounds? of every row's warm-up before measuring").matcher(out()).find()
                && out().indexOf("JIT warm-up") < out().indexOf("spin "), out());
        assertFalse(err().contains("\r"), "progress is for terminals only: " + err());
        // The estimator's counts cover the 40 measured samples, not the 30 warm-up ones.
        Matcher counts = Pattern.compile("default .*; (\\d+) landed after their prediction, (\\d+) before").matcher(out());
        assertTrue(counts.find(), out());
        long counted = Long.parseLong(counts.group(1)) + Long.parseLong(counts.group(2));
        assertTrue(counted <= 40, counted + " counted for 40 measured samples:\n" + out());
    }

    @Test
    void benchRecordsTheLibrarysFlightRecorderEvents(@TempDir Path dir) throws Exception {
        Path jfr = dir.resolve("bench.jfr");
        assertEquals(0, bench("--work-us", "50", "--samples", "20", "--warmup", "5", "--jfr", jfr.toString()), err());
        List<RecordedEvent> waits = RecordingFile.readAllEvents(jfr).stream()
                .filter(e -> e.getEventType().getName().equals("io.gpuasync.Wait")).toList();
        // spin, default, backoff, yield and hand-off wait blockingly, 25 times each, 5 more in each
        // JIT warm-up round, and default once more in the pass that says where its CPU goes; a
        // ticket that already landed when await was called (the waiter was descheduled past the
        // work) records none.
        int most = 5 * (25 + JitWarmUp.MOST_ROUNDS * 5) + 25;
        assertTrue(waits.size() > 0 && waits.size() <= most, waits.size() + " wait events, at most " + most);
        assertTrue(waits.stream().allMatch(e -> e.getString("line").contains("sim") && e.getInt("slot") == 0), waits.toString());
        assertTrue(waits.stream().allMatch(e -> e.getString("outcome").equals("LANDED")));
        assertTrue(out().contains("io.gpuasync events into " + jfr), out());
    }
}
