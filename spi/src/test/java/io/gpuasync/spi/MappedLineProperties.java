package io.gpuasync.spi;

import io.gpuasync.core.Slot;
import io.gpuasync.spi.FakeDriver.Call;
import io.gpuasync.spi.FakeDriver.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.ActionChainArbitrary;
import net.jqwik.api.state.Transformer;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The ownership rules of {@link MappedLine}, as a state machine: random stories of opening lines
 * (with and without a current domain, with failing driver calls, with a short or a long settle
 * bound), signalling and waiting on the device from own and foreign streams into busy and free
 * slots, handing out a slot's device address for a stream, the device running some stores, and closing with settles that answer, fail, hang or
 * throw, against a {@link FakeDriver} that records every call. After every step each rule the
 * line keeps ({@link LineStory#CHECKED}, from the one catalogue {@link LineRule}) is checked
 * under its own label, and shrinking finds the shortest story that breaks one.
 * {@link LineMutantsTest} runs the same stories against copies of the line compiled from its
 * source with one rule broken each, to show every label fails when its rule is broken.
 */
class MappedLineProperties {

    @Property(tries = 1000)
    void theOwnershipRulesHoldInEveryStory(@ForAll("stories") ActionChain<LineStory> story) {
        withEveryRule(story).run();
    }

    @Provide
    Arbitrary<ActionChain<LineStory>> stories() {
        return stories(LineKind.REAL);
    }

    static ActionChain<LineStory> withEveryRule(ActionChain<LineStory> story) {
        for (LineRule rule : LineStory.CHECKED) {
            story = story.withInvariant(rule.toString(), s -> s.assertHolds(rule));
        }
        return story;
    }

    // Weights: signals are most of a line's life and where slots collide; opening and closing
    // often enough that most stories close lines with stores queued; the device running is what
    // lets a busy slot be taken over.
    // Device-side waits are rarer than signals, as in use; each is work a close must settle, as
    // is a device address handed out.
    static ActionChainArbitrary<LineStory> stories(LineKind kind) {
        return ActionChain.startWith(() -> new LineStory(kind))
                .withAction(3, new OpenLine())
                .withAction(8, new Signal())
                .withAction(1, new WaitOnDevice())
                .withAction(1, new HandOutAddress())
                .withAction(3, new DeviceRuns())
                .withAction(3, new CloseLine())
                .withAction(1, new CloseAgain())
                .withMaxTransformations(40);
    }

    static final class OpenLine implements Action.Independent<LineStory> {
        @Override
        public Arbitrary<Transformer<LineStory>> transformer() {
            // Device 0 means no current context on this thread.
            Arbitrary<Integer> devices = Arbitraries.frequency(
                    Tuple.of(1, 0), Tuple.of(6, 1), Tuple.of(3, 2));
            Arbitrary<Call> faults = Arbitraries.of(Call.RETAIN, Call.ALLOC, Call.ADDRESS).injectNull(0.6);
            // A short bound is what lets a close hang; most lines keep the long one, so that a
            // story with hangs stays fast.
            Arbitrary<Boolean> shortBound = Arbitraries.frequency(Tuple.of(4, false), Tuple.of(1, true));
            return Combinators.combine(devices, faults, shortBound).as((device, fault, shortly) -> Transformer.mutate(
                    "open on device " + device + (fault == null ? "" : ", " + fault + " fails")
                            + (shortly ? ", short settle bound" : ""),
                    story -> story.openLine(device, fault, shortly)));
        }
    }

    /** An action on one of the story's open lines, chosen by index. */
    abstract static class OnAnOpenLine implements Action.Dependent<LineStory> {
        @Override
        public boolean precondition(LineStory story) {
            return !story.open.isEmpty();
        }

        static Arbitrary<Integer> indexes(List<?> of) {
            return Arbitraries.integers().between(0, of.size() - 1);
        }

        // Streams 1 and 2 of devices 1 and 2; most lines are on device 1, so device 2's streams
        // are mostly foreign ones.
        static Arbitrary<Stream> streams(int device1Weight, int device2Weight) {
            return Combinators.combine(Arbitraries.frequency(Tuple.of(device1Weight, 1), Tuple.of(device2Weight, 2)),
                    Arbitraries.integers().between(1, 2)).as(Stream::new);
        }
    }

    static final class Signal extends OnAnOpenLine {
        @Override
        public Arbitrary<Transformer<LineStory>> transformer(LineStory story) {
            Arbitrary<Integer> lines = indexes(story.open);
            Arbitrary<Stream> streams = streams(5, 2);
            // Few slots, so that streams meet in one; slot 7 keeps the far end of the line in play.
            Arbitrary<Slot> slots = Arbitraries.of(Slot.S0, Slot.S1, Slot.S2, Slot.S7);
            Arbitrary<Set<Call>> faults = Arbitraries.frequencyOf(
                    Tuple.of(8, Arbitraries.just(EnumSet.noneOf(Call.class))),
                    Tuple.of(1, Arbitraries.just(EnumSet.of(Call.STREAM_IN))),
                    Tuple.of(1, Arbitraries.just(EnumSet.of(Call.WRITE))),
                    Tuple.of(1, Arbitraries.just(EnumSet.of(Call.WRITE, Call.WRITE_QUEUED_ANYWAY))));
            return Combinators.combine(lines, streams, slots, faults).as((line, stream, slot, fault) ->
                    Transformer.mutate("signal line " + line + " from " + stream + " into " + slot
                                    + (fault.isEmpty() ? "" : ", " + fault + " fails"),
                            s -> s.signal(line, stream, slot, fault)));
        }
    }

    static final class WaitOnDevice extends OnAnOpenLine {
        @Override
        public Arbitrary<Transformer<LineStory>> transformer(LineStory story) {
            Arbitrary<Integer> lines = indexes(story.open);
            Arbitrary<Stream> streams = streams(3, 2);
            Arbitrary<Boolean> checkFails = Arbitraries.frequency(Tuple.of(6, false), Tuple.of(1, true));
            return Combinators.combine(lines, streams, Arbitraries.of(Slot.S0, Slot.S7), checkFails)
                    .as((line, stream, slot, fails) -> Transformer.mutate("wait on the device, line " + line + " from "
                                    + stream + " for " + slot + (fails ? ", STREAM_IN fails" : ""),
                            s -> s.waitOnDevice(line, stream, slot, fails)));
        }
    }

    static final class HandOutAddress extends OnAnOpenLine {
        @Override
        public Arbitrary<Transformer<LineStory>> transformer(LineStory story) {
            return Combinators.combine(indexes(story.open), streams(5, 1), Arbitraries.of(Slot.S0, Slot.S7))
                    .as((line, stream, slot) -> Transformer.mutate("the device address of line " + line + "'s " + slot
                            + " for " + stream, s -> s.handOutAddress(line, stream, slot)));
        }
    }

    static final class DeviceRuns implements Action.Independent<LineStory> {
        @Override
        public Arbitrary<Transformer<LineStory>> transformer() {
            // Mostly the whole device in queue order; sometimes one stream alone, as streams run
            // independently: that is what moves a word back if two streams share a slot.
            Arbitrary<Stream> streams = OnAnOpenLine.streams(1, 1).injectNull(0.6);
            return Combinators.combine(streams, Arbitraries.integers().between(1, 4))
                    .as((stream, n) -> Transformer.mutate((stream == null ? "the device" : stream.toString())
                            + " runs " + n + " stores", story -> story.deviceRuns(stream, n)));
        }
    }

    static final class CloseLine extends OnAnOpenLine {
        @Override
        public Arbitrary<Transformer<LineStory>> transformer(LineStory story) {
            Arbitrary<Integer> lines = indexes(story.open);
            // A hang is tried only where the line's bound is short (LineStory.close): on a long
            // bound it would cost the fake's safety net of seconds and prove nothing more.
            Arbitrary<LineStory.Settle> settles = Arbitraries.frequency(Tuple.of(10, LineStory.Settle.ANSWERS),
                    Tuple.of(3, LineStory.Settle.FAILS), Tuple.of(2, LineStory.Settle.HANGS),
                    Tuple.of(1, LineStory.Settle.THROWS));
            return Combinators.combine(lines, settles).as((line, settle) -> Transformer.mutate(
                    "close line " + line + (settle == LineStory.Settle.ANSWERS ? "" : ", settle " + settle),
                    s -> s.close(line, settle)));
        }
    }

    static final class CloseAgain implements Action.Dependent<LineStory> {
        @Override
        public boolean precondition(LineStory story) {
            return !story.closed.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<LineStory>> transformer(LineStory story) {
            return OnAnOpenLine.indexes(story.closed)
                    .map(line -> Transformer.mutate("close closed line " + line + " again", s -> s.closeAgain(line)));
        }
    }
}
