package io.gpuasync.spi;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Sequences;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.FakeDriver.Call;
import io.gpuasync.spi.FakeDriver.Domain;
import io.gpuasync.spi.FakeDriver.Page;
import io.gpuasync.spi.FakeDriver.Stream;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The state of one property run: the lines under test, the fake device under them, and a model
 * of what each line should have done, side by side. Every action checks its outcome against the
 * model and records what disagrees under the {@link LineRule} it breaks; the invariants then
 * report those rules after every step.
 */
final class LineStory {
    /**
     * The bound of a line whose close may hang: short, so a story with hangs stays fast. A
     * settle the fake answers at once may still miss it on a busy machine, so such a line may
     * also end leaked as timed out after a settle that did not hang; the model allows that.
     */
    static final Duration SHORT_BOUND = Duration.ofMillis(30);
    /** Every other line's bound: long enough that only a hung settle meets it. */
    static final Duration LONG_BOUND = Duration.ofSeconds(60);

    /** The rules the stories check: those that the line itself keeps, over a fake driver. */
    static final List<LineRule> CHECKED = List.of(LineRule.ZEROED, LineRule.FOREIGN_STREAM_REFUSED,
            LineRule.NO_FREE_UNDER_WORK, LineRule.RELEASED_ONCE, LineRule.SLOT_ADDRESS,
            LineRule.FAILED_OPEN_ACQUIRES_NOTHING, LineRule.LEAK_KEPT_AND_REPORTED, LineRule.SLOT_SERVES_ONE_STREAM,
            LineRule.WORD_NEVER_MOVES_BACK, LineRule.HOST_VIEW_RETIRED, LineRule.SETTLE_BOUNDED);

    /** How a close's settle behaves. */
    enum Settle { ANSWERS, FAILS, HANGS, THROWS }

    record Leak(LeakReporter.Reason reason, long address) {
    }

    /** A line the story opened, with the model's view of it. */
    static final class Opened {
        final HostLine<Stream> line;
        final Page page;
        final Domain domain;
        final boolean shortBound;
        final Stream[] owners = new Stream[Slot.COUNT];
        final long[] last = new long[Slot.COUNT];
        // What the line queued on each stream, in the model's terms.
        final java.util.Map<Stream, Use> uses = new java.util.HashMap<>();
        // Whether the model expects the page and the domain reference to be kept.
        boolean kept;

        Opened(HostLine<Stream> line, Page page, Domain domain, boolean shortBound) {
            this.line = line;
            this.page = page;
            this.domain = domain;
            this.shortBound = shortBound;
        }

        Use use(Stream stream) {
            return uses.computeIfAbsent(stream, s -> new Use());
        }

