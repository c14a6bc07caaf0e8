package io.gpuasync.engine;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.TimerLateness;
import io.gpuasync.core.WakeModel;
import io.gpuasync.spi.HostLine;
import io.gpuasync.testing.ClosesAfterEach;
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
class WaitEngineTest implements ClosesAfterEach {
    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
    private final AtomicInteger wakes = new AtomicInteger();
    private final WaitEngine engine = new WaitEngine(EngineSettings.DEFAULTS, wakes::incrementAndGet);

    private final List<CountDownLatch> gates = new ArrayList<>();

    @AfterEach
    void openTheGatesAndCloseTheEngine() {
        gates.forEach(CountDownLatch::countDown);
        engine.close();
        engine.doWork(System.nanoTime());
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
    void aWaitIsDueAtItsWakeTimeThenAtEveryStepOverItsSpinThenTheDriversWaitWatchesIt() throws Exception {
        WaitEngine slow = slowEngine();
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        line.expect(Slot.S0, Duration.ofMillis(50));
        Ticket ticket = gatedWait(slow, stream, line);
        CompletableFuture<Ticket> future = slowWaits.getLast();
        Prediction predicted = predict(line, ticket.target());
        assertTrue(predicted.wakeAt() - System.nanoTime() > 0, "the test needs a wake time ahead");
        assertEquals(predicted.wakeAt(), slow.nextDeadline(), "sleep to the wake model's time");
        slow.doWork(predicted.wakeAt());
        assertEquals(predicted.wakeAt(), slow.nextDeadline(), "due, and due again at every step while it spins");
        long midSpin = predicted.wakeAt() + (predicted.spinUntil() - predicted.wakeAt()) / 2;
        slow.doWork(midSpin);
        assertEquals(midSpin, slow.nextDeadline());
        int wakesBefore = slowWakes.get();
        slow.doWork(predicted.spinUntil());
        assertTrue(slow.nextDeadline() - predicted.spinUntil() >= Duration.ofSeconds(59).toNanos(),
                "past its spin the driver's wait watches it: only the watchdog's round is due");
        openGates();
        awaitLanded(ticket);
        // The sim's own wait for the store saw it land and woke the driver, which never polled.
        for (int tries = 0; slowWakes.get() == wakesBefore && tries < 10_000; tries++) {
            LockSupport.parkNanos(1_000_000);
        }
        assertTrue(slowWakes.get() > wakesBefore, "the store's landing woke the driver");
        slow.doWork(System.nanoTime());
        assertSame(ticket, future.getNow(null));
    }

    @Test
    void aWaitOnALineWhoseDriverCannotWaitForItsStoreBacksOffAfterItsSpin() throws Exception {
        WaitEngine slow = slowEngine();
        SimStream stream = closeLater(sim.device(0).createStream());
        RecordingLine line = new RecordingLine(closeLater(sim.openLine()), false);
        line.expect(Slot.S0, Duration.ofMillis(50));
        Ticket ticket = gatedWait(slow, stream, line);
        Prediction predicted = predict(line, ticket.target());
        long late = predicted.spinUntil();
        slow.doWork(late);
        long min = EngineSettings.DEFAULTS.pollBackoffMin().toNanos();
        assertEquals(late + min, slow.nextDeadline(), "looked at again after the first pause");
        slow.doWork(late + min / 2);
        assertEquals(late + min, slow.nextDeadline(), "an early call keeps the planned look");
        slow.doWork(late + min);
        assertEquals(late + min + 2 * min, slow.nextDeadline(), "then twice as long");
        openGates();
        awaitLanded(ticket);
    }

    private static Prediction predict(Line<SimStream> line, long target) {
        Prediction prediction = new Prediction();
        HostLine.of(line).predict(Slot.S0, target, new WakeModel(WakeModel.DEFAULT_QUANTILE, new TimerLateness()),
                prediction);
        return prediction;
    }

    private final AtomicInteger slowWakes = new AtomicInteger();
    private final List<CompletableFuture<Ticket>> slowWaits = new ArrayList<>();

    // A watchdog that does not come around during the test, so the deadline is the wait's.
    private WaitEngine slowEngine() {
        WaitEngine slow = new WaitEngine(EngineSettings.DEFAULTS.withWatchdog(Duration.ofSeconds(60),
                Duration.ofSeconds(60)), slowWakes::incrementAndGet);
        closeLater(() -> {
            slow.close();
            slow.doWork(System.nanoTime());
        });
        return slow;
    }

    // Four stores behind a gate on the line's S0, the last one awaited: returns its ticket.
    private Ticket gatedWait(WaitEngine slow, SimStream stream, Line<SimStream> line) {
        gate(stream);
        Ticket ticket = null;
        for (int i = 0; i < 4; i++) {
            ticket = line.signal(stream, Slot.S0);
        }
        slowWaits.add(slow.whenLanded(ticket));
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
        assertEquals(List.of(ticket.target() + "@" + firstPoll), line.observedAfterLook);
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
            continued.add("ran; the line had learned " + line.observedAfterLook);
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
        assertEquals(List.of(ticket.target() + "@" + firstPoll), line.observedAfterLook);
        long seen = line.seen.getFirst();
        assertTrue(seen - before >= 0 && continuationBegan[0] - seen >= 0,
                "read " + (seen - before) + " ns into the doWork, " + (continuationBegan[0] - seen) + " ns before the continuation");
    }

    @Test
    void aTicketThatLandedBeforeAnyoneWaitedCompletesAtOnceAndTeachesNothing() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        RecordingLine line = new RecordingLine(closeLater(sim.openLine()));
        Ticket ticket = line.signal(stream, Slot.S5);
        awaitLanded(ticket);
        assertSame(ticket, engine.whenLanded(ticket).getNow(null));
        assertEquals(List.of(), line.observedAtOnce, "when it landed is unknown");
        assertEquals(List.of(), line.observedAfterLook);
    }

