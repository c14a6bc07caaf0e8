package io.gpuasync.engine;

import io.gpuasync.core.WaitPlan;

import java.time.Duration;

/**
 * Every figure that tunes how the hosts wait, in one place, each with why it is what it is. None
 * of them is a fact about a machine: what a machine's timer does is learned at run time
 * ({@link TimerLateness}), and how early work lands against its prediction is measured per line
 * (the estimator's {@code margin}); what stays here are bounds and step counts. The measurements
 * behind them are in {@code bench/RESULTS.md}, with the machine they were taken on.
 *
 * <p>Two that live in the core, which depends on nothing: {@code WakeLead}'s step (1/64 of the
 * lead, one late wake in 8) and the deadline estimator's window of 16 samples.
 */
public final class WaitTuning {
    private WaitTuning() {
    }

    // ------------------------------------------------------------------ a timer's lateness

    /** How many recent timed sleeps the lateness estimate is taken over: it follows the timer within that many. */
    public static final int LATENESS_WINDOW = 16;
    /** Which of them, latest first, is the estimate: the 2nd of 16, so one descheduled sleep in 16 is ignored. */
    public static final int LATENESS_RANK = 2;
    /**
     * The most the lateness estimate says, so that a deschedule of many milliseconds does not turn
     * every wait of that length into a spin while it is in the window: 1 ms, above the largest
     * learned lateness measured under load on this project's machines (the Netty host after a
     * burst of load; bench/RESULTS.md) and below the shortest work the hosts are measured at that
     * would then never be slept to.
     */
    public static final long LATENESS_MAX_NANOS = 1_000_000;
    /**
     * Every how many stale polling runs (no sleep taught the lateness since the run before) a
     * driver probes its timer with its shortest sleep: with a window of 16, an estimate that load
     * pushed up is back within 16 x 4 = 64 short waits; a timer that really is that late costs one
     * wait in 4 a sleep's lateness.
     */
    public static final int PROBE_EVERY_STALE_RUNS = 4;

    // ------------------------------------------------------------------ the engine

    /**
     * The most the engine's per-slot wake lead ({@code WakeLead}) may correct a driver's margin by,
     * either way: the lead learns the device's noise around a prediction, and beyond this a
     * correction is a prediction gone wrong, which the poll back-off handles.
     */
    public static final long MOST_LEAD_NANOS = 200_000;
    /** The first pause between polls of a wait past its predicted landing, doubling from here. */
    public static final Duration POLL_BACKOFF_MIN = Duration.ofNanos(1_000);
    /** The longest pause between polls of an overdue wait: a thousandth of the watchdog's interval. */
    public static final Duration POLL_BACKOFF_MAX = Duration.ofNanos(100_000);
    /**
     * The longest a driver polls in a row ({@link Sleeper#POLL}) past the deadline it polls for
     * while the engine's step does no work; then it rests on its timer at the engine's deadline
     * until the step does work. A bound,
     * not a figure of a machine: a prediction still unmet after it is wrong rather than early, and
     * the learned lateness can stand above the longest poll back-off (up to
     * {@link #LATENESS_MAX_NANOS}), where every look of an overdue wait is nearer than it and
     * polling on would spin a core for as long as the wait runs late. Twice the longest poll
     * back-off, so an overdue wait is still polled across two of the engine's looks at that
     * back-off first. A blocking waiter's hybrid plan ({@link #HYBRID}) stops spinning this long
     * past its predicted landing too, for the same reason.
     */
    public static final long POLL_RUN_MAX_NANOS = 2 * POLL_BACKOFF_MAX.toNanos();
    /** How long past its predicted landing a wait runs before its device's health is asked. */
    public static final Duration WATCHDOG_GRACE = Duration.ofSeconds(1);
    /** How often after that (and how often the engine looks at all). */
    public static final Duration WATCHDOG_INTERVAL = Duration.ofMillis(100);

    // ------------------------------------------------------------------ blocking waiters

    /**
     * The hybrid plan of a blocking waiter: sleep to the predicted landing less the line's margin
     * (how early a quarter of its last 16 landings came before their predictions, at least, as its
     * estimator measured) and the reactor's timer lateness ({@link TimerLateness}), both measured on the
     * machine it runs on, so the plan adds no slack of its own (a fixed slack is a figure of one machine);
     * then spin over the landing, then back off (work with no prediction yet, or running late).
     * The spin ends {@link #POLL_RUN_MAX_NANOS} past the predicted landing (for work with no
     * prediction, that long after it began), the bound past which the drivers also stop polling:
     * a landing still unmet then was predicted wrong rather than early. A bound in time, not in
     * spin steps, whose length depends on the machine: the 20,000 steps it was before were spun
     * whole over every wait whose work was held up (with 30% jitter, a tenth of the waits made
     * most of the hybrid's time awake; bench/RESULTS.md). The back-off's 200 us cap is twice the
     * engine's, as a waiter on its own plan pays its own timer. The two margins are taken one on
     * top of the other, not weighed together: three leads that weighed them together (a
     * {@code WakeLead} per waiter, quantiles of their paired samples) either spun more or woke
     * after the landing more often, and those wakes' latency is the timer's late tail (tried and
     * withdrawn, bench/RESULTS.md).
     */
    public static final WaitPlan HYBRID = WaitPlan.parkUntilDeadline(Duration.ZERO)
            .then(WaitPlan.spinPastLanding(Duration.ofNanos(POLL_RUN_MAX_NANOS)))
            .then(WaitPlan.backoff(Duration.ofNanos(2_000), Duration.ofNanos(200_000)));
    /**
     * A virtual thread that spins yields its carrier; after this many yields in a row it parks for
     * 1 ns instead, which takes it off its carrier's queue so the carrier looks at threads submitted
     * from outside (a virtual thread starved behind four spinning waiters on one carrier).
     */
    public static final int VIRTUAL_YIELDS_BEFORE_PARK = 64;

    // ------------------------------------------------------------------ the Netty loop

    /** Steps in a row before the loop is handed back to its other tasks (waits keep arriving). */
    public static final int LOOP_ROUNDS_BEFORE_YIELD = 8;
}
