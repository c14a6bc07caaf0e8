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
 * (with and without a current domain, with failing driver calls), signalling from own and
 * foreign streams into busy and free slots, the device running some stores, and closing with
 * settles that succeed or fail, against a {@link FakeDriver} that records every call. After
 * every step each rule in {@link Rules} is checked under its own label, and shrinking finds the
 * shortest story that breaks one. {@code SabotageTest} runs the same stories against lines that
 * break one rule each, to show every label fails when its rule is broken.
 */
class MappedLineProperties {

    @Property(tries = 1000)
    void theOwnershipRulesHoldInEveryStory(@ForAll("stories") ActionChain<LineStory> story) {
        withEveryRule(story).run();
    }

    @Provide
    Arbitrary<ActionChain<LineStory>> stories() {
        return stories(Sabotage.NONE);
    }

    static ActionChain<LineStory> withEveryRule(ActionChain<LineStory> story) {
        for (String rule : Rules.ALL) {
            story = story.withInvariant(rule, s -> s.assertHolds(rule));
        }
        return story;
    }

    // Weights: signals are most of a line's life and where slots collide; opening and closing
    // often enough that most stories close lines with stores queued; the device running is what
    // lets a busy slot be taken over.
    static ActionChainArbitrary<LineStory> stories(Sabotage sabotage) {
        return ActionChain.startWith(() -> new LineStory(sabotage))
                .withAction(3, new OpenLine())
                .withAction(8, new Signal())
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
            return Combinators.combine(devices, faults).as((device, fault) -> Transformer.mutate(
                    "open on device " + device + (fault == null ? "" : ", " + fault + " fails"),
                    story -> story.openLine(device, fault)));
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
    }

    static final class Signal extends OnAnOpenLine {
        @Override
        public Arbitrary<Transformer<LineStory>> transformer(LineStory story) {
            Arbitrary<Integer> lines = indexes(story.open);
            Arbitrary<Stream> streams = Combinators.combine(
                    Arbitraries.frequency(Tuple.of(5, 1), Tuple.of(2, 2)),
                    Arbitraries.integers().between(1, 2)).as(Stream::new);
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

    static final class DeviceRuns implements Action.Independent<LineStory> {
        @Override
        public Arbitrary<Transformer<LineStory>> transformer() {
            return Arbitraries.integers().between(1, 4)
                    .map(n -> Transformer.mutate("the device runs " + n + " stores", story -> story.deviceRuns(n)));
        }
    }

    static final class CloseLine extends OnAnOpenLine {
        @Override
        public Arbitrary<Transformer<LineStory>> transformer(LineStory story) {
            Arbitrary<Integer> lines = indexes(story.open);
            Arbitrary<Boolean> settleFails = Arbitraries.frequency(
                    Tuple.of(3, false), Tuple.of(1, true));
            return Combinators.combine(lines, settleFails).as((line, fails) -> Transformer.mutate(
                    "close line " + line + (fails ? ", settle fails" : ""), s -> s.close(line, fails)));
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
