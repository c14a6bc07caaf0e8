package io.gpuasync.engine;

import io.gpuasync.api.GpuException;
import io.gpuasync.core.CompletionPort;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.spi.HostLine;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Asks the device of a long-overdue wait whether it still works, off the driving thread. A wait
 * is first due for a check a grace after its predicted landing (or after its start, without a
 * prediction), then every interval; a round runs every interval and starts a check for each line
 * with an overdue wait and no check in flight. A check is a driver call that may block exactly
 * when the device is stuck, so it runs on a checker thread and reports back: the driving thread
 * (an event loop, perhaps) never waits for one, and a check that never returns holds up only
 * later checks of its own line. A blocking waiter that runs its own plan keeps the same schedule
 * ({@link #firstCheck}).
 */
public final class Watchdog {
    /** Fails the waits of a line whose device failed: the engine's. */
    interface Failer {
        int failWaitsOn(HostLine<?> line, GpuException why);
    }

    private record Verdict(HostLine<?> line, GpuException failure) {
    }

    private static final AtomicInteger CHECKER_THREADS = new AtomicInteger();
    private static final ExecutorService CHECKERS = Executors.newCachedThreadPool(task ->
            Thread.ofPlatform().daemon().name("gar-health-check-" + CHECKER_THREADS.incrementAndGet()).unstarted(task));
    // How many lines may have a check in flight at once, per engine.
    private static final int MOST_IN_FLIGHT = 16;

    private final long graceNanos;
    private final long intervalNanos;
    private final Failer failer;
    private final Waker waker;
    private final ConcurrentLinkedQueue<Verdict> verdicts = new ConcurrentLinkedQueue<>();
    // Driving thread only: the lines whose check has not reported yet.
    private final HostLine<?>[] inFlight = new HostLine<?>[MOST_IN_FLIGHT];
    private int inFlightCount;
    private long nextRound;

    Watchdog(EngineSettings settings, Failer failer, Waker waker, long nowNanos) {
        this.graceNanos = settings.watchdogGrace().toNanos();
        this.intervalNanos = settings.watchdogInterval().toNanos();
        this.failer = failer;
        this.waker = waker;
        this.nextRound = nowNanos + intervalNanos;
    }

    /**
     * When a wait started at {@code startedNanos}, whose target is predicted to land at
     * {@code predictedLanding} ({@link DeadlineEstimator#UNKNOWN}: no prediction), is first due
     * for a health check, with {@code graceNanos} of grace.
     */
    public static long firstCheck(long predictedLanding, long startedNanos, long graceNanos) {
        long base = predictedLanding == DeadlineEstimator.UNKNOWN || predictedLanding - startedNanos < 0
                ? startedNanos : predictedLanding;
        return base + graceNanos;
    }

    long firstCheck(long predictedLanding, long startedNanos) {
        return firstCheck(predictedLanding, startedNanos, graceNanos);
    }

    /** When the next round is due. */
    long nextRound() {
        return nextRound;
    }

    /**
     * Fails the waits of lines whose check found their device failed, and, if a round is due at
     * {@code nowNanos}, starts the checks it needs. Returns how many waits it failed.
     */
    int run(CompletionPort port, long nowNanos) {
        int work = applyVerdicts();
        if (nowNanos - nextRound < 0) {
            return work;
        }
        nextRound = nowNanos + intervalNanos;
        for (int i = port.size() - 1; i >= 0; i--) {
            PendingWait wait = (PendingWait) port.attachmentAt(i);
            if (nowNanos - wait.overdueAt() < 0) {
                continue;
            }
            wait.overdueAt(nowNanos + intervalNanos);
            startCheck(wait.line());
        }
        return work;
    }

    private void startCheck(HostLine<?> line) {
        for (int c = 0; c < inFlightCount; c++) {
            if (inFlight[c] == line) {
                return;
            }
        }
        if (inFlightCount == inFlight.length) {
            return;     // the next round asks
        }
        inFlight[inFlightCount++] = line;
        CHECKERS.execute(() -> {
            GpuException failure = null;
            try {
                line.checkHealth();
            } catch (GpuException e) {
                failure = e;
            } catch (RuntimeException e) {
                failure = new GpuException(GpuException.Kind.DEVICE_FAILED, GpuException.NO_STATUS,
                        line + ": its health check failed: " + e, e);
            }
            verdicts.offer(new Verdict(line, failure));
            waker.wake();
        });
    }

    private int applyVerdicts() {
        int work = 0;
        Verdict verdict;
        while ((verdict = verdicts.poll()) != null) {
            for (int c = 0; c < inFlightCount; c++) {
                if (inFlight[c] == verdict.line()) {
                    inFlight[c] = inFlight[--inFlightCount];
                    inFlight[inFlightCount] = null;
                    break;
                }
            }
            GpuException failure = verdict.failure();
            if (failure != null) {
                if (failure.kind() == GpuException.Kind.DEVICE_FAILED) {
                    DeviceFailedEvent.emit(verdict.line(), failure, "WATCHDOG");
                }
                work += failer.failWaitsOn(verdict.line(), failure);
            }
        }
        return work;
    }
}
