package io.gpuasync.backend.metal;

/**
 * The conformance suite again, with the fake at its most adversarial within Metal's rules:
 * command buffers of one queue run concurrently (only events order them), and a kernel's store
 * becomes visible only when its command buffer completes. A store without its event fence lands
 * before the work queued ahead of it here (MetalBackendTest shows it), so this run is what shows
 * the fence and the settle's wait for completion are needed.
 */
class MetalAdversarialConformanceTest extends MetalConformanceTest {
    @Override
    int modes() {
        return FakeMetal.OUT_OF_ORDER | FakeMetal.VISIBLE_AT_COMPLETION;
    }
}
