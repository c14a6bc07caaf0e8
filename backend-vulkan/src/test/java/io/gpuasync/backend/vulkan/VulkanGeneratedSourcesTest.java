package io.gpuasync.backend.vulkan;

import io.gpuasync.testing.GeneratedSources;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

/**
 * {@code src/generated/java} is what {@code src/main/bindings/generate.py} makes of
 * {@code vulkan_core.h} today, file by file: no hand edit, no generator change left unapplied.
 * Skipped, saying so, where the header or python3 is missing or the header is another version than
 * the files record; in CI ({@code CI=true}), which installs libvulkan-dev and python3, that fails.
 */
class VulkanGeneratedSourcesTest {
    @Test
    void theCommittedBindingsAreWhatTheGeneratorMakesOfTheHeader() {
        Path include = Path.of(System.getProperty("gar.vulkan.include", "/usr/include"));
        Path module = GeneratedSources.moduleFolder("backend-vulkan");
        GeneratedSources.assertRegeneratesTheSame(module.resolve("src/main/bindings/generate.py"),
                include.resolve("vulkan/vulkan_core.h"), module.resolve("src/generated/java"), true);
    }
}
