package io.gpuasync.engine;

import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Prediction;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.StoreWaits;

/**
 * Where each of an engine's waits is in its phases ({@link IdleStrategy.Phases}), by its port
 * entry: due at its wake time, due at every step over its spin, then watched by its driver's own
 * wait for the store ({@link StoreWatcher}, one per driver and domain), or, where the line's
 * driver has none, due again after a doubling back-off. A watcher that has watched nothing for
 * {@link #WATCHER_IDLE_NANOS} ends, so that groups of lines that come and go never use up the
 * places. The driving thread alone uses it; allocates nothing but a watcher per group of lines.
 */
final class WaitPhases {
    // How many groups of lines (driver and domain) get a watcher thread at once; waits on more back off.
    private static final int MOST_WATCHERS = 8;
    /** How long a watcher waits with nothing to watch before it ends: a second, as a sample of lateness lives. */
    static final long WATCHER_IDLE_NANOS = 1_000_000_000L;

    private final IdleStrategy.Phases phases;
    private final long backoffMinNanos;
    private final long backoffMaxNanos;
    private final long watchSliceNanos;
    private final Waker waker;
    private final java.util.function.BooleanSupplier engineClosed;
    // Per port entry: the time its sleep was set to end, until when it is due at every step,
    // its next back-off, and the watcher that waits for its store (null: none).
    private final long[] wakeAt;
    private final long[] spinUntil;
    private final long[] backoff;
    private final StoreWatcher[] watcherOf;
    private final StoreWatcher[] watchers = new StoreWatcher[MOST_WATCHERS];
    private int watcherCount;

    WaitPhases(EngineSettings settings, int entries, Waker waker, java.util.function.BooleanSupplier engineClosed) {
        this.phases = settings.idleStrategy().phases();
        this.backoffMinNanos = settings.pollBackoffMin().toNanos();
        this.backoffMaxNanos = settings.pollBackoffMax().toNanos();
        this.watchSliceNanos = Math.min(settings.watchdogInterval().toNanos(), Long.MAX_VALUE / 4);
        this.waker = waker;
        this.engineClosed = engineClosed;
        this.wakeAt = new long[entries];
        this.spinUntil = new long[entries];
        this.backoff = new long[entries];
        this.watcherOf = new StoreWatcher[entries];
    }

    /**
     * When a wait on {@code line} predicted as {@code prediction}, registered at {@code nowNanos},
     * is first due: at once where its driver's wait takes it at once, or to be polled; else at its
     * wake time (a line with no driver's wait is slept to whatever the phases).
     */
    long firstDue(HostLine<?> line, Prediction prediction, long nowNanos) {
        long wake = prediction.wakeAt();
        boolean atOnce = phases == IdleStrategy.Phases.POLL
                || phases == IdleStrategy.Phases.DRIVER && line.storeWaitGroup() != null;
        return atOnce || wake == DeadlineEstimator.UNKNOWN ? nowNanos : wake;
    }

    /** The wait at {@code entry} was registered, first due at {@code due}. */
    void registered(int entry, Prediction prediction, long due) {
        wakeAt[entry] = prediction.wakeAt();
        spinUntil[entry] = phases == IdleStrategy.Phases.SLEEP_SPIN_DRIVER
                && prediction.spinUntil() != DeadlineEstimator.UNKNOWN ? prediction.spinUntil() : due;
        backoff[entry] = backoffMinNanos;
    }

    /**
     * The wait at {@code entry}, due at {@code nowNanos}, has not landed: when it is next due
     * ({@link DeadlineEstimator#UNKNOWN}: never, its driver's wait wakes the engine).
     */
    long nextDue(int entry, PendingWait wait, long nowNanos) {
        if (phases == IdleStrategy.Phases.POLL || nowNanos - spinUntil[entry] < 0) {
            return nowNanos;
        }
        if (watcherOf[entry] != null || watch(entry, wait)) {
            return DeadlineEstimator.UNKNOWN;
        }
        long pause = backoff[entry];
        backoff[entry] = Math.min(backoffMaxNanos, pause * 2);
        return nowNanos + pause;
    }

    /**
     * The timer target a landing of the wait at {@code entry}, found by a poll after the one at
     * {@code previousPollNanos}, is taken at ({@link HostLine#observe}): its wake time if the
     * driver slept through it, {@link DeadlineEstimator#UNKNOWN} if it was looked at all along
     * (polled, or watched by its driver's wait) and so is as good as seen.
     */
    long wakeTargetOfLanding(int entry, long previousPollNanos) {
        long wake = wakeAt[entry];
        boolean sleptThrough = watcherOf[entry] == null && wake != DeadlineEstimator.UNKNOWN
                && (previousPollNanos == DeadlineEstimator.UNKNOWN || previousPollNanos - wake < 0);
        return sleptThrough ? wake : DeadlineEstimator.UNKNOWN;
    }

    /** The wait at {@code entry} ended or left the port at {@code nowNanos}: its driver's wait stops watching it. */
    void ended(int entry, long nowNanos) {
        StoreWatcher watcher = watcherOf[entry];
        if (watcher != null) {
            watcherOf[entry] = null;
            watcher.remove(entry, nowNanos);
        }
    }

    /** Ends the watchers that have watched nothing for {@link #WATCHER_IDLE_NANOS}, freeing their places. */
    void retireIdleWatchers(long nowNanos) {
        for (int i = watcherCount - 1; i >= 0; i--) {
            if (watchers[i].idleSince(nowNanos, WATCHER_IDLE_NANOS)) {
                watchers[i].stop();
                watchers[i] = watchers[--watcherCount];
                watchers[watcherCount] = null;
            }
        }
    }

    /** Ends every watcher thread. */
    void stop() {
        for (int i = 0; i < watcherCount; i++) {
            watchers[i].stop();
        }
    }

    private boolean watch(int entry, PendingWait wait) {
        HostLine<?> line = wait.line();
        Object group = line.storeWaitGroup();
        if (group == null) {
            return false;
        }
        long token = line.storeToken(wait.ticket().slot(), wait.ticket().target());
        if (token == StoreWaits.NO_TOKEN) {
            return false;
        }
        StoreWatcher watcher = watcherFor(group);
        if (watcher == null) {
            return false;
        }
        watcher.add(entry, token, line);
        watcherOf[entry] = watcher;
        return true;
    }

    private StoreWatcher watcherFor(Object group) {
        for (int i = 0; i < watcherCount; i++) {
            if (watchers[i].group().equals(group)) {
                return watchers[i];
            }
        }
        if (watcherCount == watchers.length) {
            return null;
        }
        StoreWatcher watcher = new StoreWatcher(group, wakeAt.length, waker, engineClosed, watchSliceNanos).start();
        watchers[watcherCount++] = watcher;
        return watcher;
    }
}
