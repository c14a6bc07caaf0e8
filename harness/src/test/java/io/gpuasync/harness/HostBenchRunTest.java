package io.gpuasync.harness;

import io.gpuasync.host.uring.Uring;
import io.netty.channel.uring.IoUring;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code gar bench --host} run end to end, echo and bursts of busy threads included: tagged
 * {@code bench} and left out of the default unit run, since it loads every core for seconds
 * (run it with {@code mvn -pl harness -am verify -Pbench}, see docs/bench.md).
 */
@Tag("bench")
class HostBenchRunTest {
    private final BenchTest gar = new BenchTest();

    @Test
    void everyHostAndPeerIsMeasuredInOneRun(@TempDir Path dir) throws Exception {
        assumeTrue(Uring.isAvailable() && IoUring.isAvailable(), "io_uring unavailable here");
        Path json = dir.resolve("hosts.json");
        // Work longer than the most a host's learned timer lateness may say (TimerLateness's cap),
        // so the io_uring host arms a timer for each wait however loaded the machine.
        assertEquals(0, gar.bench("--host", "std,uring,netty", "--work-us", "3000", "--samples", "30", "--warmup", "5",
                "--echo", "50", "--burst-ms", "50", "--json", json.toString()), gar.err());
        Map<String, Object> written = JsonText.read(Files.readString(json));
        List<Map<String, Object>> rows = BenchTest.list(written, "rows");
        for (String row : new String[] {"busy-poll", "schedule", "std+execute", "std", "uring", "netty"}) {
            Map<String, Object> r = BenchTest.row(rows, "row", row);
            assertTrue(BenchTest.number(r, "p50_ns") > 0 && BenchTest.number(r, "p99_ns") >= BenchTest.number(r, "p50_ns"), row);
            assertTrue(r.get("timers_per_await") instanceof Number, r.toString());
        }
        assertTrue(((Number) BenchTest.row(rows, "row", "uring").get("timers_per_await")).doubleValue() > 0,
                "the io_uring host slept on its timeout:\n" + written);
        List<Map<String, Object>> echoes = BenchTest.list(written, "echo");
        for (String echo : new String[] {"none", "device only", "netty", "std+execute"}) {
            BenchTest.row(echoes, "gpu_waits", echo);
        }
        assertEquals(50L, BenchTest.number(BenchTest.row(echoes, "gpu_waits", "none"), "round_trips"), written.toString());
        assertEquals(10_000L, BenchTest.number(written, "echo_rate_per_s"));
        @SuppressWarnings("unchecked")
        Map<String, Object> noise = (Map<String, Object>) written.get("echo_alone_noise");
        assertTrue(noise != null && noise.get("odd_rounds_p50_ns") instanceof Number, written.toString());
        assertFalse(echoes.stream().anyMatch(e -> e.get("gpu_waits").toString().startsWith("none, ")),
                "the noise is no condition of its own:\n" + written);
        assertTrue(written.get("after_burst") instanceof Map, "with netty, the rows after a burst:\n" + written);
        String table = gar.out();
        assertTrue(table.contains("goals:"), table);
        assertTrue(table.contains("GPU waits fed at 10000/s, 20 us of work each; the conditions alternate in 10 rounds"), table);
        assertTrue(table.contains("the echo alone, odd rounds against even: p50 "), table);
    }

