package io.gpuasync.harness;

import io.gpuasync.harness.HostBurst.AfterBurst;
import io.gpuasync.harness.HostBurst.BurstRow;
import io.gpuasync.harness.HostBurst.Lateness;
import io.gpuasync.harness.HostEcho.Echo;
import io.gpuasync.harness.HostEcho.Echoes;
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
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code gar bench --host}'s parts without running the bench: its options, its contenders, one
 * row's accounting and the results' JSON. The whole run is {@link HostBenchRunTest}'s.
 */
class HostBenchTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int gar(String... args) {
        List<String> words = List.of(args);
        if (!words.getFirst().equals("bench")) {
            throw new IllegalArgumentException(words.getFirst());
        }
        try {
            return BenchCommand.run(words.subList(1, words.size()), Backends.discover(), false,
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        } catch (UsageException e) {
            new PrintStream(err, true, StandardCharsets.UTF_8).println(e.getMessage());
            return ExitStatus.USAGE;
        }
    }

    private static HostBench.Options options(String... args) {
        return BenchCommand.hostOptions(BenchCommand.parse(List.of(args)));
    }

    @Test
    void theHostsKeepTheOrderAskedForAndTheEchoAndBurstTheirDefaults() {
        HostBench.Options netty = options("--host", "netty|uring,std,netty");
        assertEquals(List.of("netty", "uring", "std"), List.copyOf(netty.hosts()));
        assertEquals(2000, netty.echoRequests());
        assertEquals(HostEcho.DEFAULT_ECHO_RATE, netty.echoRate());
        assertEquals(Duration.ofMillis(HostBurst.DEFAULT_BURST_MILLIS), netty.burst());
        assertEquals("sim", netty.backend());
        assertNull(netty.json());
        HostBench.Options std = options("--host", "std", "--echo-rate", "0", "--work-us", "50");
        assertEquals(0, std.echoRate());
        assertEquals(Duration.ofNanos(50_000), std.work());
        assertEquals(Duration.ZERO, std.burst(), "without netty there is no row to measure after a burst");
    }

