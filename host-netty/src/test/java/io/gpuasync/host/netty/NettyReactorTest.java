package io.gpuasync.host.netty;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.engine.FutureHost;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.engine.EngineSettings;
import io.gpuasync.engine.HostStats;
import io.gpuasync.engine.WaitTuning;
import io.gpuasync.testing.ClosesAfterEach;
import io.gpuasync.testing.Gates;
import io.netty.channel.IoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** GPU waits driven by real Netty event loops, with the simulated device. Counts, threads and states; no clocks. */
@Timeout(120)
class NettyReactorTest implements ClosesAfterEach {
    // A burst's lateness no real sleep is likely to match to the nanosecond, so the estimate
    // that comes back can be told from it on any machine, under any load.
    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
    private final List<CountDownLatch> gates = new ArrayList<>();
    private final List<MultiThreadIoEventLoopGroup> groups = new ArrayList<>();

    @BeforeAll
    static void ioUringRuns() {
        assumeTrue(IoUring.isAvailable(), () -> "Netty's io_uring transport is unavailable: " + IoUring.unavailabilityCause());
    }

    @AfterEach
    void closeAll() throws Exception {
        gates.forEach(CountDownLatch::countDown);
        closeWhatWasKept();     // the hosts, before the loops they run on
        for (MultiThreadIoEventLoopGroup group : groups) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await();
        }
    }

    private IoEventLoop uringLoop() {
        MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory());
        groups.add(group);
        return group.next();
    }

    private IoEventLoop nioLoop() {
        MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        groups.add(group);
        return group.next();
    }

    private IoEventLoop epollLoop() {
        assumeTrue(Epoll.isAvailable(), () -> "Netty's epoll transport is unavailable: " + Epoll.unavailabilityCause());
        MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, EpollIoHandler.newFactory());
        groups.add(group);
        return group.next();
    }

    private static GpuException failureOf(CompletableFuture<?> future) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(30, TimeUnit.SECONDS));
        return assertInstanceOf(GpuException.class, e.getCause());
    }

    /** Holds the stream until {@code gate} opens; an ending test opens it, so a failed one does not hang. */
    private void hold(SimStream stream, CountDownLatch gate) {
        gates.add(gate);
        stream.call(() -> {
            try {
                gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    @Test
    void continuationsRunOnTheLoopWithOneTimerInItsRing() throws Exception {
        IoEventLoop loop = uringLoop();
        NettyReactor awaits = NettyReactor.on(loop);
        assertSame(awaits, NettyReactor.on(loop), "one registration per loop");
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        int count = 300;
        CountDownLatch gate = new CountDownLatch(1);
        hold(stream, gate);
        AtomicInteger offLoop = new AtomicInteger();
        List<CompletableFuture<Ticket>> continuations = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            stream.busy(Duration.ofNanos(30_000));
            continuations.add(awaits.whenLanded(line.signal(stream, Slot.S0)).whenComplete((t, e) -> {
                if (!loop.inEventLoop()) {
                    offLoop.incrementAndGet();
                }
            }));
        }
        gate.countDown();
        for (CompletableFuture<Ticket> continuation : continuations) {
            continuation.get(30, TimeUnit.SECONDS);
        }
        assertEquals(0, offLoop.get(), "every continuation ran on the loop");
        long[] timers = loop.submit(() -> new long[] {awaits.stats().timersArmed(), awaits.stats().timerFires(),
                awaits.stats().timersRemoved(), awaits.stats().timersMoved()}).get();
        assertTrue(timers[0] <= timers[1] + timers[2] + 1, "a fresh timeout only after the last one ended: armed "
                + timers[0] + ", fired " + timers[1] + ", removed " + timers[2]);
        assertTrue(timers[0] + timers[3] > 0, "the loop slept to predicted landings on its timer");
        assertEquals(0, awaits.pending());
    }

    @Test
    void aTicketThatAlreadyLandedStillContinuesOnTheLoop() throws Exception {
        IoEventLoop loop = uringLoop();
        NettyReactor awaits = NettyReactor.on(loop);
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        Ticket ticket = line.signal(stream, Slot.S0);
        stream.synchronize(Duration.ofSeconds(30));
        assertTrue(ticket.isDone());
        // A handler on the loop asks: its continuation runs on the loop.
        assertTrue(loop.submit(() -> awaits.whenLanded(ticket).thenApply(t -> loop.inEventLoop())).get().get(30, TimeUnit.SECONDS));
        CompletableFuture<Boolean> listenerOnLoop = new CompletableFuture<>();
        awaits.landed(ticket).addListener(f -> listenerOnLoop.complete(loop.inEventLoop()));
        assertTrue(listenerOnLoop.get(30, TimeUnit.SECONDS));
    }

    @Test
    void aNettyFutureNotifiesOnTheLoopAndCancellingItFreesTheWait() throws Exception {
        IoEventLoop loop = uringLoop();
        NettyReactor awaits = NettyReactor.on(loop, EngineSettings.DEFAULTS.withAsyncCapacity(1));
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = new CountDownLatch(1);
        hold(stream, gate);
        Ticket first = line.signal(stream, Slot.S0);
        Ticket second = line.signal(stream, Slot.S0);
        Future<Ticket> cancelled = awaits.landed(first);
        assertEquals(1, awaits.pending());
        assertTrue(cancelled.cancel(false));
        assertEquals(0, awaits.pending(), "the cancelled wait's place is free at once");
        Future<Ticket> next = awaits.landed(second);
        CompletableFuture<Boolean> listenerOnLoop = new CompletableFuture<>();
        next.addListener(f -> listenerOnLoop.complete(loop.inEventLoop()));
        gate.countDown();
        assertEquals(second, next.get(30, TimeUnit.SECONDS));
        assertTrue(listenerOnLoop.get(30, TimeUnit.SECONDS));
    }

    @Test
    void closingFailsPendingWaitsClosedAndTheLoopRunsOn() throws Exception {
        IoEventLoop loop = uringLoop();
        NettyReactor awaits = NettyReactor.on(loop);
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = new CountDownLatch(1);
        hold(stream, gate);
        Ticket ticket = line.signal(stream, Slot.S0);
        CompletableFuture<Ticket> pending = awaits.whenLanded(ticket);
        awaits.close();
        assertEquals(GpuException.Kind.CLOSED, failureOf(pending).kind());
        assertEquals(GpuException.Kind.CLOSED, failureOf(awaits.whenLanded(ticket)).kind());
        assertTrue(loop.submit(() -> true).get(30, TimeUnit.SECONDS), "the loop still serves");
        NettyReactor fresh = NettyReactor.on(loop);
        assertNotSame(awaits, fresh);
        gate.countDown();
        assertEquals(ticket, fresh.whenLanded(ticket).get(30, TimeUnit.SECONDS));
    }

    @Test
    void aLoopShuttingDownEndsItsWaitsAndTakesNoNewOnes() throws Exception {
        IoEventLoop loop = uringLoop();
        NettyReactor awaits = NettyReactor.on(loop);
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = new CountDownLatch(1);
        hold(stream, gate);
        Ticket ticket = line.signal(stream, Slot.S0);
        CompletableFuture<Ticket> pending = awaits.whenLanded(ticket);
        loop.parent().shutdownGracefully(0, 1, TimeUnit.SECONDS);
        GpuException ended = failureOf(pending);
        assertEquals(GpuException.Kind.CLOSED, ended.kind());
        assertTrue(ended.getMessage().contains("shutting down"), ended.getMessage());
        GpuException refused = failureOf(awaits.whenLanded(ticket));
        assertEquals(GpuException.Kind.CLOSED, refused.kind());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> NettyReactor.on(loop));
        assertTrue(e.getMessage().contains("shutting down"), e.getMessage());
        gate.countDown();
    }

    @Test
    void anotherTransportsLoopIsRefusedNamingItAndTheFallback() {
        IoEventLoop nio = nioLoop();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NettyReactor.on(nio));
        assertTrue(e.getMessage().contains("a NIO loop (NioIoHandler)"), e.getMessage());
        assertTrue(e.getMessage().contains("NettyReactor.viaHost"), e.getMessage());
    }

    @Test
    void anEpollLoopIsRefusedNamingItAndTheFallback() {
        IoEventLoop epoll = epollLoop();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NettyReactor.on(epoll));
        assertTrue(e.getMessage().contains(" is an epoll loop (EpollIoHandler). On such a loop use NettyReactor.viaHost(loop, reactor)"),
                e.getMessage());
        assertFalse(epoll.isShuttingDown(), "refusing leaves the loop alone");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nio", "epoll"})
    void theFallbackContinuesOnTheLoopAndEndsItsWaitsWhenTheLoopEnds(String transport) throws Exception {
        IoEventLoop loop = transport.equals("nio") ? nioLoop() : epollLoop();
        Reactor reactor = closeLater(Reactor.start());
        FutureHost waits = NettyReactor.viaHost(loop, reactor);
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        stream.busy(Duration.ofNanos(50_000));
        Ticket landed = line.signal(stream, Slot.S0);
        // Attached on the loop, as a handler would: a continuation of a future already complete
        // runs on the attaching thread.
        CompletableFuture<Boolean> onLoop = new CompletableFuture<>();
        loop.execute(() -> waits.whenLanded(landed).whenComplete((t, e) -> onLoop.complete(e == null && loop.inEventLoop())));
        assertTrue(onLoop.get(30, TimeUnit.SECONDS), "continued on the " + transport + " loop");

        CountDownLatch gate = new CountDownLatch(1);
        hold(stream, gate);
        CompletableFuture<Ticket> cancelled = waits.whenLanded(line.signal(stream, Slot.S0));
        CompletableFuture<Ticket> pending = waits.whenLanded(line.signal(stream, Slot.S0));
        assertEquals(2, reactor.engine().asyncWaitsPending(), "the std host holds the waits");
        assertTrue(cancelled.cancel(false));
        assertEquals(1, reactor.engine().asyncWaitsPending(), "cancelling frees the host's wait");
        loop.parent().shutdownGracefully(0, 1, TimeUnit.SECONDS).await();
        GpuException ended = failureOf(pending);
        assertEquals(GpuException.Kind.CLOSED, ended.kind());
        assertTrue(ended.getMessage().contains("is shutting down"), ended.getMessage());
        afterLoopDrained();
        assertEquals(0, reactor.engine().asyncWaitsPending(), "the host's wait was cancelled with it, before its ticket landed");
        assertEquals(GpuException.Kind.CLOSED, failureOf(waits.whenLanded(landed)).kind(), "an ended loop takes no waits");
        gate.countDown();
    }

    @Test
    void theLoopSleepsToTheWakeTimePollsOverTheSpinAndLearnsItsTimeoutsLateness() throws Exception {
        IoEventLoop loop = uringLoop();
        NettyReactor awaits = NettyReactor.on(loop);
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        // One await at a time behind 300 us of work: the first has no prediction (left to the
        // sim's own wait for its store), the later ones sleep on the timer to the wake model's
        // time and poll over the spin on the loop's next passes.
        for (int i = 0; i < 60; i++) {
            stream.busy(Duration.ofNanos(300_000));
            Ticket ticket = line.signal(stream, Slot.S0);
            CompletableFuture<Boolean> continued = new CompletableFuture<>();
            loop.execute(() -> awaits.whenLanded(ticket).whenComplete((t, e) -> continued.complete(loop.inEventLoop())));
            assertTrue(continued.get(30, TimeUnit.SECONDS), "continued on the loop");
        }
        assertTrue(awaits.stats().polls() > 0, "polled over the spin");
        long[] fired = new long[2];
        loop.submit(() -> {
            fired[0] = awaits.stats().timerFires();
            fired[1] = awaits.stats().timerLatenessNanos();
        }).syncUninterruptibly();
        assertTrue(fired[0] > 0, "slept on the timeout when the landing was far");
        assertTrue(fired[1] > 0, "lateness " + fired[1]);
    }

    /**
     * Keeps {@code loop} running tasks of a few tens of microseconds each until it shuts down, so
     * a shutdown begins during a task run, as on a loop serving load.
     */
    private static void keepBusy(List<IoEventLoop> loops) throws InterruptedException {
        CountDownLatch busy = new CountDownLatch(loops.size());
        for (IoEventLoop loop : loops) {
            keepBusy(loop, busy);
        }
        assertTrue(busy.await(30, TimeUnit.SECONDS), "every loop runs its busy task");
    }

    private static void keepBusy(IoEventLoop loop, CountDownLatch busy) {
        loop.execute(new Runnable() {
            @Override
            public void run() {
                busy.countDown();
                long until = System.nanoTime() + 50_000;
                while (System.nanoTime() - until < 0) {
                    Thread.onSpinWait();
                }
                if (!loop.isShuttingDown()) {
                    try {
                        loop.execute(this);
                    } catch (RejectedExecutionException ended) {
                        // shut down meanwhile: nothing more to keep busy
                    }
                }
            }
        });
    }

    /** Returns once the after-loop thread ran what it was given before (it runs in order). */
    private static void afterLoopDrained() throws Exception {
        CompletableFuture<Void> drained = new CompletableFuture<>();
        LosslessLoopExecutor.afterLoop(() -> drained.complete(null));
        drained.get(30, TimeUnit.SECONDS);
    }

    /** Shuts every loop down with {@code shutdown}, all at once, and waits (bounded) for each to end. */
    private static void endAll(List<IoEventLoop> loops, java.util.function.Function<IoEventLoop, Future<?>> shutdown)
            throws InterruptedException {
        List<Future<?>> ended = new ArrayList<>();
        for (IoEventLoop loop : loops) {
            ended.add(shutdown.apply(loop));
        }
        for (Future<?> end : ended) {
            assertTrue(end.await(60, TimeUnit.SECONDS), "the loop ended");
        }
    }

    /** Where the callbacks of waits that ended with their loop ran, and how they ended. */
    private static final class Ends {
        final int expected;
        final CountDownLatch ran;
        final AtomicInteger onLoop = new AtomicInteger();
        final AtomicInteger afterLoop = new AtomicInteger();
        final AtomicInteger elsewhere = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        final List<String> elsewhereThreads = java.util.Collections.synchronizedList(new ArrayList<>());

        Ends(int expected) {
            this.expected = expected;
            this.ran = new CountDownLatch(expected);
        }

        void ran(IoEventLoop loop, Throwable failure) {
            if (loop.inEventLoop()) {
                onLoop.incrementAndGet();
            } else if (Thread.currentThread().getName().equals(NettyReactor.AFTER_LOOP_THREAD_NAME)) {
                afterLoop.incrementAndGet();
            } else {
                elsewhere.incrementAndGet();
                if (elsewhereThreads.size() < 4) {
                    elsewhereThreads.add(Thread.currentThread().getName());
                }
            }
            Throwable cause = failure instanceof java.util.concurrent.CompletionException ? failure.getCause() : failure;
            if (cause instanceof GpuException g && g.kind() == GpuException.Kind.CLOSED) {
                closed.incrementAndGet();
            }
            ran.countDown();
        }

        /** Waits, bounded, for every callback; a lost one shows as a count, not a hang. */
        void awaitAll() throws InterruptedException {
            ran.await(30, TimeUnit.SECONDS);
        }

        String counts() {
            return expected + " expected: " + (expected - ran.getCount()) + " ran (" + onLoop + " on the loop, " + afterLoop
                    + " after it, " + elsewhere + " elsewhere " + elsewhereThreads + "), " + closed + " CLOSED";
        }

        void assertAllRanClosedOnTheLosslessLoopExecutorIt() {
            assertEquals(0, ran.getCount(), () -> "callbacks lost: " + counts());
            assertEquals(expected, onLoop.get() + afterLoop.get(), () -> "on the loop or after it: " + counts());
            assertEquals(expected, closed.get(), () -> "ended CLOSED: " + counts());
        }
    }

    @Test
    void everyLandedListenerRunsWhenBusyLoopsEndWithNoQuietPeriod() throws Exception {
        // The race a quiet period of 0 opens: the shutdown begins while the loop runs a task, Netty
        // then never closes the loop's registered handles, and the waits end only from the loop's
        // termination, when the loop can run no listener.
        int loops = 32;
        int waitsPerLoop = 50;
        int completionsPerLoop = 5;
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = new CountDownLatch(1);
        hold(stream, gate);
        Ends listeners = new Ends(loops * waitsPerLoop);
        Ends continuations = new Ends(loops * completionsPerLoop);
        List<IoEventLoop> all = new ArrayList<>();
        for (int i = 0; i < loops; i++) {
            IoEventLoop loop = uringLoop();
            all.add(loop);
            NettyReactor awaits = NettyReactor.on(loop);
            for (int w = 0; w < waitsPerLoop; w++) {
                awaits.landed(line.signal(stream, Slot.S0)).addListener(f -> listeners.ran(loop, f.cause()));
            }
            for (int w = 0; w < completionsPerLoop; w++) {
                awaits.whenLanded(line.signal(stream, Slot.S0)).whenComplete((t, e) -> continuations.ran(loop, e));
            }
        }
        keepBusy(all);
        endAll(all, loop -> loop.parent().shutdownGracefully(0, 5, TimeUnit.SECONDS));
        listeners.awaitAll();
        continuations.awaitAll();
        listeners.assertAllRanClosedOnTheLosslessLoopExecutorIt();
        continuations.assertAllRanClosedOnTheLosslessLoopExecutorIt();
    }

    @Test
    void landedListenersRunOnTheLoopThroughTheDefaultQuietPeriodAndAfterItOnceItEnded() throws Exception {
        int loops = 4;
        int waitsPerLoop = 50;
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = new CountDownLatch(1);
        hold(stream, gate);
        Ends pending = new Ends(loops * waitsPerLoop);
        List<IoEventLoop> all = new ArrayList<>();
        List<NettyReactor> awaitsOf = new ArrayList<>();
        List<Future<Ticket>> landed = new ArrayList<>();
        for (int i = 0; i < loops; i++) {
            IoEventLoop loop = uringLoop();
            all.add(loop);
            NettyReactor awaits = NettyReactor.on(loop);
            awaitsOf.add(awaits);
            for (int w = 0; w < waitsPerLoop; w++) {
                Future<Ticket> future = awaits.landed(line.signal(stream, Slot.S0));
                future.addListener(f -> pending.ran(loop, f.cause()));
                landed.add(future);
            }
        }
        keepBusy(all);
        endAll(all, loop -> loop.parent().shutdownGracefully());
        pending.awaitAll();
        pending.assertAllRanClosedOnTheLosslessLoopExecutorIt();
        assertEquals(pending.expected, pending.onLoop.get(), () -> "the loop ran them while shutting down: " + pending.counts());

        // Once it ended: a listener added to a finished future, and one on a wait asked of the ended loop.
        Ends afterEnd = new Ends(landed.size() + loops);
        for (int i = 0; i < landed.size(); i++) {
            IoEventLoop loop = all.get(i / waitsPerLoop);
            landed.get(i).addListener(f -> afterEnd.ran(loop, f.cause()));
        }
        for (int i = 0; i < loops; i++) {
            IoEventLoop loop = all.get(i);
            awaitsOf.get(i).landed(line.signal(stream, Slot.S0)).addListener(f -> afterEnd.ran(loop, f.cause()));
        }
        afterEnd.awaitAll();
        afterEnd.assertAllRanClosedOnTheLosslessLoopExecutorIt();
        assertEquals(afterEnd.expected, afterEnd.afterLoop.get(), () -> "on the after-loop thread: " + afterEnd.counts());
    }

    @Test
    void viaHostWaitsTheLoopsEndLeftContinueOnTheAfterLoopThread() throws Exception {
        IoEventLoop loop = nioLoop();
        Reactor reactor = closeLater(Reactor.start());
        FutureHost waits = NettyReactor.viaHost(loop, reactor);
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = new CountDownLatch(1);
        hold(stream, gate);
        int count = 100;
        Ends ends = new Ends(count);
        for (int i = 0; i < count; i++) {
            waits.whenLanded(line.signal(stream, Slot.S0)).whenComplete((t, e) -> ends.ran(loop, e));
        }
        assertEquals(count, reactor.engine().asyncWaitsPending());
        assertTrue(loop.parent().shutdownGracefully(0, 1, TimeUnit.SECONDS).await(30, TimeUnit.SECONDS));
        ends.awaitAll();
        ends.assertAllRanClosedOnTheLosslessLoopExecutorIt();
        assertEquals(count, ends.afterLoop.get(), () -> "on the after-loop thread: " + ends.counts());
        afterLoopDrained();     // the end's own continuation, which cancels the host's wait, runs after the test's
        assertEquals(0, reactor.engine().asyncWaitsPending(), "the host's waits were cancelled with them");
    }

    @Test
    void aViaHostWaitCancelledFromAnotherThreadContinuesOnThatThreadAndFreesTheHostsWait() throws Exception {
        IoEventLoop loop = nioLoop();
        Reactor reactor = closeLater(Reactor.start());
        FutureHost waits = NettyReactor.viaHost(loop, reactor);
        SimStream stream = closeLater(sim.device(0).createStream());
        Line<SimStream> line = closeLater(sim.openLine());
        CountDownLatch gate = new CountDownLatch(1);
        hold(stream, gate);
        int count = 200;
        String canceller = "a-foreign-canceller";
        AtomicInteger onCanceller = new AtomicInteger();
        AtomicInteger onLoopAtOnce = new AtomicInteger();
        AtomicInteger cancelledElsewhere = new AtomicInteger();
        List<CompletableFuture<Ticket>> cancelled = new ArrayList<>();
        List<CompletableFuture<Boolean>> onLoopAsync = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            CompletableFuture<Ticket> wait = waits.whenLanded(line.signal(stream, Slot.S0));
            wait.whenComplete((t, e) -> (Thread.currentThread().getName().equals(canceller) ? onCanceller
                    : loop.inEventLoop() ? onLoopAtOnce : cancelledElsewhere).incrementAndGet());
            // What the Javadoc offers for a continuation that must run on the loop whoever completes the future.
            onLoopAsync.add(wait.handleAsync((t, e) -> e instanceof CancellationException && loop.inEventLoop(), loop));
            cancelled.add(wait);
        }
        CompletableFuture<Ticket> kept = waits.whenLanded(line.signal(stream, Slot.S0));
        CompletableFuture<Boolean> keptOnLoop = kept.handle((t, e) -> e == null && loop.inEventLoop());
        assertEquals(count + 1, reactor.engine().asyncWaitsPending());
        Thread thread = Thread.ofPlatform().name(canceller).start(() -> cancelled.forEach(wait -> wait.cancel(false)));
        thread.join(30_000);
        assertFalse(thread.isAlive());
        // CompletableFuture lets any thread that calls a completion method run the dependents it
        // finds: the loop's hand-over of the cancelled host wait may take some.
        assertEquals(count, onCanceller.get() + onLoopAtOnce.get(), () -> "a cancel runs the continuations on the cancelling "
                + "thread (" + onCanceller + ") or the loop (" + onLoopAtOnce + "), not elsewhere (" + cancelledElsewhere + ")");
        assertTrue(onCanceller.get() > 0, "the cancelling thread ran continuations");
        for (CompletableFuture<Boolean> async : onLoopAsync) {
            assertTrue(async.get(30, TimeUnit.SECONDS), "an async continuation on the loop ran there");
        }
        assertEquals(1, reactor.engine().asyncWaitsPending(), "every cancel freed the host's wait");
        gate.countDown();
        assertTrue(keptOnLoop.get(30, TimeUnit.SECONDS), "the wait not cancelled continued on the loop");
    }
}
