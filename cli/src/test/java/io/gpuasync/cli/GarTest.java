package io.gpuasync.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GarTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int gar(String... args) {
        return Gar.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
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
    void demoRunsThePipelineAtBothFillLevels() {
        assertEquals(0, gar("demo"));
        assertTrue(out().contains("fill level 1: 40 batches"), out());
        assertTrue(out().contains("fill level 3: 40 batches"), out());
    }

    @Test
    void badCommandsAndOptionsSayWhatWasWrong() {
        assertEquals(2, gar("frobnicate"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar: unknown command 'frobnicate'"));
        err.reset();
        assertEquals(2, gar("bench", "--samples", "many"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar: --samples needs a whole number, got 'many'"));
        err.reset();
        assertEquals(2, gar("bench", "--work-us"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar: --work-us needs a value"));
        err.reset();
        assertEquals(2, gar("bench", "--backend", "hip"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("has no bench workload here yet"));
        assertEquals(2, gar());
        assertEquals(0, gar("help"));
    }
}
