package io.gpuasync.backend.hip;

import io.gpuasync.testing.GeneratedSources;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

/**
 * {@code src/generated/java} is what {@code src/main/bindings/generate.py} makes of
 * {@code hip_runtime_api.h} today, file by file: no hand edit, no generator change left unapplied.
 * Skipped, saying so, where the header or python3 is missing or the header is another version than
 * the files record, as {@code HipHeaderTest} is where libamdhip64-dev could not be installed.
 */
class HipGeneratedSourcesTest {
    @Test
    void theCommittedBindingsAreWhatTheGeneratorMakesOfTheHeader() {
        Path header = Path.of(System.getProperty("gar.hip.header", "/usr/include/hip/hip_runtime_api.h"));
        Path module = GeneratedSources.moduleFolder("backend-hip");
        GeneratedSources.assertRegeneratesTheSame(module.resolve("src/main/bindings/generate.py"), header,
                module.resolve("src/generated/java"), false);
    }
}
