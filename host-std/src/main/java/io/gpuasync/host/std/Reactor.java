package io.gpuasync.host.std;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.core.WakeModel;
import io.gpuasync.engine.EngineSettings;
import io.gpuasync.engine.FutureHost;
import io.gpuasync.engine.HostStats;
import io.gpuasync.engine.IdleStrategy;
import io.gpuasync.engine.WaitEngine;
import io.gpuasync.engine.WaitTuning;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The std host: waits for tickets, blocking (platform or virtual threads) or as
 * {@link CompletableFuture}s, through one {@link WaitEngine} driven by a dispatcher thread that
 * idles as its {@link IdleStrategy} says ({@link IdleStrategy#adaptive()} by default).
 *
 * <pre>{@code
 * SimBackend sim = (SimBackend) Backends.named("sim");           // backend discovery is the spi's
 * try (Reactor reactor = Reactor.start();
 *      SimStream stream = sim.device(0).createStream();
 *      Line<SimStream> line = sim.openLine()) {
 *     stream.busy(Duration.ofNanos(200_000));                    // the device's work
 *     reactor.await(line.signal(stream, Slot.S0));               // blocks, mostly asleep
 *     boolean landed = reactor.tryAwait(line.signal(stream, Slot.S0),
 *             Reactor.DEFAULT_PLAN.withTimeout(Duration.ofSeconds(5))); // false if the plan gave up
 *     reactor.whenLanded(line.signal(stream, Slot.S0))            // or a future, completed on the dispatcher
 *            .thenRun(() -> System.out.println("landed"));
 * }
 * }</pre>
 *
 * <p>The example is compiled and run by this module's {@code DocumentedExamplesTest}.
 *
 * <p>Nothing hangs: a wait whose line is closed, or whose reactor is closed, fails with
 * {@link GpuException.Kind#CLOSED}; a wait long past its predicted landing has the driver asked
 * whether the device still works, and fails with its error ({@link GpuException.Kind#DEVICE_FAILED})
 * if not; an interrupted blocking wait fails with {@link GpuException.Kind#INTERRUPTED} and
 * keeps the thread's interrupt status. A closed reactor refuses every new wait, blocking or async,
 * with {@link GpuException.Kind#CLOSED}, even for a ticket that has landed: ask the ticket
 * ({@link Ticket#isDone()}) for that. Closing a line or a reactor never changes any thread's
 * interrupt status.
 *
 * <p>Blocking waits on the default plan follow the {@link BlockingMode}, {@link BlockingMode#ADAPTIVE}
 * by default: a waiter that would wait alone runs its own plan (a timed sleep to the wake model's
 * wake time, a spin over the likely landing, then the driver's own wait for the store), and hands
 * its sleep to the engine (an untimed park the engine ends) when the engine already holds waits,
 * whose timer it then shares, or when spinning waiters would take every core. Every wait wakes by
 * one {@link WakeModel}, the reactor's, whose quantile the builder sets.
 *
 * <p>A blocking wait allocates nothing in steady state on a platform thread (a virtual thread's
 * timed park allocates inside the JDK); an async wait allocates its future. Futures complete on
 * the dispatcher thread: dependent actions that block belong on the {@code *Async} variants.
 */
public final class Reactor implements FutureHost, AutoCloseable {

    /**
     * The default plan: sleep to the wake model's wake time, spin over the likely landing, then
     * block in the driver's own wait for the store (or back off where the driver has none). It is
     * {@link WaitTuning#DEFAULT_PLAN}.
     */
    public static final WaitPlan DEFAULT_PLAN = WaitTuning.DEFAULT_PLAN;

    private final Config config;
    private final Dispatcher dispatcher;
    private final WaitEngine engine;
    private final BlockingWaits blocking;

    private Reactor(Config config) {
        this.config = config;
        this.dispatcher = new Dispatcher("gar-dispatcher", config.settings.idleStrategy());
        this.engine = new WaitEngine(config.settings, dispatcher);
        this.blocking = new BlockingWaits(engine, config.defaultPlan, config.blockingMode,
                config.lowTimerSlack, config.settings.watchdogGrace().toNanos(),
                config.settings.watchdogInterval().toNanos(), config.settings.handOffCapacity());
        dispatcher.start(engine);
    }

    /** What a {@link Builder} said when {@link Builder#build()} ran: a builder changed later changes no reactor. */
    private record Config(EngineSettings settings, WaitPlan defaultPlan, BlockingMode blockingMode,
                          boolean lowTimerSlack) {
    }

    /** A reactor with the defaults: 4096 async waits at once, the watchdog at 1 s. */
    public static Reactor start() {
        return builder().build();
    }

    /** Settings for a reactor. */
    public static Builder builder() {
        return new Builder();
    }

    /** The wait engine this reactor's dispatcher drives (for hosts and tools that observe it). */
    public WaitEngine engine() {
        return engine;
    }

    /**
     * The model this reactor wakes by: its quantile, and how late its timed parks end, as its
     * dispatcher and its blocking waiters learned it (one distribution: they park alike).
     */
    public WakeModel wakeModel() {
        return engine.model();
    }

    /** How this reactor's dispatcher idles. */
    public IdleStrategy idleStrategy() {
        return config.settings.idleStrategy();
    }

    /**
     * What the dispatcher did so far ({@link HostStats}): its thread, for diagnostics such as its
     * CPU time; its polls, and its timer's median lateness. It parks for its deadlines and submits
     * no timeout: the timer counts are 0.
     */
    public HostStats stats() {
        return dispatcher.stats();
    }

    /** How the dispatcher's timer slack was set, for diagnostics. */
    public String dispatcherTimerSlack() {
        return dispatcher.timerSlack();
    }

    // ---------------------------------------------------------------- blocking waits

    /** Waits for {@code ticket} with the default plan ({@link #DEFAULT_PLAN} unless set) and no timeout. */
    public void await(Ticket ticket) {
        await(ticket, config.defaultPlan);
    }

    /**
     * Waits for {@code ticket} as {@code plan} says.
     *
     * @throws GpuException {@link GpuException.Kind#TIMED_OUT} if the plan gave up (thrown
     *     without allocating), {@link GpuException.Kind#CLOSED}, {@link GpuException.Kind#INTERRUPTED}
     *     or {@link GpuException.Kind#DEVICE_FAILED}
     * @throws IllegalArgumentException if the ticket's line is not one a backend opened (it has
     *     no host view, {@link io.gpuasync.spi.HostLine#of})
     */
    public void await(Ticket ticket, WaitPlan plan) {
        if (!tryAwait(ticket, plan)) {
            throw blocking.timedOut();
        }
    }

    /**
     * As {@link #await(Ticket, WaitPlan)}, but a plan that gives up returns false instead of
     * throwing.
     */
    public boolean tryAwait(Ticket ticket, WaitPlan plan) {
        Objects.requireNonNull(ticket, "ticket");
        Objects.requireNonNull(plan, "plan");
        return blocking.tryAwait(ticket, plan);
    }

    // ---------------------------------------------------------------- async waits

    /**
     * A future completed with {@code ticket} once it landed, on the dispatcher thread; or
     * exceptionally with {@link GpuException.Kind#CLOSED}, {@link GpuException.Kind#DEVICE_FAILED},
     * or {@link GpuException.Kind#CAPACITY} when the reactor already holds as many waits as it
     * was built for. Cancelling the future drops the wait, and its place is free for the next
     * call at once.
     */
    @Override
    public CompletableFuture<Ticket> whenLanded(Ticket ticket) {
        return engine.whenLanded(ticket);
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return engine.isClosed();
    }

    /**
     * Stops the dispatcher and fails every pending wait, blocking or async, with
     * {@link GpuException.Kind#CLOSED}. Lines are the caller's to close. Idempotent; an
     * interrupted closer still waits for the dispatcher to finish, and keeps its status.
     */
    @Override
    public void close() {
        blocking.close();
        engine.close();
        dispatcher.join();
    }

    /** Settings for a {@link Reactor}. */
    public static final class Builder {
        private EngineSettings settings = EngineSettings.DEFAULTS;
        private WaitPlan defaultPlan = DEFAULT_PLAN;
        private BlockingMode blockingMode = BlockingMode.ADAPTIVE;
        private boolean lowTimerSlack = true;

        private Builder() {
        }

        /** How many async waits may be pending at once. */
        public Builder capacity(int capacity) {
            if (capacity <= 0) {
                throw new IllegalArgumentException("capacity must be > 0, got " + capacity);
            }
            settings = settings.withAsyncCapacity(capacity);
            return this;
        }

        /** The plan of {@link #await(Ticket)}. */
        public Builder defaultPlan(WaitPlan plan) {
            this.defaultPlan = Objects.requireNonNull(plan, "plan");
            return this;
        }

        /**
         * How the dispatcher idles between its steps, and so which phases its waits go through
         * ({@link IdleStrategy}); {@link IdleStrategy#adaptive()} by default.
         */
        public Builder idleStrategy(IdleStrategy strategy) {
            settings = settings.withIdleStrategy(Objects.requireNonNull(strategy, "strategy"));
            return this;
        }

        /**
         * The wake model's quantile ({@link WakeModel}): the share of landings that come before a
         * wait wakes, and the share left to the driver's own wait after its spin. Lower spins
         * longer for a shorter tail; {@link WakeModel#DEFAULT_QUANTILE} by default.
         *
         * @throws IllegalArgumentException unless {@code 0 < quantile < 0.5}
         */
        public Builder wakeQuantile(double quantile) {
            settings = settings.withWakeQuantile(quantile);
            return this;
        }

        /** How blocking waits on the default plan wait; {@link BlockingMode#ADAPTIVE} by default. */
        public Builder blockingMode(BlockingMode mode) {
            this.blockingMode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /**
         * How long past its predicted landing (or past its start, without a prediction) a wait
         * runs before the driver is asked whether the device still works, and how often after.
         *
         * @throws IllegalArgumentException unless {@code grace >= 0} and {@code interval > 0}
         */
        public Builder watchdog(Duration grace, Duration interval) {
            settings = settings.withWatchdog(grace, interval);
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

        /**
         * Starts the reactor and its dispatcher thread, with what this builder says now: the
         * reactor keeps a copy, so changing the builder afterwards changes no reactor.
         */
        public Reactor build() {
            return new Reactor(new Config(settings, defaultPlan, blockingMode, lowTimerSlack));
        }
    }
}
