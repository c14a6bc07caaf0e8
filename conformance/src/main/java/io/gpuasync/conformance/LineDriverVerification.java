package io.gpuasync.conformance;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Sequences;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.LeakReporter;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineRule;
import io.gpuasync.spi.MappedLine;
import io.gpuasync.spi.StoreWaits;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.IntUnaryOperator;
import java.util.stream.Collectors;

/**
 * The rules every backend's driver must keep, as jqwik properties. A backend's test subclasses
 * this with factories for its driver, its domains, its streams and work of a given duration, and
 * runs it like any other test class:
 * <pre>{@code
 * class MyBackendConformanceTest extends LineDriverVerification<MyStream, MyDomain> {
 *     protected LineDriver<MyStream, MyDomain> driver() { return myBackend.driver(); }
 *     protected void makeCurrent(int domain) { myBackend.device(domain).makeCurrent(); }
 *     protected MyStream newStream(int domain) { return myBackend.device(domain).createStream(); }
 *     protected void closeStream(MyStream stream) { stream.close(); }
 *     protected void enqueueWork(MyStream stream, Duration d) { stream.busy(d); }
 * }
 * }</pre>
 *
 * <p>Each property's name carries its rule from the one catalogue, {@link LineRule}:
 * {@code required_line06_...} checks {@code line06}, and every failure starts with the id of the
 * rule broken ({@code line06: freed a page ...}), whatever property found it. A property that
 * needs a {@link Capability} the subclass does not declare in {@link #capabilities()} (a second
 * domain, failing a domain on purpose, a device-side wait) is reported as skipped with the reason.
 *
 * <p>The lines under test are real {@link MappedLine}s over the subclass's driver, seen through
 * a recorder that checks the driver's side of every call, for every line: its page freed before
 * its own domain reference is released, each once; nothing freed under a pending store or wait;
 * every settle answering, and answering by its deadline. A watcher reads every word of every
 * open line continuously and fails the property if one ever moves back. Every property runs on a
 * thread of its own under {@link #propertyDeadline()}, so a driver call that never returns fails
 * that property, naming its rule, instead of hanging the run; and every line is opened with
 * {@link #settleBound()}, so a settle that does not answer leaves its line leaked, which the
 * recorder reports as {@code line15}. Where a rule is about when a store landed, the property
 * queues a marker store into another line right behind the work the store must follow, and the
 * watcher checks on every look that the store is never seen before its marker: the device's own
 * order of stores is the clock. After every property each domain it did not fail on purpose is
 * asked for its health through a fresh line, so a device that faulted on a freed page is seen.
 *
 * @param <S> the backend's stream type
 * @param <D> the backend's domain type
 */
public abstract class LineDriverVerification<S, D> {
    /** Work long enough that a store queued behind it cannot have landed a moment later. */
    protected static final Duration LONG_WORK = Duration.ofMillis(100);

    /**
     * Whether work of {@code duration}, queued at {@code queuedAt} ({@link System#nanoTime()}
     * before the enqueue), is certainly still running, so a store behind it cannot have landed.
     * Read a ticket before asking: where the suite's own thread was held up that long (a loaded
     * machine), a store seen landed proves nothing, and the look is not counted against the driver.
     */
    private static boolean stillRunning(long queuedAt, Duration duration) {
        return System.nanoTime() - queuedAt < duration.toNanos();
    }

    /** The driver under test. Called once per property try. */
    protected abstract LineDriver<S, D> driver();

    /** Makes domain {@code index} (0 to {@link #domains()} - 1) current on the calling thread. */
    protected abstract void makeCurrent(int index);

    /** A new stream of domain {@code index}. */
    protected abstract S newStream(int index);

    /** Closes a stream from {@link #newStream} (after its work ran). */
    protected abstract void closeStream(S stream);

    /** Queues on {@code stream} work that keeps the device busy for {@code duration}. */
    protected abstract void enqueueWork(S stream, Duration duration);

    /**
     * What the backend can do beyond the required rules. A property that needs a capability
     * not declared here is reported as skipped, with the reason. The default: none.
     */
    protected Set<Capability> capabilities() {
        return Set.of();
    }

    // Whether a stream can be held at a gate: a device-side wait for a store the suite queues later.
    private boolean gates() {
        return capabilities().containsAll(Set.of(Capability.DEVICE_SIDE_WAIT, Capability.WAIT_AHEAD_OF_STORE));
    }

    /** How many domains the backend can make current ({@link Capability#MANY_DOMAINS}: at least 2). */
    protected int domains() {
        return 1;
    }

    /** {@link Capability#FAIL_DOMAIN}: fails domain {@code index} for good, as a device fault would. */
    protected void failDomain(int index) {
        throw new UnsupportedOperationException("failDomain is declared by capability FAIL_DOMAIN");
    }

    /**
     * Never called by the suite: device-side waits are queued through the line
     * ({@link MappedLine#waitOnDevice}, which calls {@link LineDriver#waitValue}), so that they
     * are held to the line's rules. Kept so that subclasses that override it still compile.
     */
    protected void enqueueWaitValue(S stream, long address, long value) {
        throw new UnsupportedOperationException("device-side waits go through MappedLine.waitOnDevice");
    }

    /**
     * {@link Capability#REFERENCE_COUNT}: how many references domain {@code index} holds now,
     * as the backend counts them (a CUDA primary context's retain count). Where declared, every
     * retain and release is checked against it as it happens, and each property's counts must
     * end where they began, on every domain.
     */
    protected int domainReferences(int index) {
        throw new UnsupportedOperationException("domainReferences is declared by capability REFERENCE_COUNT");
    }

    /**
     * {@link Capability#PAGE_COUNT}: how many pages domain {@code index} has allocated and not
     * freed, as the backend counts them. Where declared, every free is checked against it as it
     * returns: a page still counted then would be freed later, perhaps after its domain is gone.
     */
    protected int hostPages(int index) {
        throw new UnsupportedOperationException("hostPages is declared by capability PAGE_COUNT");
    }

    /**
     * {@link Capability#FAULT_INJECTION}: makes the backend's own next {@code call} (on this
     * thread) do part of its work and then fail with a nonzero vendor status, as a vendor call
     * that fails halfway would, so that the driver's own failure path runs: a retain that took
     * its reference, an allocation that allocated, a store that was queued.
     */
    protected void failInside(DriverCall call) {
        throw new UnsupportedOperationException("failInside is declared by capability FAULT_INJECTION");
    }

    /**
     * {@link Capability#NO_CURRENT_DOMAIN}: leaves the calling thread with no domain current, as
     * a thread starts in CUDA or HIP before it makes a context or device current.
     */
    protected void clearCurrent() {
        throw new UnsupportedOperationException("clearCurrent is declared by capability NO_CURRENT_DOMAIN");
    }

    /**
     * How long a line opened by the suite waits for its settle before it keeps its page as
     * leaked: short, so that a settle that does not answer costs seconds, not the run. 2 s, or
     * the milliseconds in the system property {@code gar.conformance.settleMillis}.
     */
    protected Duration settleBound() {
        return Duration.ofMillis(Long.getLong("gar.conformance.settleMillis", 2_000));
    }

    /**
     * How long one property try may run before it fails as hung, naming its rule: 60 s, or the
     * seconds in the system property {@code gar.conformance.deadlineSeconds}. It only stops a
     * run that would otherwise never end; no rule is a claim about speed.
     */
    protected Duration propertyDeadline() {
        return Duration.ofSeconds(Long.getLong("gar.conformance.deadlineSeconds", 60));
    }

    /**
     * How long something that must happen (a store landing, a failed device being reported) may
     * take before the suite calls it hung: 20 s, well past any work the suite queues.
     */
    protected Duration patience() {
        return Duration.ofSeconds(20);
    }

    /**
     * Whether this backend's driver offers its own wait for stores ({@link Capability#STORE_WAITS}):
     * asked of the driver, so never wrong. A driver that cannot be made (its vendor library is
     * missing) counts as offering one: the properties then fail or skip as every other does there.
     */
    boolean driverWaitsForStores() {
        try {
            return driver().storeWaits() != null;
        } catch (RuntimeException | Error unavailable) {
            return true;
        }
    }

    private OptionalInt references(int index) {
        return capabilities().contains(Capability.REFERENCE_COUNT) ? OptionalInt.of(domainReferences(index)) : OptionalInt.empty();
    }

    // ------------------------------------------------------------------ plumbing

    /** One property try's world: the recorder, the watcher, and what to close afterwards. */
    private final class World implements AutoCloseable {
        final RecordingDriver<S, D> driver;
        final List<String> leaks = new CopyOnWriteArrayList<>();
        final List<MappedLine<S, D>> lines = new ArrayList<>();
        final Set<Line<S>> leakExpected = new HashSet<>();
        final Map<Line<S>, Long> pageOf = new HashMap<>();
        final List<S> streams = new ArrayList<>();
        final int[] referencesBefore;
        final WordWatcher watcher = new WordWatcher();
        // Domains a property failed on purpose: every other one must still be healthy at the end.
        final Set<Integer> failed = new HashSet<>();

        World() {
            boolean counts = capabilities().contains(Capability.REFERENCE_COUNT);
            boolean pageCounts = capabilities().contains(Capability.PAGE_COUNT);
            IntUnaryOperator refs = counts ? LineDriverVerification.this::domainReferences : null;
            IntUnaryOperator pages = pageCounts ? LineDriverVerification.this::hostPages : null;
            driver = new RecordingDriver<>(driver(), refs, pages);
            // Made current first, each once on this thread: making a context current may itself
            // take a reference.
            int domainCount = capabilities().contains(Capability.MANY_DOMAINS) ? domains() : 1;
            for (int i = domainCount - 1; i >= 0; i--) {
                makeCurrent(i);
            }
            referencesBefore = new int[domainCount];
            for (int i = 0; i < domainCount; i++) {
                referencesBefore[i] = counts ? domainReferences(i) : 0;
            }
        }

        MappedLine<S, D> open(int domain) {
            makeCurrent(domain);
            return openWithCurrent(domain);
        }

        /**
         * A line opened with whatever domain the calling thread has current, which the caller
         * says is {@code domain}: the recorder counts its references there.
         */
        MappedLine<S, D> openWithCurrent(int domain) {
            driver.opening(domain);
            MappedLine<S, D> line = MappedLine.open(driver, (LeakReporter) (reason, name, address, bytes) ->
                    leaks.add(reason + " " + name), NanoClock.SYSTEM, settleBound());
            lines.add(line);
            pageOf.put(line, line.words().address());
            watcher.watch(line);
            return line;
        }

        /** Fails domain {@code index} on purpose ({@link Capability#FAIL_DOMAIN}). */
        void fail(int index) {
            failed.add(index);
            failDomain(index);
        }

        /**
         * Notes that {@code later} must never be seen true while {@code earlier} is false: the
         * watcher looks at both continuously (later first, so a store that landed before the one
         * it should follow is caught while the other is still pending), and so does every
         * {@link #awaitLanded} of this property.
         */
        void before(BooleanSupplier earlier, BooleanSupplier later, LineRule rule, String what) {
            watcher.order(earlier, later, rule, what);
        }

        /** A line this property means to leave leaked: its page and reference are not expected back. */
        void expectLeak(Line<S> line) {
            leakExpected.add(line);
        }

        S stream(int domain) {
            S stream = newStream(domain);
            streams.add(stream);
            return stream;
        }

