package io.gpuasync.bench;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.engine.EngineSettings;
import io.gpuasync.engine.HandOff;
import io.gpuasync.engine.WaitEngine;
import io.gpuasync.spi.MappedLine;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The wait engine driven by the benchmark thread itself (no dispatcher thread, no wake-ups):
 * {@value #PENDING} blocking waiters' hand-offs are taken in and registered by one
 * {@link WaitEngine#doWork}, then every word lands at once and the next {@code doWork} polls the
 * port and completes them all. The score is per completed wait; with {@code -prof gc} the
 * allocation per operation is that of the hand-off, drain, poll and complete path (0 expected:
 * the tickets and hand-off records are made once, in the setup).
 *
 * <p>To reuse the tickets (a line's {@code signal} makes a new one per store), each round moves
 * the words back to 0 after the completions and waits for sequence 1 again; the engine only
 * compares words with targets, so it sees a fresh landing every round. The hand-offs' owner is
 * the benchmark thread: the engine's unpark only sets its permit, without the futex wake a parked
 * waiter would cost (that is the blocking path's, measured by {@code gar bench}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class EngineDoWork {
    static final int PENDING = 1024;

    private WaitEngine engine;
    private ManualDevice device;
    private Line<Object> line;
    private final Ticket[] tickets = new Ticket[PENDING];
    private final HandOff[] handOffs = new HandOff[PENDING];
    private final long[] wordAddresses = new long[Slot.COUNT];

    @Setup
    public void setUp() {
        engine = new WaitEngine(EngineSettings.DEFAULTS.withHandOffCapacity(PENDING), () -> { });
        device = new ManualDevice();
        line = MappedLine.open(device, (reason, l, address, bytes) -> { });
        for (int s = 0; s < Slot.COUNT; s++) {
            wordAddresses[s] = line.deviceAddress(ManualDevice.STREAM, Slot.of(s));
        }
        for (int i = 0; i < PENDING; i++) {
            tickets[i] = new Ticket(line, Slot.of(i % Slot.COUNT), 1);
            handOffs[i] = new HandOff(Thread.currentThread());
        }
    }

    @TearDown
    public void tearDown() {
        engine.close();
        engine.doWork(System.nanoTime());
        line.close();
    }

    @Benchmark
    @OperationsPerInvocation(PENDING)
    public int landAllAtOnce() {
        for (int i = 0; i < PENDING; i++) {
            if (!engine.handOff(handOffs[i], tickets[i])) {
                throw new IllegalStateException("the engine refused hand-off " + i);
            }
        }
        int taken = engine.doWork(System.nanoTime());
        for (long address : wordAddresses) {
            device.storeNow(address, 1);
        }
        int completed = engine.doWork(System.nanoTime());
        for (int i = 0; i < PENDING; i++) {
            if (!handOffs[i].isLanded()) {
                throw new IllegalStateException("hand-off " + i + " did not land: taken " + taken + ", completed " + completed);
            }
        }
        for (long address : wordAddresses) {
            device.storeNow(address, 0);
        }
        return completed;
    }
}
