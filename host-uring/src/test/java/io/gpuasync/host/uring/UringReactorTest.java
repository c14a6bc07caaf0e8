package io.gpuasync.host.uring;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.engine.DriverLoop;
import io.gpuasync.engine.EngineSettings;
import io.gpuasync.engine.HostStats;
import io.gpuasync.engine.WaitTuning;
import io.gpuasync.testing.ClosesAfterEach;
import io.gpuasync.testing.Gates;
import io.gpuasync.testing.Tickets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The io_uring host driving the wait engine on a real ring, with the simulated device. Counts and states, no clocks. */
@Timeout(120)
class UringReactorTest implements ClosesAfterEach {
    // A burst's lateness no real sleep is likely to match to the nanosecond, so the estimate
    // that comes back can be told from it on any machine, under any load.
    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
    private final List<CountDownLatch> gates = new ArrayList<>();

    @BeforeAll
    static void kernelRunsIoUring() {
        assumeTrue(Uring.isAvailable(), () -> "io_uring unavailable here: " + Uring.unavailabilityCause().orElseThrow());
    }

    @AfterEach
    void openTheGates() {
        gates.forEach(CountDownLatch::countDown);
    }

    /** Holds the stream until {@code gate} opens; an ending test opens it, so a failed one does not hang. */
    // A gate on the stream (Gates.gate) that the test's end opens if the test did not.
    private CountDownLatch hold(SimStream stream) {
        CountDownLatch gate = Gates.gate(stream);
        gates.add(gate);
        return gate;
    }

