package io.gpuasync.backend.metal;

import io.gpuasync.backend.metal.fake.FakeMetal;

/**
 * The conformance suite with the command buffers of a queue running concurrently, so that only
 * event signals and waits order them, as Metal allows: a store without its event fence lands
 * before the work queued ahead of it here (MetalBackendTest shows the fake doing so), so this run
 * is what shows the fence is needed. Stores are visible as soon as their kernel runs: late
 * visibility would hide a missing fence behind the event signalled at the end of each store.
 */
class MetalOutOfOrderConformanceTest extends MetalConformanceTest {
    @Override
    int modes() {
        return FakeMetal.OUT_OF_ORDER;
    }
}
