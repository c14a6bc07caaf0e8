package io.gpuasync.spi;

import io.gpuasync.core.NanoClock;
import io.gpuasync.spi.FakeDriver.Domain;
import io.gpuasync.spi.FakeDriver.Stream;

import java.time.Duration;

/**
 * Which class of line a story opens: {@link MappedLine} itself, or a mutant compiled from its
 * source with one rule broken ({@link LineMutants}). The stories reach a line only through
 * {@link HostLine} and this call, so the same stories run against both.
 */
interface LineKind {
    /** The real line. */
    LineKind REAL = new LineKind() {
        @Override
        public HostLine<Stream> open(LineDriver<Stream, Domain> driver, LeakReporter reporter, Duration settleBound) {
            return MappedLine.open(driver, reporter, NanoClock.SYSTEM, settleBound);
        }

        @Override
        public String toString() {
            return "MappedLine";
        }
    };

    /** As {@code MappedLine.open(driver, reporter, clock, settleBound)}. */
    HostLine<Stream> open(LineDriver<Stream, Domain> driver, LeakReporter reporter, Duration settleBound);
}
