package io.gpuasync.harness;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Warms a bench up until the JIT is quiet: runs rounds (each every row's warm-up samples) until
 * one leaves the JIT compiling for under {@code 1/}{@value #QUIET_SHARE} of its time, or
 * {@value #MOST_ROUNDS} rounds ran. Otherwise the JIT's compiler threads, still busy with the
 * rows not yet run, take a core from the row being measured (from a simulated device's thread,
 * or from the waiter) and set that row's p99, and a row run later recompiles code an earlier
 * row compiled for its own paths.
 */
final class JitWarmUp {
    /** A round is quiet when the JIT compiled for less than one part in this many of its time. */
    static final int QUIET_SHARE = 20;
    /** The most rounds run, quiet or not. */
    static final int MOST_ROUNDS = 5;

    private JitWarmUp() {
    }

    /** Runs {@code round} until the JIT is quiet; says how many rounds ran and what the JIT did in the last. */
    static String run(Runnable round) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean timed = jit != null && jit.isCompilationTimeMonitoringSupported();
        long compiledMillis = 0;
        long roundMillis = 0;
        int rounds = 0;
        while (rounds < MOST_ROUNDS) {
            rounds++;
            long compiledBefore = timed ? jit.getTotalCompilationTime() : 0;
            long start = System.nanoTime();
            round.run();
            roundMillis = (System.nanoTime() - start) / 1_000_000;
            if (!timed) {
                return "JIT warm-up: one round of every row's warm-up before measuring (this JVM does not time its JIT)";
            }
            compiledMillis = jit.getTotalCompilationTime() - compiledBefore;
            if (compiledMillis * QUIET_SHARE <= roundMillis) {
                break;
            }
        }
        return String.format(Locale.ROOT, "JIT warm-up: %d round%s of every row's warm-up before measuring; the JIT"
                + " compiled for %d ms of the last round's %d ms", rounds, rounds == 1 ? "" : "s", compiledMillis, roundMillis);
    }

    /** What {@link #run} says when there is no warm-up to run. */
    static String none() {
        return "JIT warm-up: none (--warmup 0)";
    }
}