        @Override
        public void close() {
            watcher.stop();
            Throwable failure = null;
            for (Line<S> line : lines) {
                try {
                    line.close();
                } catch (RuntimeException | Error e) {
                    if (failure == null) {
                        failure = e;
                    }
                    driver.violation(LineRule.LEAK_KEPT_AND_REPORTED, "closing " + line + " threw " + e);
                }
            }
            for (S stream : streams) {
                closeStream(stream);
            }
            probeHealth();
            makeCurrent(0);
            checkSettlesAnswered();
            for (MappedLine<S, D> line : lines) {
                checkClosed(line);
            }
            driver.checkEveryLine(page -> lines.stream().anyMatch(l -> pageOf.get(l) == page && l.state() == Line.State.LEAKED));
            // Whatever the capabilities: what the driver handed out came back, but for leaked lines.
            long leaked = lines.stream().filter(l -> l.state() == Line.State.LEAKED).count();
            if (driver.unreleased() != leaked || driver.livePages() != leaked) {
                driver.violation(LineRule.RELEASED_ONCE, driver.unreleased() + " domain references and " + driver.livePages()
                        + " pages kept after closing every line, " + leaked + " of them leaked");
            }
            if (leaked == 0) {
                for (int i = 0; i < referencesBefore.length; i++) {
                    OptionalInt now = references(i);
                    if (now.isPresent() && now.getAsInt() != referencesBefore[i]) {
                        driver.violation(LineRule.RELEASED_ONCE, "after every line closed, domain " + i + " counts "
                                + now.getAsInt() + " references, not " + referencesBefore[i]);
                    }
                }
            }
            check();
            if (failure != null) {
                throw new AssertionError(LineRule.LEAK_KEPT_AND_REPORTED.broken("closing a line threw " + failure), failure);
            }
        }

        // Every domain the property did not fail on purpose must still be healthy once its lines
        // closed: a device that touched a page after it was freed (a store or a wait the settle
        // did not cover) faults, and where the backend tells a fault, a line opened now says so.
        private void probeHealth() {
            driver.stopFailing();
            for (int d = 0; d < referencesBefore.length; d++) {
                if (failed.contains(d)) {
                    continue;
                }
                makeCurrent(d);
                driver.opening(d);
                MappedLine<S, D> probe;
                try {
                    probe = MappedLine.open(driver, (reason, name, address, bytes) -> { }, NanoClock.SYSTEM, settleBound());
                } catch (GpuException e) {
                    driver.violation(LineRule.NO_FREE_UNDER_WORK, "domain " + d + ", which nothing failed on purpose, could "
                            + "not open a line once the property's lines closed (" + e.kind() + "/" + e.status()
                            + "): did the device touch a page after it was freed?");
                    continue;
                }
                try {
                    probe.checkHealth();
                } catch (GpuException e) {
                    driver.violation(LineRule.NO_FREE_UNDER_WORK, "domain " + d + ", which nothing failed on purpose, reports "
                            + e.kind() + "/" + e.status() + " once the property's lines closed: did the device touch a page "
                            + "after it was freed?");
                } finally {
                    probe.close();
                }
            }
        }

        private void checkSettlesAnswered() {
            int running;
            try {
                // A driver that honours its deadline has answered by now; one that waits for the
                // device unbounded (cuCtxSynchronize) answers once the work is done.
                running = driver.awaitSettles(patience().toNanos());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (running > 0) {
                driver.violation(LineRule.SETTLE_BOUNDED, running + " settle call(s) had not answered " + patience()
                        + " after their lines were closed");
            }
        }

        private void checkClosed(MappedLine<S, D> line) {
            try {
                line.reached(Slot.S0, 1);
                driver.violation(LineRule.HOST_VIEW_RETIRED, "a closed line still read its page");
            } catch (GpuException expected) {
                if (expected.kind() != GpuException.Kind.CLOSED) {
                    driver.violation(LineRule.HOST_VIEW_RETIRED, "reading a closed line failed as " + expected.kind());
                }
            }
            if (leakExpected.contains(line) || line.state() == Line.State.CLOSED) {
                return;
            }
            if (line.state() != Line.State.LEAKED) {
                driver.violation(LineRule.LEAK_KEPT_AND_REPORTED, line + " was left " + line.state() + " by its close");
                return;
            }
            String leak = leaks.stream().filter(l -> l.endsWith(" " + line.toString().replaceFirst(" \\(.*", "")))
                    .findFirst().orElse(String.valueOf(leaks));
            if (leak.startsWith(LeakReporter.Reason.SETTLE_TIMED_OUT.name())) {
                driver.violation(LineRule.SETTLE_BOUNDED, "settle did not answer within the line's bound (" + settleBound()
                        + ") on a healthy domain with " + LONG_WORK + " of work at most: " + line + " was leaked");
            } else if (leak.startsWith(LeakReporter.Reason.SETTLE_FAILED.name())) {
                driver.violation(LineRule.SETTLE_WAITS, "settle answered false on a healthy domain: " + line + " was leaked");
            } else {
                driver.violation(LineRule.RELEASED_ONCE, line + " ended " + line.state() + " on a healthy domain: " + leak);
            }
        }

        void requireReferences(int index, int expected, String when) {
            requireReferences(LineRule.RELEASED_ONCE, index, expected, when);
        }

        void requireReferences(LineRule rule, int index, int expected, String when) {
            OptionalInt now = references(index);
            if (now.isPresent()) {
                require(now.getAsInt() == expected, rule, when + ", domain " + index + " counts "
                        + now.getAsInt() + " references, not " + expected);
            }
        }

        void check() {
            List<String> violations = new ArrayList<>(driver.violations());
            violations.addAll(watcher.violations);
            if (!violations.isEmpty()) {
                throw new AssertionError(String.join("\n", violations) + "\ncalls: " + driver.events);
            }
        }
    }

    /**
     * Reads every word of every line it watches, over and over, on a thread of its own while the
     * property runs, and notes any word that moves back: a final count cannot see a word that
     * went back for a moment and forward again. It samples, so two reads may straddle stores it
     * never saw: a pair {@link #UNORDERABLE} or more apart (line20 jumps by almost 2^63) cannot be
     * told from a move back by wrap-safe arithmetic, and is not judged.
     */
    private static final class WordWatcher {
        /** How far apart two reads may be and still be ordered: a quarter of the sequence space. */
        static final long UNORDERABLE = 1L << 62;

        /** A pair that must be seen in order: {@code later} true only once {@code earlier} is. */
        private record Order(BooleanSupplier earlier, BooleanSupplier later, LineRule rule, String what) {
        }

        final List<String> violations = new CopyOnWriteArrayList<>();
        private final List<Order> orders = new CopyOnWriteArrayList<>();
        private final List<HostLine<?>> lines = new CopyOnWriteArrayList<>();
        private final Map<HostLine<?>, long[]> seen = new java.util.concurrent.ConcurrentHashMap<>();
        private volatile boolean stopped;
        private Thread thread;

        synchronized void watch(HostLine<?> line) {
            long[] words = new long[Slot.COUNT];
            for (Slot slot : Slot.values()) {
                words[slot.ordinal()] = line.words().getAcquire(slot);
            }
            seen.put(line, words);
            lines.add(line);
            if (thread == null) {
                thread = Thread.ofPlatform().daemon().name("conformance-word-watcher").start(this::run);
            }
        }

        synchronized void order(BooleanSupplier earlier, BooleanSupplier later, LineRule rule, String what) {
            orders.add(new Order(earlier, later, rule, what));
            if (thread == null) {
                thread = Thread.ofPlatform().daemon().name("conformance-word-watcher").start(this::run);
            }
        }

        /** Checks every pair once: a pair whose later side was seen true is settled, either way. */
        void checkOrders() {
            synchronized (orders) {
                checkOrdersLocked();
            }
        }

        private void checkOrdersLocked() {
            for (Order order : orders) {
                try {
                    if (order.later().getAsBoolean()) {
                        if (!order.earlier().getAsBoolean()) {
                            violations.add(order.rule().broken(order.what()));
                        }
                        orders.remove(order);
                    }
                } catch (GpuException | IllegalStateException closed) {
                    orders.remove(order);
                }
            }
        }

        private void run() {
            while (!stopped) {
                checkOrders();
                for (HostLine<?> line : lines) {
                    long[] last = seen.get(line);
                    try {
                        for (Slot slot : Slot.values()) {
                            long now = line.words().getAcquire(slot);
                            long moved = Sequences.distance(now, last[slot.ordinal()]);
                            if (moved < 0 && moved > -UNORDERABLE) {
                                violations.add(LineRule.WORD_NEVER_MOVES_BACK.broken("word " + slot.ordinal() + " of " + line
                                        + " moved back from " + last[slot.ordinal()] + " to " + now));
                                if (last[slot.ordinal()] >>> 32 != now >>> 32) {
                                    // Back across a multiple of 2^32: half of a 64-bit store, or a truncated one.
                                    violations.add(LineRule.WHOLE_64_BIT_VALUES.broken("word " + slot.ordinal() + " moved back "
                                            + "from 0x" + Long.toHexString(last[slot.ordinal()]) + " to 0x" + Long.toHexString(now)
                                            + ", across a multiple of 2^32: a store written in two 32-bit halves?"));
                                }
                            }
                            last[slot.ordinal()] = now;
                        }
                    } catch (IllegalStateException closed) {
                        lines.remove(line);
                    }
                }
                // Gives way to the streams on a machine with few cores, and reads on at once when
                // they do not need the core.
                Thread.yield();
            }
        }

