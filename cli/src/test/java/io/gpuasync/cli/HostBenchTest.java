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
        assertEquals(0, gar("bench", "--host", "std,uring,netty", "--work-us", "50", "--samples", "30", "--warmup", "5",
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
        for (String echo : new String[] {"none", "netty", "std+execute"}) {
            assertTrue(written.contains("{\"gpu_waits\": \"" + echo + "\", \"p50_ns\": "), echo + " echo missing:\n" + written);
        }
        assertTrue(written.contains("\"round_trips\": 50,"), written);
        String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("goals of issue 11:"), table);
    }

    @Test
    void badHostOptionsSayWhatWasWrong() {
        assertEquals(2, gar("bench", "--host", "tokio"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith(
                "gar bench: --host takes std, uring or netty (several with commas), got 'tokio'"), err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, gar("bench", "--host", "netty", "--backend", "cuda"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar bench: --host runs on the simulated backend only"));
        err.reset();
        assertEquals(2, gar("bench", "--host"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar bench: --host needs a value"));
    }
}
