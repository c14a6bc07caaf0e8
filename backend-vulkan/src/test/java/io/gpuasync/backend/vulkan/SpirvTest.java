package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Shaders;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The checked-in SPIR-V is what {@code src/main/glsl/make-spirv.sh} makes of the checked-in GLSL
 * with the machine's glslangValidator: a shader changed without its SPIR-V fails here. Skipped,
 * saying so, without glslang-tools; in CI ({@code CI=true}), which installs them, that fails.
 */
class SpirvTest {
    @Test
    void theCheckedInSpirvIsWhatTheGlslMakes() throws IOException, InterruptedException {
        Path script = Path.of("src/main/glsl/make-spirv.sh");
        boolean tool = false;
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            tool |= Files.isExecutable(Path.of(dir, "glslangValidator"));
        }
        if (!tool) {
            String why = "no glslangValidator (install glslang-tools): the SPIR-V was not checked against its GLSL";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("CI installs it, yet " + why);
            }
            Assumptions.abort(why);
        }
        Path out = Files.createDirectories(Path.of("target", "spirv-check"));
        Process make = new ProcessBuilder("sh", script.toString(), out.toString()).redirectErrorStream(true).start();
        String output = new String(make.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, make.waitFor(), output);
        for (String shader : new String[] {Shaders.STORE, Shaders.BUSY}) {
            assertArrayEquals(Files.readAllBytes(out.resolve(shader)), Shaders.load(shader),
                    shader + " is not what make-spirv.sh makes of its GLSL now: run it and commit the result");
        }
    }
}
