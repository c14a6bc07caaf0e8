package io.gpuasync.backend.vulkan;

import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;
import org.junit.jupiter.api.Assumptions;

import java.util.Optional;

/**
 * The real Vulkan these tests run on: whichever driver the loader picks (the build pins Mesa's
 * lavapipe with {@code VK_DRIVER_FILES}; a GPU machine runs NVIDIA's). Nothing here is a fake.
 * Where Vulkan is missing the tests report themselves skipped with the cause, except in CI
 * ({@code CI=true}), which installs it, so that a broken install fails the build instead of
 * passing it empty.
 */
final class Lavapipe {
    private Lavapipe() {
    }

    /** Returns normally if Vulkan can hold a line here; skips (or, in CI, fails) the test otherwise. */
    static void require() {
        absence().ifPresent(Assumptions::abort);
    }

    /** Why the tests cannot run here, if they cannot; in CI that fails instead. */
    static Optional<String> absence() {
        return VulkanBackend.unavailability().map(cause -> {
            String why = "no usable Vulkan here (" + cause.getMessage() + "); install mesa-vulkan-drivers libvulkan1"
                    + " and pin lavapipe with VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("CI installs Vulkan, yet " + why, cause);
            }
            return why;
        });
    }

    /**
     * Skips a jqwik verification's every property where {@link #absence()} says why. A property
     * cannot skip itself as a JUnit test does: jqwik counts an abort inside its tries as a
     * rejected try, and fails a property whose every try was rejected.
     */
    public static final class SkipWithoutVulkan implements SkipExecutionHook {
        public SkipWithoutVulkan() {
        }

        @Override
        public SkipResult shouldBeSkipped(LifecycleContext context) {
            return absence().map(SkipResult::skip).orElse(SkipResult.doNotSkip());
        }
    }

    /** The backend, reporting leaks to nobody, once {@link #require()} passed. */
    static VulkanBackend backend() {
        require();
        return VulkanBackend.load((reason, line, address, bytes) -> { });
    }
}
