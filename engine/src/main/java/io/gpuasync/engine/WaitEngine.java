package io.gpuasync.engine;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.CompletionHandler;
import io.gpuasync.core.CompletionPort;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.Sequences;
import io.gpuasync.core.Slot;
import io.gpuasync.core.TimerLateness;
import io.gpuasync.core.WakeModel;
import io.gpuasync.spi.HostLine;

import java.lang.ref.WeakReference;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The step that any loop drives to wait for many tickets at once, with no thread of its own: a
 * {@link CompletionPort} of pending waits and the work around it. Whoever drives it (the std
 * host's dispatcher, an io_uring ring, a Netty event loop) runs it with {@link DriverLoop}: it
 * calls {@link #doWork} and idles until {@link #nextDeadline()} as its {@link IdleStrategy}
 * says, or until the {@link Waker} it gave the engine wakes it.
 *
 * <p>One {@link #doWork} takes in the waits other threads submitted, polls the port, completes
 * what landed (then teaches the line's estimator the landing, once), fails the waits of lines that
 * closed or whose device a health check found failed, and moves each pending wait through its
 * phases ({@link IdleStrategy.Phases}), by the {@link WakeModel}: due at its wake time; due at
 * every step until its spin ends; then watched by the driver's own wait for its store (one
 * {@link StoreWatcher} thread per driver and domain, for any number of waits), or, where the line's
 * driver has none, looked at with a back-off. Its deadline is the earliest time a wait is due,
 * or the next watchdog round ({@link Watchdog}) while a wait is pending.
 *
 * <p>Futures from {@link #whenLanded} complete on the driving thread, inside {@link #doWork}: on
 * an event loop, continuations run on the loop. Blocking waiters may {@link #handOff} their
 * sleep, so that the engine's one timer serves them all.
 *
 * <p>Allocation: {@code doWork} allocates nothing of its own in steady state (what a completed
 * future's dependents do is theirs; a watchdog's health check, off the wait path, allocates);
 * {@code whenLanded} allocates its future.
 */
public final class WaitEngine implements AutoCloseable {
    /** What {@link #nextDeadline()} says when only a wake-up can bring work. */
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    private final EngineSettings settings;
    private final Waker waker;
    private final WakeModel model;
    private final CompletionPort port;
    private final WaitPhases phases;
    private final MpscArrayQueue<PendingWait> submissions;
    private final AtomicInteger asyncInUse = new AtomicInteger();
    private final AtomicInteger handOffsInUse = new AtomicInteger();
    private final Runnable lineClosed;
    private final Watchdog watchdog;
    private final CompletionHandler completeLanded = new CompletionHandler() {
        @Override
        public void completed(long handle, Object attachment, long word) {
            completeLanded(handle, attachment, word);
        }

        @Override
        public long duePassed(long handle, Object attachment, long nowNanos) {
            return phases.nextDue((int) handle, (PendingWait) attachment, nowNanos);
        }
    };
    private final CompletionHandler failRemoved = this::failRemoved;
    private final Prediction prediction = new Prediction();
    // The time of the doWork that is running.
    private long workNanos;
    // When the port last read every pending word: what landed since came after it.
    private long previousPollNanos = DeadlineEstimator.UNKNOWN;

    private volatile boolean closed;
    private volatile boolean sleeping;
    // Driving thread only.
    private boolean finished;
    private long deadline = NO_DEADLINE;
    private GpuException removalFailure;

    /**
     * An engine with these settings, whose driver {@code waker} wakes, that schedules waits by a
     * {@link WakeModel} of the settings' quantile over a timer lateness of its own (which its
     * driver's sleeps teach), through the phases of the settings' idle strategy.
     */
    public WaitEngine(EngineSettings settings, Waker waker) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.waker = Objects.requireNonNull(waker, "waker");
        this.model = new WakeModel(settings.wakeQuantile(), new TimerLateness());
        Objects.requireNonNull(settings.idleStrategy().phases(), "idleStrategy.phases()");
        int ports = settings.asyncCapacity() + settings.handOffCapacity();
        this.port = new CompletionPort(ports);
        this.phases = new WaitPhases(settings, ports, waker, this::isClosed);
        // Room also for async waits cancelled before the driver took them, which no longer
        // count against the capacity.
        this.submissions = new MpscArrayQueue<>(ports + settings.asyncCapacity());
        this.lineClosed = new LineClosedListener(this);
        this.watchdog = new Watchdog(settings, this::failWaitsOn, waker, System.nanoTime());
    }

    /** The model this engine wakes by; its timer's lateness is what its driver's sleeps teach. */
    public WakeModel model() {
        return model;
    }

    // ------------------------------------------------------------------ any thread

    /**
     * A future completed with {@code ticket} once it landed, on the driving thread; or
     * exceptionally with {@link GpuException.Kind#CLOSED} (its line or the engine closed),
     * {@link GpuException.Kind#DEVICE_FAILED}, or {@link GpuException.Kind#CAPACITY} when as many
     * async waits as the settings allow are pending. Cancelling it drops the wait, and its place
     * is free for the next call at once. A closed engine refuses every wait, landed or not.
     *
     * @throws IllegalArgumentException if the ticket's line has no host view ({@link HostLine#of})
     */
    public CompletableFuture<Ticket> whenLanded(Ticket ticket) {
        Objects.requireNonNull(ticket, "ticket");
        HostLine<?> line = HostLine.of(ticket.line());
        EngineFuture wait = new EngineFuture(ticket, System.nanoTime(), asyncInUse);
        if (closed) {
            wait.completeExceptionally(closedEngine());
            return wait;
        }
        try {
            // Landed before anyone waited: when is unknown, so it teaches the line nothing.
            if (Sequences.reached(line.word(ticket.slot()), ticket.target())) {
                wait.complete(ticket);
                return wait;
            }
        } catch (GpuException closedLine) {
            wait.completeExceptionally(closedLine);
            return wait;
        }
        if (!wait.tryHold(settings.asyncCapacity())) {
            wait.completeExceptionally(new GpuException(GpuException.Kind.CAPACITY, "already "
                    + settings.asyncCapacity() + " async waits are pending, as many as this engine was built for"));
            return wait;
        }
        line.onClose(lineClosed);
        while (!submissions.offer(wait)) {
            // Full only of waits cancelled before the driver took them: it drops them as it
            // drains, unless this is the driver itself (a continuation), which cannot wait.
            if (Thread.currentThread() == drivingThread || closed) {
                wait.completeExceptionally(new GpuException(GpuException.Kind.CAPACITY,
                        "the queue of new waits is full of cancelled waits the driver has not dropped yet"));
                return wait;
            }
            waker.wake();
            Thread.yield();
        }
        wakeIfAsleep();
        if (closed) {
            // A close may have drained the queue before this offer: fail it here (a future
            // completed by both sides stays completed by the first).
            wait.completeExceptionally(closedEngine());
        }
        return wait;
    }

    /**
     * Takes over the sleep of a blocking waiter: the engine unparks {@code handOff}'s thread when
     * {@code ticket} lands, its line closes, its device fails or the engine closes, and marks
     * how it ended. Returns false if the engine cannot take it (closed, or as many hand-offs as
     * the settings allow are pending): the waiter then waits by itself.
     *
     * @throws IllegalArgumentException if {@code handOff} is not {@link HandOff#reusable()}, or
     *     the ticket's line has no host view ({@link HostLine#of})
     */
    public boolean handOff(HandOff handOff, Ticket ticket) {
        Objects.requireNonNull(handOff, "handOff");
        Objects.requireNonNull(ticket, "ticket");
        HostLine<?> line = HostLine.of(ticket.line());
        if (!handOff.reusable()) {
            throw new IllegalArgumentException("this hand-off is still held by the engine for its last wait");
        }
        if (closed || !tryTake(handOffsInUse, settings.handOffCapacity())) {
            return false;
        }
        line.onClose(lineClosed);
        handOff.arm(ticket, System.nanoTime());
        if (!submissions.offer(handOff)) {
            handOff.notTaken();
            handOffsInUse.decrementAndGet();
            return false;
        }
        wakeIfAsleep();
        if (closed) {
            handOff.failed(closedEngine());
        }
        return true;
    }

    /** Adds one to {@code inUse} unless that would pass {@code limit}; whether it did. Any thread. */
    static boolean tryTake(AtomicInteger inUse, int limit) {
        for (;;) {
            int now = inUse.get();
            if (now >= limit) {
                return false;
            }
            if (inUse.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    // NOTE pairs with prepareToSleep: a producer advances the queue's producer index (offer)
    // and then reads `sleeping`; the driver writes `sleeping` and then reads the producer index
    // (isEmpty). All are volatile, so one of the two sees the other: a wait offered while the
    // driver goes to sleep is either seen by the driver or wakes it. Forbidden: a driver asleep
    // without a deadline while a wait sits in its queue.
    private void wakeIfAsleep() {
        if (sleeping) {
            waker.wake();
        }
    }

    /** Whether {@link #close()} (or {@link #abandon}) was called. */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Refuses new waits and wakes the driver, whose next {@link #doWork} fails every pending
     * wait with {@link GpuException.Kind#CLOSED}. Any thread; idempotent.
     */
    @Override
    public void close() {
        closed = true;
        waker.wake();
    }

    /** How many async waits are pending (accepted and not done). */
    public int asyncWaitsPending() {
        return asyncInUse.get();
    }

    /**
     * How many waits the engine holds, async and handed off: when any, its driver already sleeps
     * to (or polls for) a landing, and one more wait costs it no timer of its own.
     */
    public int waitsPending() {
        return asyncInUse.get() + handOffsInUse.get();
    }

    // ------------------------------------------------------------------ the driving thread

    // Written by the driving thread, read by whenLanded to tell a continuation from another thread.
    private volatile Thread drivingThread;

    /**
     * Does the work due now: see the class comment. Only the driving thread calls it.
     *
     * @param nowNanos {@link System#nanoTime()}, as the driver read it
     * @return how many waits it took in, completed or failed (0: nothing happened)
     */
    public int doWork(long nowNanos) {
        if (drivingThread != Thread.currentThread()) {
            drivingThread = Thread.currentThread();
        }
        if (closed) {
            if (finished) {
                return 0;
            }
            finished = true;
            deadline = NO_DEADLINE;
            phases.stop();
            return failEverything(closedEngine());
        }
        workNanos = nowNanos;
        int work = drain(nowNanos);
        work += port.poll(completeLanded, nowNanos);
        previousPollNanos = nowNanos;
        if (port.unreadable() > 0) {
            work += failClosedLines();
        }
        // Read before the watchdog's round moves it: abandoned waits are dropped every round.
        boolean round = nowNanos - watchdog.nextRound() >= 0;
        work += watchdog.run(port, nowNanos);
        if (round) {
            work += dropAbandoned();
            phases.retireIdleWatchers(nowNanos);
        }
        planNextLook();
        return work;
    }

    /**
     * The {@link System#nanoTime()} by which {@link #doWork} must run again, as of the last
     * call; {@link #NO_DEADLINE} when no wait is pending (a new one wakes the driver).
     */
    public long nextDeadline() {
        return deadline;
    }

    /**
     * The driver is about to sleep: returns false if work arrived meanwhile (then it calls
     * {@link #doWork} again instead), true if it may sleep until {@link #nextDeadline()}, in
     * which case a new wait wakes it through the {@link Waker}. Call {@link #awake()} after.
     */
    public boolean prepareToSleep() {
        sleeping = true;
        if (!submissions.isEmpty() || closed) {
            sleeping = false;
            return false;
        }
        return true;
    }

    /** The driver woke (whatever woke it). */
    public void awake() {
        sleeping = false;
    }

    /**
     * Ends every wait with {@code why} and closes the engine. From the driving thread, or from
     * any thread once no thread will call {@link #doWork} again (the loop that drove it ended).
     */
    public void abandon(GpuException why) {
        Objects.requireNonNull(why, "why");
        closed = true;
        finished = true;
        deadline = NO_DEADLINE;
        phases.stop();
        failEverything(why);
    }

    private int drain(long nowNanos) {
        int taken = 0;
        PendingWait wait;
        while ((wait = submissions.poll()) != null) {
            taken++;
            if (wait.abandoned()) {
                drop(wait);
                continue;
            }
            Ticket ticket = wait.ticket();
            HostLine<?> line = wait.line();
            // Its state, not its word: a line closed before the wait was taken in ends it here.
            // One whose words were retired while it is still closing is registered, skipped by
            // the poll as unreadable, and failed once the close ends (its listener wakes us).
            if (isFinished(line.state())) {
                account(wait);
                wait.failed(new GpuException(GpuException.Kind.CLOSED, line + " is closed"));
                continue;
            }
            line.predict(ticket.slot(), ticket.target(), model, prediction);
            // A wait that already landed is registered too: the poll that follows in this doWork
            // completes it, and completes a batch that landed together last-in first.
            long due = phases.firstDue(line, prediction, nowNanos);
            long handle = port.tryRegister(line.words(), ticket.slot(), ticket.target(), due, wait);
            if (handle == CompletionPort.FULL && dropAbandoned() > 0) {
                handle = port.tryRegister(line.words(), ticket.slot(), ticket.target(), due, wait);
            }
            if (handle == CompletionPort.FULL) {
                account(wait);
                if (wait instanceof HandOff handOff) {
                    handOff.refused();
                } else {
                    wait.failed(new GpuException(GpuException.Kind.CAPACITY,
                            "all " + port.capacity() + " places of the engine's completion port are taken"));
                }
                continue;
            }
            phases.registered((int) handle, prediction, due);
            wait.overdueAt(watchdog.firstCheck(prediction.landing(), wait.startedNanos()));
        }
        return taken;
    }

    private void completeLanded(long handle, Object attachment, long word) {
        // When the port read the word: the poll reads one wait's word after the continuations
        // of those before it ran, so not the doWork's time.
        long seen = System.nanoTime();
        long target = phases.wakeTargetOfLanding((int) handle, previousPollNanos);
        phases.ended((int) handle, seen);
        PendingWait wait = (PendingWait) attachment;
        // Read before the wait ends: once ended, the record may already be its waiter's next wait.
        HostLine<?> line = wait.line();
        Slot slot = wait.ticket().slot();
        boolean itsOwnStore = word == wait.ticket().target();
        account(wait);
        // The wait ends first and its line learns after, so the continuation does not wait for
        // the estimator; told when the port read the word, and that it landed after the previous
        // poll. A word past the wait's own store is taught by that store's wait, whose wake
        // target it is, or by the next look: this wait's target says nothing of its landing.
        wait.landed(word);
        if (itsOwnStore) {
            line.observe(slot, word, previousPollNanos, target, seen);
        }
    }

    private void failRemoved(long handle, Object attachment, long word) {
        phases.ended((int) handle, workNanos);
        PendingWait wait = (PendingWait) attachment;
        account(wait);
        wait.failed(removalFailure);
    }

    // Before the wait's end: once ended, the record may already be its waiter's next wait.
    private void account(PendingWait wait) {
        if (wait instanceof HandOff) {
            handOffsInUse.decrementAndGet();
        }
    }

    private void drop(PendingWait wait) {
        account(wait);
        wait.dropped();
    }

    // Walks down, so that a removal (which moves the last wait into the gap) skips nothing.
    private int dropAbandoned() {
        int dropped = 0;
        for (int i = port.size() - 1; i >= 0; i--) {
            PendingWait wait = (PendingWait) port.attachmentAt(i);
            if (wait.abandoned()) {
                long handle = port.handleAt(i);
                phases.ended((int) handle, workNanos);
                port.cancel(handle);
                drop(wait);
                dropped++;
            }
        }
        return dropped;
    }

    private int failClosedLines() {
        int failed = 0;
        for (int i = port.size() - 1; i >= 0; i--) {
            if (i >= port.size()) {
                continue;
            }
            PendingWait wait = (PendingWait) port.attachmentAt(i);
            HostLine<?> line = wait.line();
            if (isFinished(line.state())) {
                failed += failWaitsOn(line, new GpuException(GpuException.Kind.CLOSED,
                        line + " was closed while waits on it were pending"));
            }
        }
        return failed;
    }

    private static boolean isFinished(Line.State state) {
        return state == Line.State.CLOSED || state == Line.State.LEAKED;
    }

    private int failWaitsOn(HostLine<?> line, GpuException why) {
        removalFailure = why;
        try {
            return port.removeAll(line.words(), failRemoved);
        } finally {
            removalFailure = null;
        }
    }

    // The earliest due wait, and the watchdog's round while any wait is pending.
    private void planNextLook() {
        if (port.size() == 0) {
            deadline = NO_DEADLINE;
            return;
        }
        long due = port.nextDueNanos();
        long round = watchdog.nextRound();
        deadline = due == DeadlineEstimator.UNKNOWN || due - round > 0 ? round : due;
    }

    private int failEverything(GpuException why) {
        removalFailure = why;
        int failed;
        try {
            failed = port.removeAll(null, failRemoved);
        } finally {
            removalFailure = null;
        }
        PendingWait wait;
        while ((wait = submissions.poll()) != null || !submissions.isEmpty()) {
            if (wait != null) {
                account(wait);
                wait.failed(why);
                failed++;
            } else {
                // A producer claimed a place and has not stored its wait yet: it will.
                Thread.onSpinWait();
            }
        }
        return failed;
    }

    private static GpuException closedEngine() {
        return new GpuException(GpuException.Kind.CLOSED, "the wait engine is closed");
    }

    /** Wakes an engine when one of its lines closes, without keeping the engine alive. */
    private static final class LineClosedListener implements Runnable {
        private final WeakReference<WaitEngine> engine;

        LineClosedListener(WaitEngine engine) {
            this.engine = new WeakReference<>(engine);
        }

        @Override
        public void run() {
            WaitEngine target = engine.get();
            if (target != null) {
                target.waker.wake();
            }
        }
    }
}