    @Test
    @SuppressWarnings("unchecked")
    void nettyIsMeasuredAgainAfterABurstOfLoad(@TempDir Path dir) throws Exception {
        assumeTrue(IoUring.isAvailable(), "Netty's io_uring transport unavailable here");
        Path json = dir.resolve("burst.json");
        assertEquals(0, gar.bench("--host", "netty", "--samples", "40", "--warmup", "10", "--echo", "20", "--burst-ms", "150",
                "--json", json.toString()), gar.err());
        Map<String, Object> written = JsonText.read(Files.readString(json));
        Map<String, Object> burst = (Map<String, Object>) written.get("after_burst");
        assertNotNull(burst, written.toString());
        assertEquals(150L, BenchTest.number(burst, "burst_ms"));
        assertEquals(Runtime.getRuntime().availableProcessors(), BenchTest.number(burst, "processors"));
        assertEquals(2 * Runtime.getRuntime().availableProcessors(), BenchTest.number(burst, "busy_threads"),
                "twice as many spinning threads as processors: " + burst);
        // Three bursts of 150 ms ran within the phase: a lower bound, which no load can break.
        assertTrue(((Number) burst.get("seconds")).doubleValue() >= 0.45, burst.toString());
        List<Map<String, Object>> rows = BenchTest.list(burst, "rows");
        assertEquals(HostBurst.ROWS, rows.stream().map(r -> r.get("row")).toList());
        for (Map<String, Object> r : rows) {
            assertTrue(BenchTest.number(r, "p50_ns") > 0 && BenchTest.number(r, "p99_ns") >= BenchTest.number(r, "p50_ns"),
                    r.toString());
            assertEquals(40L, BenchTest.number(r, "samples"), r.toString());
            assertTrue(BenchTest.number(r, "cpu_ns_per_await") > 0, r.toString());
            // The JIT compiler's part, left out of CPU per await, where Linux tells it.
            assertTrue(!Files.isDirectory(Path.of("/proc/self/task")) || BenchTest.number(r, "jit_ns_per_await") >= 0,
                    r.toString());
        }
        String table = gar.out();
        assertTrue(table.contains("waits served during the bursts: " + String.join(", ", rows.stream()
                .map(r -> r.get("row") + " " + BenchTest.number(r, "burst_waits")).toList())), "the JSON's counts are the table's:\n"
                + table + "\n" + burst);
        Map<String, Object> lateness = (Map<String, Object>) burst.get("timer_lateness");
        assertEquals(Set.of("std", "netty"), lateness.keySet(), burst.toString());
        List<String> printed = new ArrayList<>();
        for (String host : List.of("std", "netty")) {
            Map<String, Object> learned = (Map<String, Object>) lateness.get(host);
            printed.add(String.format(Locale.ROOT, "%s %.1f / %.1f / %.1f us", host,
                    BenchTest.number(learned, "before_ns") / 1e3, BenchTest.number(learned, "burst_end_ns") / 1e3,
                    BenchTest.number(learned, "after_ns") / 1e3));
        }
        assertTrue(table.contains("timer lateness learned, before the burst / at its end / after the samples: "
                + String.join(", ", printed)), "the JSON's lateness is the table's:\n" + table + "\n" + lateness);
        assertTrue(table.contains("while the row served one wait after another on its line; then 40 samples on that line"),
                table);
        assertTrue(Pattern.compile("netty p50 <= 1.5x busy poll's after a burst: [0-9.]+x  (met|NOT met)").matcher(table).find(),
                table);
        assertTrue(Pattern.compile("netty CPU/await <= std\\+execute's after a burst: [0-9.]+ us vs [0-9.]+ us  (met|NOT met)")
                .matcher(table).find(), table);
    }

    @Test
    void theHostsRunOnABackendsBenchWorkload(@TempDir Path dir) throws Exception {
        assumeTrue(Uring.isAvailable() && IoUring.isAvailable(), "io_uring unavailable here");
        assumeTrue(System.getProperty("gar.cuda.library", "").contains("fake-cuda"), "the build's fake libcuda.so.1");
        Path json = dir.resolve("hosts-cuda.json");
        assertEquals(0, gar.bench("--host", "std,uring,netty", "--backend", "cuda", "--work-us", "50", "--samples", "20",
                "--warmup", "5", "--echo", "30", "--burst-ms", "50", "--json", json.toString()), gar.err());
        String table = gar.out();
        assertTrue(table.contains("backend cuda (a calibrated cuMemsetD32Async of up to 256 MiB"), table);
        assertTrue(table.contains("landed: from releasing the work from its gate"), table);
        Map<String, Object> written = JsonText.read(Files.readString(json));
        assertEquals("cuda", written.get("backend"));
        for (String row : new String[] {"busy-poll", "schedule", "std+execute", "std", "uring", "netty"}) {
            BenchTest.row(BenchTest.list(written, "rows"), "row", row);
        }
        for (String echo : new String[] {"none", "netty", "std+execute"}) {
            BenchTest.row(BenchTest.list(written, "echo"), "gpu_waits", echo);
        }
    }
}
