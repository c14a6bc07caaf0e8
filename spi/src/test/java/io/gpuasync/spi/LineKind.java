package io.gpuasync.spi;

import io.gpuasync.api.Line;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.FakeDriver.Domain;
import io.gpuasync.spi.FakeDriver.Stream;

import java.time.Duration;

/**
 * Which class of line a story opens: {@link MappedLine} itself, or a mutant compiled from its
 * source with one rule broken ({@link LineMutants}). The stories reach a line only through
 * {@link Line} and these two calls, so the same stories run against both.
 */
interface LineKind {
    /** The real line. */
    LineKind REAL = new LineKind() {
        @Override
        public Line<Stream> open(LineDriver<Stream, Domain> driver, LeakReporter reporter, Duration settleBound) {
            return MappedLine.open(driver, reporter, NanoClock.SYSTEM, settleBound);
        }

        @Override
        public void waitOnDevice(Line<Stream> line, Stream stream, Slot slot, long target) {
            ((MappedLine<Stream, Domain>) line).waitOnDevice(stream, slot, target);
        }

        @Override
        public String toString() {
            return "MappedLine";
        }
    };

    /** As {@code MappedLine.open(driver, reporter, clock, settleBound)}. */
    Line<Stream> open(LineDriver<Stream, Domain> driver, LeakReporter reporter, Duration settleBound);

    /** As {@code MappedLine.waitOnDevice}. */
    void waitOnDevice(Line<Stream> line, Stream stream, Slot slot, long target);
}