        /**
         * Whether a close must settle: some stream holds a store of the line's that has not
         * landed, a device-side wait queued after its last store, or a device address handed out.
         */
        boolean needsSettle() {
            for (Use use : uses.values()) {
                if (use.address || use.waitSince
                        || (use.lastStore != null && Sequences.distance(line.words().getAcquire(use.lastStore), use.target) < 0)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** What a line queued on one stream: its last store there, and whether a wait or an address came since. */
    static final class Use {
        Slot lastStore;
        long target;
        boolean waitSince;
        boolean address;

        void stored(Slot slot, long value) {
            lastStore = slot;
            target = value;
            waitSince = false;
        }
    }

    final FakeDriver driver = new FakeDriver();
    final LineKind kind;
    final List<Leak> leaks = new CopyOnWriteArrayList<>();
    final List<Opened> open = new ArrayList<>();
    final List<Opened> closed = new ArrayList<>();
    private final LeakReporter reporter = (reason, line, address, bytes) -> leaks.add(new Leak(reason, address));

    LineStory(LineKind kind) {
        this.kind = kind;
        driver.beforeFree = this::viewMustBeGone;
    }

    private void viewMustBeGone(long address) {
        for (List<Opened> lines : List.of(open, closed)) {
            for (Opened o : lines) {
                if (o.page.memory.address() == address && !o.page.freed) {
                    try {
                        o.line.words().getAcquire(Slot.S0);
                        driver.violation(LineRule.HOST_VIEW_RETIRED, "the host could still read the page as it was freed");
                    } catch (IllegalStateException expected) {
                        // The view was retired first.
                    }
                }
            }
        }
    }

    @Override
    public String toString() {
        return "LineStory[" + kind + ", open=" + open.size() + ", closed=" + closed.size() + "]";
    }

    void openLine(int device, Call fault, boolean shortBound) {
        int retainsBefore = driver.unreleasedRetains();
        int pagesBefore = driver.livePages();
        driver.currentDevice = device;
        if (fault != null) {
            driver.failing.add(fault);
        }
        try {
            HostLine<Stream> line = kind.open(driver, reporter, shortBound ? SHORT_BOUND : LONG_BOUND);
            Page page = driver.pagesByHost.get(line.words().address());
            if (page == null) {
                driver.violation(LineRule.SLOT_ADDRESS, "the line's words are not at the start of its page");
                return;
            }
            for (Slot slot : Slot.values()) {
                if (line.words().getAcquire(slot) != 0) {
                    driver.violation(LineRule.ZEROED, "slot " + slot + " reads 0x"
                            + Long.toHexString(line.words().getAcquire(slot)) + " on a fresh line");
                }
            }
            open.add(new Opened(line, page, page.owner, shortBound));
        } catch (GpuException e) {
            if (driver.unreleasedRetains() != retainsBefore) {
                driver.violation(LineRule.FAILED_OPEN_ACQUIRES_NOTHING, "a failed open kept a domain reference: " + e.getMessage());
            }
            if (driver.livePages() != pagesBefore) {
                driver.violation(LineRule.FAILED_OPEN_ACQUIRES_NOTHING, "a failed open kept a page: " + e.getMessage());
            }
            GpuException.Kind expected = device == 0 ? GpuException.Kind.NO_DOMAIN : GpuException.Kind.DRIVER_STATUS;
            int status = device == 0 ? LineError.NO_DOMAIN.status() : driver.failStatus;
            if (e.kind() != expected || e.status() != status) {
                driver.violation(LineRule.FAILED_OPEN_ACQUIRES_NOTHING, "open failed as " + e.kind() + "/" + e.status()
                        + ", expected " + expected + "/" + status);
            }
        } finally {
            driver.failing.clear();
        }
    }

    void signal(int which, Stream stream, Slot slot, Set<Call> faults) {
        Opened o = open.get(which % open.size());
        int k = slot.ordinal();
        boolean foreign = stream.device() != o.domain.device();
        Stream owner = o.owners[k];
        boolean busy = owner != null && !owner.equals(stream) && Sequences.distance(o.line.words().getAcquire(slot), o.last[k]) < 0;
        int writesBefore = driver.writes;
        driver.failing.addAll(faults);
        try {
            Ticket ticket = o.line.signal(stream, slot);
            if (busy) {
                driver.violation(LineRule.SLOT_SERVES_ONE_STREAM, "slot " + slot + " took a store from " + stream
                        + " while " + owner + " had " + o.last[k] + " pending");
            }
            if (foreign) {
                driver.violation(LineRule.FOREIGN_STREAM_REFUSED, "a store from " + stream + " into a line of " + o.domain
                        + " was accepted");
            }
            if (ticket.target() != o.last[k] + 1 || ticket.slot() != slot || ticket.line() != o.line) {
                driver.violation(LineRule.SLOT_SERVES_ONE_STREAM, "ticket " + ticket + " after " + o.last[k]);
            }
            long expected = o.page.device + 8L * k;
            if (driver.lastWriteAddress != expected) {
                driver.violation(LineRule.SLOT_ADDRESS, "slot " + k + " stored at base + "
                        + (driver.lastWriteAddress - o.page.device) + ", not base + " + 8L * k);
            }
            o.owners[k] = stream;
            o.last[k] = ticket.target();
            o.use(stream).stored(slot, ticket.target());
        } catch (GpuException e) {
            GpuException.Kind expected;
            LineRule rule;
            if (busy) {
                expected = GpuException.Kind.SLOT_BUSY;
                rule = LineRule.SLOT_SERVES_ONE_STREAM;
            } else if (faults.contains(Call.STREAM_IN)) {
                expected = GpuException.Kind.DRIVER_STATUS;
                rule = LineRule.FOREIGN_STREAM_REFUSED;
            } else if (foreign) {
                expected = GpuException.Kind.FOREIGN_STREAM;
                rule = LineRule.FOREIGN_STREAM_REFUSED;
            } else {
                expected = GpuException.Kind.DRIVER_STATUS;
                rule = LineRule.SLOT_SERVES_ONE_STREAM;
                // The store may have been queued despite the failure, so the sequence stays used
                // and close must settle until it lands.
                o.owners[k] = stream;
                o.last[k]++;
                o.use(stream).stored(slot, o.last[k]);
            }
            if (e.kind() != expected) {
                driver.violation(rule, "signal failed as " + e.kind() + " (" + e.getMessage() + "), expected " + expected);
            }
            if (foreign && driver.writes != writesBefore) {
                driver.violation(LineRule.FOREIGN_STREAM_REFUSED, "a refused foreign signal still queued a store");
            }
        } finally {
            driver.failing.clear();
        }
    }

    void waitOnDevice(int which, Stream stream, Slot slot, boolean streamCheckFails) {
        Opened o = open.get(which % open.size());
        boolean foreign = stream.device() != o.domain.device();
        int waitsBefore = driver.waits;
        if (streamCheckFails) {
            driver.failing.add(Call.STREAM_IN);
        }
        try {
            o.line.waitOnDevice(stream, slot, o.last[slot.ordinal()] + 1);
            if (foreign || streamCheckFails) {
                driver.violation(LineRule.FOREIGN_STREAM_REFUSED, "a device-side wait from " + stream + " on a line of "
                        + o.domain + " was accepted" + (streamCheckFails ? " though the stream could not be checked" : ""));
            }
            o.use(stream).waitSince = true;
        } catch (GpuException e) {
            GpuException.Kind expected = streamCheckFails ? GpuException.Kind.DRIVER_STATUS
                    : foreign ? GpuException.Kind.FOREIGN_STREAM : null;
            if (e.kind() != expected) {
                driver.violation(LineRule.FOREIGN_STREAM_REFUSED, "a device-side wait failed as " + e.kind() + " ("
                        + e.getMessage() + "), expected " + expected);
            }
            if (driver.waits != waitsBefore) {
                driver.violation(LineRule.FOREIGN_STREAM_REFUSED, "a refused device-side wait was still queued");
            }
        } finally {
            driver.failing.clear();
        }
    }

    void handOutAddress(int which, Stream stream, Slot slot) {
        Opened o = open.get(which % open.size());
        boolean foreign = stream.device() != o.domain.device();
        try {
            long address = o.line.deviceAddress(stream, slot);
            if (foreign) {
                driver.violation(LineRule.FOREIGN_STREAM_REFUSED, "the device address of a line of " + o.domain
                        + " was handed out for " + stream);
            }
            if (address != o.page.device + 8L * slot.ordinal()) {
                driver.violation(LineRule.SLOT_ADDRESS, "slot " + slot.ordinal() + "'s device address is base + "
                        + (address - o.page.device));
            }
            o.use(stream).address = true;
        } catch (GpuException e) {
            if (!foreign || e.kind() != GpuException.Kind.FOREIGN_STREAM) {
                driver.violation(LineRule.FOREIGN_STREAM_REFUSED, "handing out a device address for " + stream
                        + " failed as " + e.kind() + " (" + e.getMessage() + ")");
            }
        }
    }

    void deviceRuns(Stream stream, int stores) {
        if (stream == null) {
            driver.run(stores);
        } else {
            driver.run(stream, stores);
        }
    }

    void close(int which, Settle asked) {
        Opened o = open.remove(which % open.size());
        boolean queued = o.needsSettle();
        Settle settle = asked == Settle.HANGS && !o.shortBound ? Settle.ANSWERS : asked;
        closed.add(o);
        int leaksBefore = leaks.size();
        FakeDriver.Hang hang = null;
        switch (settle) {
            case ANSWERS -> { }
            case FAILS -> driver.failing.add(Call.SETTLE);
            case THROWS -> driver.failing.add(Call.SETTLE_THROWS);
            case HANGS -> hang = driver.hangNextSettle();
        }
        Throwable thrown = null;
        try {
            o.line.close();
        } catch (RuntimeException | Error e) {
            thrown = e;
        } finally {
            driver.failing.clear();
            driver.cancelHang();
            if (hang != null) {
                // The settle hangs until now: had the close waited for it, it would have run out.
                if (hang.ranOut()) {
                    driver.violation(LineRule.SETTLE_BOUNDED, "close returned only once the hung settle gave up by itself ("
                            + FakeDriver.Hang.SAFETY_NET + "), not at the line's bound of " + SHORT_BOUND);
                }
                hang.release();
            }
        }
        List<Leak> reported = List.copyOf(leaks.subList(leaksBefore, leaks.size()));
        LeakReporter.Reason expectedLeak = !queued ? null : switch (settle) {
            case ANSWERS -> null;
            case FAILS -> LeakReporter.Reason.SETTLE_FAILED;
            case THROWS -> LeakReporter.Reason.CLOSE_FAILED;
            case HANGS -> LeakReporter.Reason.SETTLE_TIMED_OUT;
        };
        boolean throwsExpected = queued && settle == Settle.THROWS;
        // A settle the fake answers (or fails, or throws) at once may still miss a short bound
        // on a busy machine: then the line gave up first, and rightly reports a timeout.
        if (queued && o.shortBound && o.line.state() == Line.State.LEAKED
                && reported.equals(List.of(new Leak(LeakReporter.Reason.SETTLE_TIMED_OUT, o.page.memory.address())))) {
            expectedLeak = LeakReporter.Reason.SETTLE_TIMED_OUT;
            throwsExpected = false;
        }
        o.kept = expectedLeak != null;
        LineRule rule = settle == Settle.HANGS ? LineRule.SETTLE_BOUNDED : LineRule.LEAK_KEPT_AND_REPORTED;
        if (throwsExpected != thrown instanceof FakeDriver.DriverError) {
            driver.violation(LineRule.LEAK_KEPT_AND_REPORTED, throwsExpected ? "the settle's error did not reach the closer"
                    + (thrown == null ? "" : ", " + thrown + " did") : "close threw " + thrown);
        }
        if (expectedLeak != null) {
            if (o.line.state() != Line.State.LEAKED) {
                driver.violation(rule, "settle " + settle.name().toLowerCase(java.util.Locale.ROOT) + ", yet the line ended "
                        + o.line.state());
            }
            if (!reported.equals(List.of(new Leak(expectedLeak, o.page.memory.address())))) {
                driver.violation(rule, "settle " + settle.name().toLowerCase(java.util.Locale.ROOT) + "; leaks reported: "
                        + reported + ", expected one " + expectedLeak);
            }
        } else {
            if (o.line.state() != Line.State.CLOSED) {
                driver.violation(LineRule.RELEASED_ONCE, "the line ended " + o.line.state() + " though nothing stood in the way");
            }
            if (!reported.isEmpty()) {
                driver.violation(LineRule.LEAK_KEPT_AND_REPORTED, "a leak was reported for a line that closed cleanly: " + reported);
            }
        }
        checkViewIsGone(o);
    }

    void closeAgain(int which) {
        Opened o = closed.get(which % closed.size());
        Line.State before = o.line.state();
        try {
            o.line.close();
        } catch (RuntimeException | Error e) {
            driver.violation(LineRule.RELEASED_ONCE, "closing again threw " + e);
        }
        if (o.line.state() != before) {
            driver.violation(LineRule.RELEASED_ONCE, "closing again moved the line from " + before + " to " + o.line.state());
        }
        checkViewIsGone(o);
    }

    private void checkViewIsGone(Opened o) {
        try {
            o.line.reached(Slot.S0, 1);
            driver.violation(LineRule.HOST_VIEW_RETIRED, "a closed line still reads its page");
        } catch (GpuException e) {
            if (e.kind() != GpuException.Kind.CLOSED) {
                driver.violation(LineRule.HOST_VIEW_RETIRED, "reading a closed line failed as " + e.kind());
            }
        }
    }

    /** Fails, naming {@code rule} and what broke it, if anything recorded or visible breaks it. */
    void assertHolds(LineRule rule) {
        List<String> broken = new ArrayList<>(driver.violations.stream().filter(v -> v.startsWith(rule.id() + ": ")).toList());
        if (rule == LineRule.RELEASED_ONCE) {
            for (Opened o : open) {
                expectFreesAndReleases(broken, o, 0, "an open line");
            }
            for (Opened o : closed) {
                expectFreesAndReleases(broken, o, o.kept ? 0 : 1, o.kept ? "a leaked line" : "a closed line");
            }
        }
        if (rule == LineRule.LEAK_KEPT_AND_REPORTED) {
            for (Opened o : closed) {
                if (o.kept && (o.page.freed || !driver.retained(o.domain))) {
                    broken.add(rule.broken("a line that could not settle gave back its page or its domain"));
                }
            }
        }
        if (!broken.isEmpty()) {
            throw new AssertionError("[" + rule.id() + "] broken by " + kind + ": " + broken + "\ncalls: " + driver.calls);
        }
    }

    private void expectFreesAndReleases(List<String> broken, Opened o, int times, String what) {
        int released = driver.releases(o.domain);
        int frees = driver.frees(o.page);
        if (frees != times || released != times) {
            broken.add(LineRule.RELEASED_ONCE.broken(what + " freed its page " + frees
                    + " times and released its domain " + released + " times, expected " + times));
        }
    }
}