        void stop() {
            Thread running;
            synchronized (this) {
                stopped = true;
                running = thread;
            }
            if (running != null) {
                try {
                    running.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** A property's body, run in a world of its own. */
    @FunctionalInterface
    private interface Body<S, D> {
        void run(LineDriverVerification<S, D>.World world) throws Exception;
    }

    /**
     * Runs {@code body} in a fresh world on a thread of its own, under {@link #propertyDeadline()}.
     * Whatever fails is reported under a rule: the rules the recorder or the watcher saw broken,
     * else {@code rule}, the rule this property checks, naming what was thrown.
     */
    private void check(LineRule rule, Body<S, D> body) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        // What the body itself found, kept apart: if closing its world then hangs (a stream held
        // for good by the driver's fault), the deadline's report still says what was seen.
        AtomicReference<Throwable> found = new AtomicReference<>();
        Thread runner = Thread.ofPlatform().daemon().name("conformance-" + rule.id()).start(() -> {
            try (World world = new World()) {
                try {
                    body.run(world);
                } catch (Throwable t) {
                    found.set(t);
                    throw t;
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        try {
            if (!runner.join(propertyDeadline())) {
                StackTraceElement[] stuck = runner.getStackTrace();
                runner.interrupt();
                Throwable seen = found.get();
                String before = seen == null ? "" : "\n" + (seen instanceof AssertionError && startsWithARule(String.valueOf(
                        seen.getMessage())) ? seen.getMessage() : rule.broken("the property failed with " + seen))
                        + "\n(and then closing what it opened did not finish)";
                throw new AssertionError(rule.broken("the property did not finish within " + propertyDeadline()
                        + " (a driver call that never returns?); it was at:\n    " + Arrays.stream(stuck)
                        .map(String::valueOf).collect(Collectors.joining("\n    "))) + before, seen);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(rule.broken("interrupted while waiting for the property"), e);
        }
        Throwable t = failure.get();
        if (t == null) {
            return;
        }
        // The property's own failure first, then what closing its world found (a settle that
        // never answered shows only there): every rule broken is named.
        List<String> broken = new ArrayList<>();
        for (Throwable each : concat(t, t.getSuppressed())) {
            String message = String.valueOf(each.getMessage());
            broken.add(each instanceof AssertionError && startsWithARule(message) ? message
                    : rule.broken("the property failed with " + each));
        }
        AssertionError failed = new AssertionError(String.join("\n", broken), t);
        throw failed;
    }

    private static List<Throwable> concat(Throwable first, Throwable[] more) {
        List<Throwable> all = new ArrayList<>();
        all.add(first);
        all.addAll(Arrays.asList(more));
        return all;
    }

    private static boolean startsWithARule(String message) {
        for (LineRule rule : LineRule.values()) {
            if (message.startsWith(rule.id() + ": ")) {
                return true;
            }
        }
        return false;
    }

    private static void require(boolean condition, LineRule rule, String what) {
        if (!condition) {
            throw new AssertionError(rule.broken(what));
        }
    }

    private void awaitLanded(Ticket ticket, LineRule rule) {
        long deadline = System.nanoTime() + patience().toNanos();
        while (!ticket.isDone()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(rule.broken(ticket + " did not land within " + patience()));
            }
            Thread.onSpinWait();
        }
    }

    @Provide
    Arbitrary<Slot> slots() {
        return Arbitraries.of(Slot.class);
    }

    @Provide
    Arbitrary<DriverCall> driverCalls() {
        return Arbitraries.of(DriverCall.class);
    }

    // ------------------------------------------------------------------ the rules

    /** line01: a fresh line reads 0 in every word, whatever the driver's page held before. */
    @Property(tries = 10)
    public void required_line01_aFreshLineReadsZeroInEveryWord(@ForAll @IntRange(min = 1, max = 4) int lines) {
        check(LineRule.ZEROED, world -> {
            for (int i = 0; i < lines; i++) {
                MappedLine<S, D> line = world.open(0);
                for (Slot slot : Slot.values()) {
                    require(line.words().getAcquire(slot) == 0, LineRule.ZEROED, "slot " + slot + " of a fresh line reads "
                            + line.words().getAcquire(slot));
                }
            }
        });
    }

    /**
     * line02: stores on one stream land in the order they were queued, each behind the work
     * queued before it: while the work runs, none has landed; a later store never lands before
     * an earlier one.
     */
    @Property(tries = 5)
    public void required_line02_storesOnAStreamLandInOrderBehindTheirWork(
            @ForAll @IntRange(min = 2, max = 8) int stores) {
        LineRule rule = LineRule.STORES_IN_ORDER;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S stream = world.stream(0);
            long queuedAt = System.nanoTime();
            enqueueWork(stream, LONG_WORK);
            List<Ticket> tickets = new ArrayList<>();
            for (int i = 0; i < stores; i++) {
                tickets.add(line.signal(stream, Slot.of(i)));
                enqueueWork(stream, Duration.ofNanos(200_000));
            }
            boolean firstLanded = tickets.getFirst().isDone();
            require(!firstLanded || !stillRunning(queuedAt, LONG_WORK), rule,
                    "a store landed while the work queued before it ran");
            long deadline = System.nanoTime() + patience().toNanos();
            while (!tickets.getLast().isDone()) {
                // Read newest first: if a later store is seen, every earlier one must be too.
                for (int later = stores - 1; later > 0; later--) {
                    if (tickets.get(later).isDone()) {
                        for (int earlier = 0; earlier < later; earlier++) {
                            require(tickets.get(earlier).isDone(), rule, "store " + later + " landed before store " + earlier);
                        }
                        break;
                    }
                }
                require(System.nanoTime() - deadline < 0, rule, "the stores did not land within " + patience());
            }
        });
    }

    /**
     * line03: a ticket is done exactly when its store has landed: not before (not while the work
     * queued ahead of it runs), and from then on; the word then reads the ticket's target.
     */
    @Property(tries = 5)
    public void required_line03_aTicketIsDoneExactlyWhenItsStoreLanded(@ForAll("slots") Slot slot) {
        LineRule rule = LineRule.TICKET_DONE_WHEN_LANDED;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S stream = world.stream(0);
            long queuedAt = System.nanoTime();
            enqueueWork(stream, LONG_WORK);
            Ticket ticket = line.signal(stream, slot);
            boolean done = ticket.isDone();
            long word = line.words().getAcquire(slot);
            if (stillRunning(queuedAt, LONG_WORK)) {
                require(!done, rule, "the ticket was done while the work before its store still ran");
                require(word == 0, rule, "the word moved before the store landed");
            }
            awaitLanded(ticket, rule);
            require(line.words().getAcquire(slot) == ticket.target(), rule, "the word reads "
                    + line.words().getAcquire(slot) + " once landed, not the target " + ticket.target());
            require(ticket.isDone(), rule, "a landed ticket stopped being done");
        });
    }

    /** line04: settling waits for every store the line queued, on every stream. */
    @Property(tries = 5)
    public void required_line04_settleWaitsForEveryQueuedStore(
            @ForAll @IntRange(min = 1, max = 3) int streamCount, @ForAll @IntRange(min = 1, max = 6) int storesEach) {
        LineRule rule = LineRule.SETTLE_WAITS;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            List<Ticket> tickets = new ArrayList<>();
            List<S> streams = new ArrayList<>();
            for (int s = 0; s < streamCount; s++) {
                S stream = world.stream(0);
                streams.add(stream);
                enqueueWork(stream, Duration.ofMillis(20));
                for (int i = 0; i < storesEach; i++) {
                    enqueueWork(stream, Duration.ofMillis(1));
                    tickets.add(line.signal(stream, Slot.of(s)));
                }
            }
            @SuppressWarnings("unchecked")
            D domain = (D) world.driver.pages.values().iterator().next().domain;
            require(world.driver.settle(domain, streams, System.nanoTime() + settleBound().toNanos()), rule,
                    "settle reported failure on a healthy domain");
            for (Ticket ticket : tickets) {
                require(ticket.isDone(), rule, "settle returned with " + ticket + " still pending");
            }
        });
    }

    /**
     * line05: a stream of another domain is refused, with {@link GpuException.Kind#FOREIGN_STREAM},
     * for a store (and, with {@link Capability#DEVICE_SIDE_WAIT}, for a device-side wait), and
     * queues nothing. Needs two domains.
     */
    @Property(tries = 3)
    @Needs(Capability.MANY_DOMAINS)
    public void required_line05_aForeignStreamIsRefusedAndQueuesNothing(@ForAll("slots") Slot slot) {
        LineRule rule = LineRule.FOREIGN_STREAM_REFUSED;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S foreign = world.stream(1);
            long writes = world.driver.writes();
            requireForeign(rule, () -> line.signal(foreign, slot), "a store");
            require(world.driver.writes() == writes, rule, "the refused signal queued a store");
            if (capabilities().contains(Capability.DEVICE_SIDE_WAIT)) {
                long waits = world.driver.waits();
                requireForeign(rule, () -> line.waitOnDevice(foreign, slot, 1), "a device-side wait");
                require(world.driver.waits() == waits, rule, "the refused device-side wait was queued");
            }
        });
    }

    private static void requireForeign(LineRule rule, Runnable queue, String what) {
        try {
            queue.run();
            throw new AssertionError(rule.broken(what + " from a stream of domain 1 was accepted by a line of domain 0"));
        } catch (GpuException e) {
            require(e.kind() == GpuException.Kind.FOREIGN_STREAM && e.status() == LineError.FOREIGN_STREAM.status(), rule,
                    what + " was refused as " + e.kind() + "/" + e.status() + ", not FOREIGN_STREAM/-4");
        }
    }

