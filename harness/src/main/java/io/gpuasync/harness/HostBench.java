package io.gpuasync.harness;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.host.netty.NettyReactor;
import io.gpuasync.engine.FutureHost;
import io.gpuasync.engine.HostStats;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.host.uring.Uring;
import io.gpuasync.host.uring.UringReactor;
import io.gpuasync.spi.Backends;
import io.gpuasync.bench.spi.BenchWorkload;
import io.netty.channel.IoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * {@code gar bench --host std,uring,netty}: the hosts side by side in one run, on a backend's
 * bench workload (the simulated device's by default), measured from the word landing (or, where
 * the device cannot stamp the host's clock, from releasing the work) to the continuation running
 * on the thread that wanted it. For a Netty user that thread is the event loop: the std host's row for them
 * ({@code std+execute}) includes the hop through {@code eventLoop.execute}. Peers: Netty's own
 * {@code eventLoop.schedule} polling, and a busy poll on the loop as the lower bound.
 *
 * <p>Per sample, as in {@code gar bench}: the device holds at a gate until the waiter is armed,
 * runs the work, notes the time, then stores. CPU per await is the whole process's CPU time,
 * less the simulated device's thread (whose busy work is the "GPU") and the JIT compiler's
 * threads ({@link CompilerThreads}, shown apart), over the samples. Timers per
 * await are the timeouts the host submitted (armed or moved) over the samples.
 *
 * <p>Then the echo: a loopback echo server on the Netty host's loop, its round trips measured
 * alone and again while a feeder keeps GPU waits landing on that same loop.
 *
 * <p>Then, with netty, after a burst of load: the busy poll, {@code std+execute} and netty again,
 * each on a line it served waits on while more busy threads than the machine has processors ran
 * for {@link Options#burst()}, measured on that line once the threads stopped, with no warm-up:
 * a host whose learned timer lateness the burst pushed up pays for it until it comes back down.
 * Whether the burst raised it is printed (the lateness before the burst, at its end, after the
 * samples): the scheduler may give a woken thread its core at once, spinners or not.
 */
final class HostBench {
    /**
     * {@code echoRate}: GPU waits fed per second during the echo; 0 feeds as fast as the device
     * ends them. {@code burst}: how long the load runs before each row measured after a burst
     * (zero: no such rows).
     */
    record Options(Set<String> hosts, Duration work, int samples, int warmup, int echoRequests, int echoRate, Path json,
                   String backend, Duration burst) {
    }

    /**
     * {@code cpuNanosPerAwait} leaves out the JIT compiler's threads, whose CPU over the samples is
     * {@code jitNanosPerAwait} (negative where it cannot be read, and then not left out).
     */
    record Row(String name, String how, long p50Nanos, long p99Nanos, double cpuNanosPerAwait, double timersPerAwait,
               int samples, double pollsPerAwait, double jitNanosPerAwait) {
    }

    /** {@code completionsPerSecond}: the rate the feeder reached over its blocks (0 for the echo alone). */
    record Echo(String name, long p50Nanos, long p99Nanos, int trips, long completionsDuring, double completionsPerSecond) {
    }

    /**
     * The echo under each condition, the echo alone first; and the echo alone's odd and even
     * rounds apart (null with fewer than two rounds): how far noise alone moves it.
     */
    record Echoes(List<Echo> conditions, Echo oddRounds, Echo evenRounds) {
        static final Echoes NONE = new Echoes(List.of(), null, null);

        Echo named(String name) {
            return conditions.stream().filter(e -> e.name().equals(name)).findFirst().orElse(null);
        }
    }

    /** A row measured again after a burst of load, and the waits it served during the burst. */
    record BurstRow(Row row, long burstWaits) {
    }

    /** A host's learned timer lateness (ns) before its row's burst, at the burst's end, and after the row's samples. */
    record Lateness(String host, long before, long burstEnd, long after) {
    }

    /**
     * The rows measured after a burst of {@code threads} busy threads ({@code processors}: what
     * this machine reported), {@code seconds} for all of them, bursts included.
     */
    record AfterBurst(int threads, int processors, double seconds, List<BurstRow> rows, List<Lateness> lateness) {
        /** The rows themselves, in the order measured. */
        List<Row> measured() {
            return rows.stream().map(BurstRow::row).toList();
        }

        Row named(String name) {
            return row(measured(), name);
        }
    }

    /** Whose lateness a row measured after a burst shows: the host and how to read it. */
    private record Learned(String host, LongSupplier nanos) {
    }

    static final long DEFAULT_BURST_MILLIS = 1_000;
    // A sample that has not ended by then never will: the bench stops rather than hang (with a
    // burst's threads spinning on every core).
    private static final long SAMPLE_TIMEOUT_SECONDS = 30;
    // Twice the processors: each has a busy thread running and another queued behind it, so a
    // host's thread waking from a timed sleep waits for a time slice, as on a loaded machine.
    private static final int BURST_THREADS_PER_PROCESSOR = 2;
    private static final List<String> AFTER_BURST_ROWS = List.of("busy-poll", "std+execute", "netty");
    private static final long SCHEDULE_POLL_NANOS = 10_000;
    private static final int FEED_IN_FLIGHT = 64;
    private static final Duration FEED_WORK = Duration.ofNanos(20_000);
    // A GPU serving requests ends work at some rate, not as fast as 20 us kernels can end: fed
    // as fast as possible, a host that ends waits sooner is fed more of them, and the echo of two
    // hosts would be compared under different loads.
    static final int DEFAULT_ECHO_RATE = 10_000;
    // The echo's conditions alternate in rounds, so that each sees the machine as the others do:
    // the echo alone moves several-fold at p99 between runs minutes apart (bench/RESULTS.md).
    private static final int ECHO_ROUNDS = 10;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private HostBench() {
    }

    /** How one peer gets told: it arranges for {@code ran} to complete with the time, on the thread that wanted it. */
    private interface Peer {
        void arm(Ticket ticket, CompletableFuture<Long> ran);

        /** Timeouts this peer submitted so far. */
        default long timers() {
            return 0;
        }

        /** Steps after which its idle strategy said poll, so far. */
        default long polls() {
            return 0;
        }
    }

    /**
     * Where the samples' device work comes from: a backend's {@link BenchWorkload}. Where its
     * device stamps the host's clock when the work ends (the simulation, whose device thread is
     * also pinned to a core of its own and its CPU left out of the figures), latency is from the
     * landing; elsewhere (a GPU cannot stamp the host's clock) from releasing the work from its
     * gate or, without one, from queueing it. Used by the bench's own thread only.
     */
    private static final class Device<S> implements AutoCloseable {
        private final String name;
        private final BenchWorkload<S> workload;
        private final boolean played;
        private final boolean pinned;
        private final long deviceThread;
        private long queuedAt;
        private long releasedAt;

        Device(String name, BenchWorkload<S> workload) {
            this.name = name;
            this.workload = workload;
            int cores = Runtime.getRuntime().availableProcessors();
            long[] thread = new long[1];
            boolean[] pin = {false};
            played = workload.onDeviceThread(() -> {
                thread[0] = Thread.currentThread().threadId();
                pin[0] = cores >= 2 && Affinity.pinCurrentThread(cores - 1, cores);
            });
            deviceThread = thread[0];
            pinned = pin[0];
        }

        Line<S> openLine() {
            return workload.openLine();
        }

        /** Queues a sample's work and signal; where the workload holds its work, it waits for {@link #release}. */
        Ticket queue(Line<S> line, Duration work) {
            queuedAt = System.nanoTime();
            workload.enqueue(work);
            return line.signal(workload.stream(), Slot.S0);
        }

        /** Lets the work queued so far run, once its waiter is armed. */
        void release() {
            releasedAt = System.nanoTime();
            workload.release();
        }

        /** The {@link System#nanoTime()} the last released sample's latency counts from, once it landed. */
        long from() {
            return workload.stampsEnd() ? workload.lastEnd() : workload.holdsWork() ? releasedAt : queuedAt;
        }

        /** CPU time of the device's own thread (the simulated "GPU"), 0 where it is a real device. */
        long deviceCpuNanos() {
            return played ? THREADS.getThreadCpuTime(deviceThread) : 0;
        }

        /** For the echo's feeder: work and a signal behind it, at once. */
        Ticket feed(Line<S> line, Duration work) {
            Ticket ticket = queue(line, work);
            release();
            return ticket;
        }

        String describe() {
            if (played) {
                return "backend " + name + " (" + (pinned ? "the simulated device's thread runs on core "
                        + (Runtime.getRuntime().availableProcessors() - 1) : "the simulated device's thread is not pinned") + ")";
            }
            return "backend " + name + " (" + workload.describe() + ")";
        }

        /** What the latency counts from, for the report. */
        String measuredFrom() {
            if (workload.stampsEnd()) {
                return "the device's store";
            }
            return (workload.holdsWork() ? "releasing the work from its gate" : "queueing the work")
                    + " (the device cannot stamp the host's clock; the work's own time is included)";
        }

        @Override
        public void close() {
            workload.close();
        }
    }

    static int run(Options options, List<Backends.Found> found, PrintStream out, PrintStream err) {
        // Before any device work is prepared: gar's status 3, this machine cannot run it.
        if (options.hosts().contains("uring") && !Uring.isAvailable()) {
            err.println("gar bench: the io_uring host is unavailable here: " + Uring.unavailabilityCause().orElseThrow().getMessage());
            return ExitStatus.CANNOT;
        }
        if (!IoUring.isAvailable()) {
            err.println("gar bench: Netty's io_uring transport is unavailable here (the loop every peer continues on): "
                    + IoUring.unavailabilityCause());
            return ExitStatus.CANNOT;
        }
        Backends.Found chosen = Bench.choose(options.backend(), found, err);
        if (chosen == null) {
            return Bench.notChosen(options.backend(), found);
        }
        Bench.Opened opened = Bench.open(chosen.provider(), chosen.name(), "the hosts have no device work to wait for", err);
        if (opened.workload() == null) {
            return opened.status();
        }
        try (Device<?> device = new Device<>(chosen.name(), opened.workload())) {
            return run(options, device, out, err);
        }
    }

    private static int run(Options options, Device<?> device, PrintStream out, PrintStream err) {
        boolean wantUring = options.hosts().contains("uring");
        boolean wantNetty = options.hosts().contains("netty");
        MultiThreadIoEventLoopGroup loopGroup = new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory());
        MultiThreadIoEventLoopGroup clientGroup = new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory());
        IoEventLoop loop = (IoEventLoop) loopGroup.next();
        List<Row> rows = new ArrayList<>();
        Echoes echoes = Echoes.NONE;
        AfterBurst afterBurst = null;
        List<String> lateness = new ArrayList<>();
        String described;
        String measuredFrom;
        try (Reactor reactor = Reactor.start();
             UringReactor uring = wantUring ? UringReactor.start() : null) {
            described = device.describe();
            measuredFrom = device.measuredFrom();
            out.println(described);

            AtomicLong schedules = new AtomicLong();
            List<String> names = new ArrayList<>();
            List<String> hows = new ArrayList<>();
            List<Peer> peers = new ArrayList<>();
            names.add("busy-poll");
            hows.add("a task on the loop spins on the word: the lower bound (the loop serves nothing meanwhile)");
            peers.add((ticket, ran) -> loop.execute(() -> {
                while (!ticket.isDone()) {
                    Thread.onSpinWait();
                }
                ran.complete(System.nanoTime());
            }));
            names.add("schedule");
            hows.add("Netty's own eventLoop.schedule: poll the word every " + SCHEDULE_POLL_NANOS / 1_000 + " us on the loop");
            peers.add(new Peer() {
                @Override
                public void arm(Ticket ticket, CompletableFuture<Long> ran) {
                    loop.execute(new Runnable() {
                        @Override
                        public void run() {
                            if (ticket.isDone()) {
                                ran.complete(System.nanoTime());
                            } else {
                                schedules.incrementAndGet();
                                loop.schedule(this, SCHEDULE_POLL_NANOS, TimeUnit.NANOSECONDS);
                            }
                        }
                    });
                }

                @Override
                public long timers() {
                    return schedules.get();
                }
            });
            FutureHost viaStd = NettyReactor.viaHost(loop, reactor);
            names.add("std+execute");
            hows.add("the std host's dispatcher completes the wait, eventLoop.execute hops to the loop");
            peers.add((ticket, ran) -> viaStd.whenLanded(ticket).thenRun(() -> ran.complete(System.nanoTime())));
            if (options.hosts().contains("std")) {
                names.add("std");
                hows.add("the std host alone: continues on its dispatcher thread");
                peers.add((ticket, ran) -> reactor.whenLanded(ticket).thenRun(() -> ran.complete(System.nanoTime())));
            }
            if (wantUring) {
                names.add("uring");
                hows.add("the io_uring host: one moved IORING_OP_TIMEOUT, continues on its ring thread");
                peers.add(new Peer() {
                    @Override
                    public void arm(Ticket ticket, CompletableFuture<Long> ran) {
                        uring.whenLanded(ticket).thenRun(() -> ran.complete(System.nanoTime()));
                    }

                    @Override
                    public long timers() {
                        HostStats stats = uring.stats();
                        return stats.timersArmed() + stats.timersMoved();
                    }

                    @Override
                    public long polls() {
                        return uring.stats().polls();
                    }
                });
            }
            NettyReactor onLoop = wantNetty ? NettyReactor.on(loop) : null;
            if (wantNetty) {
                names.add("netty");
                hows.add("the Netty host: the loop's own ring holds one moved IORING_OP_TIMEOUT, continues on the loop");
                peers.add(new Peer() {
                    @Override
                    public void arm(Ticket ticket, CompletableFuture<Long> ran) {
                        onLoop.whenLanded(ticket).thenRun(() -> ran.complete(System.nanoTime()));
                    }

                    @Override
                    public long timers() {
                        HostStats stats = loop.submit(onLoop::stats).syncUninterruptibly().getNow();
                        return stats.timersArmed() + stats.timersMoved();
                    }

                    @Override
                    public long polls() {
                        return onLoop.stats().polls();
                    }
                });
            }
            for (int p = 0; p < peers.size(); p++) {
                rows.add(measure(names.get(p), hows.get(p), peers.get(p), p + 1, peers.size(), options, device, err));
            }
            if (wantUring) {
                lateness.add(String.format(Locale.ROOT, "uring %.1f us", uring.stats().timerLatenessNanos() / 1e3));
            }
            LongSupplier nettyLateness = () -> loop.submit(onLoop::stats).syncUninterruptibly().getNow().timerLatenessNanos();
            if (wantNetty) {
                lateness.add(String.format(Locale.ROOT, "netty %.1f us", nettyLateness.getAsLong() / 1e3));
            }
            if (wantNetty) {
                List<Feeder> feeders = new ArrayList<>();
                if (options.echoRate() > 0) {
                    // The control: the device's work and stores at the same rate, nothing waiting.
                    feeders.add(new Feeder(DEVICE_ONLY, null));
                }
                feeders.add(new Feeder("netty", onLoop));
                feeders.add(new Feeder("std+execute", viaStd));
                echoes = echo(options, loopGroup, clientGroup, device, feeders, err);
            }
            if (wantNetty && !options.burst().isZero()) {
                // After the echo, so that its figures are those of a machine with no burst behind it.
                afterBurst = afterBurst(options, device, names, hows, peers, Map.of(
                        "std+execute", new Learned("std", () -> reactor.wakeModel().lateness().medianNanos(System.nanoTime())),
                        "netty", new Learned("netty", nettyLateness)), err);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } finally {
            loopGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
        err.print("\r" + " ".repeat(70) + "\r");
        print(options, described, measuredFrom, rows, echoes, afterBurst, out);
        if (!lateness.isEmpty()) {
            out.println("timer lateness learned (the median of the recent timeouts): " + String.join(", ", lateness));
        }
        if (options.json() != null) {
            try {
                Files.writeString(options.json(), JsonText.write(json(options, described, rows, echoes, afterBurst)));
                out.println("wrote " + options.json());
            } catch (IOException e) {
                err.println("gar bench: cannot write " + options.json() + ": " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }

    // A fresh line per row, so each row's estimator starts from nothing.
    private static <S> Row measure(String name, String how, Peer peer, int index, int of, Options options, Device<S> device,
                                   PrintStream err) {
        try (Line<S> line = device.openLine()) {
            return measure(name, how, peer, index, of, options, device, line, options.warmup(), err);
        }
    }

    private static <S> Row measure(String name, String how, Peer peer, int index, int of, Options options, Device<S> device,
                                   Line<S> line, int warmup, PrintStream err) {
        int total = warmup + options.samples();
        long[] latencies = new long[options.samples()];
        long cpuStart = 0;
        long deviceStart = 0;
        long timersStart = 0;
        long pollsStart = 0;
        CompilerThreads.Reading jitStart = CompilerThreads.unreadable();
        for (int i = 0; i < total; i++) {
            if (i == warmup) {
                jitStart = CompilerThreads.read();
                cpuStart = ProcessCpu.nanos();
                deviceStart = device.deviceCpuNanos();
                timersStart = peer.timers();
                pollsStart = peer.polls();
            }
            if (i % 100 == 0) {
                err.printf("\r[%d/%d] %-12s %5d/%d samples", index, of, name, i, total);
                err.flush();
            }
            long end = sample(peer, device, line, options.work());
            if (i >= warmup) {
                latencies[i - warmup] = end - device.from();
            }
        }
        long cpu = (ProcessCpu.nanos() - cpuStart) - (device.deviceCpuNanos() - deviceStart);
        long jit = CompilerThreads.read().since(jitStart);
        if (jit > 0) {
            cpu -= jit;
        }
        long timers = peer.timers() - timersStart;
        long polls = peer.polls() - pollsStart;
        Arrays.sort(latencies);
        return new Row(name, how, Bench.percentile(latencies, 0.50), Bench.percentile(latencies, 0.99),
                (double) cpu / options.samples(), (double) timers / options.samples(), options.samples(),
                (double) polls / options.samples(), jit < 0 ? -1 : (double) jit / options.samples());
    }

    /** One wait on {@code line} for {@code work}, armed before the work runs; returns when its continuation ran. */
    private static <S> long sample(Peer peer, Device<S> device, Line<S> line, Duration work) {
        Ticket ticket = device.queue(line, work);
        CompletableFuture<Long> ran = new CompletableFuture<>();
        peer.arm(ticket, ran);
        device.release();
        // A timed get, not orTimeout: that arms and cancels a task on the JDK's delay scheduler
        // per sample, whose thread's wake-ups were 8-21 us of CPU per await in every row.
        try {
            return ran.get(SAMPLE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("a wait for " + work.toNanos() / 1000 + " us of work did not reach its "
                    + "continuation within " + SAMPLE_TIMEOUT_SECONDS + " s: " + ticket, e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new java.util.concurrent.CompletionException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a sample: " + ticket, e);
        }
    }

    /**
     * The rows of {@link #AFTER_BURST_ROWS} again, each after a burst of its own on a fresh line:
     * the same load before each, so that they are compared in the same conditions. {@code learned}:
     * per row, the host whose timer lateness it shows.
     */
    private static <S> AfterBurst afterBurst(Options options, Device<S> device, List<String> names, List<String> hows,
                                             List<Peer> peers, Map<String, Learned> learned, PrintStream err)
            throws InterruptedException {
        // Learned, not assumed: the burst must outnumber the processors this JVM may run on.
        int processors = Runtime.getRuntime().availableProcessors();
        int threads = BURST_THREADS_PER_PROCESSOR * processors;
        long started = System.nanoTime();
        List<BurstRow> rows = new ArrayList<>();
        List<Lateness> lateness = new ArrayList<>();
        for (int r = 0; r < AFTER_BURST_ROWS.size(); r++) {
            String name = AFTER_BURST_ROWS.get(r);
            int p = names.indexOf(name);
            Learned host = learned.get(name);
            try (Line<S> line = device.openLine()) {
                long before = host == null ? 0 : host.nanos().getAsLong();
                err.printf("\r%-60s", "[" + (r + 1) + "/" + AFTER_BURST_ROWS.size() + "] " + name + ": a burst of "
                        + threads + " busy threads");
                long waits = burst(peers.get(p), options, device, line, threads);
                long burstEnd = host == null ? 0 : host.nanos().getAsLong();
                // No warm-up: the samples right after the burst are the point.
                Row row = measure(name, hows.get(p), peers.get(p), r + 1, AFTER_BURST_ROWS.size(), options, device, line, 0,
                        err);
                rows.add(new BurstRow(row, waits));
                if (host != null) {
                    lateness.add(new Lateness(host.host(), before, burstEnd, host.nanos().getAsLong()));
                }
            }
        }
        return new AfterBurst(threads, processors, (System.nanoTime() - started) / 1e9, rows, lateness);
    }

    // Busy threads for options.burst() while peer serves one wait after another on line: its
    // thread, back from a timed sleep, waits for a processor, so its sleeps end late and its
    // host learns that lateness, as under real load. Returns the waits served; the threads have
    // ended when it returns, so that they cost the following samples nothing.
    private static <S> long burst(Peer peer, Options options, Device<S> device, Line<S> line, int threads)
            throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> busy = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                busy.add(Thread.ofPlatform().name("gar-burst-" + t).daemon().start(() -> {
                    while (!stop.get()) {
                        Thread.onSpinWait();
                    }
                }));
            }
            long waits = 0;
            for (long end = System.nanoTime() + options.burst().toNanos(); System.nanoTime() - end < 0; waits++) {
                sample(peer, device, line, options.work());
            }
            return waits;
        } finally {
            stop.set(true);
            for (Thread thread : busy) {
                thread.join();
            }
        }
    }

    /** {@code waits} null: the device works and stores, and nothing waits for it. */
    private record Feeder(String name, FutureHost waits) {
    }

    static final String DEVICE_ONLY = "device only";

    /**
     * The echo's round trips on the loop alone, and while each feeder keeps GPU waits landing
     * whose continuations run on that loop: in {@value #ECHO_ROUNDS} rounds, each round a block of
     * every condition, in an order that turns from round to round.
     */
    private static <S> Echoes echo(Options options, MultiThreadIoEventLoopGroup loopGroup,
                                       MultiThreadIoEventLoopGroup clientGroup, Device<S> device, List<Feeder> feeders,
                                       PrintStream err) throws InterruptedException {
        Duration limit = Duration.ofSeconds(60);
        int conditions = feeders.size() + 1;
        int rounds = Math.min(ECHO_ROUNDS, options.echoRequests());
        long[][] trips = new long[conditions][options.echoRequests()];
        int[] taken = new int[conditions];
        long[] completions = new long[conditions];
        long[] feedingNanos = new long[conditions];
        long[][] aloneHalves = new long[2][options.echoRequests()];
        int[] halfTaken = new int[2];
        List<Line<S>> lines = new ArrayList<>();
        try (LoopbackEcho echo = LoopbackEcho.start(loopGroup, clientGroup)) {
            for (int f = 0; f < feeders.size(); f++) {
                lines.add(device.openLine());
            }
            echo.roundTrips(Math.min(200, options.echoRequests()), limit);       // warm-up
            for (int round = 0; round < rounds; round++) {
                int requests = options.echoRequests() / rounds + (round < options.echoRequests() % rounds ? 1 : 0);
                for (int k = 0; k < conditions; k++) {
                    int c = (round + k) % conditions;
                    long[] block;
                    if (c == 0) {
                        err.printf("\r%-60s", "echo alone, round " + (round + 1) + "/" + rounds);
                        block = echo.roundTrips(requests, limit);
                        System.arraycopy(block, 0, aloneHalves[round % 2], halfTaken[round % 2], block.length);
                        halfTaken[round % 2] += block.length;
                    } else {
                        Feeder feeder = feeders.get(c - 1);
                        err.printf("\r%-60s", "echo while " + feeder.name() + " completions land, round " + (round + 1) + "/"
                                + rounds);
                        AtomicLong landed = new AtomicLong();
                        long blockStart = System.nanoTime();
                        block = whileFeeding(echo, requests, limit, device, lines.get(c - 1), feeder, options.echoRate(),
                                landed);
                        feedingNanos[c] += System.nanoTime() - blockStart;
                        completions[c] += landed.get();
                    }
                    System.arraycopy(block, 0, trips[c], taken[c], block.length);
                    taken[c] += block.length;
                }
            }
        } finally {
            for (Line<S> line : lines) {
                line.close();
            }
        }
        List<Echo> results = new ArrayList<>();
        for (int c = 0; c < conditions; c++) {
            long[] all = Arrays.copyOf(trips[c], taken[c]);
            Arrays.sort(all);
            results.add(new Echo(c == 0 ? "none" : feeders.get(c - 1).name(), Bench.percentile(all, 0.5),
                    Bench.percentile(all, 0.99), all.length, completions[c],
                    feedingNanos[c] == 0 ? 0 : completions[c] * 1e9 / feedingNanos[c]));
        }
        if (halfTaken[1] == 0) {
            return new Echoes(results, null, null);
        }
        // Rounds counted from 1: index 0 holds rounds 1, 3, 5 ...
        return new Echoes(results, alone("none, odd rounds", aloneHalves[0], halfTaken[0]),
                alone("none, even rounds", aloneHalves[1], halfTaken[1]));
    }

    private static Echo alone(String name, long[] trips, int taken) {
        long[] sorted = Arrays.copyOf(trips, taken);
        Arrays.sort(sorted);
        return new Echo(name, Bench.percentile(sorted, 0.5), Bench.percentile(sorted, 0.99), taken, 0, 0);
    }

    // Round trips on their own thread while this one feeds GPU waits at the rate asked (a GPU
    // context is current on one thread only, so one thread queues the device's work); returns
    // once the round trips ended and every wait it fed did too.
    private static <S> long[] whileFeeding(LoopbackEcho echo, int requests, Duration limit, Device<S> device, Line<S> line,
                                           Feeder feeder, int rate, AtomicLong landed) throws InterruptedException {
        CompletableFuture<long[]> trips = new CompletableFuture<>();
        Thread.ofPlatform().name("gar-echo").start(() -> {
            try {
                trips.complete(echo.roundTrips(requests, limit));
            } catch (Throwable t) {
                trips.completeExceptionally(t);
            }
        });
        Semaphore inFlight = new Semaphore(FEED_IN_FLIGHT);
        // Paced in ticks of at least 1 ms, a burst each: a timed sleep per wait would cost the
        // feeder (on the echo's cores) more than the waits it feeds. Each tick feeds what the
        // rate owes since the start, so no rounding or full tick drifts the rate.
        long tick = rate == 0 ? 0 : Math.max(1_000_000L, 1_000_000_000L / rate);
        long started = System.nanoTime();
        long next = started;
        long fedSoFar = 0;
        Ticket last = null;
        while (!trips.isDone()) {
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while feeding GPU waits to the echo");
            }
            long fed = 0;
            if (rate == 0) {
                if (!inFlight.tryAcquire(100, TimeUnit.MICROSECONDS)) {
                    continue;
                }
                fed = 1;
            } else {
                long now = System.nanoTime();
                if (next - now > 0) {
                    LockSupport.parkNanos(next - now);
                    continue;
                }
                next += tick;
                long owed = (long) ((now - started) * (rate / 1e9)) - fedSoFar;
                while (fed < owed && inFlight.tryAcquire()) {
                    fed++;
                }
                fedSoFar += fed;
            }
            for (long i = 0; i < fed; i++) {
                Ticket ticket = device.feed(line, FEED_WORK);
                if (feeder.waits() == null) {
                    last = ticket;
                    landed.incrementAndGet();     // by the end of the block, as the wait below sees to
                    inFlight.release();
                    continue;
                }
                feeder.waits().whenLanded(ticket).whenComplete((t, e) -> {
                    landed.incrementAndGet();
                    inFlight.release();
                });
            }
        }
        // Nothing waits for the device-only feed: its stores end when the last one landed.
        for (long end = System.nanoTime() + 30_000_000_000L; last != null && !last.isDone(); ) {
            if (System.nanoTime() - end >= 0) {
                throw new IllegalStateException("the device-only feed's last store did not land within 30 s");
            }
            Thread.sleep(1);
        }
        if (!inFlight.tryAcquire(FEED_IN_FLIGHT, 30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the fed waits did not all end within 30 s");
        }
        try {
            return trips.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof InterruptedException interrupted) {
                throw interrupted;
            }
            throw e;
        }
    }

    private static Row row(List<Row> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    private static void print(Options options, String device, String measuredFrom, List<Row> rows, Echoes echoes,
                              AfterBurst afterBurst, PrintStream out) {
        out.printf(Locale.ROOT, "gar bench --host %s: %s, %d us of device work per sample, %d samples per row "
                        + "(after %d warm-up)%n", String.join(",", options.hosts()), device, options.work().toNanos() / 1_000,
                options.samples(), options.warmup());
        out.println("machine: " + Machine.describe() + "; Java " + Runtime.version() + "; " + Instant.now());
        out.println();
        table(rows, out);
        Row busy = rows.getFirst();
        out.println();
        out.println("landed: from " + measuredFrom + " to the continuation running on the thread that wanted it");
        out.println("(the event loop, but for std and uring: their own thread). CPU/await: the process's CPU (less the");
        out.println("simulated device's thread and the JIT compiler's, JIT/await: compiling whichever host a row runs) per");
        out.println("await. timers/await: timeouts submitted (armed or moved) per await.");
        out.println("polls/await: steps after which the idle strategy said poll, over a wait's spin (uring: spins of");
        out.println("its own thread; netty: passes of the loop, which serves its sockets between two).");
        for (Row r : rows) {
            out.printf("  %-12s %s%n", r.name(), r.how());
        }
        if (!echoes.conditions().isEmpty()) {
            out.println();
            out.printf(Locale.ROOT, "loopback echo on the Netty host's loop (127.0.0.1, one 8-byte request in flight; GPU waits "
                    + "fed %s, %d us of work each; the conditions alternate in %d rounds):%n",
                    options.echoRate() == 0 ? "as fast as they end (64 in flight)" : "at " + options.echoRate() + "/s",
                    FEED_WORK.toNanos() / 1_000, Math.min(ECHO_ROUNDS, options.echoRequests()));
            Echo alone = echoes.conditions().getFirst();
            for (Echo e : echoes.conditions()) {
                out.printf(Locale.ROOT, "  GPU waits %-12s p50 %7.1f us  p99 %7.1f us  (%d round trips, %d completions meanwhile%s)"
                                + "%s%n", e.name(), e.p50Nanos() / 1e3, e.p99Nanos() / 1e3, e.trips(), e.completionsDuring(),
                        e == alone ? "" : String.format(Locale.ROOT, ", %.0f/s", e.completionsPerSecond()),
                        e == alone ? "" : String.format(Locale.ROOT, "  p99 %+.1f%%", 100.0 * (e.p99Nanos() - alone.p99Nanos())
                                / alone.p99Nanos()));
            }
            if (echoes.named(DEVICE_ONLY) != null) {
                out.println("  (device only: the device works and stores at the same rate and nothing waits, so the echo pays for");
                out.println("  the simulated device's thread and the feeder alone; a GPU would take no host core)");
            }
            Echo odd = echoes.oddRounds();
            Echo even = echoes.evenRounds();
            if (odd != null) {
                out.printf(Locale.ROOT, "  the echo alone, odd rounds against even: p50 %.1f / %.1f us, p99 %.1f / %.1f us (%+.1f%%):"
                                + " what noise alone moves it%n", odd.p50Nanos() / 1e3, even.p50Nanos() / 1e3, odd.p99Nanos() / 1e3,
                        even.p99Nanos() / 1e3, 100.0 * (odd.p99Nanos() - even.p99Nanos()) / even.p99Nanos());
            }
        }
        if (afterBurst != null) {
            out.println();
            out.printf(Locale.ROOT, "after a burst of load (%.1f s in all): before each row, %d busy threads (%d processors here) "
                    + "for %d ms%n", afterBurst.seconds(), afterBurst.threads(), afterBurst.processors(),
                    options.burst().toMillis());
            out.printf(Locale.ROOT, "while the row served one wait after another on its line; then %d samples on that line, "
                    + "no warm-up:%n", options.samples());
            table(afterBurst.measured(), out);
            List<String> served = new ArrayList<>();
            for (BurstRow r : afterBurst.rows()) {
                served.add(r.row().name() + " " + r.burstWaits());
            }
            out.println("waits served during the bursts: " + String.join(", ", served));
            List<String> learned = new ArrayList<>();
            for (Lateness l : afterBurst.lateness()) {
                learned.add(String.format(Locale.ROOT, "%s %.1f / %.1f / %.1f us", l.host(), l.before() / 1e3,
                        l.burstEnd() / 1e3, l.after() / 1e3));
            }
            out.println("timer lateness learned, before the burst / at its end / after the samples: " + String.join(", ",
                    learned));
        }
        Row netty = row(rows, "netty");
        Row hop = row(rows, "std+execute");
        if (netty != null) {
            out.println();
            out.println("goals:");
            goals("", netty, busy, hop, out);
            if (afterBurst != null) {
                goals(" after a burst", afterBurst.named("netty"), afterBurst.named("busy-poll"),
                        afterBurst.named("std+execute"), out);
            }
            Echo withNetty = echoes.named("netty");
            if (withNetty != null) {
                Echo alone = echoes.conditions().getFirst();
                double change = 100.0 * (withNetty.p99Nanos() - alone.p99Nanos()) / alone.p99Nanos();
                Echo control = echoes.named(DEVICE_ONLY);
                String againstControl = control == null ? "" : String.format(Locale.ROOT,
                        " (against the device-only control: %+.1f%%)",
                        100.0 * (withNetty.p99Nanos() - control.p99Nanos()) / control.p99Nanos());
                out.printf(Locale.ROOT, "  echo p99 changes < 10%% with netty waits: %+.1f%%  %s%s%n", change,
                        Math.abs(change) < 10 ? "met" : "NOT met", againstControl);
            }
        }
    }

    private static void table(List<Row> rows, PrintStream out) {
        out.printf(Locale.ROOT, "%-12s %12s %12s %12s %12s %13s %10s %12s%n", "row", "p50 landed", "p99 landed", "CPU/await",
                "JIT/await", "timers/await", "p50/busy", "polls/await");
        Row busy = rows.getFirst();
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-12s %9.1f us %9.1f us %9.1f us %12s %13.2f %9.2fx %12.1f%n", r.name(), r.p50Nanos() / 1e3,
                    r.p99Nanos() / 1e3, r.cpuNanosPerAwait() / 1e3, r.jitNanosPerAwait() < 0 ? "n/a"
                            : String.format(Locale.ROOT, "%.1f us", r.jitNanosPerAwait() / 1e3),
                    r.timersPerAwait(), (double) r.p50Nanos() / busy.p50Nanos(), r.pollsPerAwait());
        }
    }

    /** The netty goals on one set of rows; {@code when} names it (empty for the fresh rows). */
    private static void goals(String when, Row netty, Row busy, Row hop, PrintStream out) {
        double ratio = (double) netty.p50Nanos() / busy.p50Nanos();
        out.printf(Locale.ROOT, "  %-38s %.2fx  %s%n", "netty p50 <= 1.5x busy poll's" + when + ":", ratio,
                ratio <= 1.5 ? "met" : "NOT met");
        out.printf(Locale.ROOT, "  %-37s %.1f us vs %.1f us  %s%n", "netty CPU/await <= std+execute's" + when + ":",
                netty.cpuNanosPerAwait() / 1e3, hop.cpuNanosPerAwait() / 1e3,
                netty.cpuNanosPerAwait() <= hop.cpuNanosPerAwait() ? "met" : "NOT met");
    }

    private static Map<String, Object> json(Options options, String device, List<Row> rows, Echoes echoes,
                                            AfterBurst afterBurst) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("hosts", String.join(",", options.hosts()));
        json.put("backend", options.backend());
        json.put("device", device);
        json.put("work_ns", options.work().toNanos());
        json.put("samples", options.samples());
        json.put("echo_rate_per_s", options.echoRate());
        json.put("machine", Machine.describe());
        json.put("date", Instant.now().toString());
        List<Map<String, Object>> rowsJson = new ArrayList<>();
        for (Row r : rows) {
            rowsJson.add(json(r));
        }
        json.put("rows", rowsJson);
        List<Map<String, Object>> echoJson = new ArrayList<>();
        for (Echo e : echoes.conditions()) {
            Map<String, Object> echo = new LinkedHashMap<>();
            echo.put("gpu_waits", e.name());
            echo.put("p50_ns", e.p50Nanos());
            echo.put("p99_ns", e.p99Nanos());
            echo.put("round_trips", e.trips());
            echo.put("completions_during", e.completionsDuring());
            echo.put("completions_per_s", Math.round(e.completionsPerSecond()));
            echoJson.add(echo);
        }
        json.put("echo", echoJson);
        if (echoes.oddRounds() != null) {
            Map<String, Object> noise = new LinkedHashMap<>();
            noise.put("odd_rounds_p50_ns", echoes.oddRounds().p50Nanos());
            noise.put("odd_rounds_p99_ns", echoes.oddRounds().p99Nanos());
            noise.put("even_rounds_p50_ns", echoes.evenRounds().p50Nanos());
            noise.put("even_rounds_p99_ns", echoes.evenRounds().p99Nanos());
            json.put("echo_alone_noise", noise);
        }
        if (afterBurst != null) {
            Map<String, Object> burst = new LinkedHashMap<>();
            burst.put("burst_ms", options.burst().toMillis());
            burst.put("busy_threads", afterBurst.threads());
            burst.put("processors", afterBurst.processors());
            burst.put("seconds", JsonText.round(afterBurst.seconds(), 2));
            List<Map<String, Object>> burstRows = new ArrayList<>();
            for (BurstRow r : afterBurst.rows()) {
                Map<String, Object> row = json(r.row());
                row.put("burst_waits", r.burstWaits());
                burstRows.add(row);
            }
            burst.put("rows", burstRows);
            Map<String, Object> lateness = new LinkedHashMap<>();
            for (Lateness l : afterBurst.lateness()) {
                Map<String, Object> host = new LinkedHashMap<>();
                host.put("before_ns", l.before());
                host.put("burst_end_ns", l.burstEnd());
                host.put("after_ns", l.after());
                lateness.put(l.host(), host);
            }
            burst.put("timer_lateness", lateness);
            json.put("after_burst", burst);
        }
        return json;
    }

    private static Map<String, Object> json(Row r) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("row", r.name());
        row.put("p50_ns", r.p50Nanos());
        row.put("p99_ns", r.p99Nanos());
        row.put("cpu_ns_per_await", Math.round(r.cpuNanosPerAwait()));
        if (r.jitNanosPerAwait() >= 0) {     // absent where it cannot be read
            row.put("jit_ns_per_await", Math.round(r.jitNanosPerAwait()));
        }
        row.put("timers_per_await", JsonText.round(r.timersPerAwait(), 3));
        row.put("samples", r.samples());
        row.put("polls_per_await", JsonText.round(r.pollsPerAwait(), 1));
        return row;
    }
}
