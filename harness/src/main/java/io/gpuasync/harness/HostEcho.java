package io.gpuasync.harness;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.engine.FutureHost;
import io.netty.channel.MultiThreadIoEventLoopGroup;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The host bench's echo: a loopback echo server on the Netty host's loop, its round trips measured
 * alone and again while a feeder keeps GPU waits landing whose continuations run on that same loop.
 */
final class HostEcho {
    /** {@code completionsPerSecond}: the rate the feeder reached over its blocks (0 for the echo alone). */
    record Echo(String name, long p50Nanos, long p99Nanos, int trips, long completionsDuring, double completionsPerSecond) {
        /** The first {@code taken} of {@code trips} (sorted here), and {@code completions} landed over {@code feedingNanos}. */
        static Echo of(String name, long[] trips, int taken, long completions, long feedingNanos) {
            long[] sorted = Arrays.copyOf(trips, taken);
            Arrays.sort(sorted);
            return new Echo(name, Bench.percentile(sorted, 0.5), Bench.percentile(sorted, 0.99), taken, completions,
                    feedingNanos == 0 ? 0 : completions * 1e9 / feedingNanos);
        }
    }

    /**
     * The echo under each condition, the echo alone first; and the echo alone's odd and even
     * rounds apart (null with fewer than two rounds): how far noise alone moves it.
     */
    record Echoes(List<Echo> conditions, Echo oddRounds, Echo evenRounds) {
        static final Echoes NONE = new Echoes(List.of(), null, null);

        /** The condition called {@code name}, or null. */
        Echo named(String name) {
            return conditions.stream().filter(e -> e.name().equals(name)).findFirst().orElse(null);
        }
    }

    /** A condition of the echo: {@code waits} null means the device works and stores, and nothing waits for it. */
    record Feeder(String name, FutureHost waits) {
    }

    static final String DEVICE_ONLY = "device only";
    // A GPU serving requests ends work at some rate: fed as fast as possible, a host that ends
    // waits sooner is fed more of them, and two hosts' echoes would be compared under different loads.
    static final int DEFAULT_ECHO_RATE = 10_000;
    // The conditions alternate in rounds so that each sees the machine as the others do: the
    // echo alone drifts between runs minutes apart.
    private static final int ECHO_ROUNDS = 10;
    private static final int FEED_IN_FLIGHT = 64;
    private static final Duration FEED_WORK = Duration.ofNanos(20_000);

    private HostEcho() {
    }

    /**
     * The echo's round trips on the loop alone, and while each feeder keeps GPU waits landing
     * whose continuations run on that loop: in {@value #ECHO_ROUNDS} rounds, each round a block of
     * every condition, in an order that turns from round to round.
     */
    static <S> Echoes run(HostBench.Options options, MultiThreadIoEventLoopGroup loopGroup,
                          MultiThreadIoEventLoopGroup clientGroup, HostDevice<S> device, List<Feeder> feeders,
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
            results.add(Echo.of(c == 0 ? "none" : feeders.get(c - 1).name(), trips[c], taken[c], completions[c],
                    feedingNanos[c]));
        }
        if (halfTaken[1] == 0) {
            return new Echoes(results, null, null);
        }
        // Rounds counted from 1: index 0 holds rounds 1, 3, 5 ...
        return new Echoes(results, Echo.of("none, odd rounds", aloneHalves[0], halfTaken[0], 0, 0),
                Echo.of("none, even rounds", aloneHalves[1], halfTaken[1], 0, 0));
    }

    // Round trips on their own thread while this one feeds GPU waits at the rate asked (a GPU
    // context is current on one thread only, so one thread queues the device's work); returns
    // once the round trips ended and every wait it fed did too.
    private static <S> long[] whileFeeding(LoopbackEcho echo, int requests, Duration limit, HostDevice<S> device,
                                           Line<S> line, Feeder feeder, int rate, AtomicLong landed)
            throws InterruptedException {
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

    /** The echo's part of the report; nothing where it did not run. */
    static void print(HostBench.Options options, Echoes echoes, PrintStream out) {
        if (echoes.conditions().isEmpty()) {
            return;
        }
        out.println();
        out.printf(Locale.ROOT, "loopback echo on the Netty host's loop (127.0.0.1, one 8-byte request in flight; GPU waits "
                        + "fed %s, %d us of work each; the conditions alternate in %d rounds):%n",
                options.echoRate() == 0 ? "as fast as they end (" + FEED_IN_FLIGHT + " in flight)" : "at " + options.echoRate() + "/s",
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

    /** Adds the echo's {@code echo} list, and {@code echo_alone_noise} where there were two rounds, to {@code json}. */
    static void json(Echoes echoes, Map<String, Object> json) {
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
    }
}
