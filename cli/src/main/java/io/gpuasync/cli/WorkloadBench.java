package io.gpuasync.cli;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.BackendProvider;
import io.gpuasync.spi.BenchWorkload;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code gar bench --backend NAME} for any backend whose provider offers a
 * {@link BenchWorkload}: the line's ways of waiting, side by side on the same device work.
 *
 * <p>The device cannot stamp the host's clock, so each sample times the whole wait, from queueing
 * the work and its signal to the waiter running again; the work is the same for every plan, so
 * the differences between plans are differences in waking.
 */
final class WorkloadBench {
    private record Peer(String name, String how, WaitPlan plan) {
    }

    private static final List<Peer> PEERS = List.of(
            new Peer("spin", "busy spin on the line's word (WaitPlan.busySpin)", WaitPlan.busySpin()),
            new Peer("hybrid", "sleep to the estimated landing, spin, back off (Reactor.HYBRID)", Reactor.HYBRID),
            new Peer("backoff", "sleep 2 us doubling to 200 us, no estimate",
                    WaitPlan.backoff(Duration.ofNanos(2_000), Duration.ofNanos(200_000))),
            new Peer("future", "Reactor.whenLanded(..).join(): the dispatcher completes it", null));

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private WorkloadBench() {
    }

    static int run(Bench.Options options, BackendProvider provider, PrintStream out, PrintStream err) {
        Optional<BenchWorkload<?>> offered;
        try {
            offered = provider.openBenchWorkload();
        } catch (RuntimeException e) {
            err.println("gar bench: backend '" + provider.name() + "' could not prepare its bench workload: " + e.getMessage());
            return Gar.FAILED;
        }
        if (offered.isEmpty()) {
            err.println("gar bench: backend '" + provider.name() + "' offers no bench workload: its provider does not "
                    + "implement BackendProvider.openBenchWorkload(), so there is no device work to wait for");
            return Gar.CANNOT;
        }
        List<Bench.Result> results = new ArrayList<>();
        try (BenchWorkload<?> workload = offered.get()) {
            out.println("workload: " + workload.describe());
            measureAll(workload, options, results, err);
        }
        Bench.clearProgress(options, err);
        return Bench.report(options, Machine.describe(), "wait", results, out, err);
    }

    private static <S> void measureAll(BenchWorkload<S> workload, Bench.Options options, List<Bench.Result> results,
                                       PrintStream err) {
        try (Reactor reactor = Reactor.builder().backend(workload.backend()).build()) {
            int index = 0;
            for (Peer peer : PEERS) {
                index++;
                // A fresh line per plan, so each plan's estimator starts from nothing.
                try (Line<S> line = workload.openLine()) {
                    results.add(measure(peer, index, options, reactor, workload, line, err));
                }
            }
        }
    }

    private static <S> Bench.Result measure(Peer peer, int index, Bench.Options options, Reactor reactor,
                                            BenchWorkload<S> workload, Line<S> line, PrintStream err) {
        int total = options.warmup() + options.samples();
        long[] waits = new long[options.samples()];
        long cpu = 0;
        long waited = 0;
        long allocated = 0;
        for (int i = 0; i < total; i++) {
            if (i % 100 == 0) {
                Bench.progress(options, err, "[%d/%d] %-11s %5d/%d samples", index, PEERS.size(), peer.name(), i, total);
            }
            long dispatcherCpu = peer.plan() == null ? THREADS.getThreadCpuTime(reactor.dispatcherThreadId()) : 0;
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            long allocBefore = THREADS.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            workload.enqueue(options.work());
            Ticket ticket = line.signal(workload.stream(), Slot.S0);
            if (peer.plan() != null) {
                reactor.await(ticket, peer.plan());
            } else {
                reactor.whenLanded(ticket).join();
            }
            long end = System.nanoTime();
            long bytes = THREADS.getCurrentThreadAllocatedBytes() - allocBefore;
            long cpuUsed = THREADS.getCurrentThreadCpuTime() - cpuBefore;
            if (peer.plan() == null) {
                cpuUsed += THREADS.getThreadCpuTime(reactor.dispatcherThreadId()) - dispatcherCpu;
            }
            if (i >= options.warmup()) {
                waits[i - options.warmup()] = end - start;
                cpu += cpuUsed;
                waited += end - start;
                allocated += bytes;
            }
        }
        Arrays.sort(waits);
        return new Bench.Result(peer.name(), peer.how(), Bench.percentile(waits, 0.50), Bench.percentile(waits, 0.99),
                waited == 0 ? 0 : (double) cpu / waited, (double) cpu / options.samples(),
                (double) allocated / options.samples(), options.samples(), "");
    }
}