    @Test
    void healthChecksRunOffTheDrivingThreadSoAStuckOneHoldsUpNothing() throws Exception {
        WaitEngine watched = closeLater(new WaitEngine(EngineSettings.DEFAULTS.withWatchdog(Duration.ZERO,
                Duration.ofMillis(1)), wakes::incrementAndGet));
        SimStream stream = closeLater(sim.device(0).createStream());
        RecordingLine line = new RecordingLine(closeLater(sim.openLine()));
        CountDownLatch stuck = new CountDownLatch(1);
        line.healthCheck = () -> {
            line.checkedOn.add(Thread.currentThread());
            try {
                stuck.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        CountDownLatch gate = gate(stream);
        Ticket ticket = line.signal(stream, Slot.S0);
        CompletableFuture<Ticket> future = watched.whenLanded(ticket);
        long now = System.nanoTime();
        watched.doWork(now);
        // Rounds come and go while the first check is stuck: each returns, none starts another.
        for (int round = 1; round <= 5; round++) {
            watched.doWork(now + round * Duration.ofMillis(2).toNanos());
        }
        for (int tries = 0; line.checkedOn.isEmpty() && tries < 10_000; tries++) {
            LockSupport.parkNanos(1_000_000);
        }
        assertEquals(1, line.checkedOn.size(), "one check in flight per line");
        assertFalse(line.checkedOn.contains(Thread.currentThread()), "never on the driving thread");
        stuck.countDown();
        gate.countDown();
        awaitLanded(ticket);
        watched.doWork(System.nanoTime());
        assertSame(ticket, future.getNow(null));
        watched.close();
        watched.doWork(System.nanoTime());
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

    // A sim line that records what the engine tells its estimator, and whose health check and
    // driver's wait a test may change.
    private static final class RecordingLine implements HostLine<SimStream> {
        private final HostLine<SimStream> line;
        private final boolean storeWaits;
        final List<String> observedAfterLook = new ArrayList<>();
        final List<Long> seen = new ArrayList<>();
        final List<Long> observedAtOnce = new ArrayList<>();
        final List<Thread> checkedOn = new java.util.concurrent.CopyOnWriteArrayList<>();
        volatile Runnable healthCheck = () -> { };

        RecordingLine(Line<SimStream> line) {
            this(line, true);
        }

        // storeWaits false: as a line whose driver cannot wait for its stores.
        RecordingLine(Line<SimStream> line, boolean storeWaits) {
            this.line = HostLine.of(line);
            this.storeWaits = storeWaits;
        }

        @Override
        public Ticket signal(SimStream stream, Slot slot) {
            Ticket ticket = line.signal(stream, slot);
            return new Ticket(this, ticket.slot(), ticket.target());
        }

        @Override
        public void observe(Slot slot, long word, long fromNanos, long wakeTargetNanos, long seenNanos) {
            observedAfterLook.add(word + "@" + fromNanos);
            seen.add(seenNanos);
            line.observe(slot, word, fromNanos, wakeTargetNanos, seenNanos);
        }

        @Override public long storeToken(Slot slot, long target) {
            return storeWaits ? line.storeToken(slot, target) : io.gpuasync.spi.StoreWaits.NO_TOKEN;
        }
        @Override public Object storeWaitGroup() { return storeWaits ? line.storeWaitGroup() : null; }
        @Override public long storeWakes() { return line.storeWakes(); }
        @Override public boolean awaitStores(long[] tokens, int count, long deadlineNanos, long wakesSeen) {
            return storeWaits && line.awaitStores(tokens, count, deadlineNanos, wakesSeen);
        }
        @Override public void wakeStoreWaits() { line.wakeStoreWaits(); }

        @Override public boolean reached(Slot slot, long target) { return line.reached(slot, target); }
        @Override public long word(Slot slot) { return line.word(slot); }
        @Override public void observe(Slot slot, long word) { observedAtOnce.add(word); line.observe(slot, word); }
        @Override public void predict(Slot slot, long target, WakeModel model, Prediction into) {
            line.predict(slot, target, model, into);
        }
        @Override public void waitOnDevice(SimStream stream, Slot slot, long target) { line.waitOnDevice(stream, slot, target); }
        @Override public void expect(Slot slot, Duration serviceTime) { line.expect(slot, serviceTime); }
        @Override public io.gpuasync.core.DeadlineEstimator.Accuracy accuracy() { return line.accuracy(); }
        @Override public void checkHealth() { healthCheck.run(); line.checkHealth(); }
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
    void aWithdrawnHandOffWhoseTicketNeverLandsIsDroppedAtTheNextRound() throws Exception {
        WaitEngine watched = closeLater(new WaitEngine(EngineSettings.DEFAULTS.withWatchdog(Duration.ofSeconds(60),
                Duration.ofMillis(1)), wakes::incrementAndGet));
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        gate(stream);
        HandOff handOff = new HandOff(Thread.currentThread());
        assertTrue(watched.handOff(handOff, line.signal(stream, Slot.S0)));
        long now = System.nanoTime();
        watched.doWork(now);
        assertTrue(handOff.withdraw());
        assertEquals(1, watched.waitsPending(), "held until the engine lets go");
        watched.doWork(now + Duration.ofMillis(2).toNanos());
        assertEquals(0, watched.waitsPending(), "dropped at the round, its store still held");
        assertTrue(handOff.reusable());
        watched.close();
        watched.doWork(System.nanoTime());
    }

    private static java.util.Set<Thread> watcherThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("gar-store-watch-") && t.isAlive())
                .collect(java.util.stream.Collectors.toSet());
    }

    @Test
    void aWatcherWithNothingToWatchForASecondEnds() throws Exception {
        WaitEngine watched = closeLater(new WaitEngine(EngineSettings.DEFAULTS.withWatchdog(Duration.ofSeconds(60),
                Duration.ofMillis(1)), wakes::incrementAndGet));
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = gate(stream);
        Ticket ticket = line.signal(stream, Slot.S0);
        CompletableFuture<Ticket> future = watched.whenLanded(ticket);
        java.util.Set<Thread> before = watcherThreads();
        long now = System.nanoTime();
        watched.doWork(now);
        watched.doWork(now + 1);     // no prediction: straight to the sim's own wait, on a watcher
        List<Thread> watchers = watcherThreads().stream().filter(t -> !before.contains(t)).toList();
        assertEquals(1, watchers.size(), "a watcher waits for the store");
        gate.countDown();
        awaitLanded(ticket);
        for (int tries = 0; !future.isDone() && tries < 10_000; tries++) {
            watched.doWork(System.nanoTime());
            LockSupport.parkNanos(1_000_000);
        }
        assertSame(ticket, future.getNow(null));
        long landedAt = System.nanoTime();
        watched.doWork(landedAt + Duration.ofMillis(500).toNanos());
        watched.doWork(landedAt + Duration.ofSeconds(2).toNanos());
        for (Thread watcher : watchers) {
            watcher.join(10_000);
        }
        assertTrue(watchers.stream().noneMatch(Thread::isAlive), "an idle watcher ended: " + watchers);
        watched.close();
        watched.doWork(System.nanoTime());
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
        // The check runs on a checker thread and reports back to a later step.
        for (int tries = 0; handOff.failure() == null && tries < 10_000; tries++) {
            watched.doWork(System.nanoTime());
            LockSupport.parkNanos(1_000_000);
        }
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
