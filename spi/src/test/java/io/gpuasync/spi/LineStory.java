package io.gpuasync.spi;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.FakeDriver.Call;
import io.gpuasync.spi.FakeDriver.Domain;
import io.gpuasync.spi.FakeDriver.Page;
import io.gpuasync.spi.FakeDriver.Stream;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The state of one property run: the real mapped lines, the fake device under them, and a model
 * of what each line should have done, side by side. Every action checks its outcome against the
 * model and records what disagrees under the label of the rule it breaks; the invariants then
 * report those labels after every step.
 */
final class LineStory {
    record Leak(LeakReporter.Reason reason, long address) {
    }

    /** A line the story opened, with the model's view of it. */
    static final class Opened {
        final MappedLine<Stream, Domain> line;
        final Page page;
        final Domain domain;
        final Stream[] owners = new Stream[Slot.COUNT];
        final long[] last = new long[Slot.COUNT];
        boolean queued;
        boolean leakExpected;

        Opened(MappedLine<Stream, Domain> line, Page page, Domain domain) {
            this.line = line;
            this.page = page;
            this.domain = domain;
        }
    }

    final FakeDriver driver = new FakeDriver();
    final Sabotage sabotage;
    final List<Leak> leaks = new ArrayList<>();
    final List<Opened> open = new ArrayList<>();
    final List<Opened> closed = new ArrayList<>();
    private final LeakReporter reporter = (reason, line, address, bytes) -> leaks.add(new Leak(reason, address));

    LineStory(Sabotage sabotage) {
        this.sabotage = sabotage;
        driver.beforeFree = this::viewMustBeGone;
    }

    private void viewMustBeGone(long address) {
        for (List<Opened> lines : List.of(open, closed)) {
            for (Opened o : lines) {
                if (o.page.memory.address() == address && !o.page.freed) {
                    try {
                        o.line.words().getAcquire(Slot.S0);
                        driver.violation(Rules.HOST_VIEW_DIES, "the host could still read the page as it was freed");
                    } catch (IllegalStateException expected) {
                        // The view died first.
                    }
                }
            }
        }
    }

    @Override
    public String toString() {
        return "LineStory[" + sabotage + ", open=" + open.size() + ", closed=" + closed.size() + "]";
    }

