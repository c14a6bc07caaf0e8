package io.gpuasync.host.std;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.module.ModuleReader;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    private static final long LONG_WORK_NANOS = 2_000_000;

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
        try (Reactor reactor = Reactor.builder().blockingMode(mode).build();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {
            long[] bytes = new long[WAITS];
            for (int i = 0; i < WARM_UP + WAITS; i++) {
                // Every tenth warm-up wait has work long enough to park, so the parking path's
                // one-off linking happens before the counted waits, however busy the machine.
                boolean parks = i < WARM_UP && i % 10 == 0;
                stream.busy(Duration.ofNanos(parks ? LONG_WORK_NANOS : workNanos));
                long allocated = wait.bytes(reactor, line.signal(stream, Slot.S0));
                if (i >= WARM_UP) {
                    bytes[i - WARM_UP] = allocated;
                }
            }
            return bytes;
        }
    }

    /** A blocking wait's own allocation, counted on the waiting thread around {@code await} alone. */
    private static final MeasuredWait BLOCKING_AWAIT = (reactor, ticket) -> {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        reactor.await(ticket);
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    };

    /** Passes of {@link #WAITS} waits a steady-state check may take; see {@link #assertNoWaitAllocates}. */
    private static final int PASSES = 3;

    /**
     * Fails unless one pass of {@link #WAITS} waits after the warm-up has no wait that allocated.
     * A path that allocates on every wait, or on every n-th, allocates in every pass; HotSpot's
     * one-off work on the thread whose call makes a method due for compilation (its class's
     * String constants resolved, its signature's classes loaded) lands in one wait of one pass,
     * so a pass with none is the steady state.
     */
    private static void assertNoWaitAllocates(String what, java.util.function.Supplier<long[]> pass) {
        StringBuilder passes = new StringBuilder();
        for (int i = 1; i <= PASSES; i++) {
            String allocating = allocatingWaits(pass.get());
            System.out.printf("%s, pass %d: allocating waits of %d:%s%n", what, i, WAITS,
                    allocating.isEmpty() ? " none" : allocating);
            if (allocating.isEmpty()) {
                return;
            }
            passes.append(" pass ").append(i).append(":").append(allocating);
        }
        throw new AssertionError(what + " allocated in every one of " + PASSES + " passes:" + passes);
    }

    @Test
    void aBlockingWaitAllocatesNothingInSteadyState() {
        resolveWhatAFirstCompilationWould();
        // Short work, so each wait parks, spins and backs off for real.
        assertNoWaitAllocates("blocking wait", () -> allocatedOverWaits(30_000, BLOCKING_AWAIT));
    }

    private static String allocatingWaits(long[] bytes) {
        StringBuilder allocating = new StringBuilder();
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != 0) {
                allocating.append(" wait ").append(i).append(": ").append(bytes[i]).append(" B;");
            }
        }
        return allocating.toString();
    }

    /**
     * What HotSpot's compile broker does on the calling thread before a method's first C2
     * compilation, done here for every class a blocking wait runs through: each String
     * constant of the class is resolved (interned into its constant pool's cache, what
     * {@code ConstantPool::resolve_string_constants} does) and the classes its methods name are
     * loaded ({@code Method::load_signature_classes}). Nothing else: a wait that allocates for
     * any other reason still fails the test. It happens once per class in a JVM's life, whichever
     * thread calls first, so doing it before measuring keeps it out of the counted waits.
     */
    //
    // Through reflection: javac's --release refuses to export JDK internals at compile time; the
    // surefire argLine exports jdk.internal.access and jdk.internal.reflect to this module.
    private static void resolveWhatAFirstCompilationWould() {
        Set<String> jdkPackages = Set.of("java.lang", "java.lang.invoke", "java.lang.ref", "java.util",
                "java.util.concurrent", "java.util.concurrent.atomic", "java.util.concurrent.locks", "jdk.internal.misc",
                "jdk.internal.vm", "jdk.internal.event");
        try {
            Object lang = Class.forName("jdk.internal.access.SharedSecrets").getMethod("getJavaLangAccess").invoke(null);
            Method poolOf = Class.forName("jdk.internal.access.JavaLangAccess").getMethod("getConstantPool", Class.class);
            Class<?> poolType = Class.forName("jdk.internal.reflect.ConstantPool");
            Method size = poolType.getMethod("getSize");
            Method tagAt = poolType.getMethod("getTagAt", int.class);
            Method stringAt = poolType.getMethod("getStringAt", int.class);
            Object stringTag = Enum.valueOf(Class.forName("jdk.internal.reflect.ConstantPool$Tag").asSubclass(Enum.class), "STRING");
            int resolved = 0;
            for (String name : List.of("io.gpuasync.core", "io.gpuasync.api", "io.gpuasync.spi", "io.gpuasync.engine", "io.gpuasync.host.std",
                    "io.gpuasync.backend.sim", "java.base")) {
                boolean jdk = name.equals("java.base");
                Module module = ModuleLayer.boot().findModule(name).orElseThrow();
                try (ModuleReader reader = ModuleLayer.boot().configuration().findModule(name).orElseThrow().reference().open();
                     Stream<String> entries = reader.list()) {
                    for (String entry : entries.filter(e -> e.endsWith(".class") && !e.endsWith("module-info.class")).toList()) {
                        String className = entry.substring(0, entry.length() - 6).replace('/', '.');
                        if (jdk && !jdkPackages.contains(className.substring(0, className.lastIndexOf('.')))) {
                            continue;
                        }
                        Class<?> type;
                        try {
                            type = Class.forName(module, className);
                        } catch (LinkageError notLoadable) {
                            continue;
                        }
                        if (type == null) {
                            continue;
                        }
                        try {
                            type.getDeclaredMethods();
                        } catch (LinkageError signatureNotLoadable) {
                            // A JDK class naming a class of a module not in this layer.
                        }
                        Object pool = poolOf.invoke(lang, type);
                        if (pool == null) {
                            continue;
                        }
                        int entriesInPool = (int) size.invoke(pool);
                        for (int i = 1; i < entriesInPool; i++) {
                            if (tagAt.invoke(pool, i) == stringTag) {
                                stringAt.invoke(pool, i);
                                resolved++;
                            }
                        }
                    }
                }
            }
            System.out.printf("resolved %d String constants of the wait path's classes%n", resolved);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("the JDK's constant pool access changed: " + e, e);
        }
    }

    /**
     * A waiter that hands its sleep to the engine reuses its one record from wait to wait: the
     * engine lets go of it before it wakes the waiter.
     */
    @Test
    void aHandedOffBlockingWaitAllocatesNothingInSteadyState() {
        resolveWhatAFirstCompilationWould();
        assertNoWaitAllocates("handed-off wait", () -> allocatedOverWaits(30_000, BlockingMode.HAND_OFF, BLOCKING_AWAIT));
    }

    /**
     * The flight recorder's wait event, disabled in a running recording (JFR has instrumented the
     * event class by then), adds no allocation to the wait path.
     */
    @Test
    void aBlockingWaitAllocatesNothingWhileARecordingRunsWithoutTheWaitEvent() {
        resolveWhatAFirstCompilationWould();
        try (jdk.jfr.Recording recording = new jdk.jfr.Recording()) {
            recording.enable("jdk.ThreadPark");
            recording.disable(WaitEvent.NAME);
            recording.start();
            assertNoWaitAllocates("blocking wait, recording without the wait event",
                    () -> allocatedOverWaits(30_000, BLOCKING_AWAIT));
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
