package io.gpuasync.backend.cuda;

import io.gpuasync.testing.GeneratedSources;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

/**
 * {@code src/generated/java} is what {@code src/main/bindings/generate.py} makes of {@code cuda.h}
 * today, file by file: no hand edit, no generator change left unapplied. Skipped, saying so, where
 * the header or python3 is missing or the header is another version than the files record; CI
 * installs no CUDA toolkit, so there too.
 */
class CudaGeneratedSourcesTest {
    @Test
    void theCommittedBindingsAreWhatTheGeneratorMakesOfTheHeader() {
        Path header = Path.of(System.getProperty("gar.cuda.header", "/usr/local/cuda/include/cuda.h"));
        Path module = GeneratedSources.moduleFolder("backend-cuda");
        GeneratedSources.assertRegeneratesTheSame(module.resolve("src/main/bindings/generate.py"), header,
                module.resolve("src/generated/java"), false);
    }
}
