package io.gpuasync.backend.metal;

import io.gpuasync.backend.metal.fake.FakeMetal;

/**
 * The conformance suite with command buffers out of order and each kernel's store visible only
 * when its command buffer completes, the latest Metal's coherency rules allow: what settling
 * must wait for (the completion, not only the event signalled after the kernel).
 */
class MetalLateVisibilityConformanceTest extends MetalConformanceTest {
    @Override
    int modes() {
        return FakeMetal.OUT_OF_ORDER | FakeMetal.VISIBLE_AT_COMPLETION;
    }
}