    /**
     * line06: closing a line never frees its page under a pending store: by the time the page is
     * freed, every store queued into it has landed; and the domain is released after the page.
     */
    @Property(tries = 5)
    public void required_line06_closeNeverFreesUnderAPendingStore(@ForAll("slots") Slot slot) {
        LineRule rule = LineRule.NO_FREE_UNDER_WORK;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S stream = world.stream(0);
            enqueueWork(stream, LONG_WORK);
            line.signal(stream, slot);
            enqueueWork(stream, Duration.ofMillis(5));
            line.signal(stream, slot);
            line.close();
            world.check();
            require(line.state() == Line.State.CLOSED, rule, "a line on a healthy domain ended " + line.state());
            List<String> events = List.copyOf(world.driver.events);
            int free = events.indexOf(events.stream().filter(e -> e.startsWith("free")).findFirst()
                    .orElseThrow(() -> new AssertionError(rule.broken("closing freed no page"))));
            int release = events.size() - 1;
            while (release >= 0 && !events.get(release).startsWith("release")) {
                release--;
            }
            require(release > free, rule, "the domain was released before the page was freed: " + events);
        });
    }

    /**
     * line07: every resource acquired is released once: each domain reference, each page; and
     * the backend's own count of references returns to where it was (where it can tell).
     */
    @Property(tries = 10)
    public void required_line07_everyResourceIsReleasedOnce(@ForAll @IntRange(min = 1, max = 5) int lines,
                                                            @ForAll @IntRange(min = 0, max = 3) int signals) {
        LineRule rule = LineRule.RELEASED_ONCE;
        check(rule, world -> {
            int before = world.referencesBefore[0];
            S stream = world.stream(0);
            for (int i = 0; i < lines; i++) {
                MappedLine<S, D> line = world.open(0);
                for (int k = 0; k < signals; k++) {
                    line.signal(stream, Slot.of(k));
                }
            }
            world.requireReferences(0, before + lines, "with " + lines + " lines open");
            int open = lines;
            for (Line<S> line : world.lines) {
                line.close();
                open--;
                world.requireReferences(0, before + open, "one close let go of more than its own: with " + open
                        + " lines still open");
            }
            require(world.driver.unreleased() == 0, rule, world.driver.unreleased() + " domain references kept");
            require(world.driver.livePages() == 0, rule, world.driver.livePages() + " pages kept");
        });
    }

    /** line08: the device address of slot k is the line's base plus 8k, and a store to it moves only word k. */
    @Property(tries = 5)
    public void required_line08_theDeviceAddressOfSlotKIsBasePlus8k(@ForAll("slots") Slot slot) {
        LineRule rule = LineRule.SLOT_ADDRESS;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S stream = world.stream(0);
            long base = world.driver.pages.values().iterator().next().device;
            require(line.deviceAddress(stream, slot) == base + 8L * slot.ordinal(), rule, "slot " + slot.ordinal()
                    + " is at base + " + (line.deviceAddress(stream, slot) - base));
            awaitLanded(line.signal(stream, slot), rule);
            for (Slot other : Slot.values()) {
                long expected = other == slot ? 1 : 0;
                require(line.words().getAcquire(other) == expected, rule, "a store into slot " + slot.ordinal()
                        + " left word " + other.ordinal() + " reading " + line.words().getAcquire(other));
            }
        });
    }

    /** line09: many lines, streams and slots at once do not interfere: each word counts its own stores. */
    @Property(tries = 8)
    public void required_line09_manyLinesAndSlotsDoNotInterfere(
            @ForAll @IntRange(min = 2, max = 4) int lineCount, @ForAll @IntRange(min = 1, max = 3) int streamCount,
            @ForAll @IntRange(min = 1, max = 40) int signals, @ForAll long seed) {
        LineRule rule = LineRule.NO_INTERFERENCE;
        check(rule, world -> {
            List<MappedLine<S, D>> lines = new ArrayList<>();
            List<S> streams = new ArrayList<>();
            for (int i = 0; i < lineCount; i++) {
                lines.add(world.open(0));
            }
            for (int i = 0; i < streamCount; i++) {
                streams.add(world.stream(0));
            }
            long[][] counts = new long[lineCount][Slot.COUNT];
            java.util.Random random = new java.util.Random(seed);
            List<Ticket> tickets = new ArrayList<>();
            for (int i = 0; i < signals; i++) {
                int l = random.nextInt(lineCount);
                // A slot serves one stream at a time: each stream has slots of its own.
                int s = random.nextInt(streamCount);
                Slot slot = Slot.of(s + streamCount * random.nextInt(Slot.COUNT / streamCount));
                enqueueWork(streams.get(s), Duration.ofNanos(50_000));
                tickets.add(lines.get(l).signal(streams.get(s), slot));
                counts[l][slot.ordinal()]++;
            }
            for (Ticket ticket : tickets) {
                awaitLanded(ticket, rule);
            }
            for (int l = 0; l < lineCount; l++) {
                for (Slot slot : Slot.values()) {
                    require(lines.get(l).words().getAcquire(slot) == counts[l][slot.ordinal()], rule, "line " + l
                            + " slot " + slot.ordinal() + " reads " + lines.get(l).words().getAcquire(slot) + " after "
                            + counts[l][slot.ordinal()] + " stores");
                }
            }
        });
    }

    /**
     * line10: a driver call that fails while a line is made leaves nothing of it acquired (the
     * failure injected in front of the driver; {@code line18} injects it inside).
     */
    @Property(tries = 6)
    public void required_line10_aFailingDriverCallLeavesNothingAcquired(@ForAll @IntRange(min = 0, max = 2) int call) {
        LineRule rule = LineRule.FAILED_OPEN_ACQUIRES_NOTHING;
        RecordingDriver.Call failing = RecordingDriver.Call.values()[call];
        check(rule, world -> {
            world.driver.failing.add(failing);
            makeCurrent(0);
            world.driver.opening(0);
            try {
                MappedLine.open(world.driver, (reason, name, address, bytes) -> { });
                throw new AssertionError(rule.broken("a line opened though " + failing + " failed"));
            } catch (GpuException expected) {
                require(expected.status() == 999, rule, "the failure surfaced as " + expected.status() + ", not 999");
            }
            require(world.driver.unreleased() == 0, rule, "a failed " + failing + " kept a domain reference");
            require(world.driver.livePages() == 0, rule, "a failed " + failing + " kept a page");
            world.requireReferences(0, world.referencesBefore[0], "after a failed open");
        });
    }

    /**
     * line11 (failing a domain): a line whose domain failed with stores pending keeps its page and
     * its reference (state LEAKED, the leak reported) instead of freeing them.
     */
    @Property(tries = 1)
    @Needs(Capability.FAIL_DOMAIN)
    public void required_line11_aFailedDomainKeepsThePageRatherThanFreeIt() {
        LineRule rule = LineRule.LEAK_KEPT_AND_REPORTED;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            world.expectLeak(line);
            S stream = world.stream(0);
            enqueueWork(stream, LONG_WORK);
            line.signal(stream, Slot.S0);
            world.fail(0);
            line.close();
            require(line.state() == Line.State.LEAKED, rule, "the line ended " + line.state());
            require(world.driver.livePages() == 1, rule, "the page was freed under a store that never landed");
            require(world.driver.unreleased() == 1, rule, "the domain reference was let go");
            require(world.leaks.size() == 1 && world.leaks.getFirst().startsWith("SETTLE_FAILED"), rule,
                    "leaks reported: " + world.leaks);
        });
    }

    /**
     * line13: a word never moves back, not even for a moment: many stores into one slot, while
     * the recorder's watcher reads the word continuously.
     */
    @Property(tries = 3)
    public void required_line13_aWordNeverMovesBack(@ForAll("slots") Slot slot, @ForAll @IntRange(min = 3, max = 12) int stores) {
        LineRule rule = LineRule.WORD_NEVER_MOVES_BACK;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S stream = world.stream(0);
            Ticket last = null;
            for (int i = 0; i < stores; i++) {
                enqueueWork(stream, Duration.ofMillis(2));
                last = line.signal(stream, slot);
            }
            awaitLanded(last, rule);
            require(line.words().getAcquire(slot) == stores, rule, "the word reads " + line.words().getAcquire(slot)
                    + " after " + stores + " stores landed");
        });
    }

    /**
     * line15: settle is bounded. A line closed while its store cannot land within the line's
     * bound is kept as leaked and reported, and close returns; once the store can land, the
     * driver's settle answers, at the latest within {@link #patience()} (best by its deadline).
     * With {@link Capability#WAIT_AHEAD_OF_STORE} the store is held by a device-side wait on another
     * line's word, stored only after the close, so no work's duration has to be trusted;
     * otherwise it waits behind work of three settle bounds.
     */
    @Property(tries = 1)
    public void required_line15_settleAnswersByItsDeadline() {
        LineRule rule = LineRule.SETTLE_BOUNDED;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            world.expectLeak(line);
            S stream = world.stream(0);
            Runnable letItLand;
            if (gates()) {
                MappedLine<S, D> gate = world.open(0);
                S opener = world.stream(0);
                gate.waitOnDevice(stream, Slot.S0, 1);
                letItLand = () -> gate.signal(opener, Slot.S0);
            } else {
                enqueueWork(stream, settleBound().multipliedBy(3));
                letItLand = () -> { };
            }
            line.signal(stream, Slot.S0);
            line.close();
            require(line.state() == Line.State.LEAKED, rule, "a line whose store could not land within its bound ended "
                    + line.state());
            RecordingDriver.Page page = world.driver.page(line.words().address());
            require(page.frees == 0 && page.releases == 0 && world.driver.isRetained(page.domain), LineRule.LEAK_KEPT_AND_REPORTED,
                    "a line that could not settle gave back its page or its reference");
            require(world.leaks.size() == 1, LineRule.LEAK_KEPT_AND_REPORTED, "leaks reported: " + world.leaks);
            letItLand.run();
            int running = world.driver.awaitSettles(patience().toNanos());
            require(running == 0, rule, "settle had not answered " + patience() + " after the line gave up on it");
        });
    }

    /**
     * line16 (failing a domain): after the backend fails a domain, {@code checkHealth} reports it,
     * so that a wait on its line (polling as a host's watchdog does: the word, then the health)
     * ends with {@link GpuException.Kind#DEVICE_FAILED} and the driver's status within
     * {@link #patience()}, instead of hanging.
     */
    @Property(tries = 1)
    @Needs(Capability.FAIL_DOMAIN)
    public void required_line16_aFailedDomainIsReportedAndItsWaitsEnd() {
        LineRule rule = LineRule.DEVICE_FAILURE_REPORTED;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            world.expectLeak(line);
            S stream = world.stream(0);
            long queuedAt = System.nanoTime();
            enqueueWork(stream, LONG_WORK);
            Ticket ticket = line.signal(stream, Slot.S0);
            line.checkHealth();
            world.fail(0);
            // Only a domain failed while the work ran must never let the store behind it land.
            boolean failedUnderTheWork = stillRunning(queuedAt, LONG_WORK);
            long deadline = System.nanoTime() + patience().toNanos();
            GpuException failed = null;
            while (failed == null) {
                require(!failedUnderTheWork || !ticket.isDone(), rule,
                        "a store queued before the domain failed landed after it");
                try {
                    line.checkHealth();
                } catch (GpuException e) {
                    failed = e;
                }
                require(System.nanoTime() - deadline < 0, rule, "a wait on a line of a failed domain did not end within "
                        + patience() + ": checkHealth kept saying the domain was healthy");
                Thread.onSpinWait();
            }
            require(failed.kind() == GpuException.Kind.DEVICE_FAILED && failed.status() != 0, rule,
                    "the failed domain was reported as " + failed.kind() + "/" + failed.status()
                            + ", not DEVICE_FAILED with the driver's status");
        });
    }

    /**
     * line17 (many domains): a line holds the domain current when it opened, whatever is current
     * later. Lines are opened on every domain, then used and closed with another domain current:
     * each takes its own domain's streams and refuses the others', and each domain's references
     * (where the backend counts them) go up by one per line and back.
     */
    @Property(tries = 2)
    @Needs(Capability.MANY_DOMAINS)
    public void required_line17_aLineHoldsTheDomainCurrentWhenItOpened(@ForAll("slots") Slot slot) {
        LineRule rule = LineRule.EVERY_DOMAIN;
        check(rule, world -> {
            int n = domains();
            List<MappedLine<S, D>> lines = new ArrayList<>();
            for (int d = 0; d < n; d++) {
                lines.add(world.open(d));
                world.requireReferences(rule, d, world.referencesBefore[d] + 1, "with a line opened with it current");
            }
            for (int d = 0; d < n; d++) {
                int other = (d + 1) % n;
                makeCurrent(other);
                S own = world.stream(d);
                Ticket ticket;
                try {
                    ticket = lines.get(d).signal(own, slot);
                } catch (GpuException e) {
                    throw new AssertionError(rule.broken("a line opened with domain " + d + " current refused a stream of "
                            + "domain " + d + " (" + e.kind() + "): it holds another domain"), e);
                }
                awaitLanded(ticket, rule);
                try {
                    lines.get(d).signal(world.stream(other), slot);
                    throw new AssertionError(rule.broken("a line opened with domain " + d + " current took a stream of domain "
                            + other));
                } catch (GpuException e) {
                    require(e.kind() == GpuException.Kind.FOREIGN_STREAM, rule, "a stream of domain " + other
                            + " was refused as " + e.kind() + " by a line of domain " + d);
                }
            }
            for (int d = 0; d < n; d++) {
                makeCurrent((d + 1) % n);
                lines.get(d).close();
                require(lines.get(d).state() == Line.State.CLOSED, rule, "the line of domain " + d + " ended "
                        + lines.get(d).state());
                world.requireReferences(rule, d, world.referencesBefore[d], "after its line closed with domain "
                        + (d + 1) % n + " current");
            }
        });
    }

    /**
     * line18 (fault injection): a driver call that fails after doing part of its work leaves
     * nothing acquired: the driver gives back what it took itself (a reference, a page), the
     * line gives back the rest, a store queued before the failure is still settled, and the
     * failure reaches the caller as the driver's {@link GpuException}.
     */
    @Property(tries = 8)
    @Needs(Capability.FAULT_INJECTION)
    public void required_line18_aCallThatFailsInsideTheDriverLeavesNothingAcquired(@ForAll("driverCalls") DriverCall call) {
        LineRule rule = LineRule.FAILURE_INSIDE_DRIVER;
        check(rule, world -> {
            int pagesBefore = capabilities().contains(Capability.PAGE_COUNT) ? hostPages(0) : 0;
            if (call == DriverCall.WRITE_VALUE) {
                MappedLine<S, D> line = world.open(0);
                S stream = world.stream(0);
                enqueueWork(stream, LONG_WORK);
                failInside(call);
                try {
                    line.signal(stream, Slot.S0);
                    throw new AssertionError(rule.broken("a signal succeeded though its store failed inside the driver"));
                } catch (GpuException expected) {
                    require(expected.kind() == GpuException.Kind.DRIVER_STATUS, rule, "the store's failure surfaced as "
                            + expected.kind());
                }
                awaitLanded(line.signal(stream, Slot.S0), rule);
                line.close();
                require(line.state() == Line.State.CLOSED, rule, "after a failed store the line ended " + line.state());
            } else {
                makeCurrent(0);
                world.driver.opening(0);
                failInside(call);
                try {
                    MappedLine.open(world.driver, (reason, name, address, bytes) -> { }, NanoClock.SYSTEM, settleBound());
                    throw new AssertionError(rule.broken("a line opened though " + call + " failed inside the driver"));
                } catch (GpuException expected) {
                    require(expected.kind() == GpuException.Kind.DRIVER_STATUS, rule, call + "'s failure surfaced as "
                            + expected.kind());
                } catch (RuntimeException | Error other) {
                    throw new AssertionError(rule.broken("opening a line with " + call + " failing inside the driver threw "
                            + other + " instead of the driver's failure"), other);
                }
                world.check();
                require(world.driver.unreleased() == 0, rule, "a failed " + call + " kept a domain reference");
                require(world.driver.livePages() == 0, rule, "a failed " + call + " kept a page the driver handed out");
                world.requireReferences(0, world.referencesBefore[0], "after " + call + " failed inside the driver");
                if (capabilities().contains(Capability.PAGE_COUNT)) {
                    require(hostPages(0) == pagesBefore, rule, "after " + call + " failed inside the driver, domain 0 counts "
                            + hostPages(0) + " pages, not " + pagesBefore);
                }
                // The driver still works after its failure.
                MappedLine<S, D> line = world.open(0);
                awaitLanded(line.signal(world.stream(0), Slot.S1), rule);
            }
        });
    }

    /**
     * line19 (device-side wait): a stream that waits on the device for a line's word runs the
     * work behind its wait only after that word reached the value; and the line settles the
     * waiting stream before its page is freed, even where it queued nothing else on it.
     */
    @Property(tries = 3)
    @Needs(Capability.DEVICE_SIDE_WAIT)
    public void required_line19_aStreamWaitsOnTheDeviceForAWord(@ForAll("slots") Slot watched) {
        LineRule rule = LineRule.DEVICE_SIDE_WAIT;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            MappedLine<S, D> other = world.open(0);
            S producer = world.stream(0);
            S consumer = world.stream(0);
            // The store is queued before the wait (held back by work), as on every property here:
            // where streams share one hardware queue, a wait queued before its store never ends.
            enqueueWork(producer, LONG_WORK);
            Ticket first = line.signal(producer, watched);
            line.waitOnDevice(consumer, watched, 1);
            // Behind the wait, on a line of its own: the waited-on line queued nothing else on it.
            Ticket after = other.signal(consumer, Slot.S0);
            // Read in this order: a store behind the wait seen landed means the watched one had.
            boolean afterLanded = after.isDone();
            boolean watchedLanded = first.isDone();
            require(!afterLanded || watchedLanded, rule, "work behind the device-side wait ran before the word moved");
            awaitLanded(after, rule);
            require(first.isDone(), rule, "the wait let work through before the watched store landed");
            // A wait for a word the device reaches only later, with nothing else of the line's
            // queued on its stream: the close must settle that stream too, past its wait and
            // what was queued behind it (work first, so a settle that stops at the wait's own
            // end is caught every time, not only when the stream is slow to reach the store).
            enqueueWork(producer, LONG_WORK);
            line.signal(producer, watched);
            line.waitOnDevice(consumer, watched, 2);
            enqueueWork(consumer, LONG_WORK);
            Ticket behind = other.signal(consumer, Slot.S1);
            line.close();
            require(line.state() == Line.State.CLOSED, rule, "a line waited on ended " + line.state());
            require(behind.isDone(), rule, "closing the line returned before the stream waiting on its word ran past the "
                    + "wait: the settle left that stream out, and the device may read the page after it is freed");
        });
    }

    // ------------------------------------------------------------------ when, which thread, which domain

    /**
     * Polls {@code condition} until it holds, checking the property's ordered pairs on every
     * look; fails under {@code rule} after {@link #patience()}, saying {@code what} (asked then).
     */
    private void awaitTrue(World world, BooleanSupplier condition, LineRule rule, java.util.function.Supplier<String> what) {
        long deadline = System.nanoTime() + patience().toNanos();
        while (!condition.getAsBoolean()) {
            world.watcher.checkOrders();
            if (System.nanoTime() - deadline > 0) {
                world.watcher.checkOrders();
                throw new AssertionError(rule.broken(what.get() + ", " + patience() + " on"));
            }
            Thread.yield();
        }
        world.watcher.checkOrders();
    }

    /**
     * Whether closed {@code line} kept its page; if it did, ends the device-side wait on it with
     * a driver-level store of {@code value} into {@code slot} from {@code stream}, so that the
     * waiting stream can be closed. A freed page is never stored into.
     */
    private boolean endWaitInKeptPage(World world, MappedLine<S, D> line, S stream, Slot slot, long value)
            throws io.gpuasync.spi.LineException {
        RecordingDriver.Page page = world.driver.page(world.pageOf.get(line));
        if (page.frees != 0) {
            return false;
        }
        world.driver.writeValue(stream, page.device + 8L * slot.ordinal(), value);
        return true;
    }

    /** Runs {@code body} on a platform thread of its own and returns what it threw, or null. */
    private static Throwable onAnotherThread(String name, Runnable body) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread thread = Thread.ofPlatform().daemon().name(name).start(() -> {
            try {
                body.run();
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        thread.join();
        return thrown.get();
    }

    private static void rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    /** 2^32 and 2^63 (as a long, Long.MIN_VALUE): where a 32-bit and a signed 64-bit store wrap. */
    private static final long[] WRAPS = {1L << 32, Long.MIN_VALUE};

    /**
     * line20: values across 2^32 and 2^63. A line starts at 0 and takes few stores, so these are
     * driver-level stores ({@link LineDriver#writeValue}) at the slot's device address, on a
     * stream the line already queued on (so its close settles them), each behind a little work,
     * while the watcher reads the word: each value must land whole (a store truncated to 32
     * bits never reaches 2^32 + 1) and the word never moves back (a store written as two 32-bit
     * halves does, for a moment, at 2^32). With {@link Capability#DEVICE_SIDE_WAIT}, a driver-level
     * wait for 2^32 + 1, queued after the stores up to it (still behind their work), must hold
     * its stream until the word reads that (a 32-bit compare lets it through at once); the wait
     * is not checked across 2^63, where a vendor may compare plainly ({@link LineDriver#waitValue}).
     * No hook is needed: the suite holds the driver.
     */
    @Property(tries = 2)
    public void required_line20_valuesAcross2To32And2To63LandWhole(@ForAll("slots") Slot slot) {
        LineRule rule = LineRule.WHOLE_64_BIT_VALUES;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S stream = world.stream(0);
            awaitLanded(line.signal(stream, slot), rule);
            long address = line.deviceAddress(stream, slot);
            Ticket released = null;
            long waitedFor = WRAPS[0] + 1;
            for (long wrap : WRAPS) {
                for (long value = wrap - 2; value != wrap + 2; value++) {
                    enqueueWork(stream, Duration.ofMillis(1));
                    world.driver.writeValue(stream, address, value);
                }
                if (wrap == WRAPS[0] && capabilities().contains(Capability.DEVICE_SIDE_WAIT)) {
                    // Queued after the stores it waits for, still behind their work: no device
                    // can order it ahead of them (as streams sharing a hardware queue would).
                    // The address handed out for the consumer keeps it in the line's settle. No
                    // wait for a small value: once the word passed 2^63 + 1 a cyclic compare
                    // never finds it reached, and a consumer that started late would hang.
                    MappedLine<S, D> marker = world.open(0);
                    S consumer = world.stream(0);
                    line.deviceAddress(consumer, slot);
                    world.driver.waitValue(consumer, address, waitedFor);
                    Ticket behind = marker.signal(consumer, Slot.S0);
                    released = behind;
                    world.before(() -> Sequences.reached(line.word(slot), waitedFor), behind::isDone, rule,
                            "work behind a device-side wait for 0x" + Long.toHexString(waitedFor) + " ran while the word read"
                                    + " less (the wait compared 32 bits?)");
                }
                long last = wrap + 1;
                long[] seen = {line.word(slot)};
                awaitTrue(world, () -> {
                    long now = line.word(slot);
                    require(Sequences.distance(now, seen[0]) >= 0, rule, "the word moved back from 0x"
                            + Long.toHexString(seen[0]) + " to 0x" + Long.toHexString(now) + " (a store written in two 32-bit "
                            + "halves?)");
                    seen[0] = now;
                    return now == last;
                }, rule, () -> "stores up to 0x" + Long.toHexString(last) + " did not land whole: the word reads 0x"
                        + Long.toHexString(line.word(slot)));
            }
            if (released != null) {
                Ticket behind = released;
                awaitTrue(world, behind::isDone, rule, () -> "work behind a device-side wait for 0x"
                        + Long.toHexString(waitedFor) + " did not run though the word reads 0x" + Long.toHexString(line.word(slot)));
            }
        });
    }

    /**
     * line21 (device-side wait): a wait for a value the word has already passed lets its stream
     * run on: work queued behind it lands. A wait compared for equality holds the stream for good.
     */
    @Property(tries = 2)
    @Needs(Capability.DEVICE_SIDE_WAIT)
    public void required_line21_aWaitForAValueAlreadyPassedLetsItsStreamRunOn(@ForAll @IntRange(min = 1, max = 3) int past) {
        LineRule rule = LineRule.WAIT_REACHED_OR_PASSED;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            MappedLine<S, D> marker = world.open(0);
            S producer = world.stream(0);
            S consumer = world.stream(0);
            Ticket last = null;
            for (int i = 0; i <= past; i++) {
                last = line.signal(producer, Slot.S3);
            }
            awaitLanded(last, rule);
            line.waitOnDevice(consumer, Slot.S3, 1);
            Ticket behind = marker.signal(consumer, Slot.S0);
            awaitTrue(world, behind::isDone, rule, () -> "work behind a device-side wait for 1, which the word had passed (it "
                    + "reads " + line.word(Slot.S3) + "), did not run: the wait compares for equality?");
        });
    }

    /**
     * line22: settle waits for the streams it is given and only those. Another owner's stream,
     * of the line's domain (and, with {@link Capability#MANY_DOMAINS}, of another), is kept busy
     * past the line's settle bound (behind a device-side wait on a gate where the backend has
     * them, else behind work of two bounds) while the line, whose own stores are done, closes
     * with its stream still to settle (a device address was handed out for it): it must close,
     * not end leaked behind work that is not its own. Where the driver's free waits for every
     * stream of the device ({@link LineDriver#freeWaitsForDevice}), no close can pass the busy
     * stream: the driver's settle is asked alone, for the line's stream, while the other is busy,
     * and must say yes; the line closes once the other stream's work is over.
     */
    @Property(tries = 1)
    public void required_line22_settleWaitsOnlyForTheLinesOwnStreams() {
        LineRule rule = LineRule.SETTLE_ONLY_ITS_STREAMS;
        boolean freeWaits = driver().freeWaitsForDevice();
        check(rule, world -> {
            int domains = capabilities().contains(Capability.MANY_DOMAINS) ? 2 : 1;
            List<Runnable> release = new ArrayList<>();
            List<Ticket> busyEnds = new ArrayList<>();
            for (int d = 0; d < domains; d++) {
                S busy = world.stream(d);
                if (gates()) {
                    MappedLine<S, D> gate = world.open(d);
                    S opener = world.stream(d);
                    gate.waitOnDevice(busy, Slot.S0, 1);
                    release.add(() -> gate.signal(opener, Slot.S0));
                } else {
                    enqueueWork(busy, settleBound().multipliedBy(2));
                }
                if (freeWaits) {
                    busyEnds.add(world.open(d).signal(busy, Slot.S0));
                }
            }
            MappedLine<S, D> line = world.open(0);
            S own = world.stream(0);
            enqueueWork(own, Duration.ofMillis(5));
            awaitLanded(line.signal(own, Slot.S2), rule);
            // Work the caller may queue with the address keeps the stream in the close's settle,
            // which a landed store alone would not: the settle is asked, and for this stream only.
            line.deviceAddress(own, Slot.S2);
            if (freeWaits) {
                @SuppressWarnings("unchecked")
                D domain = (D) world.driver.page(line.words().address()).domain;
                boolean settled;
                try {
                    settled = world.driver.settle(domain, List.of(own), System.nanoTime() + settleBound().toNanos());
                } finally {
                    release.forEach(Runnable::run);
                }
                require(settled, rule, "the settle of a line's own stream, whose store had landed, answered no while another"
                        + " owner's stream was busy: it waited for more than the streams it was given");
                for (Ticket end : busyEnds) {
                    awaitLanded(end, rule);
                }
                line.close();
            } else {
                try {
                    line.close();
                } finally {
                    release.forEach(Runnable::run);
                }
            }
            require(line.state() == Line.State.CLOSED, rule, "a line whose own stores had landed ended " + line.state()
                    + " on closing while another owner's stream was busy: its settle waited for more than its own streams");
        });
    }

    /**
     * line23: settle returns by its deadline, even when what it waits for can never end before
     * the suite lets it: three lines, each with a store held behind work that cannot end (a
     * device-side wait on a gate, with {@link Capability#WAIT_AHEAD_OF_STORE}; else work of three
     * settle bounds), are closed at once from three threads. Each ends leaked; and then, while
     * the work still cannot end, every settle call must have returned (within {@link #patience()}
     * at most). A settle that waits for the work instead stays blocked in the driver: for good,
     * where the work never ends.
     */
    @Property(tries = 1)
    public void required_line23_settleReturnsByItsDeadline() {
        LineRule rule = LineRule.SETTLE_BY_ITS_DEADLINE;
        check(rule, world -> {
            boolean gated = gates();
            MappedLine<S, D> gate = world.open(0);
            S opener = world.stream(0);
            List<MappedLine<S, D>> lines = new ArrayList<>();
            List<Ticket> ends = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                S stream = world.stream(0);
                if (gated) {
                    gate.waitOnDevice(stream, Slot.S0, 1);
                } else {
                    enqueueWork(stream, settleBound().multipliedBy(3));
                    ends.add(gate.signal(stream, Slot.of(i + 1)));
                }
                MappedLine<S, D> line = world.open(0);
                world.expectLeak(line);
                line.signal(stream, Slot.S0);
                lines.add(line);
            }
            BooleanSupplier workEnded = () -> ends.stream().anyMatch(Ticket::isDone);
            List<Thread> closers = new ArrayList<>();
            for (MappedLine<S, D> line : lines) {
                closers.add(Thread.ofPlatform().daemon().name("conformance-line23-closer").start(line::close));
            }
            int running;
            boolean ended;
            try {
                for (Thread closer : closers) {
                    closer.join();
                }
                long deadline = System.nanoTime() + patience().toNanos();
                while ((running = world.driver.settlesRunning()) > 0 && !(ended = workEnded.getAsBoolean())
                        && System.nanoTime() - deadline < 0) {
                    Thread.sleep(1);
                }
                ended = workEnded.getAsBoolean();
            } finally {
                if (gated) {
                    gate.signal(opener, Slot.S0);
                }
            }
            for (MappedLine<S, D> line : lines) {
                require(line.state() == Line.State.LEAKED, LineRule.SETTLE_BOUNDED, "a line whose store could not land within "
                        + "its bound ended " + line.state());
            }
            for (Ticket end : ends) {
                awaitLanded(end, rule);
            }
            require(running == 0, rule, running + " settle call(s) were still blocked in the driver "
                    + (ended ? "when the work they waited for ended, long past their deadline" : patience()
                    + " after their deadline, behind work that could not end") + ": settle must return by its deadline");
        });
    }

    /**
     * line24 (device-side wait): a line closed while a stream waits on its word, with nothing
     * stored into the line at all, keeps its page (and ends leaked): the device reads that word
     * until the wait is over. The suite then ends the wait with a driver-level store into the
     * page the line kept.
     */
    @Property(tries = 1)
    @Needs({Capability.DEVICE_SIDE_WAIT, Capability.WAIT_AHEAD_OF_STORE})
    public void required_line24_aLineWaitedOnWithNothingStoredKeepsItsPage() {
        LineRule rule = LineRule.WAITING_STREAM_KEEPS_PAGE;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            world.expectLeak(line);
            S waiting = world.stream(0);
            line.waitOnDevice(waiting, Slot.S5, 1);
            line.close();
            boolean kept = endWaitInKeptPage(world, line, world.stream(0), Slot.S5, 1);
            require(kept && line.state() == Line.State.LEAKED, rule, "a line closed while a stream waited on its word, "
                    + "nothing stored into it, ended " + line.state() + (kept ? "" : " and freed its page under the waiting "
                    + "stream: its settle covered only the streams that stored"));
        });
    }

    /**
     * line25 (fault injection): a store the driver queued and then reported as failed is still
     * covered by the settle: the line is closed at once, with that store the only one, pending
     * behind work; its page must not be freed before the store landed.
     */
    @Property(tries = 2)
    @Needs(Capability.FAULT_INJECTION)
    public void required_line25_aStoreQueuedThenReportedFailedIsStillSettled(@ForAll("slots") Slot slot) {
        LineRule rule = LineRule.FAILED_STORE_SETTLED;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S stream = world.stream(0);
            enqueueWork(stream, LONG_WORK);
            failInside(DriverCall.WRITE_VALUE);
            try {
                line.signal(stream, slot);
                throw new AssertionError(rule.broken("a signal succeeded though its store failed inside the driver"));
            } catch (GpuException expected) {
                require(expected.kind() == GpuException.Kind.DRIVER_STATUS, rule, "the store's failure surfaced as "
                        + expected.kind());
            }
            line.close();
            RecordingDriver.Page page = world.driver.page(world.pageOf.get(line));
            require(!page.freedUnderWork, rule, "the page was freed while the store that failed after it was queued was "
                    + "still pending: the settle left out the stream of a failed store");
            require(line.state() == Line.State.CLOSED, rule, "after a failed store the line ended " + line.state());
        });
    }

    /**
     * line26 (failing a domain, many domains): health is asked of the domain given, from any
     * thread. Domain 1 is failed while lines of domains 0 and 1 are open; then, from threads
     * with nothing done, with no domain current ({@link Capability#NO_CURRENT_DOMAIN}), with
     * domain 0 current and with domain 1 current, the line of domain 1 must report
     * {@link GpuException.Kind#DEVICE_FAILED} and the line of domain 0 must not.
     */
    @Property(tries = 1)
    @Needs({Capability.FAIL_DOMAIN, Capability.MANY_DOMAINS})
    public void required_line26_healthIsAskedOfTheDomainGivenFromAnyThread() {
        LineRule rule = LineRule.HEALTH_OF_THE_DOMAIN_GIVEN;
        check(rule, world -> {
            MappedLine<S, D> healthy = world.open(0);
            MappedLine<S, D> failing = world.open(1);
            world.expectLeak(failing);
            awaitLanded(healthy.signal(world.stream(0), Slot.S0), rule);
            world.fail(1);
            Map<String, Runnable> threads = new java.util.LinkedHashMap<>();
            threads.put("a fresh thread", () -> { });
            if (capabilities().contains(Capability.NO_CURRENT_DOMAIN)) {
                threads.put("a thread with no domain current", this::clearCurrent);
            }
            threads.put("a thread with domain 0 current", () -> makeCurrent(0));
            threads.put("a thread with domain 1 current", () -> makeCurrent(1));
            for (Map.Entry<String, Runnable> thread : threads.entrySet()) {
                String from = thread.getKey();
                rethrow(onAnotherThread("conformance-line26", () -> {
                    thread.getValue().run();
                    try {
                        failing.checkHealth();
                        throw new AssertionError(rule.broken("a line of failed domain 1 was reported healthy from " + from));
                    } catch (GpuException e) {
                        require(e.kind() == GpuException.Kind.DEVICE_FAILED, rule, "a line of failed domain 1 was reported "
                                + e.kind() + " from " + from);
                    }
                    try {
                        healthy.checkHealth();
                    } catch (GpuException e) {
                        throw new AssertionError(rule.broken("a line of healthy domain 0 was reported " + e.kind() + " from "
                                + from + ", after domain 1 failed"), e);
                    }
                }));
            }
        });
    }

    /**
     * line27 (no current domain): on a thread with no domain current, opening a line fails with
     * {@link GpuException.Kind#NO_DOMAIN} (-3) and acquires nothing; the driver never falls back
     * to a default domain. With {@link Capability#MANY_DOMAINS}, a line opened on another
     * thread with domain 1 current holds domain 1: it takes that domain's stream.
     */
    @Property(tries = 1)
    @Needs(Capability.NO_CURRENT_DOMAIN)
    public void required_line27_withNoDomainCurrentOpeningFailsNoDomain() {
        LineRule rule = LineRule.NO_CURRENT_NO_DOMAIN;
        check(rule, world -> {
            rethrow(onAnotherThread("conformance-line27", () -> {
                clearCurrent();
                world.driver.opening(0);
                MappedLine<S, D> opened;
                try {
                    opened = MappedLine.open(world.driver, (reason, name, address, bytes) -> { }, NanoClock.SYSTEM,
                            settleBound());
                } catch (GpuException expected) {
                    require(expected.kind() == GpuException.Kind.NO_DOMAIN
                            && expected.status() == LineError.NO_DOMAIN.status(), rule, "opening with no domain current "
                            + "failed as " + expected.kind() + "/" + expected.status() + ", not NO_DOMAIN/-3");
                    return;
                }
                opened.close();
                throw new AssertionError(rule.broken("a line opened on a thread with no domain current (the driver picked "
                        + "a domain of its own)"));
            }));
            require(world.driver.unreleased() == 0 && world.driver.livePages() == 0, rule, "opening with no domain current "
                    + "kept " + world.driver.unreleased() + " references and " + world.driver.livePages() + " pages");
            for (int d = 0; d < world.referencesBefore.length; d++) {
                world.requireReferences(rule, d, world.referencesBefore[d], "after opening with no domain current");
            }
            if (capabilities().contains(Capability.MANY_DOMAINS)) {
                S own = world.stream(1);
                AtomicReference<MappedLine<S, D>> opened = new AtomicReference<>();
                rethrow(onAnotherThread("conformance-line27", () -> opened.set(world.open(1))));
                try {
                    awaitLanded(opened.get().signal(own, Slot.S1), rule);
                } catch (GpuException e) {
                    throw new AssertionError(rule.broken("a line opened on a second thread with domain 1 current refused "
                            + "domain 1's stream (" + e.kind() + ")"), e);
                }
            }
        });
    }

    /**
     * line28: a store from a second stream into a line lands behind that stream's own work.
     * The line's first store is from stream A (and lands); then stream B runs long work, a
     * marker store into another line, and a store into the line: that store must not be seen
     * before the marker (a driver that queues a page's stores on the stream of its first store
     * lands it at once, on idle A).
     */
    @Property(tries = 2)
    public void required_line28_aSecondStreamsStoreLandsBehindThatStreamsWork(@ForAll("slots") Slot first) {
        LineRule rule = LineRule.EACH_STREAM_BEHIND_ITS_WORK;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            MappedLine<S, D> marker = world.open(0);
            S a = world.stream(0);
            S b = world.stream(0);
            Slot second = Slot.of((first.ordinal() + 1) % Slot.COUNT);
            awaitLanded(line.signal(a, first), rule);
            enqueueWork(b, LONG_WORK);
            Ticket workEnded = marker.signal(b, Slot.S0);
            Ticket behind = line.signal(b, second);
            world.before(workEnded::isDone, behind::isDone, rule, "a store from a second stream landed before the work "
                    + "queued ahead of it on that stream ended: it ran on another stream (the line's first?)");
            awaitTrue(world, behind::isDone, rule, () -> "the second stream's store did not land");
            awaitLanded(workEnded, rule);
        });
    }

    /**
     * line29: each store lands behind the work queued before it, even while an earlier store
     * into the same slot is still queued: work, store 1, work, a marker into another line,
     * store 2, all on one stream; store 2 must not be seen before the marker (a driver that
     * merges store 2 into the still-queued store 1 lands it at store 1's time).
     */
    @Property(tries = 2)
    public void required_line29_aStoreIsNeverMergedIntoAnEarlierOneStillQueued(@ForAll("slots") Slot slot) {
        LineRule rule = LineRule.STORES_NEVER_MERGED;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            MappedLine<S, D> marker = world.open(0);
            S stream = world.stream(0);
            enqueueWork(stream, LONG_WORK);
            Ticket first = line.signal(stream, slot);
            enqueueWork(stream, LONG_WORK);
            Ticket workEnded = marker.signal(stream, Slot.S0);
            Ticket second = line.signal(stream, slot);
            world.before(workEnded::isDone, second::isDone, rule, "the second store into slot " + slot.ordinal() + " landed "
                    + "before the work queued ahead of it ended: it was merged into the first, still queued");
            world.before(first::isDone, workEnded::isDone, LineRule.STORES_IN_ORDER, "a marker landed before the store "
                    + "queued ahead of it");
            awaitTrue(world, second::isDone, rule, () -> "the second store did not land");
            awaitLanded(workEnded, rule);
        });
    }

    /**
     * line30 (device-side wait): settle covers the operation a stream is running, not only what
     * is still queued. A stream that stored into the line (that store landed) then runs a
     * device-side wait on the line's word for a value nothing stores before the close: nothing
     * of the line's is queued on it any more, but the wait is under way and reads the page, so
     * the line must keep its page (and end leaked). The suite then ends the wait with a
     * driver-level store into the page the line kept.
     */
    @Property(tries = 1)
    @Needs({Capability.DEVICE_SIDE_WAIT, Capability.WAIT_AHEAD_OF_STORE})
    public void required_line30_settleCoversAWaitUnderWay() {
        LineRule rule = LineRule.SETTLE_COVERS_RUNNING_WORK;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            world.expectLeak(line);
            S waiting = world.stream(0);
            S producer = world.stream(0);
            awaitLanded(line.signal(waiting, Slot.S1), rule);
            awaitLanded(line.signal(producer, Slot.S0), rule);
            line.waitOnDevice(waiting, Slot.S0, 2);
            line.close();
            boolean kept = endWaitInKeptPage(world, line, producer, Slot.S0, 2);
            require(kept && line.state() == Line.State.LEAKED, rule, "a line closed while one of its streams ran a "
                    + "device-side wait on its word ended " + line.state() + (kept ? "" : " and freed its page under the "
                    + "running wait: its settle waited for what was queued, not for what was running"));
        });
    }

    /**
     * line31 (fault injection): a failure path inside the driver undoes its own work once, every
     * time: every {@link DriverCall} in turn, each twice, fails inside the driver while lines of
     * every domain stay open; after each failure the references and pages of every domain are
     * where they were (no other line's taken), and the open lines still work.
     */
    @Property(tries = 1)
    @Needs(Capability.FAULT_INJECTION)
    public void required_line31_aFailurePathUndoesItsOwnWorkOnceEveryTime() {
        LineRule rule = LineRule.FAILURE_UNDONE_ONCE;
        check(rule, world -> {
            int domains = world.referencesBefore.length;
            List<MappedLine<S, D>> kept = new ArrayList<>();
            List<S> streams = new ArrayList<>();
            for (int d = 0; d < domains; d++) {
                kept.add(world.open(d));
                streams.add(world.stream(d));
                awaitLanded(kept.get(d).signal(streams.get(d), Slot.S7), rule);
            }
            boolean pageCounts = capabilities().contains(Capability.PAGE_COUNT);
            for (DriverCall call : DriverCall.values()) {
                for (int round = 1; round <= 2; round++) {
                    String when = "after " + call + " failed inside the driver (time " + round + ")";
                    int[] references = new int[domains];
                    int[] pages = new int[domains];
                    for (int d = 0; d < domains; d++) {
                        references[d] = references(d).orElse(0);
                        pages[d] = pageCounts ? hostPages(d) : 0;
                    }
                    int unreleased = world.driver.unreleased();
                    int livePages = world.driver.livePages();
                    makeCurrent(0);
                    world.driver.opening(0);
                    failInside(call);
                    try {
                        if (call == DriverCall.WRITE_VALUE) {
                            kept.getFirst().signal(streams.getFirst(), Slot.S6);
                        } else {
                            MappedLine.open(world.driver, (reason, name, address, bytes) -> { }, NanoClock.SYSTEM, settleBound());
                        }
                        throw new AssertionError(rule.broken(call + " succeeded though it failed inside the driver"));
                    } catch (GpuException expected) {
                        require(expected.kind() == GpuException.Kind.DRIVER_STATUS, rule, call + "'s failure surfaced as "
                                + expected.kind());
                    } catch (RuntimeException other) {
                        throw new AssertionError(rule.broken(call + " failing inside the driver threw " + other
                                + " instead of the driver's failure"), other);
                    }
                    world.check();
                    require(world.driver.unreleased() == unreleased && world.driver.livePages() == livePages, rule, when
                            + ", " + world.driver.unreleased() + " references and " + world.driver.livePages()
                            + " pages are held, not " + unreleased + " and " + livePages);
                    for (int d = 0; d < domains; d++) {
                        world.requireReferences(rule, d, references[d], when);
                        if (pageCounts) {
                            require(hostPages(d) == pages[d], rule, when + ", domain " + d + " counts " + hostPages(d)
                                    + " pages, not " + pages[d]);
                        }
                    }
                }
            }
            for (int d = 0; d < domains; d++) {
                awaitLanded(kept.get(d).signal(streams.get(d), Slot.S7), rule);
            }
        });
    }

    // ------------------------------------------------------------------ a running stream, a queued store, a thread's own domain

    /** Streams each of {@code line32}'s rounds holds at once: each a chance to see the store land early. */
    private static final int HELD_STREAMS = 2;

    /** Rounds of {@code line32} with the streams held at a gate (device-side waits ahead of their store). */
    private static final int GATED_ROUNDS = 3;

    /**
     * Gives the streams of {@code line32} time to take the operation they reached off their
     * queues: {@code times} as long as it took their markers to land once queued (at least a
     * millisecond), at most {@code most}. Nothing is asserted about the time: a store signalled
     * before a stream took its operation is queued behind it, and a later round, with a longer
     * pause, or another stream sees the driver's shortcut.
     */
    private static void letTheStreamsStart(long markersTook, int times, Duration most) throws InterruptedException {
        Thread.sleep(Duration.ofNanos(Math.min(Math.max(markersTook, 1_000_000) * times, most.toNanos())));
    }

    /**
     * line32: a store lands behind the operation its stream is running, also when nothing is
     * queued behind that operation (a driver that writes from the host when it finds the
     * stream's queue empty lands it at once). Each of {@value #HELD_STREAMS} streams stores a
     * marker into another line and then runs an operation; once the markers landed, and the
     * streams had time to start that operation, a store is signalled on each, into slot
     * {@code first} and the next.
     * <ul>
     * <li>With {@link Capability#DEVICE_SIDE_WAIT} and {@link Capability#WAIT_AHEAD_OF_STORE}, the
     * operation is a device-side wait on a gate the suite opens only after it looked: the store must not have landed before (no
     * timing in that claim), in each of {@value #GATED_ROUNDS} rounds, each pausing four times
     * longer than the one before, so that a stream that had not yet taken the wait off its
     * queue in one round has in another.</li>
     * <li>Always, the operation is work of {@link #LONG_WORK} (a driver that takes a stream whose
     * own last store landed for idle forgets the work queued since): a store seen landed
     * within half that work's length of queueing the work is early; a look that came later,
     * from a host thread held up, shows nothing and is not counted.</li>
     * </ul>
     */
    @Property(tries = 2)
    public void required_line32_aStoreLandsBehindTheOperationItsStreamIsRunning(@ForAll("slots") Slot first) {
        LineRule rule = LineRule.STORE_BEHIND_RUNNING_OPERATION;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            MappedLine<S, D> marker = world.open(0);
            List<S> streams = new ArrayList<>();
            for (int i = 0; i < HELD_STREAMS; i++) {
                streams.add(world.stream(0));
            }
            if (gates()) {
                MappedLine<S, D> gate = world.open(0);
                S opener = world.stream(0);
                for (int round = 1; round <= GATED_ROUNDS; round++) {
                    List<Ticket> markers = new ArrayList<>();
                    long queued = System.nanoTime();
                    for (int i = 0; i < HELD_STREAMS; i++) {
                        markers.add(marker.signal(streams.get(i), Slot.of(i)));
                        gate.waitOnDevice(streams.get(i), Slot.S0, round);
                    }
                    List<Ticket> stores = new ArrayList<>();
                    try {
                        for (Ticket reached : markers) {
                            awaitLanded(reached, rule);
                        }
                        letTheStreamsStart(System.nanoTime() - queued, 1 << (2 * (round - 1)), patience().dividedBy(100));
                        for (int i = 0; i < HELD_STREAMS; i++) {
                            Ticket store = line.signal(streams.get(i), Slot.of((first.ordinal() + i) % Slot.COUNT));
                            require(!store.isDone(), rule, "a store signalled while its stream ran a device-side wait that"
                                    + " had not ended (its gate still shut) landed at once: it was written as if the stream"
                                    + " were idle (round " + round + ")");
                            stores.add(store);
                        }
                    } finally {
                        gate.signal(opener, Slot.S0);
                    }
                    for (Ticket store : stores) {
                        awaitLanded(store, rule);
                    }
                }
            }
            List<Ticket> markers = new ArrayList<>();
            long[] workQueued = new long[HELD_STREAMS];
            long queued = System.nanoTime();
            for (int i = 0; i < HELD_STREAMS; i++) {
                markers.add(marker.signal(streams.get(i), Slot.of(i)));
                workQueued[i] = System.nanoTime();
                enqueueWork(streams.get(i), LONG_WORK);
            }
            for (Ticket reached : markers) {
                awaitLanded(reached, rule);
            }
            letTheStreamsStart(System.nanoTime() - queued, 1, LONG_WORK.dividedBy(10));
            List<Ticket> stores = new ArrayList<>();
            for (int i = 0; i < HELD_STREAMS; i++) {
                Ticket store = line.signal(streams.get(i), Slot.of((first.ordinal() + i) % Slot.COUNT));
                boolean landed = store.isDone();
                long since = System.nanoTime() - workQueued[i];
                require(!landed || since >= LONG_WORK.toNanos() / 2, rule, "a store signalled while its stream ran "
                        + LONG_WORK + " of work had landed " + Duration.ofNanos(since) + " after that work was queued: it was"
                        + " written as if the stream were idle");
                stores.add(store);
            }
            for (Ticket store : stores) {
                awaitLanded(store, rule);
            }
        });
    }

    /**
     * line33: a store lands before what is queued after it on its stream, also when a later
     * store into the same word is queued behind that (a driver that drops the earlier store for
     * the later one, and queues that at the end, lands the earlier ticket only with the later
     * one: behind whatever was queued between them, for good where that is a wait on a stream
     * that waits for this word). On one held stream: the first store, a marker into another line,
     * a second hold, the second store into the same word; the first must have landed when the
     * marker has. With {@link Capability#DEVICE_SIDE_WAIT} and {@link Capability#WAIT_AHEAD_OF_STORE}
     * the holds are device-side waits on
     * gates the suite opens, and the first store is looked at with the second hold still shut;
     * otherwise they are work of {@link #LONG_WORK}, and the watcher looks while the second
     * work runs.
     */
    @Property(tries = 2)
    public void required_line33_aLaterStoreIntoTheSameWordNeverHoldsAnEarlierOneBack(@ForAll("slots") Slot slot) {
        LineRule rule = LineRule.EARLIER_STORE_NOT_HELD_BACK;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            MappedLine<S, D> marker = world.open(0);
            S stream = world.stream(0);
            boolean gated = gates();
            MappedLine<S, D> gate = gated ? world.open(0) : null;
            S opener = gated ? world.stream(0) : null;
            // Held from the start, so that the first store is still queued when the second is.
            if (gated) {
                gate.waitOnDevice(stream, Slot.S0, 1);
            } else {
                enqueueWork(stream, LONG_WORK);
            }
            Ticket first = line.signal(stream, slot);
            Ticket passed = marker.signal(stream, Slot.S0);
            if (gated) {
                gate.waitOnDevice(stream, Slot.S1, 1);
            } else {
                enqueueWork(stream, LONG_WORK);
            }
            Ticket second = line.signal(stream, slot);
            String heldBack = "the store of " + first.target() + " into slot " + slot.ordinal() + " had not landed when a "
                    + "marker queued after it had: it was dropped for, or held back with, the later store into its word";
            world.before(first::isDone, passed::isDone, rule, heldBack);
            if (gated) {
                try {
                    gate.signal(opener, Slot.S0);
                    awaitTrue(world, passed::isDone, rule, () -> "a marker queued behind an opened gate did not land");
                    require(first.isDone(), rule, heldBack + " (the gate before the later store still shut)");
                } finally {
                    gate.signal(opener, Slot.S1);
                }
            }
            awaitTrue(world, second::isDone, rule, () -> "the second store did not land");
            require(first.isDone(), rule, "the first store into slot " + slot.ordinal() + " never landed");
        });
    }

    /**
     * A platform thread of its own that runs one step at a time while the caller waits for it,
     * so that steps on several threads interleave in the order the caller gives them.
     */
    private static final class OwnThread implements AutoCloseable {
        private final ExecutorService thread;

        OwnThread(String name) {
            thread = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon().name(name).unstarted(r));
        }

        <T> T call(Callable<T> step) throws InterruptedException {
            try {
                return thread.submit(step).get();
            } catch (ExecutionException e) {
                rethrow(e.getCause());
                throw new IllegalStateException(e);
            }
        }

        void run(Runnable step) throws InterruptedException {
            call(() -> {
                step.run();
                return null;
            });
        }

        @Override
        public void close() {
            thread.shutdownNow();
        }
    }

    /**
     * line34 (many domains): the current domain is the calling thread's own. Two threads of the
     * suite's own each make a domain current, one after the other, and then each opens a line:
     * the line opened on the thread that made its domain current first must hold that domain,
     * though the other thread made another current since (a driver that keeps one current
     * domain for the whole process gives it the other's). Then with the roles of the threads
     * swapped. Each line must take its own domain's stream and refuse the other's, and (where
     * the backend counts) each domain gains one reference per round. With
     * {@link Capability#NO_CURRENT_DOMAIN}, a thread that cleared its current domain before the
     * other made one current must fail to open, with NO_DOMAIN.
     */
    @Property(tries = 1)
    @Needs(Capability.MANY_DOMAINS)
    public void required_line34_theCurrentDomainIsPerThread() {
        LineRule rule = LineRule.CURRENT_DOMAIN_PER_THREAD;
        check(rule, world -> {
            // Streams first, on this thread: a backend's newStream may make domains current here.
            List<S> own = List.of(world.stream(0), world.stream(1));
            try (OwnThread a = new OwnThread("conformance-line34-a"); OwnThread b = new OwnThread("conformance-line34-b")) {
                for (OwnThread[] order : List.of(new OwnThread[] {a, b}, new OwnThread[] {b, a})) {
                    OwnThread early = order[0];
                    OwnThread late = order[1];
                    int[] references = {references(0).orElse(0), references(1).orElse(0)};
                    early.run(() -> makeCurrent(1));
                    late.run(() -> makeCurrent(0));
                    MappedLine<S, D> ofEarly = early.call(() -> world.openWithCurrent(1));
                    MappedLine<S, D> ofLate = late.call(() -> world.openWithCurrent(0));
                    requireHolds(rule, ofEarly, 1, own, "a line opened on a thread with domain 1 current, after another "
                            + "thread made domain 0 current,");
                    requireHolds(rule, ofLate, 0, own, "a line opened on a thread with domain 0 current, made current after"
                            + " another thread made domain 1 current,");
                    for (int d = 0; d < 2; d++) {
                        world.requireReferences(rule, d, references[d] + 1, "after one line was opened on a thread with "
                                + "domain 0 current and one on a thread with domain 1 current");
                    }
                }
                if (capabilities().contains(Capability.NO_CURRENT_DOMAIN)) {
                    a.run(LineDriverVerification.this::clearCurrent);
                    b.run(() -> makeCurrent(0));
                    GpuException refused = a.call(() -> {
                        try {
                            world.openWithCurrent(0);
                            return null;
                        } catch (GpuException e) {
                            return e;
                        }
                    });
                    require(refused != null, rule, "a thread with no domain current opened a line after another thread "
                            + "made domain 0 current: it took that thread's domain");
                    require(refused.kind() == GpuException.Kind.NO_DOMAIN, rule, "a thread with no domain current failed "
                            + "to open a line as " + refused.kind() + ", not NO_DOMAIN, after another thread made domain 0 "
                            + "current");
                }
            }
        });
    }

    /**
     * Requires {@code line} to hold {@code domain}: a store from {@code own.get(domain)} lands,
     * and one from the other domain's stream is refused as foreign.
     */
    private void requireHolds(LineRule rule, MappedLine<S, D> line, int domain, List<S> own, String which) {
        int other = 1 - domain;
        Ticket ticket;
        try {
            ticket = line.signal(own.get(domain), Slot.of(domain));
        } catch (GpuException e) {
            throw new AssertionError(rule.broken(which + " refused that domain's stream (" + e.kind() + "): it holds "
                    + "another domain, as if the current domain were the process's, not the thread's"), e);
        }
        awaitLanded(ticket, rule);
        try {
            line.signal(own.get(other), Slot.of(2 + domain));
        } catch (GpuException e) {
            require(e.kind() == GpuException.Kind.FOREIGN_STREAM, rule, which + " refused a stream of domain " + other
                    + " as " + e.kind() + ", not FOREIGN_STREAM");
            return;
        }
        throw new AssertionError(rule.broken(which + " took a stream of domain " + other));
    }

    // ------------------------------------------------------------------ the driver's own wait for stores

    /**
     * Holds {@code stream} so that nothing queued on it after this runs until {@link Hold#release}:
     * a device-side wait on a word of a line of its own where the backend has one (held for good),
     * else {@code mostNanos} of work (held for that long).
     */
    private final class Hold {
        private final MappedLine<S, D> gate;
        private final S opener;
        final boolean forGood;

        Hold(World world, S stream, Duration most) {
            forGood = gates();
            if (forGood) {
                gate = world.open(0);
                opener = world.stream(0);
                gate.waitOnDevice(stream, Slot.S0, 1);
            } else {
                gate = null;
                opener = null;
                enqueueWork(stream, most);
            }
        }

        void release() {
            if (gate != null && gate.lastSignalled(Slot.S0) == 0) {
                gate.signal(opener, Slot.S0);
            }
        }
    }

    /** The driver's wait for {@code tokens} through {@code line} on a thread of its own, until {@code deadline}. */
    private static final class StoreWait {
        private final Thread thread;
        private volatile Boolean landed;
        private volatile Throwable failure;

        StoreWait(MappedLine<?, ?> line, long[] tokens, long deadlineNanos, long wakesSeen, String name) {
            thread = Thread.ofPlatform().daemon().name(name).start(() -> {
                try {
                    landed = line.awaitStores(tokens, tokens.length, deadlineNanos, wakesSeen);
                } catch (Throwable t) {
                    failure = t;
                }
            });
        }

        /** What it returned, or null if it had not within {@code patience}. */
        Boolean join(Duration patience, LineRule rule) throws InterruptedException {
            thread.join(patience);
            if (failure != null) {
                throw new AssertionError(rule.broken("the driver's wait for stores threw " + failure), failure);
            }
            return thread.isAlive() ? null : landed;
        }
    }

    private static long[] tokensOf(MappedLine<?, ?> line, List<Ticket> tickets, LineRule rule) {
        long[] tokens = new long[tickets.size()];
        for (int i = 0; i < tokens.length; i++) {
            Ticket ticket = tickets.get(i);
            tokens[i] = line.storeToken(ticket.slot(), ticket.target());
            require(tokens[i] != StoreWaits.NO_TOKEN, rule, "a driver that waits for stores gave no token for the store of "
                    + ticket.target() + " into " + ticket.slot());
        }
        return tokens;
    }

    /**
     * line35 (the driver's own wait for stores): it returns true only once one of the stores it
     * was given has landed, and, once one has, returns true rather than wait for its deadline.
     * Stores into several slots are held behind their stream; while they are held, every return
     * of the wait is false (where the stream is held for good) or comes with one of the words
     * reached; once they landed, a wait with a deadline far away returns true.
     */
    @Property(tries = 3)
    @Needs(Capability.STORE_WAITS)
    public void required_line35_aDriversWaitForStoresNeverReturnsBeforeOneLanded(
            @ForAll @IntRange(min = 1, max = 4) int stores) {
        LineRule rule = LineRule.STORE_WAIT_NEVER_EARLY;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S stream = world.stream(0);
            Hold hold = new Hold(world, stream, LONG_WORK);
            List<Ticket> tickets = new ArrayList<>();
            for (int i = 0; i < stores; i++) {
                tickets.add(line.signal(stream, Slot.of(i + 1)));
            }
            long[] tokens = tokensOf(line, tickets, rule);
            try {
                for (int round = 0; round < 3; round++) {
                    boolean landed = line.awaitStores(tokens, tokens.length, System.nanoTime() + Duration.ofMillis(5).toNanos(),
                            line.storeWakes());
                    boolean reached = tickets.stream().anyMatch(Ticket::isDone);
                    require(!landed || reached, rule, "the driver's wait said a store landed, and none of the "
                            + tokens.length + " words it was given had reached its value");
                    require(!landed || !hold.forGood, rule, "the driver's wait said a store landed while its stream was "
                            + "held behind a device-side wait that had not ended");
                }
            } finally {
                hold.release();
            }
            for (Ticket ticket : tickets) {
                awaitLanded(ticket, rule);
            }
            long deadline = System.nanoTime() + patience().toNanos();
            boolean landed = line.awaitStores(tokens, tokens.length, deadline, line.storeWakes());
            require(landed, rule, "the driver's wait returned false " + (System.nanoTime() - deadline >= 0
                    ? "at its deadline" : "before its deadline, not woken") + " though every store it was given had landed");
        });
    }

    /**
     * line36 (the driver's own wait for stores): it returns by its deadline while none of its
     * stores can land: its stream held behind a device-side wait for good, or else behind work
     * far longer than the deadline.
     */
    @Property(tries = 1)
    @Needs(Capability.STORE_WAITS)
    public void required_line36_aDriversWaitForStoresReturnsByItsDeadline() {
        LineRule rule = LineRule.STORE_WAIT_BY_DEADLINE;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S stream = world.stream(0);
            Duration held = LONG_WORK.multipliedBy(20);
            Hold hold = new Hold(world, stream, held);
            Ticket ticket = line.signal(stream, Slot.S2);
            long[] tokens = tokensOf(line, List.of(ticket), rule);
            Boolean landed;
            boolean storeLanded;
            try {
                StoreWait wait = new StoreWait(line, tokens, System.nanoTime() + Duration.ofMillis(20).toNanos(),
                        line.storeWakes(), "conformance-line36-wait");
                landed = wait.join(hold.forGood ? patience() : held.dividedBy(2), rule);
                storeLanded = ticket.isDone();
            } finally {
                hold.release();
            }
            require(landed != null, rule, "a wait with a deadline 20 ms away had not returned "
                    + (hold.forGood ? patience() : held.dividedBy(2)) + " later, its store held behind its stream");
            require(!landed || storeLanded, rule, "the driver's wait said its store landed while it had not");
            awaitLanded(ticket, rule);
        });
    }

    /**
     * line37 (the driver's own wait for stores): a wake ({@code HostLine.wakeStoreWaits}, which
     * is {@code StoreWaits.wake}) ends a wait that is blocked, long before its deadline and its
     * store; and a wake that comes after a host read the wake count and before it called the wait
     * ends that wait (none is lost between a host's decision to wait and its call).
     */
    @Property(tries = 1)
    @Needs(Capability.STORE_WAITS)
    public void required_line37_aWakeEndsADriversWaitForStoresAndIsNeverLost() {
        LineRule rule = LineRule.STORE_WAIT_WOKEN;
        check(rule, world -> {
            MappedLine<S, D> line = world.open(0);
            S stream = world.stream(0);
            Duration held = LONG_WORK.multipliedBy(20);
            Hold hold = new Hold(world, stream, held);
            Ticket ticket = line.signal(stream, Slot.S3);
            long[] tokens = tokensOf(line, List.of(ticket), rule);
            long far = System.nanoTime() + patience().multipliedBy(10).toNanos();
            Duration wait = hold.forGood ? patience() : held.dividedBy(2);
            try {
                // Woken after the count was read, before the call: the wait ends at once.
                long seen = line.storeWakes();
                line.wakeStoreWaits();
                StoreWait early = new StoreWait(line, tokens, far, seen, "conformance-line37-after-a-wake");
                Boolean earlyLanded = early.join(wait, rule);
                require(earlyLanded != null && !earlyLanded && !ticket.isDone(), rule, "a wait that started after a wake "
                        + (earlyLanded == null ? "had not returned " + wait + " later" : "returned only once its store landed")
                        + ": the wake was lost");
                // Woken while blocked. Whether it is blocked yet is not known: woken until it returns.
                StoreWait blocked = new StoreWait(line, tokens, far, line.storeWakes(), "conformance-line37-woken");
                Boolean blockedLanded = null;
                long until = System.nanoTime() + wait.toNanos();
                while (blockedLanded == null && System.nanoTime() - until < 0) {
                    line.wakeStoreWaits();
                    blockedLanded = blocked.join(Duration.ofMillis(10), rule);
                }
                require(blockedLanded != null && !blockedLanded && !ticket.isDone(), rule, "a blocked wait woken again and again "
                        + (blockedLanded == null ? "had not returned " + wait + " later" : "returned only once its store landed"));
            } finally {
                hold.release();
            }
            awaitLanded(ticket, rule);
        });
    }
}
