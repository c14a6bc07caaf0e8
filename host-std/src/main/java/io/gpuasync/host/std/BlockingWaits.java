package io.gpuasync.host.std;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.TimerLateness;
import io.gpuasync.core.WakeModel;
import io.gpuasync.core.Sequences;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.core.WaitPlanRunner;
import io.gpuasync.engine.DeviceFailedEvent;
import io.gpuasync.engine.HandOff;
import io.gpuasync.engine.WaitEngine;
import io.gpuasync.engine.WaitTuning;
import io.gpuasync.engine.Watchdog;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.StoreWaits;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Blocking waits of one reactor, on platform or virtual threads: each either runs its plan
 * itself or hands its sleep to the reactor's {@link WaitEngine}, as the {@link BlockingMode}
 * says. Allocates nothing per wait in steady state (a thread's first wait makes its state).
 */
final class BlockingWaits {
    // How a driver's wait ended: the line refused it, its store landed, or its deadline or a wake.
    private static final int DRIVER_WAIT_REFUSED = 0;
    private static final int DRIVER_WAIT_STORE_LANDED = 1;
    private static final int DRIVER_WAIT_ENDED = 2;

    private final WaitEngine engine;
    // The reactor's one model: the dispatcher parks the same way (the same call, 1 ns of
    // slack), so every waiter's park and the dispatcher's teach its timer's lateness.
    private final WakeModel model;
    private final TimerLateness lateness;
    private final long driverWaitSliceNanos = WaitTuning.DRIVER_WAIT_SLICE.toNanos();
    private final WaitPlan defaultPlan;
    // A hand-off waits until the engine ends the wait: only a default plan that would also
    // wait for good (no timeout, an unbounded last phase) may be replaced by one.
    private final boolean defaultPlanMayHandOff;
    private final BlockingMode mode;
    private final boolean lowTimerSlack;
    private final long watchdogGraceNanos;
    private final long watchdogIntervalNanos;
    private final ParkedThreads parked;
    private final ThreadLocal<WaiterState> waiters;
    // Platform threads in a wait that runs its own plan: how ADAPTIVE knows when spinning
    // waiters would crowd the cores.
    private final AtomicInteger spinningWaiters = new AtomicInteger();
    private final int spinCores = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    private final Runnable lineClosed;
    private final GpuException timedOut = GpuException.preallocated(GpuException.Kind.TIMED_OUT,
            "the wait plan's timeout passed (or its phases ran out) before the ticket landed");
    private volatile boolean closed;

    BlockingWaits(WaitEngine engine, WaitPlan defaultPlan, BlockingMode mode,
                  boolean lowTimerSlack, long watchdogGraceNanos, long watchdogIntervalNanos, int parkedCapacity) {
        this.engine = engine;
        this.model = engine.model();
        this.lateness = model.lateness();
        this.waiters = ThreadLocal.withInitial(WaiterState::new);
        this.defaultPlan = defaultPlan;
        this.defaultPlanMayHandOff = waitsForGood(defaultPlan);
        this.mode = mode;
        this.lowTimerSlack = lowTimerSlack;
        this.watchdogGraceNanos = watchdogGraceNanos;
        this.watchdogIntervalNanos = watchdogIntervalNanos;
        this.parked = new ParkedThreads(parkedCapacity);
        this.lineClosed = new WakeParked(parked);
    }

    GpuException timedOut() {
        return timedOut;
    }

    void close() {
        closed = true;
        parked.wakeAll();
    }

    boolean tryAwait(Ticket ticket, WaitPlan plan) {
        HostLine<?> line = HostLine.of(ticket.line());
        Slot slot = ticket.slot();
        long target = ticket.target();
        // Before the word is read: a closed reactor refuses every wait, landed or not, as
        // whenLanded does.
        requireOpen();
        // Landed before anyone waited: when is unknown, so it teaches the line nothing.
        if (Sequences.reached(line.word(slot), target)) {
            return true;
        }
        WaiterState waiter = waiters.get();
        boolean virtual = Thread.currentThread().isVirtual();
        if (plan == defaultPlan && defaultPlanMayHandOff && handsOff(virtual)) {
            int outcome = handOff(waiter, line, ticket);
            if (outcome != REFUSED) {
                return outcome == LANDED;
            }
        }
        if (virtual) {
            return ownPlan(waiter, line, ticket, plan, true);
        }
        spinningWaiters.incrementAndGet();
        try {
            return ownPlan(waiter, line, ticket, plan, false);
        } finally {
            spinningWaiters.decrementAndGet();
        }
    }

    private static boolean waitsForGood(WaitPlan plan) {
        return switch (plan) {
            case WaitPlan.Timeout timeout -> false;
            case WaitPlan.Then then -> waitsForGood(then.next());
            case WaitPlan.ParkBackoff backoff -> true;
            case WaitPlan.Spin spin -> spin.times() == Long.MAX_VALUE;
            case WaitPlan.Yield yield -> yield.times() == Long.MAX_VALUE;
            // Skipped where the driver has none: only a phase after it can say.
            case WaitPlan.DriverWait driver -> false;
            case WaitPlan.SpinOverLanding over -> false;
            case WaitPlan.SleepToWake sleep -> false;
        };
    }

    private boolean handsOff(boolean virtual) {
        return switch (mode) {
            case OWN_PLAN -> false;
            case HAND_OFF -> true;
            // The engine's driver already sleeps to the next landing when it holds a wait: a
            // waiter that joins it pays a wake, one on its own plan a timed sleep and a spin.
            case ADAPTIVE -> virtual || spinningWaiters.get() >= spinCores || engine.waitsPending() > 0;
        };
    }

    private static final int LANDED = 1;
    private static final int REFUSED = 2;

    // Parks with no timer until the engine ends the wait; returns LANDED or REFUSED (the engine
    // had no room: wait by yourself), or throws how it ended.
    private int handOff(WaiterState waiter, HostLine<?> line, Ticket ticket) {
        HandOff handOff = waiter.handOff;
        if (handOff != null && handOff.endedByEngine()) {
            // The engine ended the last wait with a CAS and lets go of the record right after
            // it: a waiter that saw the end first waits that instant rather than allocate.
            for (int spins = 0; !handOff.reusable(); spins++) {
                if (spins < 100) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
        }
        if (handOff == null || !handOff.reusable()) {
            // The last one is still held by the engine (withdrawn, not yet dropped).
            handOff = waiter.handOff = new HandOff(Thread.currentThread());
        }
        WaitEvent event = waiter.event;
        boolean recording = event.isEnabled();
        waiter.prediction.clear();
        if (recording) {
            event.begin();
            line.predict(ticket.slot(), ticket.target(), model, waiter.prediction);
        }
        if (!engine.handOff(handOff, ticket)) {
            return REFUSED;
        }
        long parkedFrom = recording ? System.nanoTime() : 0;
        String outcome = "LANDED";
        try {
            return awaitEnd(handOff, ticket);
        } catch (GpuException failed) {
            outcome = failed.kind().name();
            throw failed;
        } finally {
            if (recording && !handOff.isRefused()) {
                commit(event, ticket, "HAND_OFF", outcome, waiter.prediction, System.nanoTime() - parkedFrom, 0, 0, 0);
            }
        }
    }

    private int awaitEnd(HandOff handOff, Ticket ticket) {
        for (;;) {
            if (handOff.isLanded()) {
                return LANDED;
            }
            GpuException failure = handOff.failure();
            if (failure != null) {
                throw failure;
            }
            if (handOff.isRefused()) {
                return REFUSED;
            }
            if (Thread.currentThread().isInterrupted()) {
                if (handOff.withdraw()) {
                    throw interrupted(ticket.slot(), ticket.target());
                }
                continue;
            }
            if (closed) {
                if (handOff.withdraw()) {
                    throw new GpuException(GpuException.Kind.CLOSED, "the reactor was closed during the wait for " + ticket);
                }
                continue;
            }
            LockSupport.park(this);
        }
    }

    private boolean ownPlan(WaiterState waiter, HostLine<?> line, Ticket ticket, WaitPlan plan, boolean virtual) {
        Slot slot = ticket.slot();
        long target = ticket.target();
        line.onClose(lineClosed);
        WaitPlanRunner runner = waiter.runnerFor(plan);
        // Not on a virtual thread: its carrier's slack is not what its timed parks use.
        if (lowTimerSlack && !waiter.slackSet && !virtual) {
            waiter.slackSet = true;
            TimerSlack.setCurrentNanos(1);
        }
        // Flight recorder: one reused event per thread; while it is disabled nothing below is
        // measured or formatted for it, so the wait still allocates nothing.
        WaitEvent event = waiter.event;
        boolean recording = event.isEnabled();
        long parkedNanos = 0;
        long parks = 0;
        long spins = 0;
        long inDriverNanos = 0;
        String outcome = "LANDED";
        if (recording) {
            event.begin();
        }
        // The prediction as the wait starts, in one look: the landing teaches the estimator,
        // which then predicts differently.
        Prediction prediction = waiter.prediction;
        line.predict(slot, target, model, prediction);
        long now = System.nanoTime();
        // A virtual thread never blocks in a driver call: it would hold its carrier.
        long token = virtual ? StoreWaits.NO_TOKEN : line.storeToken(slot, target);
        runner.start(now, prediction, token != StoreWaits.NO_TOKEN);
        long nextHealthCheck = Watchdog.firstCheck(prediction.landing(), now, watchdogGraceNanos);
        int listed = ParkedThreads.UNLISTED;
        int yields = 0;
        // The previous look, which found the word short, the time the step after it meant to
        // wake at (UNKNOWN: it did not sleep by a timer), and when it was seen (UNKNOWN: now):
        // what a landing found next is taken at.
        long lookedAt = now;
        long wakeTarget = DeadlineEstimator.UNKNOWN;
        long seenAt = DeadlineEstimator.UNKNOWN;
        try {
            for (;;) {
                long word = line.word(slot);
                boolean landed = Sequences.reached(word, target);
                // A word past this wait's store: when it landed says nothing of this store's.
                if (landed && word == target) {
                    line.observe(slot, word, lookedAt, wakeTarget, seenAt == DeadlineEstimator.UNKNOWN ? System.nanoTime() : seenAt);
                }
                lookedAt = now;
                wakeTarget = DeadlineEstimator.UNKNOWN;
                seenAt = DeadlineEstimator.UNKNOWN;
                switch (runner.next(landed, now)) {
                    case DONE -> {
                        return true;
                    }
                    case TIMED_OUT -> {
                        outcome = "TIMED_OUT";
                        return false;
                    }
                    case SPIN -> {
                        spins++;
                        if (virtual) {
                            yields = letOtherVirtualThreadsRun(yields);
                        } else {
                            Thread.onSpinWait();
                        }
                        throwIfInterrupted(slot, target);
                    }
                    case YIELD -> {
                        spins++;
                        if (virtual) {
                            yields = letOtherVirtualThreadsRun(yields);
                        } else {
                            Thread.yield();
                        }
                        throwIfInterrupted(slot, target);
                    }
                    case PARK -> {
                        if (listed == ParkedThreads.UNLISTED) {
                            listed = parked.add(Thread.currentThread());
                        }
                        wakeTarget = now + runner.parkNanos();
                        parkFor(runner.parkNanos(), line, slot, target, now);
                        if (recording) {
                            parkedNanos += System.nanoTime() - now;
                            parks++;
                        }
                    }
                    case DRIVER_WAIT -> {
                        long deadline = now + Math.min(runner.driverWaitNanos(), driverWaitSliceNanos);
                        int ended = driverWait(waiter, line, token, deadline);
                        if (ended == DRIVER_WAIT_REFUSED) {
                            runner.skipDriverWait();
                        } else {
                            long after = System.nanoTime();
                            if (ended == DRIVER_WAIT_STORE_LANDED) {
                                // Its return came one wake-up after the store: taken a median
                                // lateness of this host's sleeps before it, no earlier than the
                                // wait began. Caught in a sleep, it is reported as a sleep's
                                // (see DeadlineEstimator), so a prediction that came out late is
                                // pulled back rather than confirmed.
                                long landing = Math.max(now, after - lateness.medianNanos(after, waiter.latenessScratch));
                                if (runner.sleepingInDriver()) {
                                    wakeTarget = landing;
                                } else {
                                    seenAt = landing;
                                }
                            } else if (after - deadline >= 0) {
                                // Ended by its deadline: the sleep's timer, as a park's is.
                                lateness.sample(after - deadline, after);
                                wakeTarget = runner.sleepingInDriver() ? deadline : DeadlineEstimator.UNKNOWN;
                            }
                            if (recording && runner.sleepingInDriver()) {
                                // The sleep to the wake time, made in the driver's wait: a sleep.
                                parkedNanos += after - now;
                                parks++;
                            } else if (recording) {
                                inDriverNanos += after - now;
                            }
                        }
                        throwIfInterrupted(slot, target);
                    }
                }
                if (closed) {
                    throw new GpuException(GpuException.Kind.CLOSED, "the reactor was closed during the wait for " + ticket);
                }
                now = System.nanoTime();
                if (now - nextHealthCheck >= 0) {
                    try {
                        line.checkHealth();
                    } catch (GpuException failed) {
                        if (failed.kind() == GpuException.Kind.DEVICE_FAILED) {
                            DeviceFailedEvent.emit(line, failed, "WAITER");
                        }
                        throw failed;
                    }
                    nextHealthCheck = now + watchdogIntervalNanos;
                }
            }
        } catch (GpuException failed) {
            outcome = failed.kind().name();
            throw failed;
        } finally {
            parked.remove(listed);
            if (recording) {
                commit(event, ticket, plan.toString(), outcome, prediction, parkedNanos, parks, spins, inDriverNanos);
            }
        }
    }

    // Blocks in the driver's wait for the store of `token` until `deadline` (at most a slice: a
    // driver's wait does not see an interrupt or the reactor's close). REFUSED if the line can no
    // longer wait (it is closing), so the plan goes on without it.
    private int driverWait(WaiterState waiter, HostLine<?> line, long token, long deadline) {
        if (line.state() != Line.State.OPEN) {
            return DRIVER_WAIT_REFUSED;
        }
        waiter.tokens[0] = token;
        try {
            return line.awaitStores(waiter.tokens, 1, deadline, line.storeWakes())
                    ? DRIVER_WAIT_STORE_LANDED : DRIVER_WAIT_ENDED;
        } catch (GpuException failed) {
            if (failed.kind() == GpuException.Kind.DEVICE_FAILED) {
                DeviceFailedEvent.emit(line, failed, "WAITER");
            }
            throw failed;
        }
    }

    // Only with the event enabled: formats names for the record.
    private static void commit(WaitEvent event, Ticket ticket, String plan, String outcome, Prediction prediction,
                               long parkedNanos, long parks, long spins, long inDriverNanos) {
        event.end();
        if (!event.shouldCommit()) {
            return;
        }
        long predicted = prediction.landing();
        long landed = outcome.equals("LANDED") ? System.nanoTime() : 0;
        boolean known = predicted != DeadlineEstimator.UNKNOWN;
        event.line = ticket.line().toString();
        event.slot = ticket.slot().index();
        event.target = ticket.target();
        event.plan = plan;
        event.predictedLandingNanos = known ? predicted : 0;
        event.landedNanos = landed;
        event.landingErrorNanos = landed != 0 && known ? landed - predicted : 0;
        event.wakeLeadNanos = known ? predicted - prediction.wakeAt() : 0;
        event.spinPastNanos = known ? prediction.spinUntil() - predicted : 0;
        event.parkedNanos = parkedNanos;
        event.parks = parks;
        event.spins = spins;
        event.driverWaitNanos = inDriverNanos;
        event.outcome = outcome;
        event.commit();
    }

    // A virtual thread that spins holds its carrier from every other virtual thread, so it
    // yields the carrier between polls instead. Yielding alone is not enough: a yielding virtual
    // thread goes back to its carrier's own queue, and while that queue never empties the
    // carrier never looks at threads submitted from outside it. A short timed park now and then
    // takes the waiter off that queue, so the carrier drains it and looks further.
    private static int letOtherVirtualThreadsRun(int yields) {
        if (yields >= WaitTuning.VIRTUAL_YIELDS_BEFORE_PARK) {
            LockSupport.parkNanos(1);
            return 0;
        }
        Thread.yield();
        return yields + 1;
    }

    // Sleeps the whole of what the plan said, across early wake-ups (a watchdog bound, a
    // spurious unpark), but no longer once the ticket landed, a line or the reactor closed, or
    // the thread was interrupted. Every park its timer ended teaches the reactor's lateness,
    // also one after which the ticket had landed: what the timer did does not depend on it.
    private void parkFor(long nanos, HostLine<?> line, Slot slot, long target, long from) {
        long until = from + nanos;
        if (line.state() != Line.State.OPEN) {
            return;
        }
        for (;;) {
            long now = System.nanoTime();
            long left = until - now;
            if (left <= 0 || closed) {
                return;
            }
            long chunkEnd = now + Math.min(left, watchdogIntervalNanos);
            LockSupport.parkNanos(this, chunkEnd - now);
            long after = System.nanoTime();
            if (after - chunkEnd >= 0) {
                lateness.sample(after - chunkEnd, after);
            }
            throwIfInterrupted(slot, target);
            if (line.state() != Line.State.OPEN || line.reached(slot, target)) {
                return;
            }
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new GpuException(GpuException.Kind.CLOSED, "the reactor is closed");
        }
    }

    // Reads the flag without clearing it: the interrupt status is the caller's to keep.
    private static void throwIfInterrupted(Slot slot, long target) {
        if (Thread.currentThread().isInterrupted()) {
            throw interrupted(slot, target);
        }
    }

    private static GpuException interrupted(Slot slot, long target) {
        return new GpuException(GpuException.Kind.INTERRUPTED,
                "interrupted while waiting for slot " + slot + " to reach " + target + " (interrupt status kept)");
    }

    /** Wakes the waiters parked in their own plans when a line closes, without holding them. */
    private static final class WakeParked implements Runnable {
        private final ParkedThreads parked;

        WakeParked(ParkedThreads parked) {
            this.parked = parked;
        }

        @Override
        public void run() {
            parked.wakeAll();
        }
    }

    /** One thread's reusable wait machinery. */
    private static final class WaiterState {
        // The runners of the last few plans this thread used, so a thread that alternates
        // between plans does not allocate a runner per wait.
        private final WaitPlan[] plans = new WaitPlan[4];
        private final WaitPlanRunner[] runners = new WaitPlanRunner[4];
        private int next;
        boolean slackSet;
        HandOff handOff;
        final WaitEvent event = new WaitEvent();
        final Prediction prediction = new Prediction();
        final long[] tokens = new long[1];
        final long[] latenessScratch = new long[TimerLateness.WINDOW];

        WaitPlanRunner runnerFor(WaitPlan wanted) {
            for (int i = 0; i < plans.length; i++) {
                if (plans[i] == wanted) {
                    return runners[i];
                }
            }
            int at = next;
            next = (next + 1) % plans.length;
            plans[at] = wanted;
            runners[at] = new WaitPlanRunner(wanted);
            return runners[at];
        }
    }
}
