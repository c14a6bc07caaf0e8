package io.gpuasync.conformance;

import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.LineRule;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntUnaryOperator;

/**
 * The driver under test, seen from outside: every call is passed on and recorded, the calls that
 * can fail fail on request (before the driver is called, so the driver acquires nothing; failures
 * inside the driver are the subclass's {@link Capability#FAULT_INJECTION}), and what the rules
 * forbid is noted as it happens, under the {@link LineRule} it breaks. Thread-safe: lines close
 * from any thread, and settles run on the line's own threads.
 *
 * <p>Each line is followed on its own (by its page, and by the domain reference its open took),
 * so that its calls are checked in order even where many lines share one domain handle: its page
 * is freed before its reference is released, each once. Where the backend can count (its
 * {@link Capability#REFERENCE_COUNT} and {@link Capability#PAGE_COUNT}), every retain, release
 * and free is also checked against the backend's own count right around the call, so that what
 * a driver does inside a call (release another domain, free the page later) shows at once.
 */
final class RecordingDriver<S, D> extends ForwardingLineDriver<S, D> {
    enum Call { RETAIN, ALLOC, ADDRESS }

    /** One line's page, what was queued into it, and the reference its open took. */
    static final class Page {
        final Object domain;
        final int domainIndex;
        final long host;
        long device;
        int frees;
        int releases;
        boolean freedBeforeRelease = true;
        // Whether the page was freed while a store or a wait queued into it was still pending.
        boolean freedUnderWork;
        // The highest value queued into each word of the page, stored or waited for.
        final Map<Long, Long> queued = new HashMap<>();

        Page(Object domain, int domainIndex, long host) {
            this.domain = domain;
            this.domainIndex = domainIndex;
            this.host = host;
        }
    }

    final Set<Call> failing = EnumSet.noneOf(Call.class);
    final List<String> events = new ArrayList<>();
    final List<String> violations = new ArrayList<>();
    // Per domain handle, references taken minus references given back: a handle may come back
    // from several retains (a CUDA context handle does), so references are counted, not paired.
    private final Map<Object, Integer> held = new HashMap<>();
    final Map<Long, Page> pages = new HashMap<>();
    private final IntUnaryOperator references;
    private final IntUnaryOperator hostPages;
    // The domain the line being opened on each thread was made current on, and the page whose
    // free a release on that thread follows: MappedLine opens and closes a line on one thread.
    private final ThreadLocal<Integer> opening = ThreadLocal.withInitial(() -> 0);
    private final ThreadLocal<Page> lastFreed = new ThreadLocal<>();
    private long writes;
    private long waits;
    private int settlesRunning;

    /**
     * @param references how many references domain i holds, as the backend counts them, or null
     * @param hostPages  how many pages domain i has allocated and not freed, or null
     */
    RecordingDriver(LineDriver<S, D> driver, IntUnaryOperator references, IntUnaryOperator hostPages) {
        super(driver);
        this.references = references;
        this.hostPages = hostPages;
    }

    RecordingDriver(LineDriver<S, D> driver) {
        this(driver, null, null);
    }

    /** The domain (by index) that the next open on this thread is made current on. */
    void opening(int domainIndex) {
        opening.set(domainIndex);
    }

    private synchronized void event(String what) {
        events.add(what);
    }

    synchronized void violation(LineRule rule, String what) {
        violations.add(rule.broken(what));
    }

    synchronized List<String> violations() {
        return List.copyOf(violations);
    }

