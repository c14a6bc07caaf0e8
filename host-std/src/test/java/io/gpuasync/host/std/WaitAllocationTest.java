package io.gpuasync.host.std;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a wait allocates on the waiting thread, counted by the thread's own allocation counter
 * around the wait alone (the simulated device's thread allocates its queue entries, which a GPU
 * does not, and is not counted).
 */
class WaitAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static final int WAITS = 3_000;
    private static final int WARM_UP = 1_000;

    /** What one wait allocates: queue device work and a signal, then measure {@code wait} alone. */
    @FunctionalInterface
    private interface MeasuredWait {
        long bytes(Reactor reactor, Ticket ticket);
    }

    /**
     * Bytes allocated by each of {@link #WAITS} waits after {@link #WARM_UP}, on
     * {@code workNanos} of work each.
     */
    private static long[] allocatedOverWaits(long workNanos, MeasuredWait wait) {
        return allocatedOverWaits(workNanos, BlockingMode.ADAPTIVE, wait);
    }

    private static long[] allocatedOverWaits(long workNanos, BlockingMode mode, MeasuredWait wait) {
        SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
        try (Reactor reactor = Reactor.builder().backend(sim).blockingMode(mode).build();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {
            long[] bytes = new long[WAITS];
            for (int i = 0; i < WARM_UP + WAITS; i++) {
                stream.busy(Duration.ofNanos(workNanos));
                long allocated = wait.bytes(reactor, line.signal(stream, Slot.S0));
                if (i >= WARM_UP) {
                    bytes[i - WARM_UP] = allocated;
                }
            }
            return bytes;
        }
    }

    /**
     * Every wait allocates 0 bytes but for a rare one: here 2 of 3000 did (88 and 304 bytes,
     * about 1000 waits apart, the same in three runs), which is not yet traced to its source (a
     * deoptimization materializing objects, or something the JDK does every so many parks, are
     * the suspects). A wait path that allocated would show in every wait: more than 10 of 3000
     * fails, which leaves room for a busier machine's extra recompilations.
     */
    @Test
    void aBlockingWaitAllocatesNothingInSteadyState() {
        // Short work, so each wait parks, spins and backs off for real.
        long[] bytes = allocatedOverWaits(30_000, (reactor, ticket) -> {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            reactor.await(ticket);
            return THREADS.getCurrentThreadAllocatedBytes() - before;
        });
        long allocating = java.util.Arrays.stream(bytes).filter(b -> b != 0).count();
        long total = java.util.Arrays.stream(bytes).sum();
        System.out.printf("blocking wait: %d of %d waits allocated, %d bytes in all%n", allocating, WAITS, total);
        assertTrue(allocating <= 10, allocating + " of " + WAITS + " blocking waits allocated, " + total + " bytes in all");
    }

    /**
     * A waiter that hands its sleep to the engine reuses its one record from wait to wait: the
     * engine lets go of it before it wakes the waiter.
     */
    @Test
    void aHandedOffBlockingWaitAllocatesNothingInSteadyState() {
        long[] bytes = allocatedOverWaits(30_000, BlockingMode.HAND_OFF, (reactor, ticket) -> {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            reactor.await(ticket);
            return THREADS.getCurrentThreadAllocatedBytes() - before;
        });
        long allocating = java.util.Arrays.stream(bytes).filter(b -> b != 0).count();
        long total = java.util.Arrays.stream(bytes).sum();
        System.out.printf("handed-off wait: %d of %d waits allocated, %d bytes in all%n", allocating, WAITS, total);
        assertTrue(allocating <= 10, allocating + " of " + WAITS + " handed-off waits allocated, " + total + " bytes in all");
    }

    /**
     * The flight recorder's wait event, disabled in a running recording (JFR has instrumented the
     * event class by then), adds no allocation to the wait path: the same bound as without JFR.
     */
    @Test
    void aBlockingWaitAllocatesNothingWhileARecordingRunsWithoutTheWaitEvent() {
        try (jdk.jfr.Recording recording = new jdk.jfr.Recording()) {
            recording.enable("jdk.ThreadPark");
            recording.disable(WaitEvent.NAME);
            recording.start();
            long[] bytes = allocatedOverWaits(30_000, (reactor, ticket) -> {
                long before = THREADS.getCurrentThreadAllocatedBytes();
                reactor.await(ticket);
                return THREADS.getCurrentThreadAllocatedBytes() - before;
            });
            long allocating = java.util.Arrays.stream(bytes).filter(b -> b != 0).count();
            long total = java.util.Arrays.stream(bytes).sum();
            System.out.printf("blocking wait, recording without the wait event: %d of %d waits allocated, %d bytes in all%n",
                    allocating, WAITS, total);
            assertTrue(allocating <= 10, allocating + " of " + WAITS + " blocking waits allocated, " + total + " bytes in all");
        }
    }

    @Test
    void anAsyncWaitAllocatesLittleMoreThanItsFuture() {
        long total = java.util.Arrays.stream(allocatedOverWaits(10_000, (reactor, ticket) -> {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            CompletableFuture<Ticket> future = reactor.whenLanded(ticket);
            long bytes = THREADS.getCurrentThreadAllocatedBytes() - before;
            future.join();
            return bytes;
        })).sum();
        // The future is the wait's one record: a 12-byte header, its result and stack fields,
        // the ticket, the start time, the watchdog's next look, and its hold on the capacity
        // (the counter and the flag): 48 bytes with compressed pointers.
        double perWait = (double) total / WAITS;
        System.out.printf("async wait: %.1f bytes allocated per whenLanded%n", perWait);
        assertTrue(perWait <= 48.5, "an async wait allocated " + perWait + " bytes on average");
    }
}
