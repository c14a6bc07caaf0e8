package io.gpuasync.cli;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GarTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int gar(String... args) {
        return Gar.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private int gar(String[] args, String backendPathEnv) {
        return Gar.run(args, backendPathEnv, false, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void doctorListsTheSimulatedBackend() {
        assertEquals(0, gar("doctor"));
        assertTrue(out().contains("sim      available"), out());
        assertTrue(out().contains("cuda     "), "the CUDA provider is listed, usable or not: " + out());
        assertTrue(out().contains("hip      "), "the HIP provider is listed, usable or not: " + out());
        assertTrue(out().contains("timer slack"), out());
    }

    @Test
    void benchWritesEveryPlansFiguresAsTableAndJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("bench.json");
        assertEquals(0, gar("bench", "--work-us", "50", "--samples", "40", "--warmup", "10", "--json", json.toString()));
        String table = out();
        String written = Files.readString(json);
        for (String plan : new String[] {"spin", "hybrid", "backoff", "yield", "future", "callback", "sleep-poll"}) {
            assertTrue(table.contains("\n" + plan + " "), plan + " missing from the table:\n" + table);
            Matcher m = Pattern.compile("\\{\"plan\": \"" + plan + "\", \"how\": \"[^\"]*\", \"p50_ns\": (\\d+), "
                    + "\"p99_ns\": (\\d+), \"cpu_fraction\": ([0-9.]+), \"alloc_bytes_per_await\": ([0-9.]+)").matcher(written);
            assertTrue(m.find(), plan + " missing from the JSON:\n" + written);
            long p50 = Long.parseLong(m.group(1));
            long p99 = Long.parseLong(m.group(2));
            assertTrue(p50 > 0 && p99 >= p50, plan + ": p50 " + p50 + ", p99 " + p99);
        }
        assertTrue(written.contains("\"work_ns\": 50000"), written);
        // Where a hybrid await's CPU goes: spinning against the timed sleeps, from the traced pass.
        assertTrue(table.contains("where a hybrid await's CPU goes"), table);
        Matcher breakdown = Pattern.compile("\"hybrid_breakdown\": \\{\"samples\": (\\d+), \"cpu_ns_per_await\": (\\d+), "
                + "\"awake_ns_per_await\": (\\d+), \"parked_ns_per_await\": (\\d+), \"timed_sleeps_per_await\": ([0-9.]+)")
                .matcher(written);
        assertTrue(breakdown.find(), "no hybrid breakdown in the JSON:\n" + written);
        assertTrue(Long.parseLong(breakdown.group(1)) > 0 && Long.parseLong(breakdown.group(2)) > 0, breakdown.group());
        // Per await: the margin it slept to and how long it spun, as deciles.
        Matcher perAwait = Pattern.compile("\"margin_ns_p10_p50_p90\": \\[(\\d+), (\\d+), (\\d+)], "
                + "\"spun_ns_p10_p50_p90\": \\[(\\d+), (\\d+), (\\d+)]").matcher(written);
        assertTrue(perAwait.find(), "no margin and spin per await in the JSON:\n" + written);
        assertTrue(Long.parseLong(perAwait.group(1)) <= Long.parseLong(perAwait.group(3))
                && Long.parseLong(perAwait.group(4)) <= Long.parseLong(perAwait.group(6)), perAwait.group());
        assertTrue(table.contains("per await: slept to "), table);
    }

    @Test
    void benchWithManyWaitersMeasuresEveryWayAtEveryCountOnEveryCore(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("waiters.json");
        // What this thread may run on before the bench pins it: what the waiters must get too.
        String allCores = WaitersBench.allowedCpus();
        assertEquals(0, gar("bench", "--work-us", "50", "--samples", "20", "--warmup", "5", "--waiters", "1,3",
                "--json", json.toString()));
        String written = Files.readString(json);
        for (String way : new String[] {"own-plan", "hand-off", "adaptive", "future"}) {
            for (int waiters : new int[] {1, 3}) {
                Matcher m = Pattern.compile("\\{\"way\": \"" + way + "\", \"waiters\": " + waiters + ", \"p50_ns\": (\\d+), "
                        + "\"p99_ns\": (\\d+), \"cpu_ns_per_await\": (\\d+), \"awaits\": (\\d+),[^}]*\"waiter_cpus\": \"([^\"]*)\"")
                        .matcher(written);
                assertTrue(m.find(), way + " x " + waiters + " missing from the JSON:\n" + written);
                assertTrue(Long.parseLong(m.group(1)) > 0 && Long.parseLong(m.group(2)) >= Long.parseLong(m.group(1)), m.group());
                // Every waiter waits at least 40 times after its warm-up, however few samples were asked for.
                assertTrue(Long.parseLong(m.group(4)) >= 40L * waiters, m.group());
                // The main table pins its waiter to a core; the many waiters it starts must not inherit that.
                assertEquals(allCores, m.group(5), m.group());
            }
        }
        assertTrue(out().contains("the waiters' threads may run on CPUs " + allCores), out());
        assertEquals(allCores, WaitersBench.allowedCpus(), "the bench gave its thread back the CPUs it had");
    }

    @Test
    void theCudaBenchRunsEveryPeerThroughTheDriver(@TempDir Path dir) throws Exception {
        // Here against backend-cuda's fake libcuda.so.1: the figures mean nothing, the path is real.
        Path json = dir.resolve("cuda.json");
        assertEquals(0, gar("bench", "--backend", "cuda", "--work-us", "100", "--samples", "20", "--warmup", "5",
                "--json", json.toString()));
        String written = Files.readString(json);
        for (String plan : new String[] {"spin", "hybrid", "backoff", "future", "stream-sync", "event-sync", "host-func"}) {
            assertTrue(written.contains("{\"plan\": \"" + plan + "\""), plan + " missing:\n" + written);
        }
        assertTrue(out().contains("p50 wait"), out());
    }

    @Test
    void theMetalBenchWaitsBehindTheCalibratedKernelWithEveryPlan(@TempDir Path dir) throws Exception {
        // Against backend-metal's fake runtime and Metal: the figures mean nothing, the path is real.
        Path json = dir.resolve("metal.json");
        assertEquals(0, gar("bench", "--backend", "metal", "--work-us", "100", "--samples", "20", "--warmup", "5",
                "--json", json.toString()), err());
        String written = Files.readString(json);
        for (String plan : new String[] {"spin", "hybrid", "backoff", "future"}) {
            assertTrue(written.contains("{\"plan\": \"" + plan + "\""), plan + " missing:\n" + written);
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
            assertTrue(written.contains("{\"plan\": \"" + wait[0] + "\""), wait[0] + " missing:\n" + written);
            assertTrue(out().contains("  " + String.format("%-11s", wait[0]) + " metal's own: "), out());
            assertTrue(out().lines().anyMatch(l -> l.startsWith("  " + wait[0]) && l.contains(wait[1])), out());
        }
        assertEquals(3, written.split("\"waits_on\": \"backend\"", -1).length - 1, written);
        assertEquals(4, written.split("\"waits_on\": \"line\"", -1).length - 1, written);
    }

    @Test
    void demoWarmsUpAndSaysWhatItsIdealAssumes() {
        assertEquals(0, gar("demo"));
        assertTrue(out().contains("fill level 1: 40 batches"), out());
        assertTrue(out().contains("fill level 3: 40 batches"), out());
        assertTrue(out().contains("after a warm-up pass"), out());
        assertTrue(out().contains("ideal: 1.75x = (prepare + device + consume) / device, which assumes"), out());
        assertTrue(out().contains("with the stage times measured in this run"), out());
    }

    @Test
    void bareGarPrintsUsageOnStandardErrorAndExits2() {
        assertEquals(Gar.USAGE, gar());
        assertEquals("", out());
        assertTrue(err().startsWith("usage: gar"), err());
        assertTrue(err().contains("exit codes:"), err());
    }

    @Test
    void everyCommandHasItsOwnHelp() {
        assertEquals(0, gar("bench", "--help"));
        assertTrue(out().startsWith("usage: gar bench"), out());
        assertTrue(out().contains("--jfr FILE"), out());
        out.reset();
        assertEquals(0, gar("help", "bench"));
        assertTrue(out().startsWith("usage: gar bench"), out());
        out.reset();
        assertEquals(0, gar("doctor", "-h"));
        assertTrue(out().startsWith("usage: gar doctor"), out());
        out.reset();
        assertEquals(0, gar("help", "demo"));
        assertTrue(out().startsWith("usage: gar demo"), out());
        out.reset();
        assertEquals(0, gar("help"));
        assertTrue(out().startsWith("usage: gar"), out());
        assertEquals("", err());
    }

    @Test
    void badCommandsOptionsAndValuesAreNamed() {
        assertEquals(Gar.USAGE, gar("frobnicate"));
        assertTrue(err().startsWith("gar: unknown command 'frobnicate'"), err());
        err.reset();
        assertEquals(Gar.USAGE, gar("bench", "--frob", "1"));
        assertTrue(err().startsWith("gar bench: unknown option '--frob'"), err());
        assertTrue(err().contains("gar bench --help"), err());
        err.reset();
        assertEquals(Gar.USAGE, gar("bench", "--samples", "many"));
        assertTrue(err().startsWith("gar bench: --samples needs a whole number, got 'many'"), err());
        err.reset();
        assertEquals(Gar.USAGE, gar("bench", "--samples=0"));
        assertTrue(err().startsWith("gar bench: --samples must be between 1 and 10000000, got 0"), err());
        err.reset();
        assertEquals(Gar.USAGE, gar("bench", "--work-us"));
        assertTrue(err().startsWith("gar bench: --work-us needs a value"), err());
        err.reset();
        assertEquals(Gar.USAGE, gar("bench", "--json", "--samples", "10"));
        assertTrue(err().startsWith("gar bench: --json needs a value"), err());
        err.reset();
        assertEquals(Gar.USAGE, gar("doctor", "--verbose"));
        assertTrue(err().startsWith("gar doctor: unknown option '--verbose'"), err());
        assertEquals("", out(), "nothing ran");
    }

    @Test
    void anUnknownBackendIsNamedWithThoseFoundBeforeAnyWork() {
        assertEquals(Gar.USAGE, gar("bench", "--backend", "nope"));
        assertTrue(err().startsWith("gar bench: no backend named 'nope'; found "), err());
        assertTrue(err().contains("sim") && err().contains("cuda") && err().contains("hip"), err());
        assertEquals("", out(), "nothing ran");
    }

    @Test
    void unwritableOutputPathsAreRefusedBeforeAnyWork(@TempDir Path dir) throws Exception {
        assertEquals(Gar.USAGE, gar("bench", "--json", dir.resolve("no/such/folder/b.json").toString()));
        assertTrue(err().contains("no such folder"), err());
        err.reset();
        assertEquals(Gar.USAGE, gar("bench", "--json", dir.toString()));
        assertTrue(err().contains("is a folder, not a file"), err());
        err.reset();
        Path readOnly = Files.createDirectory(dir.resolve("read-only"));
        assertTrue(readOnly.toFile().setWritable(false));
        try {
            if (!Files.isWritable(readOnly)) {   // root may write anyway
                assertEquals(Gar.USAGE, gar("bench", "--jfr", readOnly.resolve("r.jfr").toString()));
                assertTrue(err().contains("not writable"), err());
            }
        } finally {
            readOnly.toFile().setWritable(true);
        }
        assertEquals("", out(), "nothing ran");
    }

    @Test
    void benchSaysWhatItsColumnsMeanAndShowsNoProgressOffATerminal() {
        assertEquals(0, gar("bench", "--work-us", "50", "--samples", "40", "--warmup", "30"));
        assertTrue(out().contains("waiting CPU: the waiter's CPU time over its own waiting time"), out());
        assertTrue(out().contains("p50/spin, CPU/spin:"), out());
        assertTrue(out().contains("p50/p99 wake:"), out());
        assertFalse(err().contains("\r"), "progress is for terminals only: " + err());
        // The estimator's counts cover the 40 measured samples, not the 30 warm-up ones.
        Matcher counts = Pattern.compile("hybrid .*; (\\d+) landed after their prediction, (\\d+) before").matcher(out());
        assertTrue(counts.find(), out());
        long counted = Long.parseLong(counts.group(1)) + Long.parseLong(counts.group(2));
        assertTrue(counted <= 40, counted + " counted for 40 measured samples:\n" + out());
    }

    @Test
    void benchRecordsTheLibrarysFlightRecorderEvents(@TempDir Path dir) throws Exception {
        Path jfr = dir.resolve("bench.jfr");
        assertEquals(0, gar("bench", "--work-us", "50", "--samples", "20", "--warmup", "5", "--jfr", jfr.toString()));
        List<RecordedEvent> waits = RecordingFile.readAllEvents(jfr).stream()
                .filter(e -> e.getEventType().getName().equals("io.gpuasync.Wait")).toList();
        // spin, hybrid, backoff, yield and hand-off wait blockingly, 25 times each, and hybrid once
        // more in the pass that says where its CPU goes; a ticket that already landed when await
        // was called (the waiter was descheduled past the work) records none.
        assertTrue(waits.size() > 0 && waits.size() <= 6 * 25, waits.size() + " wait events");
        assertTrue(waits.stream().allMatch(e -> e.getString("line").contains("sim") && e.getInt("slot") == 0), waits.toString());
        assertTrue(waits.stream().allMatch(e -> e.getString("outcome").equals("LANDED")));
        assertTrue(out().contains("io.gpuasync events into " + jfr), out());
    }

    @Test
    void aThirdPartyBackendOnTheBackendPathIsFoundAndBenchedThroughItsWorkload(@TempDir Path dir) throws Exception {
        Path toy = ToyBackendModule.compile(dir);
        assertEquals(0, gar(new String[] {"--backend-path", toy.toString(), "doctor"}, null));
        assertTrue(out().contains("toy      available"), out());
        assertTrue(out().contains("plain    available"), out());
        out.reset();
        assertEquals(0, gar(new String[] {"bench", "--backend", "toy", "--work-us", "50", "--samples", "20",
                "--warmup", "5"}, toy.toString()), err());
        assertTrue(out().contains("workload: the toy backend's stream"), out());
        for (String plan : new String[] {"spin", "hybrid", "backoff", "future"}) {
            assertTrue(out().contains("\n" + plan + " "), plan + " missing:\n" + out());
        }
        assertTrue(out().contains("p50/p99 wait:"), out());
        assertTrue(out().contains("the backend's own ways of waiting: none"), out());
        out.reset();
        // A backend's own ways of waiting: each a row after the line's plans; one that fails has
        // none, is named on stderr, and the run says it failed.
        assertEquals(Gar.FAILED, gar(new String[] {"bench", "--backend", "faulty", "--work-us", "50", "--samples", "20",
                "--warmup", "5"}, toy.toString()), err());
        assertTrue(err().contains("gar bench: the backend's own wait 'broken' failed, so it has no row: "
                + "java.lang.IllegalStateException: the toy device refuses"), err());
        assertTrue(out().contains("measured after the line's plans: broken, sync"), out());
        assertTrue(out().contains("\nsync "), out());
        assertTrue(out().contains("  sync        faulty's own: the stream's own synchronize"), out());
        assertFalse(out().contains("\nbroken "), out());
        out.reset();
        err.reset();
        assertEquals(Gar.CANNOT, gar(new String[] {"bench", "--backend", "plain"}, toy.toString()));
        assertTrue(err().startsWith("gar bench: backend 'plain' offers no bench workload"), err());
        err.reset();
        assertEquals(Gar.USAGE, gar("bench", "--backend", "toy"));
        assertTrue(err().contains("--backend-path or GAR_BACKEND_PATH"), "without the path, toy is not there: " + err());
        err.reset();
        assertEquals(Gar.USAGE, gar("--backend-path", dir.resolve("missing.jar").toString(), "doctor"));
        assertTrue(err().startsWith("gar: --backend-path: no such file or folder"), err());
    }
}
