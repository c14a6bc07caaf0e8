package io.gpuasync.cli;

import io.gpuasync.host.uring.Uring;
import io.netty.channel.uring.IoUring;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code gar bench --host} and what {@code gar doctor} says of the hosts. */
class HostBenchTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int gar(String... args) {
        return Gar.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void doctorListsTheHostsAndWhyOneIsUnavailable() {
        gar("doctor");
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("    std      available"), text);
        String uring = Uring.unavailabilityCause().map(t -> "    uring    UNAVAILABLE: " + t.getMessage())
                .orElse("    uring    available (io_uring features 0x");
        assertTrue(text.contains(uring), text);
        assertTrue(text.contains("    netty    "), text);
    }

    @Test
    void everyHostAndPeerIsMeasuredInOneRun(@TempDir Path dir) throws Exception {
        assumeTrue(Uring.isAvailable() && IoUring.isAvailable(), "io_uring unavailable here");
        Path json = dir.resolve("hosts.json");
        // Work of 3 ms: longer than the most a host's learned timer lateness may say (TimerLateness's
        // 1 ms cap), so once the estimator predicts, the io_uring host arms a timer for each wait
        // however loaded the machine; with 50 us the lateness learned under load covered every
        // deadline and the host rightly spun through them all.
        assertEquals(0, gar("bench", "--host", "std,uring,netty", "--work-us", "3000", "--samples", "30", "--warmup", "5",
                "--echo", "50", "--json", json.toString()), err.toString(StandardCharsets.UTF_8));
        String written = Files.readString(json);
        for (String row : new String[] {"busy-poll", "schedule", "std+execute", "std", "uring", "netty"}) {
            Matcher m = Pattern.compile("\\{\"row\": \"" + Pattern.quote(row) + "\", \"p50_ns\": (\\d+), \"p99_ns\": (\\d+), "
                    + "\"cpu_ns_per_await\": (-?\\d+), \"timers_per_await\": ([0-9.]+)").matcher(written);
            assertTrue(m.find(), row + " missing:\n" + written);
            assertTrue(Long.parseLong(m.group(1)) > 0 && Long.parseLong(m.group(2)) >= Long.parseLong(m.group(1)), row);
        }
        Matcher uringTimers = Pattern.compile("\"row\": \"uring\"[^}]*\"timers_per_await\": ([0-9.]+)").matcher(written);
        assertTrue(uringTimers.find());
        assertTrue(Double.parseDouble(uringTimers.group(1)) > 0, "the io_uring host slept on its timeout:\n" + written);
        for (String echo : new String[] {"none", "device only", "netty", "std+execute"}) {
            assertTrue(written.contains("{\"gpu_waits\": \"" + echo + "\", \"p50_ns\": "), echo + " echo missing:\n" + written);
        }
        assertTrue(written.contains("\"round_trips\": 50,"), written);
        assertTrue(written.contains("\"echo_rate_per_s\": 10000,"), written);
        assertTrue(written.contains("\"echo_alone_noise\": {\"odd_rounds_p50_ns\": "), written);
        assertFalse(written.contains("\"gpu_waits\": \"none, "), "the noise is no condition of its own:\n" + written);
        String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("goals of issue 11:"), table);
        assertTrue(table.contains("GPU waits fed at 10000/s, 20 us of work each; the conditions alternate in 10 rounds"), table);
        assertTrue(table.contains("the echo alone, odd rounds against even: p50 "), table);
    }

    @Test
    void theHostsRunOnABackendsBenchWorkload(@TempDir Path dir) throws Exception {
        assumeTrue(Uring.isAvailable() && IoUring.isAvailable(), "io_uring unavailable here");
        assumeTrue(System.getProperty("gar.cuda.library", "").contains("fake-cuda"), "the build's fake libcuda.so.1");
        Path json = dir.resolve("hosts-cuda.json");
        assertEquals(0, gar("bench", "--host", "std,uring,netty", "--backend", "cuda", "--work-us", "50", "--samples", "20",
                "--warmup", "5", "--echo", "30", "--json", json.toString()), err.toString(StandardCharsets.UTF_8));
        String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("backend cuda (a calibrated cuMemsetD32Async of up to 256 MiB"), table);
        assertTrue(table.contains("landed: from queueing the work"), table);
        String written = Files.readString(json);
        assertTrue(written.contains("\"backend\": \"cuda\""), written);
        for (String row : new String[] {"busy-poll", "schedule", "std+execute", "std", "uring", "netty"}) {
            assertTrue(written.contains("{\"row\": \"" + row + "\", \"p50_ns\": "), row + " missing:\n" + written);
        }
        for (String echo : new String[] {"none", "netty", "std+execute"}) {
            assertTrue(written.contains("{\"gpu_waits\": \"" + echo + "\", \"p50_ns\": "), echo + " echo missing:\n" + written);
        }
    }

    @Test
    void aBackendWithoutABenchWorkloadCannotRunTheHosts() {
        // HIP's provider offers no bench workload (and has no device here): either way gar says it cannot.
        assertEquals(Gar.CANNOT, gar("bench", "--host", "std", "--backend", "hip"));
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.startsWith("gar bench: backend 'hip' cannot be used here: ")
                || said.startsWith("gar bench: backend 'hip' offers no bench workload"), said);
    }

    @Test
    void badHostOptionsSayWhatWasWrong() {
        assertEquals(2, gar("bench", "--host", "tokio"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith(
                "gar bench: --host takes std, uring or netty (several with commas), got 'tokio'"), err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(Gar.USAGE, gar("bench", "--host", "netty", "--backend", "nosuch"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar bench: no backend named 'nosuch'; found "),
                err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, gar("bench", "--host"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar bench: --host needs a value"));
        err.reset();
        assertEquals(2, gar("bench", "--host", "netty", "--echo-rate", "-1"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar bench: --echo-rate must be between 0 and 1000000, got -1"),
                err.toString(StandardCharsets.UTF_8));
    }
}