    private static GpuException failureOf(CompletableFuture<?> future) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(30, TimeUnit.SECONDS));
        return assertInstanceOf(GpuException.class, e.getCause());
    }

    @Test
    void landedTicketsContinueOnTheRingThreadWithOneTimerInTheKernel() throws Exception {
        UringReactor host = closeLater(UringReactor.start());
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        int awaits = 200;
        // Held until every continuation is attached: one attached to a future already complete
        // would run at once on the attaching thread (CompletableFuture's rule), not on the ring's.
        CountDownLatch gate = hold(stream);
        List<CompletableFuture<Thread>> continuations = new ArrayList<>();
        for (int i = 0; i < awaits; i++) {
            stream.busy(Duration.ofNanos(50_000));
            Ticket ticket = line.signal(stream, Slot.S0);
            continuations.add(host.whenLanded(ticket).thenApply(t -> Thread.currentThread()));
        }
        gate.countDown();
        for (CompletableFuture<Thread> continuation : continuations) {
            Thread ranOn = continuation.get(30, TimeUnit.SECONDS);
            assertEquals("gar-uring", ranOn.getName());
            assertEquals(host.stats().threadId(), ranOn.threadId());
        }
        // At most one IORING_OP_TIMEOUT in the kernel at a time: a fresh one is armed only once
        // the last fired (or was removed), and a changed deadline moves it.
        assertTrue(host.stats().timersArmed() <= host.stats().timerFires() + host.stats().timersRemoved() + 1, "armed " + host.stats().timersArmed()
                + ", fired " + host.stats().timerFires() + ", removed " + host.stats().timersRemoved());
        assertTrue(host.stats().timersArmed() + host.stats().timersMoved() > 0, "the ring slept to predicted landings");
    }

    @Test
    void theRingSleepsToTheWakeTimePollsOverTheSpinAndLearnsItsTimeoutsLateness() throws Exception {
        UringReactor host = closeLater(UringReactor.start());
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        // One await at a time, each behind 300 us of work: the first has no prediction (left to
        // the sim's own wait for its store), the later ones sleep to the wake model's time and
        // poll over the spin.
        for (int i = 0; i < 60; i++) {
            stream.busy(Duration.ofNanos(300_000));
            Ticket ticket = line.signal(stream, Slot.S0);
            assertEquals(ticket, host.whenLanded(ticket).get(30, TimeUnit.SECONDS));
        }
        assertTrue(host.stats().polls() > 0, "polled over the spin");
        assertTrue(host.stats().timerFires() > 0, "slept on the timeout when the landing was far");
        assertTrue(host.stats().timerLatenessNanos() > 0,
                "lateness " + host.stats().timerLatenessNanos());
    }

    @Test
    void aWaitFromAnotherThreadWakesTheIdleRing() throws Exception {
        UringReactor host = closeLater(UringReactor.start());
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = hold(stream);
        Ticket ticket = line.signal(stream, Slot.S0);
        awaitAsleep(host);
        CompletableFuture<Ticket> landed = host.whenLanded(ticket);
        // Held at the gate, the ticket wakes nothing: only the new wait's eventfd write can.
        long giveUpAt = System.nanoTime() + Tickets.LANDS_WITHIN.toNanos();
        while (host.stats().wakeUps() == 0) {
            assertTrue(System.nanoTime() - giveUpAt < 0, "the new wait did not wake the sleeping ring");
            Thread.onSpinWait();
        }
        gate.countDown();
        assertEquals(ticket, landed.get(30, TimeUnit.SECONDS));
    }

    /**
     * Returns once the ring's thread sleeps in its timer (DriverLoop.run's call of sleepUntil),
     * which it enters only after telling its engine that it sleeps: a wait offered from now on
     * must wake it.
     */
    private static void awaitAsleep(UringReactor host) throws InterruptedException {
        long id = host.stats().threadId();
        Thread ring = Thread.getAllStackTraces().keySet().stream().filter(t -> t.threadId() == id).findFirst()
                .orElseThrow();
        long giveUpAt = System.nanoTime() + Tickets.LANDS_WITHIN.toNanos();
        while (!inTimer(ring.getStackTrace())) {
            assertTrue(System.nanoTime() - giveUpAt < 0, "the idle ring never went to sleep");
            Thread.onSpinWait();
        }
    }

    private static boolean inTimer(StackTraceElement[] stack) {
        for (int i = 1; i < stack.length; i++) {
            if (stack[i].getClassName().equals(DriverLoop.class.getName()) && stack[i].getMethodName().equals("run")) {
                return stack[i - 1].getMethodName().equals("sleepUntil");
            }
        }
        return false;
    }

    @Test
    void closingFailsPendingWaitsClosedAndRefusesNewOnes() throws Exception {
        UringReactor host = UringReactor.start();
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = hold(stream);
        Ticket ticket = line.signal(stream, Slot.S0);
        CompletableFuture<Ticket> pending = host.whenLanded(ticket);
        host.close();
        host.close();
        assertEquals(GpuException.Kind.CLOSED, failureOf(pending).kind());
        assertEquals(GpuException.Kind.CLOSED, failureOf(host.whenLanded(ticket)).kind());
        assertTrue(host.isClosed());
        assertTrue(host.failure().isEmpty());
        gate.countDown();
    }

    @Test
    void cancellingAWaitFreesItsPlace() throws Exception {
        UringReactor host = closeLater(UringReactor.start(EngineSettings.DEFAULTS.withAsyncCapacity(1)));
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = hold(stream);
        Ticket first = line.signal(stream, Slot.S0);
        Ticket second = line.signal(stream, Slot.S0);
        CompletableFuture<Ticket> cancelled = host.whenLanded(first);
        assertEquals(GpuException.Kind.CAPACITY, failureOf(host.whenLanded(second)).kind());
        assertTrue(cancelled.cancel(false));
        CompletableFuture<Ticket> next = host.whenLanded(second);
        gate.countDown();
        assertEquals(second, next.get(30, TimeUnit.SECONDS));
    }

    @Test
    void unavailableRefusesUnlessTheStdHostIsAllowedAndSaysSo() throws Exception {
        UringProbe refused = UringProbe.run("false", "Linux", UringProbe.DISABLED_SETTING);
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> UringReactor.startOrFallBack(EngineSettings.DEFAULTS, UringReactor.Fallback.REFUSE, refused));
        assertTrue(e.getMessage().contains("turned off by -Dgar.uring.enabled=false"), e.getMessage());
        assertTrue(e.getMessage().contains("Fallback.STD_HOST"), e.getMessage());

        UringReactor.HostChoice choice = closeLater(UringReactor.startOrFallBack(EngineSettings.DEFAULTS,
                UringReactor.Fallback.STD_HOST, refused));
        assertEquals("std", choice.name());
        assertTrue(choice.note().contains("turned off by -Dgar.uring.enabled=false"), choice.note());
        assertFalse(choice.host() instanceof UringReactor);
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        Ticket ticket = line.signal(stream, Slot.S0);
        assertEquals(ticket, choice.whenLanded(ticket).get(30, TimeUnit.SECONDS));

        UringReactor.HostChoice uring = closeLater(UringReactor.startOrFallBack(EngineSettings.DEFAULTS,
                UringReactor.Fallback.STD_HOST, Uring.probe()));
        assertEquals("uring", uring.name());
        assertInstanceOf(UringReactor.class, uring.host());
        assertNotEquals(choice.note(), uring.note());
    }
}
