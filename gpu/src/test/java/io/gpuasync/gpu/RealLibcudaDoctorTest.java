package io.gpuasync.gpu;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code gar doctor} and the check's probe as a user runs them (a JVM of their own, the library
 * named by GAR_CUDA_LIBRARY) against NVIDIA's own libcuda.so.1, which backend-cuda's build
 * fetches from Debian non-free (its RealLibcudaTest says how), on a machine with no NVIDIA
 * device. Skipped, saying why, where the package could not be fetched.
 */
class RealLibcudaDoctorTest {
    private Path library;

    @BeforeEach
    void fetched() {
        String dir = System.getProperty("gar.real.libcuda");
        Assumptions.assumeTrue(dir != null, "the build names backend-cuda's target/libcuda1 with -Dgar.real.libcuda");
        Path unavailable = Path.of(dir, "UNAVAILABLE");
        Assumptions.assumeFalse(Files.exists(unavailable), () -> "NVIDIA's libcuda1 is not here: " + read(unavailable));
        library = Path.of(dir, "libcuda.so.1");
        Assumptions.assumeTrue(Files.exists(library), "no " + library + " (and no UNAVAILABLE beside it saying why)");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }

    /** Runs {@code main} of {@code mainClass} on this test's class path with the real library; its output. */
    private String run(int expectedStatus, String mainClass, String... args) throws Exception {
        Assumptions.assumeFalse(Files.exists(Path.of("/dev/nvidia0")),
                "this machine has an NVIDIA device (/dev/nvidia0): the no-device path is not what it takes");
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("GAR_CUDA_LIBRARY", library.toString());
        // cuInit run as root makes the driver's control node (/dev/nvidiactl): what was there before stays.
        Set<Path> before = nvidiaNodes();
        Process process = builder.start();
        String output;
        try {
            output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "still running after 60 s");
        } finally {
            process.destroyForcibly();
            for (Path node : nvidiaNodes()) {
                if (!before.contains(node)) {
                    Files.deleteIfExists(node);
                }
            }
        }
        assertEquals(expectedStatus, process.exitValue(), output);
        return output;
    }

    private static Set<Path> nvidiaNodes() throws IOException {
        try (Stream<Path> dev = Files.list(Path.of("/dev"))) {
            return Set.copyOf(dev.filter(p -> p.getFileName().toString().startsWith("nvidia")).toList());
        }
    }

    @Test
    void garDoctorSaysCudaIsUnavailableWithTheDriversNameForNoDevice() throws Exception {
        // Status 0: the simulated backend is usable.
        String output = run(0, "io.gpuasync.cli.Gar", "doctor");
        assertTrue(output.contains("    cuda     UNAVAILABLE: cuInit(0) returned 100 (CUDA_ERROR_NO_DEVICE)\n"), output);
    }

    @Test
    void theProbeSaysTheDriverIsRealAndHasNoDevice(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("device.txt");
        run(1, "io.gpuasync.gpu.DeviceProbe", "cuda", file.toString());
        List<String> lines = Files.readAllLines(file);
        assertTrue(lines.contains("library: " + library), lines::toString);
        assertTrue(lines.contains("driver_kind: real"), lines::toString);
        assertTrue(lines.contains("error: cuInit returned 100"), lines::toString);
    }

    @Test
    void everySymbolTheProbeBindsIsInTheRealLibrary() {
        @SuppressWarnings("restricted")
        SymbolLookup real = SymbolLookup.libraryLookup(library, Arena.ofAuto());
        for (String symbol : DeviceProbe.api("cuda").symbols()) {
            assertTrue(real.find(symbol).isPresent(), library + " has no " + symbol);
        }
    }
}
