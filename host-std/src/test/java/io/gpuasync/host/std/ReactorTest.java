package io.gpuasync.host.std;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStatus;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.core.WakeModel;
import io.gpuasync.spi.MappedLine;
import io.gpuasync.testing.ClosesAfterEach;
import io.gpuasync.testing.Gates;
import io.gpuasync.testing.Tickets;
import io.gpuasync.testing.WatchedLine;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReactorTest implements ClosesAfterEach {
    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });

    private Reactor reactor(Reactor.Builder builder) {
        return closeLater(builder.build());
    }

    private static GpuException failureOf(CompletableFuture<?> future) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
        return assertInstanceOf(GpuException.class, e.getCause());
    }

    @Test
    void aWaiterOnItsOwnPlanAsksItsLineForOnePrediction() throws Exception {
        Reactor reactor = reactor(Reactor.builder().blockingMode(BlockingMode.OWN_PLAN));
        SimStream stream = closeLater(sim.device(0).createStream());
        WatchedLine<SimStream> line = closeLater(new WatchedLine<>(sim.openLine()));
        line.expect(Slot.S0, Duration.ofMillis(1));
        CountDownLatch gate = Gates.gate(stream);
        Ticket ticket = line.signal(stream, Slot.S0);
        Gates.Opening opened = Gates.openWhen(line.nextWait(), gate);
        reactor.await(ticket);
        opened.assertOpenedBySignal();
        // One look at the estimator gives the wait its sleep and its first health check.
        assertEquals(1, line.predictions(), "predictions asked for by one wait");
    }

    @Test
    void aStoreThatLandsBeforeTheWakeTimeEndsTheDefaultWaitsSleep(@TempDir Path dir) throws Exception {
        Reactor reactor = reactor(Reactor.builder().blockingMode(BlockingMode.OWN_PLAN));
        SimStream stream = closeLater(sim.device(0).createStream());
        WatchedLine<SimStream> line = closeLater(new WatchedLine<>(sim.openLine()));
        // Taught that its work takes 300 ms, the line predicts the next landing that far out and
        // the default wait sleeps until shortly before then.
        Duration work = Duration.ofMillis(300);
        line.expect(Slot.S0, work);
        for (int i = 0; i < WakeModel.MIN_ERRORS + 1; i++) {
            stream.sleep(work);
            reactor.await(line.signal(stream, Slot.S0));
        }
        // The store lands once the waiter first blocks in the sim driver's wait. Made there, the
        // sleep ends with it: the wait never spins. Made on a timer, the wait would sleep to its
        // wake time and spin over the landing before it ever blocked in the driver's wait.
        List<RecordedEvent> waits = WaitEvents.recordedWhile(dir, () -> {
            CountDownLatch gate = Gates.gate(stream);
            Ticket ticket = line.signal(stream, Slot.S0);
            Gates.Opening opened = Gates.openWhen(line.nextStoreWait(), gate);
            reactor.await(ticket);
            opened.assertOpenedBySignal();
        });
        assertEquals(1, waits.size(), waits.toString());
        RecordedEvent wait = waits.getFirst();
        assertEquals("LANDED", wait.getString("outcome"));
        assertTrue(wait.getLong("parks") >= 1 && wait.getLong("spins") == 0 && wait.getLong("driverWaitNanos") == 0,
                "the store should have ended the sleep in the driver's wait: " + wait);
    }

    @Test
    void aBlockingWaitReturnsOnceTheWorkIsDone() {
        Reactor reactor = reactor(Reactor.builder());
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        long[] workDone = {0};
        stream.sleep(Duration.ofMillis(20));
        stream.call(() -> workDone[0] = System.nanoTime());
        Ticket ticket = line.signal(stream, Slot.S0);
        reactor.await(ticket);
        assertTrue(ticket.isDone());
        assertTrue(workDone[0] != 0 && System.nanoTime() - workDone[0] >= 0);
        reactor.await(ticket);
    }

    @Test
    void virtualThreadsWaitWithoutHoldingTheirCarriers() throws Exception {
        // In a JVM of its own: the carrier count is fixed when the first virtual thread starts,
        // and this one has run many. One carrier turns "leaves its carrier" into a count of
        // who ran, with no clock in the verdict (see SingleCarrierWaiters).
        Map<String, String> result = runWithOneCarrier(SingleCarrierWaiters.class);
        assertEquals(String.valueOf(SingleCarrierWaiters.WAITERS), result.get("pendingWhenProbeRan"),
                "the probe ran while every waiter was still inside its wait: " + result);
        assertTrue(result.getOrDefault("carriers", "").startsWith("1 "),
                "waiters and probe all ran on the one carrier: " + result);
    }

    // Starts main of a class of this module in a JVM with exactly one virtual-thread carrier,
    // on the module path this test runs on (or its class path), and reads its key=value lines.
    private static Map<String, String> runWithOneCarrier(Class<?> program) throws Exception {
        String resource = program.getName().replace('.', '/') + ".class";
        String classFile = Path.of(program.getClassLoader().getResource(resource).toURI()).toString();
        String testClasses = classFile.substring(0, classFile.length() - resource.length());
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djdk.virtualThreadScheduler.parallelism=1",
                "-Djdk.virtualThreadScheduler.maxPoolSize=1"));
        String modulePath = System.getProperty("jdk.module.path");
        String module = Reactor.class.getModule().getName();
        if (modulePath != null && module != null) {
            command.addAll(List.of("--enable-native-access=io.gpuasync.spi," + module,
                    "--module-path", modulePath,
                    "--patch-module", module + "=" + testClasses,
                    "--add-modules", "io.gpuasync.backend.sim",
                    "--add-reads", module + "=io.gpuasync.backend.sim",
                    "-m", module + "/" + program.getName()));
        } else {
            command.addAll(List.of("--enable-native-access=ALL-UNNAMED",
                    "-cp", testClasses + java.io.File.pathSeparator + System.getProperty("java.class.path"),
                    program.getName()));
        }
        Path log = Files.createTempFile("one-carrier", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            // Bounds only a run that is already broken: the program gives up by itself before this.
            boolean ended = process.waitFor(2 * SingleCarrierWaiters.LIVENESS_BOUND_SECONDS + 60L, TimeUnit.SECONDS);
            if (!ended) {
                process.destroyForcibly().waitFor();
            }
            String output = Files.readString(log);
            assertTrue(ended, "the one-carrier JVM never ended:\n" + output);
            assertEquals(0, process.exitValue(), "the one-carrier JVM failed:\n" + output);
            Map<String, String> values = new HashMap<>();
            output.lines().filter(l -> l.contains("=")).forEach(l -> values.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
            return values;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    @Test
    void aBuilderChangedAfterBuildChangesNoReactor() {
        Reactor.Builder builder = Reactor.builder().defaultPlan(WaitPlan.spin(1));
        Reactor reactor = reactor(builder);
        // Were the reactor to read its builder at each wait, this plan would wait for good.
        builder.defaultPlan(WaitPlan.backoff(Duration.ofNanos(1_000), Duration.ofMillis(1)))
                .blockingMode(BlockingMode.HAND_OFF);
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = Gates.gate(stream);
        try {
            GpuException e = assertThrows(GpuException.class, () -> reactor.await(line.signal(stream, Slot.S0)));
            assertEquals(GpuException.Kind.TIMED_OUT, e.kind());
        } finally {
            gate.countDown();
        }
    }

    @Test
    void aPlanThatTimesOutThrowsAPreallocatedErrorOrReturnsFalse() {
        Reactor reactor = reactor(Reactor.builder());
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        stream.sleep(Duration.ofMillis(500));
        Ticket ticket = line.signal(stream, Slot.S1);
        WaitPlan plan = Reactor.DEFAULT_PLAN.withTimeout(Duration.ofMillis(5));
        GpuException first = assertThrows(GpuException.class, () -> reactor.await(ticket, plan));
        GpuException second = assertThrows(GpuException.class, () -> reactor.await(ticket, plan));
        assertEquals(GpuException.Kind.TIMED_OUT, first.kind());
        assertSame(first, second, "no allocation when a wait times out");
        assertFalse(reactor.tryAwait(ticket, plan));
        assertTrue(reactor.tryAwait(ticket, WaitPlan.busySpin().withTimeout(Duration.ofSeconds(10))));
    }

    @Test
    void aSpinOverTheLandingEndsAtTheLinesPredictionOfItsEnd() {
        Reactor reactor = reactor(Reactor.builder());
        SimStream stream = closeLater(sim.device(0).createStream());
        // A line whose clock runs a minute behind: every landing it predicts lies a minute past.
        long behind = Duration.ofMinutes(1).toNanos();
        WatchedLine<SimStream> line = closeLater(new WatchedLine<>(MappedLine.open(sim.driver(),
                (reason, name, address, bytes) -> { }, () -> System.nanoTime() - behind)));
        line.expect(Slot.S2, Duration.ofNanos(1_000));
        CountDownLatch gate = Gates.gate(stream);
        try {
            Ticket held = line.signal(stream, Slot.S2);
            // What a plan that runs out at once reads of the line.
            int before = line.wordReads();
            assertFalse(reactor.tryAwait(held, WaitPlan.spin(0)));
            int oneLook = line.wordReads() - before;
            // The spin's end, predicted a minute ago, has passed: the spin runs out at once too.
            // Counted from its own start instead, it would poll until the timeout (which only caps
            // how long that failure takes: millions of looks).
            before = line.wordReads();
            assertFalse(reactor.tryAwait(held, WaitPlan.spinOverLanding().withTimeout(Duration.ofMillis(200))));
            assertEquals(oneLook, line.wordReads() - before, "looks at the word");
            assertFalse(held.isDone());
        } finally {
            gate.countDown();
        }
    }


    @Test
    void anInterruptedWaitThrowsAndKeepsTheInterruptStatus() throws InterruptedException {
        Reactor reactor = reactor(Reactor.builder());
        SimStream stream = closeLater(sim.device(0).createStream());
        WatchedLine<SimStream> line = closeLater(new WatchedLine<>(sim.openLine()));
        // Held at the gate: only the interrupt can end the wait.
        CountDownLatch gate = Gates.gate(stream);
        try {
            Ticket ticket = line.signal(stream, Slot.S0);
            AtomicReference<Object> outcome = new AtomicReference<>();
            CountDownLatch held = line.nextWait();
            Thread waiter = Thread.ofPlatform().start(() -> {
                try {
                    reactor.await(ticket);
                    outcome.set("returned");
                } catch (GpuException e) {
                    outcome.set(e.kind() + " interrupted=" + Thread.currentThread().isInterrupted());
                }
            });
            held.await();
            waiter.interrupt();
            waiter.join(Tickets.LANDS_WITHIN);
            assertEquals("INTERRUPTED interrupted=true", outcome.get());
        } finally {
            gate.countDown();
        }
    }

    @Test
    void aDeadDeviceFailsBlockingAndAsyncWaitsWithItsStatus() {
        Reactor reactor = reactor(Reactor.builder().watchdog(Duration.ofMillis(50), Duration.ofMillis(10)));
        SimStream stream = sim.device(0).createStream();
        Line<SimStream> line = sim.openLine();
        line.expect(Slot.S0, Duration.ofMillis(1));
        stream.sleep(Duration.ofMillis(1));
        stream.sleep(Duration.ofSeconds(10));
        Ticket ticket = line.signal(stream, Slot.S0);
        CompletableFuture<Ticket> future = reactor.whenLanded(ticket);
        sim.device(0).fail(SimStatus.ILLEGAL_ADDRESS);
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            GpuException blocking = assertThrows(GpuException.class, () -> reactor.await(ticket));
            assertEquals(GpuException.Kind.DEVICE_FAILED, blocking.kind());
            assertEquals(700, blocking.status());
            GpuException async = failureOf(future);
            assertEquals(GpuException.Kind.DEVICE_FAILED, async.kind());
            assertEquals(700, async.status());
        });
        line.close();
        assertEquals(Line.State.LEAKED, line.state());
    }

    /**
     * A platform thread in {@code await(ticket)}, recording how it failed; returned once the
     * reactor holds its wait ({@code line} is the ticket's).
     */
    private static Thread waitOnAnotherThread(Reactor reactor, WatchedLine<?> line, Ticket ticket,
                                              AtomicReference<GpuException> failure) throws InterruptedException {
        CountDownLatch held = line.nextWait();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                reactor.await(ticket);
            } catch (GpuException e) {
                failure.set(e);
            }
        });
        held.await();
        return waiter;
    }

    @Test
    void closingTheLineFailsItsPendingWaits() throws InterruptedException {
        Reactor reactor = reactor(Reactor.builder().watchdog(Duration.ofSeconds(30), Duration.ofSeconds(1)));
        SimStream stream = sim.device(0).createStream();
        WatchedLine<SimStream> line = new WatchedLine<>(sim.openLine());
        stream.sleep(Duration.ofSeconds(10));
        Ticket ticket = line.signal(stream, Slot.S0);
        CompletableFuture<Ticket> future = reactor.whenLanded(ticket);
        AtomicReference<GpuException> blocking = new AtomicReference<>();
        Thread waiter = waitOnAnotherThread(reactor, line, ticket, blocking);
        // The device dies, so closing cannot settle and must keep the page: the waits must
        // still end, as CLOSED.
        sim.device(0).fail(SimStatus.ILLEGAL_ADDRESS);
        line.close();
        waiter.join(Tickets.LANDS_WITHIN);
        assertFalse(waiter.isAlive(), "the blocking wait outlived its line's close");
        assertEquals(GpuException.Kind.CLOSED, blocking.get().kind());
        assertEquals(GpuException.Kind.CLOSED, failureOf(future).kind());
    }

    @Test
    void closingTheReactorFailsEveryPendingWait() throws InterruptedException {
        Reactor reactor = Reactor.start();
        SimStream stream = closeLater(sim.device(0).createStream());
        WatchedLine<SimStream> line = closeLater(new WatchedLine<>(sim.openLine()));
        // Held at the gate: only the close can end the waits.
        CountDownLatch gate = Gates.gate(stream);
        try {
            Ticket ticket = line.signal(stream, Slot.S0);
            CompletableFuture<Ticket> future = reactor.whenLanded(ticket);
            AtomicReference<GpuException> blocking = new AtomicReference<>();
            Thread waiter = waitOnAnotherThread(reactor, line, ticket, blocking);
            reactor.close();
            reactor.close();
            waiter.join(Tickets.LANDS_WITHIN);
            assertFalse(waiter.isAlive(), "the blocking wait outlived the reactor's close");
            assertEquals(GpuException.Kind.CLOSED, blocking.get().kind());
            assertEquals(GpuException.Kind.CLOSED, failureOf(future).kind());
            assertEquals(GpuException.Kind.CLOSED, failureOf(reactor.whenLanded(line.signal(stream, Slot.S1))).kind());
            assertEquals(GpuException.Kind.CLOSED, assertThrows(GpuException.class,
                    () -> reactor.await(line.signal(stream, Slot.S2))).kind());
        } finally {
            gate.countDown();
        }
    }

    @Test
    void manyAsyncWaitsCompleteAndTeachTheEstimator() throws Exception {
        Reactor reactor = reactor(Reactor.builder());
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        List<CompletableFuture<Ticket>> futures = new ArrayList<>();
        // Two rounds: what the first round's landings teach predicts the second's.
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 250; i++) {
                stream.busy(Duration.ofNanos(20_000));
                futures.add(reactor.whenLanded(line.signal(stream, Slot.of(i % 8))));
            }
            CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        }
        for (CompletableFuture<Ticket> f : futures) {
            assertTrue(f.get().isDone());
        }
        assertTrue(io.gpuasync.spi.HostLine.of(line).accuracy().predictions() > 0, "landings seen by the dispatcher scored predictions");
    }

    @Test
    void aFullReactorRefusesNewAsyncWaitsWithCapacity() {
        Reactor reactor = reactor(Reactor.builder().capacity(2));
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        stream.sleep(Duration.ofMillis(300));
        List<CompletableFuture<Ticket>> futures = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            futures.add(reactor.whenLanded(line.signal(stream, Slot.of(i))));
        }
        long refused = futures.stream()
                .filter(f -> f.handle((t, e) -> e instanceof GpuException g && g.kind() == GpuException.Kind.CAPACITY).join())
                .count();
        assertTrue(refused >= 4, "at most 2 waits held, refused " + refused + " with CAPACITY");
    }

    @Test
    void everyAsyncWaitEndsEvenWhenItRacesTheClose() throws Exception {
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        stream.sleep(Duration.ofSeconds(2));
        Ticket pending = line.signal(stream, Slot.S0);
        for (int round = 0; round < 20; round++) {
            Reactor reactor = Reactor.start();
            List<CompletableFuture<Ticket>> futures = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<Thread> producers = new ArrayList<>();
            CountDownLatch producing = new CountDownLatch(3);
            for (int p = 0; p < 3; p++) {
                producers.add(Thread.ofPlatform().start(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        futures.add(reactor.whenLanded(pending));
                        producing.countDown();
                    }
                }));
            }
            // The close comes once every producer has had a wait answered, while they go on.
            producing.await();
            reactor.close();
            for (Thread producer : producers) {
                producer.join();
            }
            // Every one ends, none left hanging: failed by the close, refused as the reactor filled
            // up, or (on a slow machine, once the ticket landed) completed.
            for (CompletableFuture<Ticket> future : futures) {
                Object end = future.handle((ticket, e) -> e == null ? "landed" : e)
                        .get(10, TimeUnit.SECONDS);
                assertTrue(end.equals("landed") || end instanceof GpuException g
                        && (g.kind() == GpuException.Kind.CLOSED || g.kind() == GpuException.Kind.CAPACITY), end.toString());
            }
        }
    }

    @Test
    void aWaitOnAClosedLineFailsAsAFutureNotAThrow() {
        Reactor reactor = reactor(Reactor.builder());
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = sim.openLine();
        Ticket ticket = line.signal(stream, Slot.S0);
        line.close();
        assertEquals(GpuException.Kind.CLOSED, failureOf(reactor.whenLanded(ticket)).kind());
    }

    @Test
    void aCancelledFutureStaysCancelledAndTheReactorGoesOn() throws Exception {
        Reactor reactor = reactor(Reactor.builder().watchdog(Duration.ofMillis(20), Duration.ofMillis(10)));
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        stream.sleep(Duration.ofMillis(200));
        CompletableFuture<Ticket> cancelled = reactor.whenLanded(line.signal(stream, Slot.S0));
        assertTrue(cancelled.cancel(false));
        CompletableFuture<Ticket> kept = reactor.whenLanded(line.signal(stream, Slot.S1));
        assertTrue(kept.get(10, TimeUnit.SECONDS).isDone());
        assertTrue(cancelled.isCancelled());
    }

    @Test
    void badInputIsRefused() {
        Reactor reactor = reactor(Reactor.builder());
        assertThrows(NullPointerException.class, () -> reactor.await(null));
        assertThrows(NullPointerException.class, () -> reactor.whenLanded(null));
        assertThrows(IllegalArgumentException.class, () -> Reactor.builder().capacity(0));
        assertThrows(IllegalArgumentException.class, () -> Reactor.builder().watchdog(Duration.ZERO, Duration.ZERO));
    }

    @Test
    void theDispatcherRunsWithATimerSlackOfOneNanosecondOnLinux() throws InterruptedException {
        Reactor reactor = reactor(Reactor.builder());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (reactor.dispatcherTimerSlack().equals("not yet started") && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        if (TimerSlack.unavailabilityCause().isEmpty()) {
            assertTrue(reactor.dispatcherTimerSlack().startsWith("1 ns"), reactor.dispatcherTimerSlack());
        } else {
            assertTrue(reactor.dispatcherTimerSlack().startsWith("default"), reactor.dispatcherTimerSlack());
        }
    }
}
