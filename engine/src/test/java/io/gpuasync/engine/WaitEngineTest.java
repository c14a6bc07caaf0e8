package io.gpuasync.engine;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WakeLead;
import io.gpuasync.spi.HostLine;
import io.gpuasync.testing.Gates;
import io.gpuasync.testing.WatchedLine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import static io.gpuasync.testing.Tickets.awaitLanded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine driven by hand, step by step, as any loop would drive it: no thread of its own,
 * a deadline it states, a waker it calls when a wait arrives for a driver that said it sleeps.
 */
class WaitEngineTest {
    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final AtomicInteger wakes = new AtomicInteger();
    private final WaitEngine engine = new WaitEngine(EngineSettings.DEFAULTS, wakes::incrementAndGet);

    private final List<CountDownLatch> gates = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        gates.forEach(CountDownLatch::countDown);
        engine.close();
        engine.doWork(System.nanoTime());
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private <T extends AutoCloseable> T closeLater(T closeable) {
        toClose.add(closeable);
        return closeable;
    }

    // A gate this test opens at the end if it did not.
    private CountDownLatch gate(SimStream stream) {
        CountDownLatch gate = Gates.gate(stream);
        gates.add(gate);
        return gate;
    }

    @Test
    void aLoopDrivesItStepByStepAndFuturesCompleteOnTheDrivingThread() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        assertEquals(WaitEngine.NO_DEADLINE, engine.nextDeadline(), "nothing pending: only a wake-up brings work");
        assertTrue(engine.prepareToSleep());
        CountDownLatch gate = gate(stream);
        Ticket ticket = line.signal(stream, Slot.S0);
        CompletableFuture<Ticket> future = engine.whenLanded(ticket);
        assertEquals(1, wakes.get(), "a wait offered to a sleeping driver wakes it");
        engine.awake();
        assertEquals(1, engine.doWork(System.nanoTime()), "it took the wait in");
        assertFalse(future.isDone());
        assertTrue(engine.nextDeadline() != WaitEngine.NO_DEADLINE, "a pending wait sets a deadline");
        gate.countDown();
        awaitLanded(ticket);
        assertFalse(future.isDone(), "only doWork completes futures");
        Thread[] completedOn = new Thread[1];
        CompletableFuture<Void> continuation = future.thenRun(() -> completedOn[0] = Thread.currentThread());
        assertEquals(1, engine.doWork(System.nanoTime()));
        assertSame(ticket, future.getNow(null));
        assertTrue(continuation.isDone());
        assertSame(Thread.currentThread(), completedOn[0], "continuations ran on the driving thread");
        assertEquals(WaitEngine.NO_DEADLINE, engine.nextDeadline());
        assertEquals(0, engine.asyncWaitsPending());
    }

    @Test
    void aWaitOfferedWhileTheDriverIsAwakeDoesNotWakeIt() {
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        gate(stream);
        engine.whenLanded(line.signal(stream, Slot.S0));
        assertEquals(0, wakes.get());
        assertFalse(engine.prepareToSleep(), "work arrived: the driver must not sleep");
    }

    @Test
    void theDeadlineFollowsThePredictionThenBacksOff() throws Exception {
        WaitEngine slow = slowEngine();
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        line.expect(Slot.S0, Duration.ofMillis(50));
        // The fourth store behind the gate is predicted far enough ahead that it lies in the
        // future; a new engine's lead is 0, so the wait is due at its prediction.
        Ticket ticket = gatedWait(slow, stream, line);
        long predicted = landing(line, ticket.target());
        assertTrue(predicted - System.nanoTime() > 0, "the test needs a wake-up time ahead");
        assertEquals(predicted, slow.nextDeadline(), "sleep to the predicted landing");
        // Past it, not landed: polls every 1 us, then 2, 4 ... counted from each look that was due.
        long late = predicted + 1_000_000;
        slow.doWork(late);
        assertEquals(late + 1_000, slow.nextDeadline());
        slow.doWork(late + 500);
        assertEquals(late + 1_000, slow.nextDeadline(), "an early call keeps the planned look");
        slow.doWork(late + 1_000);
        assertEquals(late + 1_000 + 2_000, slow.nextDeadline());
        openGates();
        awaitLanded(ticket);
    }

    @Test
    void whatTheFirstLookAtAWaitsDueFoundMovesTheNextDue() throws Exception {
        WaitEngine slow = slowEngine();
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        line.expect(Slot.S0, Duration.ofMillis(50));
        // Not landed at the look at its due: the driver woke early, the next wait is due later
        // (by one step of the lead, 250 ns from 0).
        Ticket first = gatedWait(slow, stream, line);
        long due = landing(line, first.target());
        assertEquals(due, slow.nextDeadline());
        slow.doWork(due);
        openGates();
        awaitLanded(first);
        slow.doWork(System.nanoTime());
        Ticket second = gatedWait(slow, stream, line);
        assertEquals(landing(line, second.target()) + 250, slow.nextDeadline(),
                "a wake before the landing lets the next sleep end later");
        // Landed before its due (the gate opens long before the 50 ms the estimator expects):
        // the look came too late, the next wait is due earlier, by WAKES_PER_LATE_ONE - 1 steps.
        openGates();
        awaitLanded(second);
        slow.doWork(System.nanoTime());
        Ticket third = gatedWait(slow, stream, line);
        assertEquals(landing(line, third.target()) + 250 - (WakeLead.WAKES_PER_LATE_ONE - 1) * 250,
                slow.nextDeadline(), "a landing before the due makes the next one earlier");
        openGates();
        awaitLanded(third);
    }

    private static long landing(Line<SimStream> line, long target) {
        HostLine.Prediction prediction = new HostLine.Prediction();
        HostLine.of(line).predict(Slot.S0, target, prediction);
        return prediction.landing();
    }

    // A watchdog that does not come around during the test, so the deadline is the wait's.
    private WaitEngine slowEngine() {
        return closeLater(new WaitEngine(EngineSettings.DEFAULTS.withWatchdog(Duration.ofSeconds(60),
                Duration.ofSeconds(60)), () -> { }));
    }

    // Four stores behind a gate on the line's S0, the last one awaited: returns its ticket.
    private Ticket gatedWait(WaitEngine slow, SimStream stream, Line<SimStream> line) {
        gate(stream);
        Ticket ticket = null;
        for (int i = 0; i < 4; i++) {
            ticket = line.signal(stream, Slot.S0);
        }
        slow.whenLanded(ticket);
        slow.doWork(System.nanoTime());
        return ticket;
    }

    private void openGates() {
        gates.forEach(CountDownLatch::countDown);
    }

    @Test
    void aLandingIsTaughtAsComingAfterThePollThatLastSawItPending() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        RecordingLine line = new RecordingLine(closeLater(sim.openLine()));
        CountDownLatch gate = gate(stream);
        Ticket ticket = line.signal(stream, Slot.S2);
        engine.whenLanded(ticket);
        long firstPoll = System.nanoTime();
        engine.doWork(firstPoll);
        gate.countDown();
        awaitLanded(ticket);
        engine.doWork(firstPoll + 1_000_000);
        // The estimator counts what is queued behind it from that poll, the earliest it can
        // have landed, not from this look, which comes as late as the driver slept.
        assertEquals(List.of(ticket.target() + "@" + firstPoll), line.observedAfterSleep);
    }

    @Test
    void aLandedWaitsContinuationRunsBeforeItsLineLearnsAndTheLineIsToldWhenThePortReadTheWord() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        RecordingLine line = new RecordingLine(closeLater(sim.openLine()));
        CountDownLatch gate = gate(stream);
        Ticket ticket = line.signal(stream, Slot.S3);
        List<String> continued = new ArrayList<>();
        long[] continuationBegan = new long[1];
        engine.whenLanded(ticket).thenRun(() -> {
            continuationBegan[0] = System.nanoTime();
            continued.add("ran; the line had learned " + line.observedAfterSleep);
            LockSupport.parkNanos(1_000_000);   // users' code takes its time
        });
        long firstPoll = System.nanoTime();
        engine.doWork(firstPoll);
        gate.countDown();
        awaitLanded(ticket);
        long before = System.nanoTime();
        engine.doWork(before);
        // The continuation waits for no learning; the estimator then learns when the port read
        // the word (in this doWork, before the continuation began), not when the continuation ended.
        assertEquals(List.of("ran; the line had learned []"), continued);
        assertEquals(List.of(ticket.target() + "@" + firstPoll), line.observedAfterSleep);
        long seen = line.seen.getFirst();
        assertTrue(seen - before >= 0 && continuationBegan[0] - seen >= 0,
                "read " + (seen - before) + " ns into the doWork, " + (continuationBegan[0] - seen) + " ns before the continuation");
    }

    @Test
    void aContinuationThatLooksAtTheSlotThatLandedLeavesTheTeachingToTheEngine() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        RecordingLine line = new RecordingLine(closeLater(sim.openLine()));
        CountDownLatch gate = gate(stream);
        Ticket first = line.signal(stream, Slot.S5);
        Ticket second = line.signal(stream, Slot.S5);
        Ticket other = line.signal(stream, Slot.S6);
        List<CompletableFuture<Ticket>> looked = new ArrayList<>();
        engine.whenLanded(first).thenRun(() -> {
            looked.add(engine.whenLanded(second));     // landed with it, same slot: left to the engine
            looked.add(engine.whenLanded(other));      // another slot: taught at once, as always
        });
        long firstPoll = System.nanoTime();
        engine.doWork(firstPoll);
        gate.countDown();
        awaitLanded(other);
        engine.doWork(System.nanoTime());
        assertEquals(2, looked.size());
        assertTrue(looked.stream().allMatch(CompletableFuture::isDone));
        assertEquals(List.of(other.target()), line.observedAtOnce, "only the other slot's landing, at once");
        // The engine taught the first slot's landing with its sleep, after the continuation.
        assertEquals(List.of(line.word(Slot.S5) + "@" + firstPoll), line.observedAfterSleep);
    }

    @Test
    void aWaitReadsItsWordOnceAndAsksForOnePrediction() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        WatchedLine<SimStream> line = closeLater(new WatchedLine<>(sim.openLine()));
        CountDownLatch gate = gate(stream);
        Ticket ticket = line.signal(stream, Slot.S1);
        CompletableFuture<Ticket> future = engine.whenLanded(ticket);
        engine.doWork(System.nanoTime());
        // whenLanded looks at the word once (a landed ticket completes there); drain takes the
        // wait in from the line's state and one prediction (its due and its watchdog check),
        // and the port reads the words itself.
        assertEquals(1, line.wordReads(), "reads of the word through the line");
        assertEquals(1, line.predictions(), "predictions asked for");
        gate.countDown();
        awaitLanded(ticket);
        engine.doWork(System.nanoTime());
        assertSame(ticket, future.getNow(null));
        assertEquals(1, line.wordReads());
        assertEquals(1, line.predictions());
    }

    @Test
    void aTicketOfALineWithNoHostViewIsRefusedSayingWhy() {
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        Ticket foreign = new Ticket(new ApplicationOnlyLine(line), Slot.S0, 1);
        IllegalArgumentException async = assertThrows(IllegalArgumentException.class, () -> engine.whenLanded(foreign));
        assertTrue(async.getMessage().contains(ApplicationOnlyLine.class.getName()), async.getMessage());
        assertThrows(IllegalArgumentException.class, () -> engine.handOff(new HandOff(Thread.currentThread()), foreign));
        assertEquals(0, engine.waitsPending(), "nothing held for a refused wait");
        // The engine still serves the lines it can see.
        gate(stream);
        assertFalse(engine.whenLanded(line.signal(stream, Slot.S0)).isDone());
    }

    // A line that is only what an application sees (as a wrapper would be): no host view.
    private record ApplicationOnlyLine(Line<SimStream> line) implements Line<SimStream> {
        @Override public Ticket signal(SimStream stream, Slot slot) { return line.signal(stream, slot); }
        @Override public boolean reached(Slot slot, long target) { return line.reached(slot, target); }
        @Override public long word(Slot slot) { return line.word(slot); }
        @Override public void waitOnDevice(SimStream stream, Slot slot, long target) { line.waitOnDevice(stream, slot, target); }
        @Override public void expect(Slot slot, Duration serviceTime) { line.expect(slot, serviceTime); }
        @Override public long deviceAddress(Slot slot) { return line.deviceAddress(slot); }
        @Override public long lastSignalled(Slot slot) { return line.lastSignalled(slot); }
        @Override public State state() { return line.state(); }
        @Override public void close() { line.close(); }
    }

    // A sim line that records what the engine tells its estimator after a sleep.
    private static final class RecordingLine implements HostLine<SimStream> {
        private final HostLine<SimStream> line;
        final List<String> observedAfterSleep = new ArrayList<>();
        final List<Long> seen = new ArrayList<>();
        final List<Long> observedAtOnce = new ArrayList<>();

        RecordingLine(Line<SimStream> line) {
            this.line = HostLine.of(line);
        }

        @Override
        public Ticket signal(SimStream stream, Slot slot) {
            Ticket ticket = line.signal(stream, slot);
            return new Ticket(this, ticket.slot(), ticket.target());
        }

        @Override
        public void observeAfterSleep(Slot slot, long word, long sleptSinceNanos) {
            observedAfterSleep.add(word + "@" + sleptSinceNanos);
            line.observeAfterSleep(slot, word, sleptSinceNanos);
        }

        @Override
        public void observeAfterSleep(Slot slot, long word, long sleptSinceNanos, long seenNanos) {
            observedAfterSleep.add(word + "@" + sleptSinceNanos);
            seen.add(seenNanos);
            line.observeAfterSleep(slot, word, sleptSinceNanos, seenNanos);
        }

        @Override public boolean reached(Slot slot, long target) { return line.reached(slot, target); }
        @Override public long word(Slot slot) { return line.word(slot); }
        @Override public void observe(Slot slot, long word) { observedAtOnce.add(word); line.observe(slot, word); }
        @Override public void predict(Slot slot, long target, Prediction into) { line.predict(slot, target, into); }
        @Override public void waitOnDevice(SimStream stream, Slot slot, long target) { line.waitOnDevice(stream, slot, target); }
        @Override public void expect(Slot slot, Duration serviceTime) { line.expect(slot, serviceTime); }
        @Override public io.gpuasync.core.DeadlineEstimator.Accuracy accuracy() { return line.accuracy(); }
        @Override public void checkHealth() { line.checkHealth(); }
        @Override public void onClose(Runnable action) { line.onClose(action); }
        @Override public io.gpuasync.core.CompletionLine words() { return line.words(); }
        @Override public long deviceAddress(Slot slot) { return line.deviceAddress(slot); }
        @Override public long lastSignalled(Slot slot) { return line.lastSignalled(slot); }
        @Override public State state() { return line.state(); }
        @Override public void close() { line.close(); }
    }

    @Test
    void aHandedOffWaiterIsWokenWithTheWordTheEngineRead() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = gate(stream);
        Ticket ticket = line.signal(stream, Slot.S3);
        HandOff handOff = new HandOff(Thread.currentThread());
        assertTrue(engine.handOff(handOff, ticket));
        assertFalse(handOff.reusable(), "the engine holds it");
        assertThrows(IllegalArgumentException.class, () -> engine.handOff(handOff, ticket));
        engine.doWork(System.nanoTime());
        gate.countDown();
        awaitLanded(ticket);
        engine.doWork(System.nanoTime());
        assertTrue(handOff.isLanded());
        assertEquals(ticket.target(), handOff.word());
        assertTrue(handOff.reusable(), "let go before the waiter woke");
    }

    @Test
    void handedOffWaitsEndClosedWhenTheirLineClosesOrTheEngineCloses() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = sim.openLine();
        Line<SimStream> other = closeLater(sim.openLine());
        CountDownLatch gate = gate(stream);
        HandOff onLine = new HandOff(Thread.currentThread());
        HandOff onOther = new HandOff(Thread.currentThread());
        assertTrue(engine.handOff(onLine, line.signal(stream, Slot.S0)));
        assertTrue(engine.handOff(onOther, other.signal(stream, Slot.S0)));
        engine.doWork(System.nanoTime());
        Thread closer = Thread.ofPlatform().start(line::close);
        // The close settles (waits for the gate): let the store land so it can.
        gate.countDown();
        closer.join();
        assertTrue(wakes.get() > 0, "the line's close woke the driver");
        engine.doWork(System.nanoTime());
        // Its store landed during the settle, but the line is gone: the wait ends CLOSED or
        // landed, never left waiting.
        assertTrue(onLine.isLanded() || onLine.failure().kind() == GpuException.Kind.CLOSED);
        CountDownLatch held = gate(stream);
        HandOff late = new HandOff(Thread.currentThread());
        assertTrue(engine.handOff(late, other.signal(stream, Slot.S1)));
        engine.doWork(System.nanoTime());
        engine.close();
        engine.doWork(System.nanoTime());
        assertEquals(GpuException.Kind.CLOSED, late.failure().kind());
        assertFalse(engine.handOff(new HandOff(Thread.currentThread()), other.signal(stream, Slot.S2)),
                "a closed engine takes no hand-off");
        held.countDown();
    }

    @Test
    void aWithdrawnHandOffIsDroppedAndNeverLanded() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = gate(stream);
        Ticket ticket = line.signal(stream, Slot.S0);
        HandOff handOff = new HandOff(Thread.currentThread());
        assertTrue(engine.handOff(handOff, ticket));
        engine.doWork(System.nanoTime());
        assertTrue(handOff.withdraw());
        gate.countDown();
        awaitLanded(ticket);
        engine.doWork(System.nanoTime());
        assertFalse(handOff.isLanded(), "a withdrawn wait is never also landed");
        assertNull(handOff.failure());
        assertTrue(handOff.reusable());
    }

    @Test
    void aDeadDeviceFailsHandedOffAndAsyncWaitsAtTheWatchdog() {
        WaitEngine watched = new WaitEngine(EngineSettings.DEFAULTS.withWatchdog(Duration.ZERO, Duration.ofMillis(1)), () -> { });
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        gate(stream);
        HandOff handOff = new HandOff(Thread.currentThread());
        assertTrue(watched.handOff(handOff, line.signal(stream, Slot.S0)));
        CompletableFuture<Ticket> future = watched.whenLanded(line.signal(stream, Slot.S1));
        long now = System.nanoTime();
        watched.doWork(now);
        sim.device(0).fail(700);
        watched.doWork(now + Duration.ofMillis(5).toNanos());
        assertEquals(GpuException.Kind.DEVICE_FAILED, handOff.failure().kind());
        assertEquals(700, handOff.failure().status());
        GpuException e = assertInstanceOf(GpuException.class,
                assertThrows(java.util.concurrent.CompletionException.class, future::join).getCause());
        assertEquals(GpuException.Kind.DEVICE_FAILED, e.kind());
        watched.close();
    }

    @Test
    void abandonEndsEveryWaitFromAnyThreadOnceTheDriverIsGone() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = gate(stream);
        CompletableFuture<Ticket> queued = engine.whenLanded(line.signal(stream, Slot.S0));
        engine.doWork(System.nanoTime());
        CompletableFuture<Ticket> notTakenIn = engine.whenLanded(line.signal(stream, Slot.S1));
        GpuException why = new GpuException(GpuException.Kind.CLOSED, "the loop ended");
        Thread.ofPlatform().start(() -> engine.abandon(why)).join();
        assertSame(why, assertThrows(java.util.concurrent.CompletionException.class, queued::join).getCause());
        assertSame(why, assertThrows(java.util.concurrent.CompletionException.class, notTakenIn::join).getCause());
        assertTrue(engine.isClosed());
        gate.countDown();
        assertEquals(GpuException.Kind.CLOSED, assertInstanceOf(GpuException.class,
                assertThrows(java.util.concurrent.ExecutionException.class,
                        () -> engine.whenLanded(line.signal(stream, Slot.S2)).get(1, TimeUnit.SECONDS)).getCause()).kind());
    }
}
