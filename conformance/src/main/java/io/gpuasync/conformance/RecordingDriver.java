package io.gpuasync.conformance;

import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The driver under test, seen from outside: every call is passed on and recorded, the calls that
 * can fail fail on request (before the driver is called, so the driver acquires nothing), and
 * what the rules forbid is noted as it happens. Thread-safe: lines close from any thread.
 */
final class RecordingDriver<S, D> extends ForwardingLineDriver<S, D> {
    enum Call { RETAIN, ALLOC, ADDRESS }

    /** What the driver handed out, and whether it came back. */
    static final class Page {
        final Object domain;
        final long host;
        long device;
        int frees;
        // The highest value queued into each word of the page, to check at free time.
        final Map<Long, Long> queued = new HashMap<>();

        Page(Object domain, long host) {
            this.domain = domain;
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
    private long writes;

    RecordingDriver(LineDriver<S, D> driver) {
        super(driver);
    }

    private synchronized void event(String what) {
        events.add(what);
    }

    synchronized void violation(String rule, String what) {
        violations.add(rule + ": " + what);
    }

    @Override
    public synchronized D retainCurrent() throws LineException {
        if (failing.contains(Call.RETAIN)) {
            throw new LineException(LineError.ofStatus(999), "injected failure of retainCurrent");
        }
        D domain = super.retainCurrent();
        held.merge(domain, 1, Integer::sum);
        event("retain " + domain);
        return domain;
    }

    @Override
    public synchronized void release(D domain) {
        int now = held.getOrDefault(domain, 0) - 1;
        if (now < 0) {
            violation("line07", "released a reference to " + domain + " that was not held (released twice?)");
        }
        held.put(domain, now);
        event("release " + domain);
        super.release(domain);
    }

    /** References taken and not given back, over all domains. */
    synchronized int unreleased() {
        return held.values().stream().mapToInt(Integer::intValue).sum();
    }

    synchronized boolean isRetained(Object domain) {
        return held.getOrDefault(domain, 0) > 0;
    }

    @Override
    public synchronized MemorySegment allocHost(D domain, long bytes) throws LineException {
        if (failing.contains(Call.ALLOC)) {
            throw new LineException(LineError.ofStatus(999), "injected failure of allocHost");
        }
        MemorySegment page = super.allocHost(domain, bytes);
        pages.put(page.address(), new Page(domain, page.address()));
        event("alloc 0x" + Long.toHexString(page.address()));
        return page;
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
    public synchronized long deviceAddress(D domain, MemorySegment host) throws LineException {
        if (failing.contains(Call.ADDRESS)) {
            throw new LineException(LineError.ofStatus(999), "injected failure of deviceAddress");
        }
        long device = super.deviceAddress(domain, host);
        Page page = pages.get(host.address());
        if (page != null) {
            page.device = device;
        }
        return device;
    }

    // Reading the raw page is restricted: the recorder reads only pages the driver handed out
    // and has not freed yet, which the LineDriver contract keeps alive.
    @SuppressWarnings("restricted")
    @Override
    public void freeHost(D domain, MemorySegment host) {
        synchronized (this) {
            Page page = pages.get(host.address());
            if (page == null) {
                violation("line07", "freed a page the driver never handed out");
            } else {
                if (page.frees > 0) {
                    violation("line07", "freed a page twice");
                }
                page.frees++;
                if (!isRetained(page.domain)) {
                    violation("line06", "freed a page after its domain was released");
                }
                if (page.frees == 1) {
                    // What the device should have stored by now, read from the page itself.
                    MemorySegment words = MemorySegment.ofAddress(host.address()).reinterpret(64);
                    page.queued.forEach((offset, value) -> {
                        long word = words.get(ValueLayout.JAVA_LONG, offset);
                        if (word - value < 0) {
                            violation("line06", "freed a page while a store of " + value + " into base + " + offset
                                    + " was still pending (the word read " + word + ")");
                        }
                    });
                }
            }
            event("free 0x" + Long.toHexString(host.address()));
        }
        super.freeHost(domain, host);
    }

    @Override
    public void writeValue(S stream, long address, long value) throws LineException {
        synchronized (this) {
            writes++;
            for (Page page : pages.values()) {
                if (page.frees == 0 && address >= page.device && address < page.device + 64) {
                    page.queued.merge(address - page.device, value, Math::max);
                }
            }
            event("write 0x" + Long.toHexString(address) + " = " + value);
        }
        super.writeValue(stream, address, value);
    }

    synchronized long writes() {
        return writes;
    }

    @Override
    public boolean settle(D domain, java.util.List<S> streams, long deadlineNanos) {
        boolean settled = super.settle(domain, streams, deadlineNanos);
        event("settle " + domain + (settled ? "" : " failed"));
        return settled;
    }
}
