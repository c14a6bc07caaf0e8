package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.spi.LineDriver;
import org.junit.jupiter.api.function.Executable;

import java.time.Duration;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sim backend's verification over its driver broken by a breaker, with short bounds: a
 * broken driver's hang costs a second, not the suite's default patience. What the tests of the
 * broken drivers run each property on.
 */
class BrokenSimConformance extends SimConformanceTest {
    private final BiFunction<SimBackend, LineDriver<SimStream, SimDevice>, LineDriver<SimStream, SimDevice>> breaker;

    BrokenSimConformance(
            BiFunction<SimBackend, LineDriver<SimStream, SimDevice>, LineDriver<SimStream, SimDevice>> breaker) {
        this.breaker = breaker;
    }

    @Override
    protected LineDriver<SimStream, SimDevice> driver() {
        return breaker.apply(sim, super.driver());
    }

    @Override
    protected Duration patience() {
        return Duration.ofSeconds(2);
    }

    @Override
    protected Duration settleBound() {
        return Duration.ofMillis(500);
    }

    @Override
    protected Duration propertyDeadline() {
        return Duration.ofSeconds(8);
    }

    /** Runs {@code property}, which must fail naming {@code rule}; prints the lines that name it. */
    static void failsWith(String rule, Executable property) {
        AssertionError e = assertThrows(AssertionError.class, property);
        assertTrue(("\n" + e.getMessage()).contains("\n" + rule + ": "), "expected a " + rule + " failure, got: " + e.getMessage());
        e.getMessage().lines().filter(l -> l.startsWith(rule + ": ")).forEach(l -> System.out.println("caught: " + l));
    }
}
