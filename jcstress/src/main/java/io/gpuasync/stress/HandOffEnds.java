package io.gpuasync.stress;

import io.gpuasync.api.GpuException;
import io.gpuasync.engine.EngineSettings;
import io.gpuasync.engine.HandOff;
import io.gpuasync.engine.WaitEngine;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A {@link HandOff}'s end: the engine (landed or failed) against the waiter's withdrawal, each a
 * CAS from WAITING. r1: 1 if the waiter's withdraw won; r2: 1 if the waiter, having lost, saw the
 * engine's end; r3: what it saw of the data the engine wrote before its CAS (the word, or 1 for
 * the very failure object); r4: the end the record holds afterwards (1 the engine's, 2 withdrawn).
 *
 * <p>The JMM properties: the atomicity of compareAndSet (only one CAS from WAITING succeeds, so
 * there is exactly one end), and release/acquire publication: the engine writes the plain
 * {@code word}/{@code failure} field before its CAS (a volatile write), and the waiter reads the
 * volatile state, sees the engine's end, and only then reads the field; the volatile write
 * synchronizes-with that read, so the field's write happens-before the waiter's read of it.
 */
public final class HandOffEnds {
    private static final EngineSettings ONE_OF_EACH = EngineSettings.DEFAULTS.withAsyncCapacity(1).withHandOffCapacity(1);
    private static final long WORD = 0x1234_5678_9abcL;

    private HandOffEnds() {
    }

    /** A hand-off the engine holds (taken in through the public API), in state WAITING. */
    static HandOff waitingHandOff() {
        WaitEngine engine = new WaitEngine(ONE_OF_EACH, () -> { });
        HandOff handOff = new HandOff(Thread.currentThread());
        if (!engine.handOff(handOff, PendingLine.pendingTicket()) || !handOff.isWaiting()) {
            throw new AssertionError("a fresh engine refused a hand-off");
        }
        return handOff;
    }

    @JCStressTest
    @Description("the engine lands the wait (writes the word, CAS to LANDED) against the waiter's withdraw (CAS to WITHDRAWN)")
    @Outcome(id = "1, 0, 0, 2", expect = ACCEPTABLE, desc = "the waiter withdrew first: the landing is refused, the await is the waiter's alone")
    @Outcome(id = "0, 1, 1, 1", expect = ACCEPTABLE, desc = "the engine landed first: the withdraw fails and the waiter sees LANDED with the engine's word")
    @Outcome(expect = FORBIDDEN, desc = "two ends, none, or a landing seen without the word the engine wrote")
    @State
    public static class LandedOrWithdrawn {
        final HandOff handOff = waitingHandOff();

        @Actor
        public void engine() {
            handOff.landed(WORD);
        }

        @Actor
        public void waiter(IIII_Result r) {
            if (handOff.withdraw()) {
                r.r1 = 1;
            } else {
                r.r2 = handOff.isLanded() ? 1 : 0;
                r.r3 = handOff.word() == WORD ? 1 : 0;
            }
        }

        @Arbiter
        public void end(IIII_Result r) {
            r.r4 = handOff.isLanded() && !handOff.abandoned() ? 1 : handOff.abandoned() && !handOff.isLanded() ? 2 : 0;
        }
    }

    @JCStressTest
    @Description("the engine fails the wait (writes the failure, CAS to FAILED) against the waiter's withdraw (CAS to WITHDRAWN)")
    @Outcome(id = "1, 0, 0, 2", expect = ACCEPTABLE, desc = "the waiter withdrew first: the failure is refused, the await is the waiter's alone")
    @Outcome(id = "0, 1, 1, 1", expect = ACCEPTABLE, desc = "the engine failed it first: the withdraw fails and the waiter sees the engine's very failure")
    @Outcome(expect = FORBIDDEN, desc = "two ends, none, or a failure seen without the exception the engine wrote")
    @State
    public static class FailedOrWithdrawn {
        static final GpuException WHY = GpuException.preallocated(GpuException.Kind.CLOSED, "the line closed (stress test)");
        final HandOff handOff = waitingHandOff();

        @Actor
        public void engine() {
            handOff.failed(WHY);
        }

        @Actor
        public void waiter(IIII_Result r) {
            if (handOff.withdraw()) {
                r.r1 = 1;
            } else {
                GpuException seen = handOff.failure();
                r.r2 = seen != null ? 1 : 0;
                r.r3 = seen == WHY ? 1 : 0;
            }
        }

        @Arbiter
        public void end(IIII_Result r) {
            boolean failed = handOff.failure() != null;
            r.r4 = failed && !handOff.abandoned() ? 1 : handOff.abandoned() && !failed ? 2 : 0;
        }
    }
}
