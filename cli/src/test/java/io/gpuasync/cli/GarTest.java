package io.gpuasync.cli;

import io.gpuasync.host.uring.Uring;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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
        assertEquals(Gar.USAGE, gar("--backend-path"));
        assertTrue(err().startsWith("gar: --backend-path needs a value"), err());
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
    void aThirdPartyBackendOnTheBackendPathIsFoundAndBenchedThroughItsWorkload(@TempDir Path dir) throws Exception {
        Path toy = ToyBackendModule.compile(dir);
        assertEquals(0, gar(new String[] {"--backend-path", toy.toString(), "doctor"}, null));
        assertTrue(out().contains("toy      available"), out());
        assertTrue(out().contains("plain    available"), out());
        out.reset();
        assertEquals(0, gar(new String[] {"bench", "--backend", "toy", "--work-us", "50", "--samples", "20",
                "--warmup", "5"}, toy.toString()), err());
        assertTrue(out().contains("workload: the toy backend's stream"), out());
        for (String plan : new String[] {"spin", "default", "backoff", "future"}) {
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
