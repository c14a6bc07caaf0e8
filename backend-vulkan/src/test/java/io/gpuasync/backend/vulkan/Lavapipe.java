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
public final class Lavapipe {
    private Lavapipe() {
    }

    /** Returns normally if Vulkan can hold a line here; skips (or, in CI, fails) the test otherwise. */
    public static void require() {
        VulkanBackend.unavailability().ifPresent(cause -> {
            if (IN_CI) {
                throw new AssertionError("CI installs Vulkan, yet " + why(cause), cause);
            }
            Assumptions.abort(why(cause));
        });
    }

    private static final boolean IN_CI = "true".equals(System.getenv("CI"));

    private static String why(Throwable cause) {
        return "no usable Vulkan here (" + cause.getMessage() + "); install mesa-vulkan-drivers libvulkan1"
                + " and pin lavapipe with VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";
    }

    /**
     * Skips a jqwik verification's every property where there is no Vulkan, saying why. A property
     * cannot skip itself as a JUnit test does: jqwik counts an abort inside its tries as a
     * rejected try, and fails a property whose every try was rejected. In CI it skips nothing, so
     * that each property fails on its own ({@link #require}): the hook must not throw, as jqwik
     * asks it while it builds the run, where a failure would end the engine, not a property.
     */
    public static final class SkipWithoutVulkan implements SkipExecutionHook {
        public SkipWithoutVulkan() {
        }

        @Override
        public SkipResult shouldBeSkipped(LifecycleContext context) {
            Optional<Throwable> cause = IN_CI ? Optional.empty() : VulkanBackend.unavailability();
            return cause.map(c -> SkipResult.skip(why(c))).orElse(SkipResult.doNotSkip());
        }
    }

    /** The backend, reporting leaks to nobody, once {@link #require()} passed. */
    static VulkanBackend backend() {
        require();
        return VulkanBackend.load((reason, line, address, bytes) -> { });
    }
}
