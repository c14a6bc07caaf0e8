package io.gpuasync.host.uring;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.WakeModel;
import io.gpuasync.engine.CountingIdleStrategy;
import io.gpuasync.engine.DriverLoop;
import io.gpuasync.engine.EngineSettings;
import io.gpuasync.engine.FutureHost;
import io.gpuasync.engine.HostStats;
import io.gpuasync.engine.WaitEngine;
import io.gpuasync.engine.uring.MovableTimeout;
import io.gpuasync.host.uring.internal.RingSleeper;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The io_uring host: one platform thread owns a ring of its own and drives a {@link WaitEngine}.
 * It sleeps to the engine's next deadline on one absolute {@code IORING_OP_TIMEOUT} on
 * {@code CLOCK_MONOTONIC} (the clock of {@link System#nanoTime()}), moved with
 * {@code IORING_TIMEOUT_UPDATE} when the deadline changes; a wait from another thread wakes it
 * through an eventfd whose {@code IORING_OP_READ} stays pending on the ring. io_uring's timer
 * takes no timer slack, so the thread's slack is left alone. The thread runs the engine's
 * {@link DriverLoop}, idling as the settings' {@link io.gpuasync.engine.IdleStrategy} says, with
 * the ring's timeout as its timer, whose lateness the engine's wake model learns.
 *
 * <pre>{@code
 * try (UringReactor host = UringReactor.start()) {               // UnsupportedOperationException with the cause where it cannot run
 *     host.whenLanded(line.signal(stream, Slot.S0)).thenRun(...);   // completes on the ring's thread
 * }
 * }</pre>
 *
 * <p>Futures complete on the ring's thread: dependent actions that block belong on the
 * {@code *Async} variants. A closed host fails its pending waits with
 * {@link GpuException.Kind#CLOSED} and refuses new ones the same way.
 */
public final class UringReactor implements FutureHost, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(UringReactor.class.getName());
    /** Few requests are ever in flight (a timeout, its move, the eventfd read): a small ring. */
    private static final int RING_ENTRIES = 16;

    private final RingSleeper ring;
    private final CountingIdleStrategy strategy;
    private final WaitEngine engine;
    private final Thread thread;
    private volatile Throwable failure;

    private UringReactor(EngineSettings settings, String threadName) {
        this.ring = RingSleeper.open(RING_ENTRIES);
        this.strategy = new CountingIdleStrategy(settings.idleStrategy());
        this.engine = new WaitEngine(settings, ring::wake);
        // The ring was set up on this thread and is driven on the new one: Thread.start orders
        // everything written here before the new thread's first action.
        this.thread = Thread.ofPlatform().daemon().name(threadName).start(this::drive);
    }

    /** A host with {@link EngineSettings#DEFAULTS}. */
    public static UringReactor start() {
        return start(EngineSettings.DEFAULTS);
    }

    /**
     * Starts a host and its ring thread, sized, idling and waking as {@code settings} say.
     *
     * @throws UnsupportedOperationException with the probe's cause, where io_uring cannot run ({@link Uring})
     * @throws SyscallException              when this ring's own setup fails (the call and its errno)
     */
    public static UringReactor start(EngineSettings settings) {
        Objects.requireNonNull(settings, "settings");
        Uring.ensureAvailability();
        return new UringReactor(settings, "gar-uring");
    }

    /**
     * The io_uring host where {@code probe} says it can run; elsewhere the std host (a
     * {@link io.gpuasync.host.std.Reactor}) only if {@code fallback} allows it, saying so in the
     * log and in {@link HostChoice#note()}.
     *
     * @throws UnsupportedOperationException with the probe's cause, when it cannot run and the fallback is refused
     */
    public static HostChoice startOrFallBack(EngineSettings settings, Fallback fallback) {
        return startOrFallBack(settings, fallback, Uring.probe());
    }

    static HostChoice startOrFallBack(EngineSettings settings, Fallback fallback, UringProbe probe) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(fallback, "fallback");
        if (probe.isAvailable()) {
            UringReactor host = new UringReactor(settings, "gar-uring");
            return new HostChoice(host, host, "uring", "io_uring host on its own ring thread");
        }
        Throwable cause = probe.cause().orElseThrow();
        if (fallback == Fallback.REFUSE) {
            throw new UnsupportedOperationException("the io_uring host is unavailable: " + cause.getMessage()
                    + " (Fallback.STD_HOST would run the std host's dispatcher thread instead)", cause);
        }
        String note = "the io_uring host is unavailable (" + cause.getMessage()
                + "); waits run on the std host's dispatcher thread instead, as Fallback.STD_HOST allowed";
        LOG.log(System.Logger.Level.WARNING, note);
        io.gpuasync.host.std.Reactor reactor = io.gpuasync.host.std.Reactor.builder()
                .capacity(settings.asyncCapacity()).idleStrategy(settings.idleStrategy())
                .wakeQuantile(settings.wakeQuantile()).build();
        return new HostChoice(reactor, reactor, "std", note);
    }

    /** Whether a host that cannot use io_uring may fall back to the std host. */
    public enum Fallback {
        /** No: refuse, with the cause. */
        REFUSE,
        /** Yes: run the std host, and say so. */
        STD_HOST
    }

    /**
     * The host that runs, its name ({@code uring} or {@code std}) and a sentence saying why.
     * Closing it closes that host.
     */
    public record HostChoice(FutureHost waits, AutoCloseable host, String name, String note)
            implements FutureHost, AutoCloseable {
        @Override
        public CompletableFuture<Ticket> whenLanded(Ticket ticket) {
            return waits.whenLanded(ticket);
        }

        @Override
        public void close() throws Exception {
            host.close();
        }
    }

    private void drive() {
        try {
            DriverLoop.run(engine, strategy, this::sleepUntil);
        } catch (Throwable t) {
            failure = t;
            LOG.log(System.Logger.Level.ERROR, "the io_uring host's thread failed; its waits were failed", t);
        } finally {
            try {
                ring.close();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "closing the io_uring host's ring failed", e);
                if (failure == null) {
                    failure = e;
                }
            }
        }
    }

    // The loop's timer: the ring's timeout, which fired (not the eventfd's wake-up, which ends
    // a sleep early) when the count of fires moved.
    private boolean sleepUntil(long target) {
        long firesBefore = ring.timer().fired();
        ring.sleepUntil(target == WaitEngine.NO_DEADLINE ? RingSleeper.NO_DEADLINE : target);
        return ring.timer().fired() != firesBefore;
    }

    /**
     * A future completed with {@code ticket} once it landed, on the ring's thread (a ticket that
     * already landed gives a completed future, whose continuations run on the caller); or
     * exceptionally as {@link WaitEngine#whenLanded} says ({@link GpuException.Kind#CLOSED} once
     * this host is closed). Cancelling it drops the wait.
     */
    @Override
    public CompletableFuture<Ticket> whenLanded(Ticket ticket) {
        return engine.whenLanded(ticket);
    }

    /** Whether {@link #close()} was called (or the ring's thread failed). */
    public boolean isClosed() {
        return engine.isClosed();
    }

    /** What ended the ring's thread other than {@link #close()}, if anything. */
    public java.util.Optional<Throwable> failure() {
        return java.util.Optional.ofNullable(failure);
    }

    /**
     * What the ring did so far ({@link HostStats}): its thread; the {@code IORING_OP_TIMEOUT}s it
     * submitted, moved with {@code IORING_TIMEOUT_UPDATE}, removed, and that fired; its polls; its
     * eventfd wake-ups; its timer's median lateness. Any thread; each count is read on its own,
     * not all at one instant.
     */
    public HostStats stats() {
        MovableTimeout timer = ring.timer();
        return new HostStats(thread.threadId(), timer.armed(), timer.moved(), timer.removed(),
                timer.fired(), strategy.polls(), ring.wakeReads(),
                engine.model().lateness().medianNanos(System.nanoTime()));
    }

    /** The model this host's waits wake by, with the lateness its ring's timeouts taught. */
    public WakeModel wakeModel() {
        return engine.model();
    }


    /**
     * Refuses new waits, fails pending ones with {@link GpuException.Kind#CLOSED}, ends the ring's
     * thread and waits for it to release the ring. Idempotent; from a continuation on the ring's
     * own thread it does not wait for itself. An interrupted closer still waits, and keeps its status.
     */
    @Override
    public void close() {
        engine.close();
        DriverLoop.join(thread);
    }
}
