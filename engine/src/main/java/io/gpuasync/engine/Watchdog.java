package io.gpuasync.engine;

import io.gpuasync.api.GpuException;
import io.gpuasync.core.CompletionPort;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.spi.HostLine;

import java.util.Arrays;

/**
 * Asks the device of a long-overdue wait whether it still works. A wait is first due for a check
 * a grace after its predicted landing (or after its start, without a prediction), then every
 * interval; the engine's watchdog round runs every interval and asks each line at most once per
 * round. A blocking waiter that runs its own plan keeps the same schedule ({@link #firstCheck}).
 *
 * <p>The engine's driving thread alone runs rounds; allocates nothing.
 */
public final class Watchdog {
    /** Fails the waits of a line whose device failed: the engine's. */
    interface Failer {
        int failWaitsOn(HostLine<?> line, GpuException why);
    }

    private final long graceNanos;
    private final long intervalNanos;
    private final Failer failer;
    // The lines whose health this round already asked about: a few, preallocated.
    private final HostLine<?>[] checkedLines = new HostLine<?>[16];
    private final GpuException[] checkedVerdicts = new GpuException[16];
    private long nextRound;

    Watchdog(EngineSettings settings, Failer failer, long nowNanos) {
        this.graceNanos = settings.watchdogGrace().toNanos();
        this.intervalNanos = settings.watchdogInterval().toNanos();
        this.failer = failer;
        this.nextRound = nowNanos + intervalNanos;
    }

    /**
     * When a wait started at {@code startedNanos}, whose target is predicted to land at
     * {@code predictedLanding} ({@link HostLine.Prediction#landing()}, the prediction the wait
     * already asked for), is first due for a health check, with {@code graceNanos} of grace.
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

    /** Runs a round if one is due at {@code nowNanos}; returns how many waits it failed. */
    int runIfDue(CompletionPort port, long nowNanos) {
        if (nowNanos - nextRound < 0) {
            return 0;
        }
        nextRound = nowNanos + intervalNanos;
        int work = 0;
        int checked = 0;
        for (int i = port.size() - 1; i >= 0; i--) {
            if (i >= port.size()) {
                continue;
            }
            PendingWait wait = (PendingWait) port.attachmentAt(i);
            if (nowNanos - wait.overdueAt() < 0) {
                continue;
            }
            wait.overdueAt(nowNanos + intervalNanos);
            HostLine<?> line = wait.line();
            GpuException verdict = null;
            boolean known = false;
            for (int c = 0; c < checked; c++) {
                if (checkedLines[c] == line) {
                    verdict = checkedVerdicts[c];
                    known = true;
                    break;
                }
            }
            if (!known) {
                try {
                    line.checkHealth();
                } catch (GpuException e) {
                    verdict = e;
                    if (e.kind() == GpuException.Kind.DEVICE_FAILED) {
                        DeviceFailedEvent.emit(line, e, "WATCHDOG");
                    }
                }
                if (checked < checkedLines.length) {
                    checkedLines[checked] = line;
                    checkedVerdicts[checked] = verdict;
                    checked++;
                }
            }
            if (verdict != null) {
                work += failer.failWaitsOn(line, verdict);
            }
        }
        Arrays.fill(checkedLines, 0, checked, null);
        Arrays.fill(checkedVerdicts, 0, checked, null);
        return work;
    }
}
