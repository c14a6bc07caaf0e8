package io.gpuasync.gpu;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two limits of the GPU machine the check's scripts hold it to (../shared/device/README.md):
 * what travels (gpu/travel.sh, which the check's layout step runs, so a build whose runtime
 * would not fit fails) and what comes back from $OUT (gpu/returns.sh, which the build's run of
 * the check runs on each check's folder).
 */
class CarryAndReturnTest {
    /** The project's root, from where this class was loaded (gpu/target/test-classes), not the working directory. */
    private static Path root() throws Exception {
        Path here = Path.of(CarryAndReturnTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("gpu/travel.sh"))) {
                return p;
            }
        }
        throw new AssertionError("no gpu/travel.sh above " + here);
    }

    private record Run(int status, String output) {
    }

    private static Run bash(Map<String, String> environment, String script, String argument) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", root().resolve(script).toString(), argument));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        return new Run(process.exitValue(), output);
    }

    private static void write(Path file, int bytes) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[bytes]);
    }

    @Test
    void whatTravelsIsAddedUpWithItsMarginAndARuntimeOverTheLimitFails(@TempDir Path dir) throws Exception {
        Path device = dir.resolve("device");
        write(device.resolve("lib/a.jar"), 3 << 20);
        Run fits = bash(Map.of(), "gpu/travel.sh", device.toString());
        assertEquals(0, fits.status(), fits.output());
        assertTrue(fits.output().contains("of the 64 MiB the GPU machine takes"), fits.output());
        assertTrue(fits.output().contains("margin: "), fits.output());
        // The project's own files count too: 3 MiB of runtime and them exceed 4 MiB.
        Run over = bash(Map.of("GAR_TRAVEL_LIMIT_MIB", "4"), "gpu/travel.sh", device.toString());
        assertEquals(1, over.status(), over.output());
        assertTrue(over.output().contains("TOO LARGE to carry"), over.output());
        assertTrue(over.output().contains("lib/a.jar"), "names the largest parts: " + over.output());
    }

    @Test
    void atMostEightFilesComeBackAndOnlyThoseTheMachineReturns(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        for (String name : List.of("summary.md", "results.md", "check-files.tar.gz")) {
            write(out.resolve(name), 10);
        }
        Run three = bash(Map.of(), "gpu/returns.sh", out.toString());
        assertEquals(0, three.status(), three.output());
        assertTrue(three.output().contains("3 files, all of which the GPU machine returns"), three.output());

        for (int i = 0; i < 6; i++) {
            write(out.resolve("step" + i + ".log"), 10);
        }
        Run nine = bash(Map.of(), "gpu/returns.sh", out.toString());
        assertEquals(1, nine.status(), nine.output());
        assertTrue(nine.output().contains("9 files; the GPU machine returns 8"), nine.output());

        Path deep = dir.resolve("deep");
        write(deep.resolve("a/b/c/file.txt"), 10);
        write(deep.resolve("a name.txt"), 10);
        Run odd = bash(Map.of(), "gpu/returns.sh", deep.toString());
        assertEquals(1, odd.status(), odd.output());
        assertTrue(odd.output().contains("deeper than"), odd.output());
        assertTrue(odd.output().contains("a name of other characters"), odd.output());
    }
}
