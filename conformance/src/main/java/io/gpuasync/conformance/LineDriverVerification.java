package io.gpuasync.conformance;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.LeakReporter;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.MappedLine;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

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
 * <p>Each property's name carries its rule: {@code required_lineNN_...} every backend must keep;
 * {@code optional_...} needs a {@link Capability} the subclass declares in {@link #capabilities()}
 * (failing a domain on purpose, a device-side wait). A property that needs a capability not
 * declared, such as the foreign-stream rule on a backend of one domain, is reported as skipped
 * with the reason. The lines under test are real {@link MappedLine}s over the subclass's
 * driver, seen through a recorder that checks the driver's side of every call.
 *
 * @param <S> the backend's stream type
 * @param <D> the backend's domain type
 */
public abstract class LineDriverVerification<S, D> {
    /** Work long enough that a store queued behind it cannot have landed a moment later. */
    protected static final Duration LONG_WORK = Duration.ofMillis(100);
    private static final long LAND_WITHIN_NANOS = Duration.ofSeconds(20).toNanos();

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

    /** How many domains the backend can make current ({@link Capability#MANY_DOMAINS}: at least 2). */
    protected int domains() {
        return 1;
    }

    /** {@link Capability#FAIL_DOMAIN}: fails domain {@code index} for good, as a device fault would. */
    protected void failDomain(int index) {
        throw new UnsupportedOperationException("failDomain is declared by capability FAIL_DOMAIN");
    }

    /**
     * {@link Capability#DEVICE_SIDE_WAIT}: queues on {@code stream} a device-side wait until the
     * word at device address {@code address} reaches {@code value}.
     */
    protected void enqueueWaitValue(S stream, long address, long value) {
        throw new UnsupportedOperationException("enqueueWaitValue is declared by capability DEVICE_SIDE_WAIT");
    }

    /**
     * {@link Capability#REFERENCE_COUNT}: how many references domain {@code index} holds now,
     * as the backend counts them (a CUDA primary context's retain count). The rules on
     * releasing compare it before and after when it is declared.
     */
    protected int domainReferences(int index) {
        throw new UnsupportedOperationException("domainReferences is declared by capability REFERENCE_COUNT");
    }

    // Where the backend counts references: domain 0 must hold "more" more than it did before.
    private void requireReferences(String rule, OptionalInt before, int more, String when) {
        OptionalInt now = references(0);
        if (before.isPresent() && now.isPresent()) {
            require(now.getAsInt() == before.getAsInt() + more, rule, when + ", the domain counts " + now.getAsInt()
                    + " references, not " + (before.getAsInt() + more) + " (" + before.getAsInt() + " before)");
        }
    }

    private OptionalInt references(int index) {
        return capabilities().contains(Capability.REFERENCE_COUNT) ? OptionalInt.of(domainReferences(index)) : OptionalInt.empty();
    }

    // ------------------------------------------------------------------ plumbing

    /** One property try's world: the recorder, and what to close afterwards. */
    private final class World implements AutoCloseable {
        final RecordingDriver<S, D> driver = new RecordingDriver<>(driver());
        final List<String> leaks = new CopyOnWriteArrayList<>();
        final List<Line<S>> lines = new ArrayList<>();
        final List<S> streams = new ArrayList<>();

        Line<S> open(int domain) {
            makeCurrent(domain);
            Line<S> line = MappedLine.open(driver, (LeakReporter) (reason, name, address, bytes) -> leaks.add(reason + " " + name));
            lines.add(line);
            return line;
        }

        S stream(int domain) {
            S stream = newStream(domain);
            streams.add(stream);
            return stream;
        }

        void check() {
            if (!driver.violations.isEmpty()) {
                throw new AssertionError(String.join("\n", driver.violations) + "\ncalls: " + driver.events);
            }
        }

        @Override
        public void close() {
            for (Line<S> line : lines) {
                line.close();
            }
            for (S stream : streams) {
                closeStream(stream);
            }
            makeCurrent(0);
        }
    }

    private static void require(boolean condition, String rule, String what) {
        if (!condition) {
            throw new AssertionError(rule + ": " + what);
        }
    }

    private static void awaitLanded(Ticket ticket, String rule) {
        long deadline = System.nanoTime() + LAND_WITHIN_NANOS;
        while (!ticket.isDone()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(rule + ": " + ticket + " did not land within 20 s");
            }
            Thread.onSpinWait();
        }
    }

    @Provide
    Arbitrary<Slot> slots() {
        return Arbitraries.of(Slot.class);
    }

    // ------------------------------------------------------------------ the rules

    /** A fresh line reads 0 in every word, whatever the driver's page held before. */
    @Property(tries = 10)
    public void required_line01_aFreshLineReadsZeroInEveryWord(@ForAll @IntRange(min = 1, max = 4) int lines) {
        try (World world = new World()) {
            for (int i = 0; i < lines; i++) {
                Line<S> line = world.open(0);
                for (Slot slot : Slot.values()) {
                    require(line.words().getAcquire(slot) == 0, "line01", "slot " + slot + " of a fresh line reads "
                            + line.words().getAcquire(slot));
                }
            }
            world.check();
        }
    }

    /**
     * Stores on one stream land in the order they were queued, each behind the work queued
     * before it: while the work runs, none has landed; a later store never lands before an
     * earlier one.
     */
    @Property(tries = 5)
    public void required_line02_storesOnAStreamLandInOrderBehindTheirWork(
            @ForAll @IntRange(min = 2, max = 8) int stores) {
        try (World world = new World()) {
            Line<S> line = world.open(0);
            S stream = world.stream(0);
            enqueueWork(stream, LONG_WORK);
            List<Ticket> tickets = new ArrayList<>();
            for (int i = 0; i < stores; i++) {
                tickets.add(line.signal(stream, Slot.of(i)));
                enqueueWork(stream, Duration.ofNanos(200_000));
            }
            require(!tickets.getFirst().isDone(), "line02", "a store landed while the work queued before it ran");
            long deadline = System.nanoTime() + LAND_WITHIN_NANOS;
            while (!tickets.getLast().isDone()) {
                // Read newest first: if a later store is seen, every earlier one must be too.
                for (int later = stores - 1; later > 0; later--) {
                    if (tickets.get(later).isDone()) {
                        for (int earlier = 0; earlier < later; earlier++) {
                            require(tickets.get(earlier).isDone(), "line02", "store " + later
                                    + " landed before store " + earlier);
                        }
                        break;
                    }
                }
                require(System.nanoTime() - deadline < 0, "line02", "the stores did not land within 20 s");
            }
            world.check();
        }
    }

    /**
     * A ticket is done exactly when its store has landed: not before (not while the work queued
     * ahead of it runs), and from then on; the word then reads the ticket's target.
     */
    @Property(tries = 5)
    public void required_line03_aTicketIsDoneExactlyWhenItsStoreLanded(@ForAll("slots") Slot slot) {
        try (World world = new World()) {
            Line<S> line = world.open(0);
            S stream = world.stream(0);
            enqueueWork(stream, LONG_WORK);
            Ticket ticket = line.signal(stream, slot);
            require(!ticket.isDone(), "line03", "the ticket was done while the work before its store still ran");
            require(line.words().getAcquire(slot) == 0, "line03", "the word moved before the store landed");
            awaitLanded(ticket, "line03");
            require(line.words().getAcquire(slot) == ticket.target(), "line03", "the word reads "
                    + line.words().getAcquire(slot) + " once landed, not the target " + ticket.target());
            require(ticket.isDone(), "line03", "a landed ticket stopped being done");
            world.check();
        }
    }

    /** Settling the domain waits for every store queued into it, on every stream. */
    @Property(tries = 5)
    public void required_line04_settleWaitsForEveryQueuedStore(
            @ForAll @IntRange(min = 1, max = 3) int streamCount, @ForAll @IntRange(min = 1, max = 6) int storesEach) {
        try (World world = new World()) {
            Line<S> line = world.open(0);
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
            require(world.driver.settle(domain, streams, System.nanoTime() + Duration.ofSeconds(30).toNanos()), "line04", "settle reported failure on a healthy domain");
            for (Ticket ticket : tickets) {
                require(ticket.isDone(), "line04", "settle returned with " + ticket + " still pending");
            }
            world.check();
        }
    }

    /**
     * A stream of another domain is refused, with {@link GpuException.Kind#FOREIGN_STREAM}, and
     * queues nothing. Needs two domains.
     */
    @Property(tries = 3)
    @Needs(Capability.MANY_DOMAINS)
    public void required_line05_aForeignStreamIsRefusedAndQueuesNothing(@ForAll("slots") Slot slot) {
        try (World world = new World()) {
            Line<S> line = world.open(0);
            S foreign = world.stream(1);
            long writes = world.driver.writes();
            try {
                line.signal(foreign, slot);
                throw new AssertionError("line05: a stream of domain 1 was accepted by a line of domain 0");
            } catch (GpuException e) {
                require(e.kind() == GpuException.Kind.FOREIGN_STREAM && e.status() == -4, "line05",
                        "refused as " + e.kind() + "/" + e.status() + ", not FOREIGN_STREAM/-4");
            }
            require(world.driver.writes() == writes, "line05", "the refused signal queued a store");
            world.check();
        }
    }

    /**
     * Closing a line never frees its page under a pending store: by the time the page is freed,
     * every store queued into it has landed; and the domain is released after the page.
     */
    @Property(tries = 5)
    public void required_line06_closeNeverFreesUnderAPendingStore(@ForAll("slots") Slot slot) {
        try (World world = new World()) {
            Line<S> line = world.open(0);
            S stream = world.stream(0);
            enqueueWork(stream, LONG_WORK);
            line.signal(stream, slot);
            enqueueWork(stream, Duration.ofMillis(5));
            line.signal(stream, slot);
            line.close();
            require(line.state() == Line.State.CLOSED, "line06", "a line on a healthy domain ended " + line.state());
            int free = world.driver.events.indexOf(world.driver.events.stream().filter(e -> e.startsWith("free")).findFirst()
                    .orElseThrow(() -> new AssertionError("line06: closing freed no page")));
            int release = world.driver.events.size() - 1;
            while (release >= 0 && !world.driver.events.get(release).startsWith("release")) {
                release--;
            }
            require(release > free, "line06", "the domain was released before the page was freed: " + world.driver.events);
            world.check();
        }
    }

    /**
     * Every resource acquired is released once: each domain reference, each page; and the
     * backend's own count of references returns to where it was (where it can tell).
     */
    @Property(tries = 10)
    public void required_line07_everyResourceIsReleasedOnce(@ForAll @IntRange(min = 1, max = 5) int lines,
                                                            @ForAll @IntRange(min = 0, max = 3) int signals) {
        // Made current first: making a context current may itself take a reference.
        makeCurrent(0);
        OptionalInt before = references(0);
        try (World world = new World()) {
            S stream = world.stream(0);
            for (int i = 0; i < lines; i++) {
                Line<S> line = world.open(0);
                for (int k = 0; k < signals; k++) {
                    line.signal(stream, Slot.of(k));
                }
            }
            requireReferences("line07", before, lines, "with " + lines + " lines open");
            int open = lines;
            for (Line<S> line : world.lines) {
                line.close();
                open--;
                requireReferences("line07", before, open, "one close let go of more than its own: with " + open
                        + " lines still open");
            }
            require(world.driver.unreleased() == 0, "line07", world.driver.unreleased() + " domain references kept");
            require(world.driver.livePages() == 0, "line07", world.driver.livePages() + " pages kept");
            requireReferences("line07", before, 0, "after closing every line");
            world.check();
        }
    }

    /** The device address of slot k is the line's base plus 8k, and a store to it moves only word k. */
    @Property(tries = 5)
    public void required_line08_theDeviceAddressOfSlotKIsBasePlus8k(@ForAll("slots") Slot slot) {
        try (World world = new World()) {
            Line<S> line = world.open(0);
            S stream = world.stream(0);
            long base = world.driver.pages.values().iterator().next().device;
            require(line.deviceAddress(slot) == base + 8L * slot.ordinal(), "line08", "slot " + slot.ordinal()
                    + " is at base + " + (line.deviceAddress(slot) - base));
            awaitLanded(line.signal(stream, slot), "line08");
            for (Slot other : Slot.values()) {
                long expected = other == slot ? 1 : 0;
                require(line.words().getAcquire(other) == expected, "line08", "a store into slot " + slot.ordinal()
                        + " left word " + other.ordinal() + " reading " + line.words().getAcquire(other));
            }
            world.check();
        }
    }

    /** Many lines, streams and slots at once do not interfere: each word counts its own stores. */
    @Property(tries = 8)
    public void required_line09_manyLinesAndSlotsDoNotInterfere(
            @ForAll @IntRange(min = 2, max = 4) int lineCount, @ForAll @IntRange(min = 1, max = 3) int streamCount,
            @ForAll @IntRange(min = 1, max = 40) int signals, @ForAll long seed) {
        try (World world = new World()) {
            List<Line<S>> lines = new ArrayList<>();
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
                awaitLanded(ticket, "line09");
            }
            for (int l = 0; l < lineCount; l++) {
                for (Slot slot : Slot.values()) {
                    require(lines.get(l).words().getAcquire(slot) == counts[l][slot.ordinal()], "line09", "line " + l
                            + " slot " + slot.ordinal() + " reads " + lines.get(l).words().getAcquire(slot) + " after "
                            + counts[l][slot.ordinal()] + " stores");
                }
            }
            world.check();
        }
    }

    /** A driver call that fails while a line is made leaves nothing of it acquired. */
    @Property(tries = 6)
    public void required_line10_aFailingDriverCallLeavesNothingAcquired(@ForAll @IntRange(min = 0, max = 2) int call) {
        RecordingDriver.Call failing = RecordingDriver.Call.values()[call];
        makeCurrent(0);
        OptionalInt before = references(0);
        try (World world = new World()) {
            world.driver.failing.add(failing);
            makeCurrent(0);
            try {
                MappedLine.open(world.driver, (reason, name, address, bytes) -> { });
                throw new AssertionError("line10: a line opened though " + failing + " failed");
            } catch (GpuException expected) {
                require(expected.status() == 999, "line10", "the failure surfaced as " + expected.status() + ", not 999");
            }
            require(world.driver.unreleased() == 0, "line10", "a failed " + failing + " kept a domain reference");
            require(world.driver.livePages() == 0, "line10", "a failed " + failing + " kept a page");
            requireReferences("line10", before, 0, "after a failed open");
            world.check();
        }
    }

    /**
     * Optional (device-side wait): a stream that waits on the device for a line's word runs
     * the work behind its wait only after that word reached the value.
     */
    @Property(tries = 3)
    @Needs(Capability.DEVICE_SIDE_WAIT)
    public void optional_deviceWait01_aStreamWaitsOnTheDeviceForAWord(@ForAll("slots") Slot watched) {
        try (World world = new World()) {
            Line<S> line = world.open(0);
            S producer = world.stream(0);
            S consumer = world.stream(0);
            enqueueWaitValue(consumer, line.deviceAddress(watched), 1);
            Slot other = Slot.of((watched.ordinal() + 1) % Slot.COUNT);
            Ticket after = line.signal(consumer, other);
            enqueueWork(producer, LONG_WORK);
            Ticket first = line.signal(producer, watched);
            require(!after.isDone(), "deviceWait01", "work behind the device-side wait ran before the word moved");
            awaitLanded(after, "deviceWait01");
            require(first.isDone(), "deviceWait01", "the wait let work through before the watched store landed");
            world.check();
        }
    }

    /**
     * Optional (failing a domain): a line whose domain failed with stores pending keeps its page
     * and its reference (state LEAKED, the leak reported) instead of freeing them.
     */
    @Property(tries = 1)
    @Needs(Capability.FAIL_DOMAIN)
    public void optional_failure01_aFailedDomainKeepsThePageRatherThanFreeIt() {
        World world = new World();
        Line<S> line = world.open(0);
        S stream = world.stream(0);
        enqueueWork(stream, LONG_WORK);
        line.signal(stream, Slot.S0);
        failDomain(0);
        line.close();
        require(line.state() == Line.State.LEAKED, "failure01", "the line ended " + line.state());
        require(world.driver.livePages() == 1, "failure01", "the page was freed under a store that never landed");
        require(world.driver.unreleased() == 1, "failure01", "the domain reference was let go");
        require(world.leaks.size() == 1 && world.leaks.getFirst().startsWith("SETTLE_FAILED"), "failure01",
                "leaks reported: " + world.leaks);
        world.check();
        world.close();
    }
}
