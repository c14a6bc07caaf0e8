package io.gpuasync.cli;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.cuda.CudaBackend;
import io.gpuasync.backend.cuda.CudaBaselines;
import io.gpuasync.backend.cuda.CudaGate;
import io.gpuasync.backend.cuda.CudaStream;
import io.gpuasync.backend.cuda.CudaWork;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WaitPlan;
import io.gpuasync.host.std.Reactor;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code gar bench --backend cuda}: the line's waits side by side with what CUDA users do today,
 * on the same device work (a calibrated memset): {@code cuStreamSynchronize}, an event made with
 * {@code CU_EVENT_BLOCKING_SYNC} and {@code cuEventSynchronize}, and {@code cuLaunchHostFunc}
 * completing a {@code CompletableFuture}.
 *
 * <p>A GPU cannot stamp its store with the host's clock, so each sample times the whole wait,
 * and starts every peer's clock alike: the stream is held at a device-side gate
 * ({@link CudaGate}) queued before the work, then the work, the peer's own call (a signal, an
 * event record, a host function) and every CPU snapshot are done, and only then the clock
 * starts and the gate opens. What a peer's queueing call costs is outside its figure, for every
 * peer alike. The work is the same for every way of waiting, so the differences between them are
 * differences in waking; the fastest way's figure bounds the work (and the gate's opening) from
 * above. The host-func peer's CPU counts the driver's callback thread and the thread that
 * completes its futures, as the future peer's counts the dispatcher.
 */
final class CudaBench {
    private enum Kind { PLAN, FUTURE, STREAM_SYNC, EVENT_SYNC, HOST_FUNC }

    private record Peer(String name, String how, Kind kind, WaitPlan plan) {
    }

    private static final List<Peer> PEERS = List.of(
            new Peer("spin", "busy spin on the line's word (WaitPlan.busySpin)", Kind.PLAN, WaitPlan.busySpin()),
            new Peer("hybrid", "sleep to the estimated landing, spin, back off (Reactor.HYBRID)", Kind.PLAN, Reactor.HYBRID),
            new Peer("backoff", "sleep 2 us doubling to 200 us, no estimate", Kind.PLAN,
                    WaitPlan.backoff(Duration.ofNanos(2_000), Duration.ofNanos(200_000))),
            new Peer("future", "Reactor.whenLanded(..).join(): the dispatcher completes it", Kind.FUTURE, null),
            new Peer("stream-sync", "cuStreamSynchronize (CU_CTX_SCHED_AUTO: spins while active contexts <= cores, else yields)",
                    Kind.STREAM_SYNC, null),
            new Peer("event-sync", "cuEventSynchronize on a CU_EVENT_BLOCKING_SYNC event", Kind.EVENT_SYNC, null),
            new Peer("host-func", "cuLaunchHostFunc; a thread of ours completes a CompletableFuture", Kind.HOST_FUNC, null));

    // Far beyond any sample's work: a host function that has not run by then never will.
    private static final Duration CALLBACK_BOUND = Duration.ofSeconds(30);

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private CudaBench() {
    }

    static int run(Bench.Options options, PrintStream out, PrintStream err) {
        CudaBackend cuda;
        try {
            cuda = CudaBackend.load();
        } catch (RuntimeException e) {
            err.println("gar bench: " + e.getMessage());
            return 1;
        }
        String machine = Machine.describe();
        List<Bench.Result> results = new ArrayList<>();
        cuda.makePrimaryContextCurrent(0);
        CudaStream stream = cuda.createStream();
        try (Reactor reactor = Reactor.start();
             CudaWork work = CudaWork.allocate(256L << 20);
             CudaBaselines.BlockingEvent event = new CudaBaselines.BlockingEvent();
             CudaGate gate = CudaGate.open(cuda)) {
            Duration whole = work.calibrate(stream);
            out.printf("calibrated: a memset of 256 MiB takes %.1f us on this device%n", whole.toNanos() / 1e3);
            int index = 0;
            for (Peer peer : PEERS) {
                index++;
                try (Line<CudaStream> line = cuda.openLine()) {
                    results.add(measure(peer, index, options, reactor, stream, line, work, event, gate, err));
                }
            }
        } finally {
            cuda.destroyStream(stream);
        }
        Bench.clearProgress(options, err);
        return Bench.report(options, machine, "wait", results, out, err);
    }

    private static Bench.Result measure(Peer peer, int index, Bench.Options options, Reactor reactor, CudaStream stream,
                                        Line<CudaStream> line, CudaWork work, CudaBaselines.BlockingEvent event,
                                        CudaGate gate, PrintStream err) {
        int total = options.warmup() + options.samples();
        long[] waits = new long[options.samples()];
        long cpu = 0;
        long waited = 0;
        long allocated = 0;
        for (int i = 0; i < total; i++) {
            if (i % 100 == 0) {
                Bench.progress(options, err, "[%d/%d] %-11s %5d/%d samples", index, PEERS.size(), peer.name(), i, total);
            }
            gate.hold(stream);
            work.enqueue(stream, options.work());
            Ticket ticket = null;
            java.util.concurrent.CompletableFuture<Void> callback = null;
            switch (peer.kind()) {
                case PLAN, FUTURE -> ticket = line.signal(stream, Slot.S0);
                case EVENT_SYNC -> event.record(stream);
                case HOST_FUNC -> callback = CudaBaselines.hostCallback(stream, CALLBACK_BOUND);
                case STREAM_SYNC -> { }
            }
            long[] helpers = helperThreads(peer.kind(), reactor);
            long helpersCpu = cpuOf(helpers);
            long cpuBefore = THREADS.getCurrentThreadCpuTime();
            long allocBefore = THREADS.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            gate.open();
            switch (peer.kind()) {
                case PLAN -> reactor.await(ticket, peer.plan());
                case FUTURE -> reactor.whenLanded(ticket).join();
                case STREAM_SYNC -> CudaBaselines.synchronize(stream);
                case EVENT_SYNC -> event.synchronize();
                case HOST_FUNC -> callback.join();
            }
            long end = System.nanoTime();
            long bytes = THREADS.getCurrentThreadAllocatedBytes() - allocBefore;
            long cpuUsed = THREADS.getCurrentThreadCpuTime() - cpuBefore;
            cpuUsed += cpuOf(helpers) - helpersCpu;
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

    // The threads besides the waiter that a peer's wait costs CPU on.
    private static long[] helperThreads(Kind kind, Reactor reactor) {
        return switch (kind) {
            case FUTURE -> new long[] {reactor.dispatcherThreadId()};
            case HOST_FUNC -> CudaBaselines.callbackThreadIds();
            default -> new long[0];
        };
    }

    // A thread not (or no longer) known to the JVM counts 0: its CPU cannot be read.
    private static long cpuOf(long[] threads) {
        long sum = 0;
        for (long id : threads) {
            long cpu = id == 0 ? -1 : THREADS.getThreadCpuTime(id);
            sum += Math.max(0, cpu);
        }
        return sum;
    }
}