    void openLine(int device, Call fault) {
        int retainsBefore = driver.unreleasedRetains();
        int pagesBefore = driver.livePages();
        driver.currentDevice = device;
        if (fault != null) {
            driver.failing.add(fault);
        }
        try {
            MappedLine<Stream, Domain> line = MappedLine.open(driver, reporter);
            Page page = driver.pagesByHost.get(line.words().address());
            Domain domain = page == null ? null : page.owner;
            if (page == null) {
                driver.violation(Rules.SLOT_ADDRESS, "the line's words are not at the start of its page");
                return;
            }
            for (Slot slot : Slot.values()) {
                if (line.words().getAcquire(slot) != 0) {
                    driver.violation(Rules.ZEROED, "slot " + slot + " reads 0x"
                            + Long.toHexString(line.words().getAcquire(slot)) + " on a fresh line");
                }
            }
            open.add(new Opened(line, page, domain));
        } catch (GpuException e) {
            if (driver.unreleasedRetains() != retainsBefore) {
                driver.violation(Rules.FAILED_OPEN_ACQUIRES_NOTHING, "a failed open kept a domain reference: " + e.getMessage());
            }
            if (driver.livePages() != pagesBefore) {
                driver.violation(Rules.FAILED_OPEN_ACQUIRES_NOTHING, "a failed open kept a page: " + e.getMessage());
            }
            GpuException.Kind expected = device == 0 ? GpuException.Kind.NO_DOMAIN : GpuException.Kind.DRIVER_STATUS;
            int status = device == 0 ? -3 : driver.failStatus;
            if (e.kind() != expected || e.status() != status) {
                driver.violation(Rules.FAILED_OPEN_ACQUIRES_NOTHING, "open failed as " + e.kind() + "/" + e.status()
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
        boolean busy = owner != null && !owner.equals(stream) && o.line.words().getAcquire(slot) - o.last[k] < 0;
        int writesBefore = driver.writes;
        driver.failing.addAll(faults);
        try {
            Ticket ticket = o.line.signal(stream, slot);
            if (busy) {
                driver.violation(Rules.ONE_STREAM_PER_SLOT, "slot " + slot + " took a store from " + stream
                        + " while " + owner + " had " + o.last[k] + " pending");
            }
            if (foreign) {
                driver.violation(Rules.FOREIGN_QUEUES_NOTHING, "a store from " + stream + " into a line of " + o.domain
                        + " was accepted");
            }
            if (ticket.target() != o.last[k] + 1 || ticket.slot() != slot || ticket.line() != o.line) {
                driver.violation(Rules.ONE_STREAM_PER_SLOT, "ticket " + ticket + " after " + o.last[k]);
            }
            long expected = o.page.device + 8L * k;
            if (driver.lastWriteAddress != expected || o.line.deviceAddress(slot) != expected) {
                driver.violation(Rules.SLOT_ADDRESS, "slot " + k + " stored at base + "
                        + (driver.lastWriteAddress - o.page.device) + ", line says base + "
                        + (o.line.deviceAddress(slot) - o.page.device));
            }
            o.queued = true;
            o.owners[k] = stream;
            o.last[k] = ticket.target();
        } catch (GpuException e) {
            GpuException.Kind expected;
            String rule;
            if (busy) {
                expected = GpuException.Kind.SLOT_BUSY;
                rule = Rules.ONE_STREAM_PER_SLOT;
            } else if (faults.contains(Call.STREAM_IN)) {
                expected = GpuException.Kind.DRIVER_STATUS;
                rule = Rules.FOREIGN_QUEUES_NOTHING;
            } else if (foreign) {
                expected = GpuException.Kind.FOREIGN_STREAM;
                rule = Rules.FOREIGN_QUEUES_NOTHING;
            } else {
                expected = GpuException.Kind.DRIVER_STATUS;
                rule = Rules.ONE_STREAM_PER_SLOT;
                // The store may have been queued despite the failure, so the sequence stays used
                // and close must settle.
                o.queued = true;
                o.owners[k] = stream;
                o.last[k]++;
            }
            if (e.kind() != expected) {
                driver.violation(rule, "signal failed as " + e.kind() + " (" + e.getMessage() + "), expected " + expected);
            }
            if (foreign && driver.writes != writesBefore) {
                driver.violation(Rules.FOREIGN_QUEUES_NOTHING, "a refused foreign signal still queued a store");
            }
        } finally {
            driver.failing.clear();
        }
    }

    void deviceRuns(int stores) {
        driver.run(stores);
    }

    void close(int which, boolean settleFails) {
        Opened o = open.remove(which % open.size());
        closed.add(o);
        o.leakExpected = settleFails && o.queued;
        int leaksBefore = leaks.size();
        if (settleFails) {
            driver.failing.add(Call.SETTLE);
        }
        try {
            o.line.close();
        } finally {
            driver.failing.clear();
        }
        List<Leak> reported = leaks.subList(leaksBefore, leaks.size());
        if (o.leakExpected) {
            if (o.line.state() != Line.State.LEAKED) {
                driver.violation(Rules.LEAK_REPORTED, "settle failed, yet the line ended " + o.line.state());
            }
            if (!reported.equals(List.of(new Leak(LeakReporter.Reason.SETTLE_FAILED, o.page.memory.address())))) {
                driver.violation(Rules.LEAK_REPORTED, "settle failed; leaks reported: " + reported);
            }
        } else {
            if (o.line.state() != Line.State.CLOSED) {
                driver.violation(Rules.RELEASED_ONCE, "the line ended " + o.line.state() + " though nothing stood in the way");
            }
            if (!reported.isEmpty()) {
                driver.violation(Rules.LEAK_REPORTED, "a leak was reported for a line that closed cleanly: " + reported);
            }
        }
        checkViewIsGone(o);
    }

    void closeAgain(int which) {
        Opened o = closed.get(which % closed.size());
        Line.State before = o.line.state();
        o.line.close();
        if (o.line.state() != before) {
            driver.violation(Rules.RELEASED_ONCE, "closing again moved the line from " + before + " to " + o.line.state());
        }
        checkViewIsGone(o);
    }

    private void checkViewIsGone(Opened o) {
        try {
            o.line.reached(Slot.S0, 1);
            driver.violation(Rules.HOST_VIEW_DIES, "a closed line still reads its page");
        } catch (GpuException e) {
            if (e.kind() != GpuException.Kind.CLOSED) {
                driver.violation(Rules.HOST_VIEW_DIES, "reading a closed line failed as " + e.kind());
            }
        }
    }

    /** Fails, naming {@code rule} and what broke it, if anything recorded or visible breaks it. */
    void assertHolds(String rule) {
        List<String> broken = new ArrayList<>(driver.violations.stream().filter(v -> v.startsWith(rule + ": ")).toList());
        if (rule.equals(Rules.RELEASED_ONCE)) {
            for (Opened o : open) {
                expectFreesAndReleases(broken, o, 0, "an open line");
            }
            for (Opened o : closed) {
                expectFreesAndReleases(broken, o, o.leakExpected ? 0 : 1, o.leakExpected ? "a leaked line" : "a closed line");
            }
        }
        if (rule.equals(Rules.LEAK_REPORTED)) {
            for (Opened o : closed) {
                if (o.leakExpected && (o.page.freed || !driver.retained(o.domain))) {
                    broken.add(rule + ": a line that could not settle gave back its page or its domain");
                }
            }
        }
        if (!broken.isEmpty()) {
            throw new AssertionError("[" + rule + "] broken under " + sabotage + ": " + broken + "\ncalls: " + driver.calls);
        }
    }

    private void expectFreesAndReleases(List<String> broken, Opened o, int times, String what) {
        int released = driver.releases.get(o.domain.retain());
        if (o.page.frees != times || released != times) {
            broken.add(Rules.RELEASED_ONCE + ": " + what + " freed its page " + o.page.frees
                    + " times and released its domain " + released + " times, expected " + times);
        }
    }
}
