package io.gpuasync.host.std;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.CompletionHandler;
import io.gpuasync.core.CompletionPort;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.core.WaitPlanRunner;
import io.gpuasync.spi.Backends;

import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits for tickets: blocking, on platform or virtual threads, each waiter running its own
 * {@link WaitPlan}; or as {@link CompletableFuture}s, completed by one dispatcher thread that
 * runs a {@link CompletionPort} and sleeps by the lines' predicted landings.
 *
 * <pre>{@code
 * try (Reactor reactor = Reactor.builder().backend("sim").build()) {
 *     Line<SimStream> line = ((SimBackend) reactor.backend()).openLine();
 *     stream.busy(Duration.ofNanos(200_000));
 *     reactor.await(line.signal(stream, Slot.S0));           // blocks, mostly asleep
 *     reactor.whenLanded(line.signal(stream, Slot.S0))        // or a future
 *            .thenRun(() -> System.out.println("landed"));
 * }
 * }</pre>
 *
 * <p>Nothing hangs: a wait whose line is closed, or whose reactor is closed, fails with
 * {@link GpuException.Kind#CLOSED}; a wait long past its predicted landing has the driver asked
 * whether the device still works, and fails with its error ({@link GpuException.Kind#DEVICE_FAILED})
 * if not; an interrupted blocking wait fails with {@link GpuException.Kind#INTERRUPTED} and
 * keeps the thread's interrupt status.
 *
 * <p>A blocking wait allocates nothing in steady state on a platform thread (a virtual thread's
 * timed park allocates inside the JDK); an async wait allocates its future. Futures complete on
 * the dispatcher thread: dependent actions that block belong on the {@code *Async} variants.
 */
public final class Reactor implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Reactor.class.getName());

    /**
     * The default plan: sleep until shortly before the predicted landing, spin over it, then
     * sleep in growing steps (for work with no prediction yet, or running late).
     */
    public static final WaitPlan HYBRID = WaitPlan.parkUntilDeadline(Duration.ofNanos(2_000))
            .then(WaitPlan.spin(20_000))
            .then(WaitPlan.backoff(Duration.ofNanos(2_000), Duration.ofNanos(200_000)));

    // How many polls a virtual thread spins (as yields of its carrier) between two parks.
    private static final int VIRTUAL_YIELDS_BEFORE_PARK = 64;

    private final GpuException timedOut = GpuException.preallocated(GpuException.Kind.TIMED_OUT,
            "the wait plan's timeout passed (or its phases ran out) before the ticket landed");

    private final Builder config;
    private final CompletionPort port;
    private final MpscArrayQueue<TicketFuture> submissions;
    private final ParkedThreads parked;
    // Weak keys: a line the application forgot must stay collectable, so that the leak
    // detector reports it.
    private final Map<Line<?>, Boolean> watchedLines = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());
    private final ThreadLocal<WaiterState> waiters = ThreadLocal.withInitial(WaiterState::new);
    private final Thread dispatcher;
    private final CompletionHandler completeLanded = this::completeLanded;
    // Dispatcher-owned, indexed by the port's entry: the line of each registered wait and when
    // the watchdog next looks at it.
    private final Line<?>[] lineOf;
    private final TicketFuture[] futureOf;
    private final long[] handleOf;
    private final long[] overdueAt;
    private volatile boolean closed;
    private volatile boolean dispatcherSleeping;
    private volatile String dispatcherSlack = "not yet started";
    private volatile Backend<?> backend;
    private volatile Line<?> lastWatched;

    private Reactor(Builder config, Backend<?> backend) {
        this.config = config;
        this.port = new CompletionPort(config.capacity);
        this.submissions = new MpscArrayQueue<>(config.capacity);
        this.parked = new ParkedThreads(config.parkedCapacity);
        this.lineOf = new Line<?>[config.capacity];
        this.futureOf = new TicketFuture[config.capacity];
        this.handleOf = new long[config.capacity];
        this.overdueAt = new long[config.capacity];
        this.backend = backend;
        this.dispatcher = Thread.ofPlatform().daemon().name("gar-dispatcher").unstarted(this::dispatch);
        dispatcher.start();
    }

    /** A reactor with the defaults: 4096 async waits at once, the watchdog at 1 s. */
    public static Reactor start() {
        return builder().build();
    }

    /** Settings for a reactor. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The backend named to the builder, or else the first usable one found (real devices before
     * the simulation).
     *
     * @throws GpuException of kind {@link GpuException.Kind#UNAVAILABLE} naming what was found
     */
    public Backend<?> backend() {
        Backend<?> chosen = backend;
        if (chosen == null) {
            synchronized (this) {
                if (backend == null) {
                    backend = config.backendName != null ? Backends.named(config.backendName) : Backends.preferred();
                }
                chosen = backend;
            }
        }
        return chosen;
    }

    /** The dispatcher thread's id, for diagnostics such as its CPU time. */
    public long dispatcherThreadId() {
        return dispatcher.threadId();
    }

    /** How the dispatcher's timer slack was set, for diagnostics. */
    public String dispatcherTimerSlack() {
        return dispatcherSlack;
    }

    // ---------------------------------------------------------------- blocking waits

    /** Waits for {@code ticket} with {@link #HYBRID} and no timeout. */
    public void await(Ticket ticket) {
        await(ticket, config.defaultPlan);
    }

    /**
     * Waits for {@code ticket} as {@code plan} says.
     *
     * @throws GpuException {@link GpuException.Kind#TIMED_OUT} if the plan gave up (thrown
     *     without allocating), {@link GpuException.Kind#CLOSED}, {@link GpuException.Kind#INTERRUPTED}
     *     or {@link GpuException.Kind#DEVICE_FAILED}
     */
    public void await(Ticket ticket, WaitPlan plan) {
        if (!tryAwait(ticket, plan)) {
            throw timedOut;
        }
    }

    /**
     * As {@link #await(Ticket, WaitPlan)}, but a plan that gives up returns false instead of
     * throwing.
     */
    public boolean tryAwait(Ticket ticket, WaitPlan plan) {
        Objects.requireNonNull(ticket, "ticket");
        Objects.requireNonNull(plan, "plan");
        Line<?> line = ticket.line();
        Slot slot = ticket.slot();
        long target = ticket.target();
        if (line.reached(slot, target)) {
            return true;
        }
        requireOpen();
        watch(line);
        WaiterState waiter = waiters.get();
        WaitPlanRunner runner = waiter.runnerFor(plan);
        // Not on a virtual thread: its carrier's slack is not what its timed parks use.
        if (config.lowTimerSlack && !waiter.slackSet && !Thread.currentThread().isVirtual()) {
            waiter.slackSet = true;
            TimerSlack.setCurrentNanos(1);
        }
        boolean virtual = Thread.currentThread().isVirtual();
        // Flight recorder: one reused event per thread; while it is disabled nothing below is
        // measured or formatted for it, so the wait still allocates nothing.
        WaitEvent event = waiter.event;
        boolean recording = event.isEnabled();
        long parkedNanos = 0;
        long spins = 0;
        String outcome = "LANDED";
        // The prediction as the wait starts: the landing teaches the estimator, which then
        // predicts differently.
        long predicted = DeadlineEstimator.UNKNOWN;
        if (recording) {
            event.begin();
            predicted = line.predictedLanding(slot, target);
        }
        long now = System.nanoTime();
        runner.start(now, earlier(line.wakeAt(slot, target), waiter.lateWake.nanos()));
        long nextHealthCheck = firstHealthCheck(line, slot, target, now);
        int listed = ParkedThreads.UNLISTED;
        int yields = 0;
        try {
            for (;;) {
                switch (runner.next(line.reached(slot, target), now)) {
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
                        long parkStart = recording ? System.nanoTime() : 0;
                        parkFor(runner.parkNanos(), line, slot, target, now, waiter.lateWake);
                        if (recording) {
                            parkedNanos += System.nanoTime() - parkStart;
                        }
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
                    nextHealthCheck = now + config.watchdogIntervalNanos;
                }
            }
        } catch (GpuException failed) {
            outcome = failed.kind().name();
            throw failed;
        } finally {
            parked.remove(listed);
            if (recording) {
                commit(event, ticket, plan, outcome, predicted, parkedNanos, spins);
            }
        }
    }

    // Only with the event enabled: formats names for the record.
    private static void commit(WaitEvent event, Ticket ticket, WaitPlan plan, String outcome, long predicted,
                               long parkedNanos, long spins) {
        event.end();
        if (!event.shouldCommit()) {
            return;
        }
        long landed = outcome.equals("LANDED") ? System.nanoTime() : 0;
        event.line = ticket.line().toString();
        event.slot = ticket.slot().index();
        event.target = ticket.target();
        event.plan = plan.toString();
        event.predictedLandingNanos = predicted == DeadlineEstimator.UNKNOWN ? 0 : predicted;
        event.landedNanos = landed;
        event.landingErrorNanos = landed != 0 && predicted != DeadlineEstimator.UNKNOWN ? landed - predicted : 0;
        event.parkedNanos = parkedNanos;
        event.spins = spins;
        event.outcome = outcome;
        event.commit();
    }

    // Sleeps the whole of what the plan said, across early wake-ups (a watchdog bound, a
    // spurious unpark), but no longer once the ticket landed, a line or the reactor closed, or
    // the thread was interrupted.
    private void parkFor(long nanos, Line<?> line, Slot slot, long target, long from, LateWake lateWake) {
        long until = from + nanos;
        boolean parked = false;
        if (line.state() != Line.State.OPEN) {
            return;
        }
        for (;;) {
            long left = until - System.nanoTime();
            if (left <= 0) {
                if (parked) {
                    lateWake.sample(-left);
                }
                return;
            }
            if (closed) {
                return;
            }
            parked = true;
            LockSupport.parkNanos(this, Math.min(left, config.watchdogIntervalNanos));
            throwIfInterrupted(slot, target);
            if (line.state() != Line.State.OPEN || line.reached(slot, target)) {
                return;
            }
        }
    }

    // A virtual thread that spins holds its carrier from every other virtual thread, so it
    // yields the carrier between polls instead. Yielding alone is not enough: a yielding virtual
    // thread goes back to its carrier's own queue, and while that queue never empties the
    // carrier never looks at threads submitted from outside it (a virtual thread started by a
    // platform thread starved behind four spinning waiters on one carrier). A short timed park
    // now and then takes the waiter off that queue, so the carrier drains it and looks further.
    private static int letOtherVirtualThreadsRun(int yields) {
        if (yields >= VIRTUAL_YIELDS_BEFORE_PARK) {
            LockSupport.parkNanos(1);
            return 0;
        }
        Thread.yield();
        return yields + 1;
    }

    // Reads the flag without clearing it: the interrupt status is the caller's to keep.
    private static void throwIfInterrupted(Slot slot, long target) {
        if (Thread.currentThread().isInterrupted()) {
            throw new GpuException(GpuException.Kind.INTERRUPTED,
                    "interrupted while waiting for slot " + slot + " to reach " + target + " (interrupt status kept)");
        }
    }

    // A wake-up time moved earlier by how late this thread's sleeps end; UNKNOWN stays UNKNOWN.
    private static long earlier(long wakeAt, long byNanos) {
        return wakeAt == DeadlineEstimator.UNKNOWN ? wakeAt : wakeAt - byNanos;
    }

    private long firstHealthCheck(Line<?> line, Slot slot, long target, long now) {
        long predicted = line.predictedLanding(slot, target);
        long base = predicted == DeadlineEstimator.UNKNOWN || predicted - now < 0 ? now : predicted;
        return base + config.watchdogGraceNanos;
    }

    // ---------------------------------------------------------------- async waits

    /**
     * A future completed with {@code ticket} once it landed, on the dispatcher thread; or
     * exceptionally with {@link GpuException.Kind#CLOSED}, {@link GpuException.Kind#DEVICE_FAILED},
     * or {@link GpuException.Kind#CAPACITY} when the reactor already holds as many waits as it
     * was built for. Cancelling the future drops the wait.
     */
    public CompletableFuture<Ticket> whenLanded(Ticket ticket) {
        Objects.requireNonNull(ticket, "ticket");
        TicketFuture future = new TicketFuture(ticket, System.nanoTime());
        try {
            if (ticket.line().reached(ticket.slot(), ticket.target())) {
                future.complete(ticket);
                return future;
            }
        } catch (GpuException closedLine) {
            future.completeExceptionally(closedLine);
            return future;
        }
        if (closed) {
            future.completeExceptionally(new GpuException(GpuException.Kind.CLOSED, "the reactor is closed"));
            return future;
        }
        watch(ticket.line());
        if (!submissions.offer(future)) {
            future.completeExceptionally(new GpuException(GpuException.Kind.CAPACITY,
                    "the reactor's queue of new waits is full (" + submissions.capacity() + ")"));
            return future;
        }
        if (dispatcherSleeping) {
            LockSupport.unpark(dispatcher);
        }
        if (closed) {
            // A close may have emptied the queue before this offer: fail it here (a future
            // completed by both sides stays completed by the first).
            future.completeExceptionally(new GpuException(GpuException.Kind.CLOSED, "the reactor was closed"));
        }
        return future;
    }

    // ---------------------------------------------------------------- the dispatcher

    private void dispatch() {
        dispatcherSlack = describeSlack();
        WaitPlanRunner runner = new WaitPlanRunner(config.dispatcherPlan);
        LateWake lateWake = new LateWake();
        boolean restart = true;
        long nextWatchdog = System.nanoTime() + config.watchdogIntervalNanos;
        try {
            while (!closed) {
                boolean changed = drainSubmissions();
                changed |= port.poll(completeLanded) > 0;
                if (port.unreadable() > 0) {
                    failClosedLines();
                }
                long now = System.nanoTime();
                if (now - nextWatchdog >= 0) {
                    watchdog(now);
                    nextWatchdog = now + config.watchdogIntervalNanos;
                }
                if (port.size() == 0) {
                    sleep(0);
                    restart = true;
                    continue;
                }
                if (changed || restart) {
                    runner.start(now, earlier(port.nextWakeAtNanos(), lateWake.nanos()));
                    restart = false;
                }
                switch (runner.next(false, now)) {
                    case SPIN -> Thread.onSpinWait();
                    case YIELD -> Thread.yield();
                    case PARK -> {
                        long nanos = Math.min(runner.parkNanos(), Math.max(1, nextWatchdog - now));
                        if (sleep(nanos)) {
                            lateWake.sample(System.nanoTime() - now - nanos);
                        }
                    }
                    case TIMED_OUT, DONE -> {
                        sleep(Math.max(1, nextWatchdog - now));
                        restart = true;
                    }
                }
            }
        } catch (Throwable t) {
            LOG.log(System.Logger.Level.ERROR, "the dispatcher failed; failing its waits", t);
            closed = true;
            parked.wakeAll();
            failEverything(new GpuException(GpuException.Kind.CLOSED, "the reactor's dispatcher failed: " + t, t));
            throw t;
        }
        failEverything(new GpuException(GpuException.Kind.CLOSED, "the reactor was closed"));
    }

    private static String describeSlack() {
        Optional<Throwable> why = TimerSlack.unavailabilityCause();
        if (why.isPresent()) {
            LOG.log(System.Logger.Level.INFO, "dispatcher keeps the default timer slack: {0}", why.get().toString());
            return "default (" + why.get().getMessage() + ")";
        }
        long before = TimerSlack.currentNanos();
        if (!TimerSlack.setCurrentNanos(1)) {
            LOG.log(System.Logger.Level.INFO, "dispatcher keeps timer slack {0} ns: prctl refused 1 ns", before);
            return before + " ns (prctl refused 1 ns)";
        }
        return TimerSlack.currentNanos() + " ns (was " + before + " ns)";
    }

    // Sleeps nanos (0: until woken), unless a submission or a close is already waiting; says
    // whether it slept a timed sleep to its end (not woken early), so the lateness is a sample.
    private boolean sleep(long nanos) {
        dispatcherSleeping = true;
        try {
            if (submissions.isEmpty() && !closed) {
                if (nanos == 0) {
                    LockSupport.park(this);
                } else {
                    long start = System.nanoTime();
                    LockSupport.parkNanos(this, nanos);
                    return System.nanoTime() - start >= nanos && submissions.isEmpty();
                }
            }
            return false;
        } finally {
            dispatcherSleeping = false;
        }
    }

    private boolean drainSubmissions() {
        boolean any = false;
        TicketFuture future;
        while ((future = submissions.poll()) != null) {
            any = true;
            if (future.isDone()) {
                continue;
            }
            Ticket ticket = future.ticket;
            Line<?> line = ticket.line();
            if (line.state() != Line.State.OPEN) {
                future.completeExceptionally(new GpuException(GpuException.Kind.CLOSED, line + " is closed"));
                continue;
            }
            long handle = port.tryRegister(line.words(), ticket.slot(), ticket.target(),
                    line.wakeAt(ticket.slot(), ticket.target()), future);
            if (handle == CompletionPort.FULL) {
                future.completeExceptionally(new GpuException(GpuException.Kind.CAPACITY,
                        "the reactor already holds " + port.capacity() + " async waits"));
                continue;
            }
            int entry = (int) handle;
            lineOf[entry] = line;
            futureOf[entry] = future;
            handleOf[entry] = handle;
            overdueAt[entry] = firstHealthCheck(line, ticket.slot(), ticket.target(), future.startedNanos);
        }
        return any;
    }

    private void completeLanded(long handle, Object attachment, long word) {
        int entry = (int) handle;
        lineOf[entry] = null;
        futureOf[entry] = null;
        TicketFuture future = (TicketFuture) attachment;
        Ticket ticket = future.ticket;
        try {
            // Through the line, so the estimator learns from the landing.
            ticket.line().reached(ticket.slot(), ticket.target());
        } catch (GpuException closedSinceThePoll) {
            // The word the port read proves the landing; the line closing since changes nothing.
        }
        future.complete(ticket);
    }

    private void watchdog(long now) {
        Map<Line<?>, GpuException> verdicts = null;
        for (int entry = 0; entry < lineOf.length; entry++) {
            Line<?> line = lineOf[entry];
            if (line == null) {
                continue;
            }
            if (futureOf[entry].isDone()) {
                // Cancelled by its caller: drop the wait rather than keep it until it lands.
                port.cancel(handleOf[entry]);
                lineOf[entry] = null;
                futureOf[entry] = null;
                continue;
            }
            if (now - overdueAt[entry] < 0) {
                continue;
            }
            overdueAt[entry] = now + config.watchdogIntervalNanos;
            if (verdicts == null) {
                verdicts = new IdentityHashMap<>();
            }
            if (!verdicts.containsKey(line)) {
                GpuException failure = null;
                try {
                    line.checkHealth();
                } catch (GpuException e) {
                    failure = e;
                }
                verdicts.put(line, failure);
            }
        }
        if (verdicts != null) {
            verdicts.forEach((line, failure) -> {
                if (failure != null) {
                    if (failure.kind() == GpuException.Kind.DEVICE_FAILED) {
                        DeviceFailedEvent.emit(line, failure, "WATCHDOG");
                    }
                    removeWaits(line, failure);
                }
            });
        }
    }

    private void failClosedLines() {
        for (Line<?> line : lineOf) {
            if (line != null && line.state() != Line.State.OPEN) {
                removeWaits(line, new GpuException(GpuException.Kind.CLOSED, line + " was closed while waits on it were pending"));
            }
        }
    }

    private void removeWaits(Line<?> line, GpuException failure) {
        port.removeAll(line.words(), (handle, attachment, word) -> {
            lineOf[(int) handle] = null;
            futureOf[(int) handle] = null;
            ((TicketFuture) attachment).completeExceptionally(failure);
        });
    }

    private void failEverything(GpuException failure) {
        port.removeAll(null, (handle, attachment, word) -> {
            lineOf[(int) handle] = null;
            futureOf[(int) handle] = null;
            ((TicketFuture) attachment).completeExceptionally(failure);
        });
        TicketFuture future;
        while ((future = submissions.poll()) != null || !submissions.isEmpty()) {
            if (future != null) {
                future.completeExceptionally(failure);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    // ---------------------------------------------------------------- lines and closing

    // The first time a line is waited on, ask it to tell us when it closes, so waits on it fail
    // at once rather than at their next wake-up.
    private void watch(Line<?> line) {
        // Most waits are on the line waited on last: skip the map for those.
        if (line == lastWatched) {
            return;
        }
        lastWatched = line;
        if (watchedLines.putIfAbsent(line, Boolean.TRUE) == null) {
            // The action holds the reactor weakly: a long-lived line must not keep every reactor
            // that ever waited on it alive.
            java.lang.ref.WeakReference<Reactor> self = new java.lang.ref.WeakReference<>(this);
            line.onClose(() -> {
                Reactor reactor = self.get();
                if (reactor != null) {
                    reactor.lineClosed(line);
                }
            });
        }
    }

    private void lineClosed(Line<?> line) {
        watchedLines.remove(line);
        if (lastWatched == line) {
            lastWatched = null;
        }
        parked.wakeAll();
        LockSupport.unpark(dispatcher);
    }

    private void requireOpen() {
        if (closed) {
            throw new GpuException(GpuException.Kind.CLOSED, "the reactor is closed");
        }
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Stops the dispatcher and fails every pending wait, blocking or async, with
     * {@link GpuException.Kind#CLOSED}. Lines are the caller's to close. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        lastWatched = null;
        watchedLines.clear();
        LockSupport.unpark(dispatcher);
        parked.wakeAll();
        if (Thread.currentThread() != dispatcher) {
            try {
                dispatcher.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * How late one thread's timed sleeps end, tracked as a high quantile: a sample above the
     * estimate pulls it up by a quarter of the difference, one below lets it down by 1/16, so
     * it settles well above the median lateness without chasing the worst. A sleep to a predicted landing starts
     * that much earlier. Measured on the machine this was written on, a 100 us park ended
     * 43 us late at the median with a 1 ns timer slack (101 us with the default 50 us slack),
     * so no fixed slack in a plan fits every machine.
     */
    static final class LateWake {
        private long nanos = 50_000;

        long nanos() {
            return nanos;
        }

        void sample(long late) {
            long clamped = Math.max(0, Math.min(late, 10_000_000));
            nanos += clamped > nanos ? (clamped - nanos) / 4 : -((nanos - clamped) / 16);
        }
    }

    /** One thread's reusable wait machinery: the runner of the plan it used last. */
    private static final class WaiterState {
        final LateWake lateWake = new LateWake();
        final WaitEvent event = new WaitEvent();
        // The runners of the last few plans this thread used, so a thread that alternates
        // between plans does not allocate a runner per wait.
        private final WaitPlan[] plans = new WaitPlan[4];
        private final WaitPlanRunner[] runners = new WaitPlanRunner[4];
        private int next;
        boolean slackSet;

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

    /** Settings for a {@link Reactor}. */
    public static final class Builder {
        private int capacity = 4096;
        private int parkedCapacity = 1024;
        private WaitPlan defaultPlan = HYBRID;
        private WaitPlan dispatcherPlan = WaitPlan.parkUntilDeadline(Duration.ofNanos(20_000))
                .then(WaitPlan.spin(20_000))
                .then(WaitPlan.backoff(Duration.ofNanos(1_000), Duration.ofNanos(100_000)));
        private long watchdogGraceNanos = Duration.ofSeconds(1).toNanos();
        private long watchdogIntervalNanos = Duration.ofMillis(100).toNanos();
        private boolean lowTimerSlack = true;
        private Backend<?> backend;
        private String backendName;

        private Builder() {
        }

        /** How many async waits may be pending at once (the completion port's size). */
        public Builder capacity(int capacity) {
            if (capacity <= 0) {
                throw new IllegalArgumentException("capacity must be > 0, got " + capacity);
            }
            this.capacity = capacity;
            return this;
        }

        /** The plan of {@link #await(Ticket)}. */
        public Builder defaultPlan(WaitPlan plan) {
            this.defaultPlan = Objects.requireNonNull(plan, "plan");
            return this;
        }

        /** How the dispatcher waits between polls (a plan without a timeout). */
        public Builder dispatcherPlan(WaitPlan plan) {
            if (Objects.requireNonNull(plan, "plan") instanceof WaitPlan.Timeout) {
                throw new IllegalArgumentException("the dispatcher runs for as long as the reactor: its plan cannot time out");
            }
            this.dispatcherPlan = plan;
            return this;
        }

        /**
         * How long past its predicted landing (or past its start, without a prediction) a wait
         * runs before the driver is asked whether the device still works, and how often after.
         */
        public Builder watchdog(Duration grace, Duration interval) {
            if (grace.isNegative() || interval.isNegative() || interval.isZero()) {
                throw new IllegalArgumentException("watchdog grace must be >= 0 and interval > 0, got "
                        + grace + " and " + interval);
            }
            this.watchdogGraceNanos = grace.toNanos();
            this.watchdogIntervalNanos = interval.toNanos();
            return this;
        }

        /**
         * Whether a thread's first blocking wait sets that thread's timer slack to 1 ns (Linux),
         * so its sleeps end when the plan says; on by default.
         */
        public Builder lowTimerSlack(boolean enabled) {
            this.lowTimerSlack = enabled;
            return this;
        }

        /** Use {@code backend} (for {@link #backend()}). */
        public Builder backend(Backend<?> backend) {
            this.backend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /** Use the backend of this name, found with {@link java.util.ServiceLoader}. */
        public Builder backend(String name) {
            this.backendName = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * Starts the reactor and its dispatcher thread.
         *
         * @throws GpuException of kind {@link GpuException.Kind#UNAVAILABLE} if a backend was
         *     named that is not found (the message names those found) or cannot be used here
         */
        public Reactor build() {
            // A named backend is looked up now, not at first use: a misspelt or missing one fails
            // where it was chosen, before a dispatcher thread exists to be cleaned up.
            Backend<?> chosen = backend != null || backendName == null ? backend : Backends.named(backendName);
            return new Reactor(this, chosen);
        }
    }
}