    @Test
    void aBackendWithoutABenchWorkloadCannotRunTheHosts() {
        // HIP's provider offers no bench workload (and has no device here): either way gar says it cannot.
        assertEquals(ExitStatus.CANNOT, gar("bench", "--host", "std", "--backend", "hip"));
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.startsWith("gar bench: backend 'hip' cannot be used here: ")
                || said.startsWith("gar bench: backend 'hip' offers no bench workload"), said);
    }

    @Test
    void badHostOptionsSayWhatWasWrong() {
        assertEquals(2, gar("bench", "--host", "tokio"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith(
                "gar bench: --host takes std, uring or netty (several with commas), got 'tokio'"), err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(ExitStatus.USAGE, gar("bench", "--host", "netty", "--backend", "nosuch"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar bench: no backend named 'nosuch'; found "),
                err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, gar("bench", "--host"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar bench: --host needs a value"));
        err.reset();
        assertEquals(2, gar("bench", "--host", "netty", "--echo-rate", "-1"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("gar bench: --echo-rate must be between 0 and 1000000, got -1"),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyContenderIsOneRowWithItsOwnDescriptionAndTheHostWhoseLatenessItShows() {
        assumeTrue(Uring.isAvailable() && IoUring.isAvailable(), "io_uring unavailable here");
        MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory());
        try (Reactor reactor = Reactor.start(); UringReactor uring = UringReactor.start()) {
            IoEventLoop loop = (IoEventLoop) group.next();
            List<Contender> all = HostBench.contenders(new LinkedHashSet<>(List.of("netty", "uring", "std")), loop, reactor,
                    NettyReactor.viaHost(loop, reactor), uring, NettyReactor.on(loop));
            assertEquals(List.of("busy-poll", "schedule", "std+execute", "std", "uring", "netty"),
                    all.stream().map(Contender::name).toList(), "the peers first, then the hosts in the report's order");
            assertEquals(all.size(), all.stream().map(Contender::how).distinct().count(), "each row says how it waits");
            Map<String, String> learned = new LinkedHashMap<>();
            for (Contender c : all) {
                if (c.learned() != null) {
                    learned.put(c.name(), c.learned().host());
                }
            }
            assertEquals(Map.of("std+execute", "std", "uring", "uring", "netty", "netty"), learned);
            assertTrue(all.stream().map(Contender::name).toList().containsAll(HostBurst.ROWS),
                    "with netty, every row measured after a burst is a contender");
            List<Contender> stdOnly = HostBench.contenders(Set.of("std"), loop, reactor, NettyReactor.viaHost(loop, reactor),
                    null, null);
            assertEquals(List.of("busy-poll", "schedule", "std+execute", "std"), stdOnly.stream().map(Contender::name).toList());
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void aRowCountsOnlyItsMeasuredSamplesAndWhatItsContenderDidMeanwhile() {
        Backends.Found sim = Backends.discover().stream().filter(f -> f.name().equals("sim")).findFirst().orElseThrow();
        PrintStream progress = new PrintStream(err, true, StandardCharsets.UTF_8);
        Bench.Opened opened = Bench.open(sim.provider(), sim.name(), "the hosts have no device work to wait for", progress);
        AtomicLong armed = new AtomicLong();
        try (Reactor reactor = Reactor.start(); HostDevice<?> device = new HostDevice<>(sim.name(), opened.workload())) {
            Contender counted = new Contender("counted", "the std host, each arm counted as a timer", (ticket, ran) -> {
                armed.incrementAndGet();
                reactor.whenLanded(ticket).thenRun(() -> ran.complete(System.nanoTime()));
            }, armed::get, Contender.NONE, null);
            HostBench.Options options = new HostBench.Options(Set.of("std"), Duration.ofNanos(50_000), 20, 7, 1, 0, null,
                    "sim", Duration.ZERO);
            List<Row> rows = HostRows.measure(List.of(counted), options, device, progress);
            Row row = rows.getFirst();
            assertEquals("counted", row.name());
            assertEquals("the std host, each arm counted as a timer", row.how());
            assertEquals(20, row.samples());
            assertEquals(27, armed.get(), "the warm-up's samples ran too");
            assertEquals(1.0, row.timersPerAwait(), "only the measured samples' timers are counted: " + row);
            assertEquals(0.0, row.pollsPerAwait());
            assertTrue(row.p50Nanos() > 0 && row.p99Nanos() >= row.p50Nanos(), row.toString());
        }
    }

    @Test
    void anEchoIsSummarisedFromTheTripsTakenAndTheRateItsFeederReached() {
        long[] trips = {5_000, 1_000, 4_000, 2_000, 3_000, 999_000, 999_000};
        Echo fed = Echo.of("netty", trips, 5, 300, 2_000_000_000L);
        assertEquals(new Echo("netty", 3_000, 5_000, 5, 300, 150.0), fed, "the trips not taken are no part of it");
        assertEquals(0.0, Echo.of("none", trips, 5, 0, 0).completionsPerSecond(), "nothing fed, no rate");
        assertEquals(5_000, trips[0], "the caller's trips are left as they were");
    }

    @Test
    void theResultsAreFoundByName() {
        Row busy = row("busy-poll", -1);
        Row netty = row("netty", 10);
        AfterBurst burst = new AfterBurst(8, 4, 1.5, List.of(new BurstRow(busy, 7), new BurstRow(netty, 9)), List.of());
        assertEquals(List.of(busy, netty), burst.measured());
        assertEquals(netty, burst.named("netty"));
        assertNull(burst.named("std+execute"));
        Echo alone = new Echo("none", 1, 2, 3, 0, 0);
        Echoes echoes = new Echoes(List.of(alone, new Echo("netty", 1, 2, 3, 4, 5)), null, null);
        assertEquals(alone, echoes.named("none"));
        assertNull(echoes.named("std+execute"));
        assertNull(Echoes.NONE.named("none"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJsonHoldsEachResultUnderItsNameAndLeavesOutWhatCouldNotBeRead() throws Exception {
        Row busy = row("busy-poll", -1);
        Row netty = row("netty", 120.5);
        Echoes echoes = new Echoes(List.of(new Echo("none", 10, 20, 30, 0, 0), new Echo("netty", 11, 21, 30, 40, 49.6)),
                new Echo("none, odd rounds", 12, 22, 15, 0, 0), new Echo("none, even rounds", 13, 23, 15, 0, 0));
        AfterBurst burst = new AfterBurst(8, 4, 1.234, List.of(new BurstRow(busy, 7), new BurstRow(netty, 9)),
                List.of(new Lateness("netty", 100, 200, 300)));
        HostBench.Options options = options("--host", "netty", "--burst-ms", "250");
        Map<String, Object> json = JsonText.read(JsonText.write(HostBench.json(options, "backend sim", "JIT warm-up: 2 rounds",
                List.of(busy, netty), echoes, burst)));
        assertEquals(List.of("hosts", "backend", "device", "work_ns", "samples", "echo_rate_per_s", "jit_warm_up", "machine",
                "date", "rows", "echo", "echo_alone_noise", "after_burst"), List.copyOf(json.keySet()));
        assertEquals("JIT warm-up: 2 rounds", json.get("jit_warm_up"));
        List<Map<String, Object>> rows = BenchTest.list(json, "rows");
        assertEquals(List.of("busy-poll", "netty"), rows.stream().map(r -> r.get("row")).toList());
        assertFalse(rows.getFirst().containsKey("jit_ns_per_await"), "unreadable, so absent: " + rows.getFirst());
        assertEquals(121L, BenchTest.number(rows.get(1), "jit_ns_per_await"));
        assertEquals(1_500L, BenchTest.number(rows.get(1), "cpu_ns_per_await"));
        assertEquals(50L, BenchTest.number(BenchTest.row(BenchTest.list(json, "echo"), "gpu_waits", "netty"), "completions_per_s"));
        assertEquals(13L, BenchTest.number((Map<String, Object>) json.get("echo_alone_noise"), "even_rounds_p50_ns"));
        Map<String, Object> after = (Map<String, Object>) json.get("after_burst");
        assertEquals(250L, BenchTest.number(after, "burst_ms"));
        assertEquals(1.23, ((Number) after.get("seconds")).doubleValue());
        assertEquals(List.of(7L, 9L), BenchTest.list(after, "rows").stream().map(r -> BenchTest.number(r, "burst_waits")).toList());
        Map<String, Object> lateness = (Map<String, Object>) after.get("timer_lateness");
        assertEquals(Set.of("netty"), lateness.keySet(), "by host: " + lateness);
        Map<String, Object> learned = (Map<String, Object>) lateness.get("netty");
        assertEquals(List.of(100L, 200L, 300L), List.of(BenchTest.number(learned, "before_ns"),
                BenchTest.number(learned, "burst_end_ns"), BenchTest.number(learned, "after_ns")));
        Map<String, Object> fresh = JsonText.read(JsonText.write(HostBench.json(options("--host", "std"), "backend sim",
                JitWarmUp.none(), List.of(busy), Echoes.NONE, null)));
        assertFalse(fresh.containsKey("after_burst") || fresh.containsKey("echo_alone_noise"), fresh.toString());
        assertEquals(List.of(), fresh.get("echo"));
    }

    private static Row row(String name, double jitNanosPerAwait) {
        return new Row(name, "how " + name, 1_000, 2_000, 1_499.6, 0.5, 10, 3.0, jitNanosPerAwait);
    }
}