    // A driver call that throws what it must not: noted under the rule, then passed on.
    private RuntimeException thrown(LineRule rule, String call, Throwable t) {
        violation(rule, call + " threw " + t);
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    @Override
    public D retainCurrent() throws LineException {
        synchronized (this) {
            if (failing.contains(Call.RETAIN)) {
                throw new LineException(LineError.ofStatus(999), "injected failure of retainCurrent");
            }
        }
        int index = opening.get();
        int before = count(references, index);
        D domain;
        try {
            domain = super.retainCurrent();
        } catch (LineException | RuntimeException e) {
            // A retain that fails leaves the count where it was: its own reference undone, once.
            untouched(index, before, "a failing retainCurrent");
            throw e;
        }
        int after = count(references, index);
        if (references != null && after != before + 1) {
            // None taken: it took another domain's. More than one: one that nothing gives back.
            violation(after == before ? LineRule.EVERY_DOMAIN : LineRule.RELEASED_ONCE, "retainCurrent with domain " + index
                    + " current took " + (after - before) + " references to it, not 1 (it counted " + before + ", then "
                    + after + ")");
        }
        synchronized (this) {
            held.merge(domain, 1, Integer::sum);
            event("retain " + domain);
        }
        return domain;
    }

    private static int count(IntUnaryOperator counter, int index) {
        return counter == null ? 0 : counter.applyAsInt(index);
    }

    @Override
    public void release(D domain) {
        Page owner;
        int index;
        synchronized (this) {
            int now = held.getOrDefault(domain, 0) - 1;
            if (now < 0) {
                violation(LineRule.RELEASED_ONCE, "released a reference to " + domain + " that was not held (released twice?)");
            }
            held.put(domain, now);
            event("release " + domain);
            owner = lastFreed.get();
            lastFreed.remove();
            if (owner != null && owner.domain.equals(domain)) {
                owner.releases++;
                index = owner.domainIndex;
            } else {
                // A failed open gives back its reference with no page freed: its domain is the
                // one that open was made current on.
                owner = null;
                index = opening.get();
            }
        }
        int before = count(references, index);
        try {
            super.release(domain);
        } catch (RuntimeException | Error e) {
            throw thrown(LineRule.RELEASED_ONCE, "release", e);
        }
        int after = count(references, index);
        if (references != null && after != before - 1) {
            // None given back: it released another domain's (the current one's?). More than one:
            // it took what another owner holds.
            violation(after == before ? LineRule.EVERY_DOMAIN : LineRule.RELEASED_ONCE, "release of a reference to domain "
                    + index + " gave back " + (before - after) + " of its references, not 1 (it counted " + before
                    + ", then " + after + ")");
        }
    }

    /** References taken and not given back, over all domains. */
    synchronized int unreleased() {
        return held.values().stream().mapToInt(Integer::intValue).sum();
    }

    synchronized boolean isRetained(Object domain) {
        return held.getOrDefault(domain, 0) > 0;
    }

    @Override
    public MemorySegment allocHost(D domain, long bytes) throws LineException {
        synchronized (this) {
            if (failing.contains(Call.ALLOC)) {
                throw new LineException(LineError.ofStatus(999), "injected failure of allocHost");
            }
        }
        int index = opening.get();
        int before = count(references, index);
        MemorySegment page;
        try {
            page = super.allocHost(domain, bytes);
        } finally {
            untouched(index, before, "allocHost");
        }
        synchronized (this) {
            pages.put(page.address(), new Page(domain, opening.get(), page.address()));
            event("alloc 0x" + Long.toHexString(page.address()));
        }
        return page;
    }

    // A call that is not a retain or a release leaves the domain's references as they were,
    // whether it returns or fails: a failure path that gives back a reference is seen at the
    // call, on its first run, not only in a count at the end.
    private void untouched(int index, int before, String call) {
        if (references == null) {
            return;
        }
        int after = references.applyAsInt(index);
        if (after != before) {
            violation(after < before ? LineRule.FAILURE_UNDONE_ONCE : LineRule.RELEASED_ONCE, call + " with domain " + index
                    + " current changed its references from " + before + " to " + after
                    + ": only retainCurrent and release may");
        }
    }

    /** The page the driver handed out at {@code host}. */
    synchronized Page page(long host) {
        return pages.get(host);
    }

    synchronized int livePages() {
        int n = 0;
        for (Page p : pages.values()) {
            if (p.frees == 0) {
                n++;
            }
        }
        return n;
    }

    @Override
    public long deviceAddress(D domain, MemorySegment host) throws LineException {
        synchronized (this) {
            if (failing.contains(Call.ADDRESS)) {
                throw new LineException(LineError.ofStatus(999), "injected failure of deviceAddress");
            }
        }
        int index = opening.get();
        int before = count(references, index);
        long device;
        try {
            device = super.deviceAddress(domain, host);
        } finally {
            untouched(index, before, "deviceAddress");
        }
        synchronized (this) {
            Page page = pages.get(host.address());
            if (page != null) {
                page.device = device;
            }
        }
        return device;
    }

    // Reading the raw page is restricted: the recorder reads only pages the driver handed out
    // and has not freed yet, which the LineDriver contract keeps alive.
    @SuppressWarnings("restricted")
    @Override
    public void freeHost(D domain, MemorySegment host) {
        Page page;
        synchronized (this) {
            page = pages.get(host.address());
            if (page == null) {
                violation(LineRule.RELEASED_ONCE, "freed a page the driver never handed out");
            } else {
                if (page.frees > 0) {
                    violation(LineRule.RELEASED_ONCE, "freed a page twice");
                }
                page.frees++;
                if (!isRetained(page.domain) || page.releases > 0) {
                    page.freedBeforeRelease = false;
                    violation(LineRule.NO_FREE_UNDER_WORK, "freed a page after its line's domain reference was released");
                }
                if (page.frees == 1) {
                    // What the device should have stored by now, read from the page itself.
                    MemorySegment words = MemorySegment.ofAddress(host.address()).reinterpret(64);
                    page.queued.forEach((offset, value) -> {
                        long word = words.get(ValueLayout.JAVA_LONG, offset);
                        if (word - value < 0) {
                            page.freedUnderWork = true;
                            violation(LineRule.NO_FREE_UNDER_WORK, "freed a page while a store of, or a device-side wait for, "
                                    + value + " at base + " + offset + " was still pending (the word read " + word + ")");
                        }
                    });
                }
                lastFreed.set(page);
            }
            event("free 0x" + Long.toHexString(host.address()));
        }
        int index = page == null ? 0 : page.domainIndex;
        int before = count(hostPages, index);
        try {
            super.freeHost(domain, host);
        } catch (RuntimeException | Error e) {
            throw thrown(LineRule.RELEASED_ONCE, "freeHost", e);
        }
        int after = count(hostPages, index);
        if (hostPages != null && after != before - 1) {
            violation(LineRule.NO_FREE_UNDER_WORK, "freeHost returned with domain " + index + " counting " + after
                    + " pages, not " + (before - 1) + ": a page not freed by then is freed after its domain may be gone");
        }
    }

    @Override
    public void writeValue(S stream, long address, long value) throws LineException {
        synchronized (this) {
            writes++;
            noteQueued(address, value);
            event("write 0x" + Long.toHexString(address) + " = " + value);
        }
        super.writeValue(stream, address, value);
    }

    @Override
    public void waitValue(S stream, long address, long value) throws LineException {
        synchronized (this) {
            waits++;
            noteQueued(address, value);
            event("wait 0x" + Long.toHexString(address) + " >= " + value);
        }
        super.waitValue(stream, address, value);
    }

    // Guarded by this.
    private void noteQueued(long address, long value) {
        for (Page page : pages.values()) {
            if (page.frees == 0 && address >= page.device && address < page.device + 64) {
                // The newest as the words count, wrap-safe: values near 2^63 are queued too.
                page.queued.merge(address - page.device, value,
                        (a, b) -> io.gpuasync.core.Sequences.distance(b, a) > 0 ? b : a);
            }
        }
    }

    synchronized long writes() {
        return writes;
    }

    synchronized long waits() {
        return waits;
    }

    @Override
    public boolean settle(D domain, java.util.List<S> streams, long deadlineNanos) {
        synchronized (this) {
            settlesRunning++;
        }
        try {
            boolean settled = super.settle(domain, streams, deadlineNanos);
            event("settle " + domain + (settled ? "" : " failed"));
            return settled;
        } catch (RuntimeException | Error e) {
            throw thrown(LineRule.SETTLE_BOUNDED, "settle", e);
        } finally {
            synchronized (this) {
                settlesRunning--;
                notifyAll();
            }
        }
    }

    /**
     * Waits until no settle is running, at most {@code nanos}.
     *
     * @return how many settles are still running
     */
    synchronized int awaitSettles(long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + nanos;
        while (settlesRunning > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return settlesRunning;
    }

    /** Stops failing calls on request: the property that asked for it is over. */
    synchronized void stopFailing() {
        failing.clear();
    }

    synchronized int settlesRunning() {
        return settlesRunning;
    }

    /** Checks each line's own calls, in order: freed before released, each once, or neither. */
    synchronized void checkEveryLine(java.util.function.LongPredicate leakedByDesign) {
        for (Page page : pages.values()) {
            boolean leaked = leakedByDesign.test(page.host);
            int expected = leaked ? 0 : 1;
            if (page.frees != expected || page.releases != expected) {
                violation(LineRule.RELEASED_ONCE, "the line of the page at 0x" + Long.toHexString(page.host) + " freed it "
                        + page.frees + " times and released its own domain reference " + page.releases + " times, not "
                        + expected + (leaked ? " (it was leaked)" : ""));
            }
        }
    }
}
