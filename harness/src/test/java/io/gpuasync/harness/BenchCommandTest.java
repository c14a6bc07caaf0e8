package io.gpuasync.harness;

import io.gpuasync.core.WakeModel;
import io.gpuasync.spi.Backends;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** gar bench's options: one parser for both benches, each wrong value named before any work. */
class BenchCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private String refused(String... args) {
        UsageException e = assertThrows(UsageException.class, () -> BenchCommand.run(List.of(args), Backends.discover(),
                false, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertEquals("bench", e.command());
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
        return e.getMessage();
    }

    @Test
    void badOptionsAndValuesAreNamedBeforeAnyWork(@TempDir Path dir) {
        assertEquals("gar bench: unknown option '--frob'", refused("--frob", "1"));
        assertEquals("gar bench: unexpected argument 'fast'", refused("fast"));
        assertEquals("gar bench: --samples needs a whole number, got 'many'", refused("--samples", "many"));
        assertEquals("gar bench: --samples must be between 1 and 10000000, got 0", refused("--samples=0"));
        assertEquals("gar bench: --work-us needs a value", refused("--work-us"));
        assertEquals("gar bench: --json needs a value", refused("--json", "--samples", "10"));
        assertTrue(refused("--samples", "5", "--samples", "6").contains("--samples"), "given twice");
        assertEquals("gar bench: --chart draws SVG only: the file's name must end in .svg, got '"
                + dir.resolve("b.png") + "'", refused("--chart", dir.resolve("b.png").toString()));
        assertEquals("gar bench: --waiters runs on the simulated device only (--backend sim), not on cuda",
                refused("--backend", "cuda", "--waiters", "4"));
        assertEquals("gar bench: --waiters must be between 1 and 4096, got 0", refused("--waiters", "1,0"));
        assertEquals("gar bench: --echo goes with --host only", refused("--echo", "10"));
        assertEquals("gar bench: --jfr does not go with --host", refused("--host", "std", "--jfr", dir.resolve("r.jfr").toString()));
        assertEquals("gar bench: --host takes std, uring or netty (several with commas), got 'tokio'", refused("--host", "tokio"));
        assertEquals("gar bench: --host needs a value", refused("--host"));
        assertEquals("gar bench: --echo-rate must be between 0 and 1000000, got -1", refused("--host", "netty", "--echo-rate", "-1"));
        assertTrue(refused("--host", "std", "--json", dir.resolve("no/such/h.json").toString()).contains("no such folder"));
        assertEquals("gar bench: --burst-ms goes with --host only", refused("--burst-ms", "10"));
        assertEquals("gar bench: --burst-ms goes with a --host that includes netty", refused("--host", "std,uring", "--burst-ms", "10"));
        assertEquals("gar bench: --burst-ms must be between 0 and 60000, got 60001", refused("--host", "netty", "--burst-ms", "60001"));
    }

    @Test
    void aBurstComesWithNettyUnlessTurnedOff() {
        assertEquals(Duration.ofMillis(HostBurst.DEFAULT_BURST_MILLIS),
                BenchCommand.hostOptions(BenchCommand.parse(List.of("--host", "std,netty"))).burst());
        assertEquals(Duration.ZERO, BenchCommand.hostOptions(BenchCommand.parse(List.of("--host", "netty", "--burst-ms", "0"))).burst());
        assertEquals(Duration.ofMillis(250), BenchCommand.hostOptions(BenchCommand.parse(List.of("--host=netty", "--burst-ms=250")))
                .burst());
        assertEquals(Duration.ZERO, BenchCommand.hostOptions(BenchCommand.parse(List.of("--host", "std,uring"))).burst(),
                "no netty row to measure again");
    }

    @Test
    void aValueAfterTheOptionOrAfterAnEqualsSignIsTheSame() {
        Bench.Options spaced = BenchCommand.benchOptions(BenchCommand.parse(List.of("--samples", "7", "--jitter", "30")), false);
        Bench.Options joined = BenchCommand.benchOptions(BenchCommand.parse(List.of("--samples=7", "--jitter=30")), false);
        assertEquals(7, spaced.samples());
        assertEquals(spaced.samples(), joined.samples());
        assertEquals(0.3, joined.jitter());
        HostBench.Options hosts = BenchCommand.hostOptions(BenchCommand.parse(List.of("--host=std,netty", "--echo", "9")));
        assertEquals(List.of("std", "netty"), List.copyOf(hosts.hosts()));
        assertEquals(9, hosts.echoRequests());
        assertEquals(2000, hosts.samples());
    }

    @Test
    void theWakeQuantileIsTheReactorsAndRefusedOutsideItsRange() {
        assertEquals(WakeModel.DEFAULT_QUANTILE, BenchCommand.benchOptions(BenchCommand.parse(List.of()), false).wakeQuantile());
        assertEquals(0.1, BenchCommand.benchOptions(BenchCommand.parse(List.of("--wake-quantile", "0.1")), false).wakeQuantile());
        for (String wrong : List.of("0", "0.5", "-0.1", "NaN", "a fifth")) {
            UsageException refused = assertThrows(UsageException.class,
                    () -> BenchCommand.benchOptions(BenchCommand.parse(List.of("--wake-quantile", wrong)), false));
            assertTrue(refused.getMessage().contains("--wake-quantile"), refused.getMessage());
        }
        assertThrows(UsageException.class,
                () -> BenchCommand.hostOptions(BenchCommand.parse(List.of("--host", "std", "--wake-quantile", "0.1"))));
    }

    @Test
    void theHelpListsEveryOptionTheParserTakesAndNoOther() {
        Set<String> inHelp = new TreeSet<>();
        Matcher option = Pattern.compile("--[a-z][a-z-]*").matcher(BenchCommand.HELP);
        while (option.find()) {
            inHelp.add(option.group());
        }
        inHelp.remove("--help");
        assertEquals(new TreeSet<>(BenchCommand.OPTIONS), inHelp);
    }
}
