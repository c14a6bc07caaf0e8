package io.gpuasync.backend.metal;

import io.gpuasync.backend.metal.fake.FakeMetal;

/**
 * The conformance suite with command buffers out of order and every kernel's stores visible to
 * the CPU only when their command buffer completes, not at a shared event's signal: Apple's one
 * plain promise ("coherency is only guaranteed at command buffer boundaries"). Before the line
 * signalled a slot's event from a command buffer of its own, after the store's, line19 could see
 * the work behind a device-side wait land before the word it waited for.
 */
class MetalCompletionVisibilityConformanceTest extends MetalConformanceTest {
    @Override
    int modes() {
        return FakeMetal.OUT_OF_ORDER | FakeMetal.VISIBLE_AT_COMPLETION_ONLY;
    }
}
