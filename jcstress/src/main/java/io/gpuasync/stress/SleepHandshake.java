package io.gpuasync.stress;

import io.gpuasync.api.Ticket;
import io.gpuasync.engine.EngineSettings;
import io.gpuasync.engine.HandOff;
import io.gpuasync.engine.WaitEngine;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The lost-wake-up handshake of {@link WaitEngine}: a thread submits a wait (it offers it to the
 * engine's MPSC queue, advancing the queue's volatile producer index, then reads the volatile
 * {@code sleeping} and wakes the driver if set) while the driver goes to sleep
 * ({@code prepareToSleep}: it writes {@code sleeping}, then reads the producer index to see
 * whether the queue is empty). r1: 1 if the driver would sleep; r2: how many wakes it got.
 *
 * <p>The JMM property: each side writes one volatile and then reads the other's (a Dekker
 * pattern). Volatile accesses are synchronization actions, totally ordered consistently with
 * each thread's program order, so the later of the two writes comes before the other side's
 * read: at least one side sees the other. Without volatile (or with a plain/opaque read of
 * {@code sleeping}) the store-load reordering that every x86 store buffer does would allow
 * {@code 1, 0}: the driver asleep with no deadline and a wait in its queue, and no wake.
 */
public final class SleepHandshake {
    private static final EngineSettings ONE_OF_EACH = EngineSettings.DEFAULTS.withAsyncCapacity(1).withHandOffCapacity(1);

    private SleepHandshake() {
    }

    @JCStressTest
    @Description("whenLanded (offer, then read sleeping, then wake) against prepareToSleep (write sleeping, then read the queue)")
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "the driver saw the queued wait and stays awake; the producer saw it awake")
    @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "both saw each other: the driver stays awake, the wake is spare (harmless)")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the driver went to sleep before the offer and the producer woke it")
    @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "lost wake-up: the driver asleep with a wait queued and no wake")
    @State
    public static class AsyncWait {
        final CountingWaker waker = new CountingWaker();
        final WaitEngine engine = new WaitEngine(ONE_OF_EACH, waker);
        final Ticket ticket = PendingLine.pendingTicket();

        @Actor
        public void producer() {
            engine.whenLanded(ticket);
        }

        @Actor
        public void driver(II_Result r) {
            r.r1 = engine.prepareToSleep() ? 1 : 0;
        }

        @Arbiter
        public void wakes(II_Result r) {
            r.r2 = waker.wakes;
        }
    }

    @JCStressTest
    @Description("handOff (offer, then read sleeping, then wake) against prepareToSleep (write sleeping, then read the queue)")
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "the driver saw the queued hand-off and stays awake; the waiter saw it awake")
    @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "both saw each other: the driver stays awake, the wake is spare (harmless)")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the driver went to sleep before the offer and the waiter woke it")
    @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "lost wake-up: the driver asleep with a hand-off queued and no wake")
    @State
    public static class BlockingHandOff {
        final CountingWaker waker = new CountingWaker();
        final WaitEngine engine = new WaitEngine(ONE_OF_EACH, waker);
        final Ticket ticket = PendingLine.pendingTicket();
        final HandOff handOff = new HandOff(Thread.currentThread());

        @Actor
        public void waiter() {
            engine.handOff(handOff, ticket);
        }

        @Actor
        public void driver(II_Result r) {
            r.r1 = engine.prepareToSleep() ? 1 : 0;
        }

        @Arbiter
        public void wakes(II_Result r) {
            r.r2 = waker.wakes;
        }
    }
}
