package io.gpuasync.gpu;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.fail;

/** What RunTestsTest runs through the check's runner: one test of each outcome. Not run by Surefire (not *Test). */
class ThreeOutcomes {
    @Test
    void passes() {
    }

    @Test
    void fails() {
        fail("as it should");
    }

    @Test
    void skipsItself() {
        Assumptions.assumeTrue(false, "no device here");
    }
}
