package io.gpuasync.bench;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.MappedLine;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Completions per second through one dispatcher with many tickets outstanding.
 *
 * <ul>
 * <li>{@code landAndComplete}: {@link #OUTSTANDING} async waits are pending (set up outside the
 *     measurement); the device lands all their stores at once and the dispatcher completes
 *     every future. This is the dispatcher's own rate.
 * <li>{@code signalWaitAndComplete}: the same, with the signalling and the {@code whenLanded}
 *     calls measured too, on the one producing thread: the rate a single producer reaches.
 * </ul>
 * The scores are per completion (operations per invocation = {@value #OUTSTANDING}). The manual
 * device stores nothing until told, so the figures are the host's alone.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class DispatcherThroughput {
    static final int OUTSTANDING = 1024;

    private Reactor reactor;
    private ManualDevice device;
    private Line<Object> line;
    private final Ticket[] tickets = new Ticket[OUTSTANDING];
    @SuppressWarnings("unchecked")
    private final CompletableFuture<Ticket>[] futures = new CompletableFuture[OUTSTANDING];

    @Setup
    public void setUp() {
        reactor = Reactor.builder().capacity(OUTSTANDING * 2).build();
        device = new ManualDevice();
        line = MappedLine.open(device, (reason, l, address, bytes) -> { });
    }

    @TearDown
    public void tearDown() {
        line.close();
        reactor.close();
    }

    private void signalAndWait() {
        for (int i = 0; i < OUTSTANDING; i++) {
            tickets[i] = line.signal(ManualDevice.STREAM, Slot.of(i & 7));
            futures[i] = reactor.whenLanded(tickets[i]);
        }
    }

    private Object landAndJoin() {
        // The device stores the last value of every slot: all the tickets land together.
        device.land();
        for (int i = 0; i < OUTSTANDING; i++) {
            futures[i].join();
        }
        return futures[OUTSTANDING - 1];
    }

    /** Pending waits for {@link #landAndComplete}, made outside its measurement. */
    @State(Scope.Benchmark)
    public static class Pending {
        @Setup(Level.Invocation)
        public void signal(DispatcherThroughput bench) {
            bench.signalAndWait();
        }
    }

    @Benchmark
    @OperationsPerInvocation(OUTSTANDING)
    public Object landAndComplete(Pending pending) {
        return landAndJoin();
    }

    @Benchmark
    @OperationsPerInvocation(OUTSTANDING)
    public Object signalWaitAndComplete() {
        signalAndWait();
        return landAndJoin();
    }
}
