package io.gpuasync.harness;

import io.gpuasync.api.Ticket;
import io.gpuasync.engine.FutureHost;
import io.gpuasync.engine.HostStats;
import io.gpuasync.harness.HostBurst.AfterBurst;
import io.gpuasync.harness.HostEcho.Echo;
import io.gpuasync.harness.HostEcho.Echoes;
import io.gpuasync.harness.HostEcho.Feeder;
import io.gpuasync.harness.HostRows.Row;
import io.gpuasync.host.netty.NettyReactor;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.host.uring.Uring;
import io.gpuasync.host.uring.UringReactor;
import io.gpuasync.spi.Backends;
import io.netty.channel.IoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * {@code gar bench --host std,uring,netty}: the hosts side by side in one run, on a backend's
 * bench workload (the simulated device's by default), measured from the word landing (or, where
 * the device cannot stamp the host's clock, from releasing the work) to the continuation running
 * on the thread that wanted it. For a Netty user that thread is the event loop: the std host's row
 * for them ({@code std+execute}) includes the hop through {@code eventLoop.execute}. Peers: Netty's
 * own {@code eventLoop.schedule} polling, and a busy poll on the loop as the lower bound.
 *
 * <p>Three benchmarks, in this order: the rows ({@link HostRows}), with netty the loopback echo
 * ({@link HostEcho}) and the rows again after a burst of load ({@link HostBurst}); this class
 * builds the contenders, runs them and reports.
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

    private static final long SCHEDULE_POLL_NANOS = 10_000;

    private HostBench() {
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
        try (HostDevice<?> device = new HostDevice<>(chosen.name(), opened.workload())) {
            return run(options, device, out, err);
        }
    }

    private static int run(Options options, HostDevice<?> device, PrintStream out, PrintStream err) {
        boolean wantUring = options.hosts().contains("uring");
        boolean wantNetty = options.hosts().contains("netty");
        MultiThreadIoEventLoopGroup loopGroup = new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory());
        MultiThreadIoEventLoopGroup clientGroup = new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory());
        IoEventLoop loop = (IoEventLoop) loopGroup.next();
        List<Row> rows;
        Echoes echoes = Echoes.NONE;
        AfterBurst afterBurst = null;
        List<String> lateness = new ArrayList<>();
        String described;
        String measuredFrom;
        String warmUp;
        try (Reactor reactor = Reactor.start();
             UringReactor uring = wantUring ? UringReactor.start() : null) {
            described = device.describe();
            measuredFrom = device.measuredFrom();
            out.println(described);

            FutureHost viaStd = NettyReactor.viaHost(loop, reactor);
            NettyReactor onLoop = wantNetty ? NettyReactor.on(loop) : null;
            List<Contender> contenders = contenders(options.hosts(), loop, reactor, viaStd, uring, onLoop);
            warmUp = HostRows.warmUp(contenders, options, device, err);
            err.print("\r" + " ".repeat(70) + "\r");
            out.println(warmUp);
            rows = HostRows.measure(contenders, options, device, err);
            for (Contender c : contenders) {
                // The timer lateness each host that is a row of its own learned over its samples.
                if (c.learned() != null && c.learned().host().equals(c.name())) {
                    lateness.add(String.format(Locale.ROOT, "%s %.1f us", c.name(), c.learned().nanos().getAsLong() / 1e3));
                }
            }
            if (wantNetty) {
                List<Feeder> feeders = new ArrayList<>();
                if (options.echoRate() > 0) {
                    // The control: the device's work and stores at the same rate, nothing waiting.
                    feeders.add(new Feeder(HostEcho.DEVICE_ONLY, null));
                }
                feeders.add(new Feeder("netty", onLoop));
                feeders.add(new Feeder("std+execute", viaStd));
                echoes = HostEcho.run(options, loopGroup, clientGroup, device, feeders, err);
            }
            if (wantNetty && !options.burst().isZero()) {
                // After the echo, so that its figures are those of a machine with no burst behind it.
                afterBurst = HostBurst.run(options, device, contenders, err);
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
                Files.writeString(options.json(), JsonText.write(json(options, described, warmUp, rows, echoes, afterBurst)));
                out.println("wrote " + options.json());
            } catch (IOException e) {
                err.println("gar bench: cannot write " + options.json() + ": " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }

    /**
     * The rows for {@code hosts}, in the report's order: the busy poll, Netty's schedule and
     * {@code std+execute} always (every host is compared with them), then each host asked for.
     * {@code uring} and {@code onLoop} are null where that host was not asked for.
     */
    static List<Contender> contenders(Set<String> hosts, IoEventLoop loop, Reactor reactor, FutureHost viaStd,
                                      UringReactor uring, NettyReactor onLoop) {
        List<Contender> contenders = new ArrayList<>();
        contenders.add(Contender.of("busy-poll",
                "a task on the loop spins on the word: the lower bound (the loop serves nothing meanwhile)",
                (ticket, ran) -> loop.execute(() -> {
                    while (!ticket.isDone()) {
                        Thread.onSpinWait();
                    }
                    ran.complete(System.nanoTime());
                })));
        AtomicLong schedules = new AtomicLong();
        contenders.add(new Contender("schedule",
                "Netty's own eventLoop.schedule: poll the word every " + SCHEDULE_POLL_NANOS / 1_000 + " us on the loop",
                (ticket, ran) -> loop.execute(new Runnable() {
                    @Override
                    public void run() {
                        if (ticket.isDone()) {
                            ran.complete(System.nanoTime());
                        } else {
                            schedules.incrementAndGet();
                            loop.schedule(this, SCHEDULE_POLL_NANOS, TimeUnit.NANOSECONDS);
                        }
                    }
                }), schedules::get, Contender.NONE, null));
        contenders.add(new Contender("std+execute",
                "the std host's dispatcher completes the wait, eventLoop.execute hops to the loop",
                (ticket, ran) -> ranOn(viaStd, ticket, ran), Contender.NONE, Contender.NONE,
                new Contender.Learned("std", () -> reactor.wakeModel().lateness().medianNanos(System.nanoTime()))));
        if (hosts.contains("std")) {
            contenders.add(Contender.of("std", "the std host alone: continues on its dispatcher thread",
                    (ticket, ran) -> ranOn(reactor, ticket, ran)));
        }
        if (uring != null) {
            contenders.add(new Contender("uring", "the io_uring host: one moved IORING_OP_TIMEOUT, continues on its ring thread",
                    (ticket, ran) -> ranOn(uring, ticket, ran), () -> timers(uring.stats()), () -> uring.stats().polls(),
                    new Contender.Learned("uring", () -> uring.stats().timerLatenessNanos())));
        }
        if (onLoop != null) {
            // The loop's stats are read on the loop, where its host keeps them.
            LongSupplier onLoopTimers = () -> timers(loop.submit(onLoop::stats).syncUninterruptibly().getNow());
            contenders.add(new Contender("netty",
                    "the Netty host: the loop's own ring holds one moved IORING_OP_TIMEOUT, continues on the loop",
                    (ticket, ran) -> ranOn(onLoop, ticket, ran), onLoopTimers, () -> onLoop.stats().polls(),
                    new Contender.Learned("netty",
                            () -> loop.submit(onLoop::stats).syncUninterruptibly().getNow().timerLatenessNanos())));
        }
        return contenders;
    }

    private static void ranOn(FutureHost host, Ticket ticket, CompletableFuture<Long> ran) {
        host.whenLanded(ticket).thenRun(() -> ran.complete(System.nanoTime()));
    }

    private static long timers(HostStats stats) {
        return stats.timersArmed() + stats.timersMoved();
    }

    private static void print(Options options, String device, String measuredFrom, List<Row> rows, Echoes echoes,
                              AfterBurst afterBurst, PrintStream out) {
        out.printf(Locale.ROOT, "gar bench --host %s: %s, %d us of device work per sample, %d samples per row "
                        + "(after %d warm-up)%n", String.join(",", options.hosts()), device, options.work().toNanos() / 1_000,
                options.samples(), options.warmup());
        out.println("machine: " + Machine.describe() + "; Java " + Runtime.version() + "; " + Instant.now());
        out.println();
        HostRows.table(rows, out);
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
        HostEcho.print(options, echoes, out);
        if (afterBurst != null) {
            HostBurst.print(options, afterBurst, out);
        }
        Row netty = HostRows.named(rows, "netty");
        if (netty != null) {
            out.println();
            out.println("goals:");
            goals("", netty, rows.getFirst(), HostRows.named(rows, "std+execute"), out);
            if (afterBurst != null) {
                goals(" after a burst", afterBurst.named("netty"), afterBurst.named("busy-poll"),
                        afterBurst.named("std+execute"), out);
            }
            Echo withNetty = echoes.named("netty");
            if (withNetty != null) {
                Echo alone = echoes.conditions().getFirst();
                double change = 100.0 * (withNetty.p99Nanos() - alone.p99Nanos()) / alone.p99Nanos();
                Echo control = echoes.named(HostEcho.DEVICE_ONLY);
                String againstControl = control == null ? "" : String.format(Locale.ROOT,
                        " (against the device-only control: %+.1f%%)",
                        100.0 * (withNetty.p99Nanos() - control.p99Nanos()) / control.p99Nanos());
                out.printf(Locale.ROOT, "  echo p99 changes < 10%% with netty waits: %+.1f%%  %s%s%n", change,
                        Math.abs(change) < 10 ? "met" : "NOT met", againstControl);
            }
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

    /** The run as {@code --json} writes it. */
    static Map<String, Object> json(Options options, String device, String warmUp, List<Row> rows, Echoes echoes,
                                    AfterBurst afterBurst) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("hosts", String.join(",", options.hosts()));
        json.put("backend", options.backend());
        json.put("device", device);
        json.put("work_ns", options.work().toNanos());
        json.put("samples", options.samples());
        json.put("echo_rate_per_s", options.echoRate());
        json.put("jit_warm_up", warmUp);
        json.put("machine", Machine.describe());
        json.put("date", Instant.now().toString());
        json.put("rows", rows.stream().map(HostRows::json).toList());
        HostEcho.json(echoes, json);
        if (afterBurst != null) {
            json.put("after_burst", HostBurst.json(options, afterBurst));
        }
        return json;
    }
}
