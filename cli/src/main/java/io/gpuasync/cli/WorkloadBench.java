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
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * {@code gar bench --backend NAME} for any backend whose provider offers a
 * {@link BenchWorkload}: the line's ways of waiting, side by side on the same device work, and
 * after them the backend's own ({@link BenchWorkload#nativeWaits()}), if it offers any.
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

    /**
     * A backend's bench workload, or why there is none: {@code status} is 0 with a workload, else
     * gar's exit status, the reason already on {@code err} ({@code lacking} ends the sentence for
     * a backend that offers none).
     */
    record Opened(BenchWorkload<?> workload, int status) {
    }

    static Opened open(BackendProvider provider, String name, String lacking, PrintStream err) {
        Optional<BenchWorkload<?>> offered;
        try {
            offered = provider.openBenchWorkload();
        } catch (RuntimeException e) {
            err.println("gar bench: backend '" + name + "' could not prepare its bench workload: " + e.getMessage());
            return new Opened(null, Gar.FAILED);
        }
        if (offered.isEmpty()) {
            err.println("gar bench: backend '" + name + "' offers no bench workload: its provider does not "
                    + "implement BackendProvider.openBenchWorkload(), so " + lacking);
            return new Opened(null, Gar.CANNOT);
        }
        return new Opened(offered.get(), 0);
    }

    static int run(Bench.Options options, BackendProvider provider, PrintStream out, PrintStream err) {
        Opened opened = open(provider, provider.name(), "there is no device work to wait for", err);
        if (opened.workload() == null) {
            return opened.status();
        }
        List<Bench.Result> results = new ArrayList<>();
        boolean failed;
        try (BenchWorkload<?> workload = opened.workload()) {
            out.println("workload: " + workload.describe());
            List<BenchWorkload.NativeWait> own = workload.nativeWaits();
            out.println(own.isEmpty()
                    ? "the backend's own ways of waiting: none (its workload offers no BenchWorkload.nativeWaits()): "
                            + "only the line's plans are measured"
                    : "the backend's own ways of waiting, measured after the line's plans: "
                            + own.stream().map(BenchWorkload.NativeWait::name).collect(Collectors.joining(", ")));
            failed = measureAll(workload, own, options, results, err);
        }
        Bench.clearProgress(options, err);
        int reported = Bench.report(options, Machine.describe(), "wait", results, out, err);
        return failed ? Gar.FAILED : reported;
    }

    /**
     * Measures every row into {@code results}; true if one of the backend's own ways of waiting
     * failed: its row is left out, said on {@code err}, and the others are still measured.
     */
    private static <S> boolean measureAll(BenchWorkload<S> workload, List<BenchWorkload.NativeWait> own,
                                          Bench.Options options, List<Bench.Result> results, PrintStream err) {
        boolean failed = false;
        int rows = PEERS.size() + own.size();
        try (Reactor reactor = Reactor.start()) {
            int index = 0;
            for (Peer peer : PEERS) {
                index++;
                // A fresh line per plan, so each plan's estimator starts from nothing.
                try (Line<S> line = workload.openLine()) {
                    results.add(measure(peer, index, rows, options, reactor, workload, line, err));
                }
            }
            for (BenchWorkload.NativeWait wait : own) {
                index++;
                try {
                    results.add(measure(wait, index, rows, options, err));
                } catch (RuntimeException e) {
                    Bench.clearProgress(options, err);
                    err.println("gar bench: the backend's own wait '" + wait.name() + "' failed, so it has no row: " + e);
                    failed = true;
                }
            }
        }
        return failed;
    }

    private static <S> Bench.Result measure(Peer peer, int index, int rows, Bench.Options options, Reactor reactor,
                                            BenchWorkload<S> workload, Line<S> line, PrintStream err) {
        LongSupplier dispatcherCpu = peer.plan() == null
                ? () -> THREADS.getThreadCpuTime(reactor.dispatcherThreadId())
                : () -> 0;
        return measure(peer.name(), peer.how(), false, index, rows, options, err, dispatcherCpu, () -> {
            workload.enqueue(options.work());
            Ticket ticket = line.signal(workload.stream(), Slot.S0);
            if (peer.plan() != null) {
                reactor.await(ticket, peer.plan());
            } else {
                reactor.whenLanded(ticket).join();
            }
        });
    }

    /**
     * A backend's own way of waiting. Its CPU is the waiting thread's alone: a backend's callback
     * thread is the backend's own (on the fakes, it is also the one playing the device).
     */
    private static Bench.Result measure(BenchWorkload.NativeWait wait, int index, int rows, Bench.Options options,
                                        PrintStream err) {
        return measure(wait.name(), wait.how(), true, index, rows, options, err, () -> 0,
                () -> wait.queueAndWait(options.work()));
    }

    /**
     * Times {@code oneWait} (queueing the work and waiting for it) {@code warmup + samples}
     * times; {@code helperCpu} reads the CPU of the threads besides the waiter that work for
     * this way of waiting (the dispatcher, for futures it completes).
     */
    private static Bench.Result measure(String name, String how, boolean backendOwn, int index, int rows,
                                        Bench.Options options, PrintStream err, LongSupplier helperCpu,
                                        Runnable oneWait) {
        int total = options.warmup() + options.samples();
        long[] waits = new long[options.samples()];
        long cpu = 0;
        long waited = 0;
        long allocated = 0;
        for (int i = 0; i < total; i++) {
            if (i % 100 == 0) {
                Bench.progress(options, err, "[%d/%d] %-11s %5d/%d samples", index, rows, name, i, total);
            }
            long helperBefore = helperCpu.getAsLong();
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            long allocBefore = THREADS.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            oneWait.run();
            long end = System.nanoTime();
            long bytes = THREADS.getCurrentThreadAllocatedBytes() - allocBefore;
            long cpuUsed = THREADS.getCurrentThreadCpuTime() - cpuBefore + helperCpu.getAsLong() - helperBefore;
            if (i >= options.warmup()) {
                waits[i - options.warmup()] = end - start;
                cpu += cpuUsed;
                waited += end - start;
                allocated += bytes;
            }
        }
        Arrays.sort(waits);
        return new Bench.Result(name, how, Bench.percentile(waits, 0.50), Bench.percentile(waits, 0.99),
                waited == 0 ? 0 : (double) cpu / waited, (double) cpu / options.samples(),
                (double) allocated / options.samples(), options.samples(), "", -1, -1, -1, -1, backendOwn);
    }
}
