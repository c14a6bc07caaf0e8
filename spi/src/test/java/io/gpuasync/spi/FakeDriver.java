package io.gpuasync.spi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A driver table whose device is this object: pages are real native memory, stores queue per
 * stream and land when the test says the device ran (or when a domain settles), a device-side
 * wait is passed once a store queued after it on its stream has landed, and any call
 * that can fail fails on request. It records every call, and flags, at the moment of the call,
 * each one the ownership rules forbid, under the rule it breaks. Every call holds this object's
 * monitor: lines settle on threads of their own, a settle the line gave up on may still run after
 * its close returned, and the concurrency test releases and frees from many threads at once.
 */
final class FakeDriver implements LineDriver<FakeDriver.Stream, FakeDriver.Domain> {
    /** Device addresses are host addresses moved by this much, so mixing the two shows. */
    static final long DEVICE_OFFSET = 0x7000_0000_0000L;
    /** What a fresh page holds before the line zeroes it. */
    static final long GARBAGE = 0xDEAD_BEEF_DEAD_BEEFL;

    /** A device (1, 2, ...) and the retain that handed out this reference to it. */
    record Domain(int device, int retain) {
    }

    /** A stream of {@code device}. */
    record Stream(int device, int id) {
    }

    enum Call {
        RETAIN, ALLOC, ADDRESS, STREAM_IN, WRITE, WRITE_QUEUED_ANYWAY,
        /** Settle answers false. */
        SETTLE,
        /** Settle throws a {@link DriverError}. */
        SETTLE_THROWS
    }

    /** What a driver throws that it should not: an {@link Error} from a settle. */
    static final class DriverError extends Error {
        DriverError(String message) {
            super(message);
        }
    }

    /** One page as the device knows it. */
    static final class Page {
        final MemorySegment memory;
        final Arena arena;
        final Domain owner;
        final long device;
        boolean freed;
        int frees;
        // Stores and device-side waits queued into the page that can still touch it: a store until
        // it lands, a wait until a store queued after it on its stream lands (or the domain settles).
        int unsettledWork;

        Page(Arena arena, MemorySegment memory, Domain owner) {
            this.arena = arena;
            this.memory = memory;
            this.owner = owner;
            this.device = memory.address() + DEVICE_OFFSET;
        }
    }

    private record Store(Stream stream, long address, long value, long order) {
    }

    private record Wait(Stream stream, Page page, long order) {
    }

    // Set by the story, read by settles on the lines' own threads.
    final Set<Call> failing = java.util.Collections.synchronizedSet(EnumSet.noneOf(Call.class));
    int failStatus = 700;
    int currentDevice = 1;

    final List<String> calls = new java.util.concurrent.CopyOnWriteArrayList<>();
    final List<String> violations = new java.util.concurrent.CopyOnWriteArrayList<>();
    final Map<Integer, Integer> releases = new HashMap<>();
    final Map<Long, Page> pagesByHost = new HashMap<>();
    final List<Page> pages = new ArrayList<>();
    final ArrayDeque<Store> pending = new ArrayDeque<>();
    // Device-side waits not yet passed.
    private final List<Wait> waiting = new ArrayList<>();
    // The order of every store and wait queued, across streams.
    private long queuedSoFar;
    /** Called with each page's host address just before it is freed. */
    java.util.function.LongConsumer beforeFree = address -> { };
    long lastWriteAddress;
    int writes;
    int waits;
    private int retains;
    private Hang nextHang;

    synchronized void violation(LineRule rule, String what) {
        violations.add(rule.broken(what));
    }

    /**
     * A settle that does not answer until released (the story releases it once the close
     * returned), or for at most {@link #SAFETY_NET}: long past any line's bound in the stories,
     * short enough that a line which waits for it without a bound costs a failing test seconds,
     * not a hung build. A hang that ran out its safety net is how a story sees, without a clock
     * of its own, that a close waited for the driver instead of its bound.
     */
    static final class Hang {
        static final java.time.Duration SAFETY_NET = java.time.Duration.ofSeconds(10);
        private final java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
        private volatile boolean ranOut;

        void release() {
            released.countDown();
        }

        /** Whether the settle gave up by itself, before anyone released it. */
        boolean ranOut() {
            return ranOut;
        }

        void sit() {
            try {
                ranOut = !released.await(SAFETY_NET.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Makes the next settle hang. */
    synchronized Hang hangNextSettle() {
        nextHang = new Hang();
        return nextHang;
    }

    /** Forgets a hang no settle took (a line with nothing queued does not settle). */
    synchronized void cancelHang() {
        nextHang = null;
    }

    synchronized int releases(Domain domain) {
        return releases.getOrDefault(domain.retain(), 0);
    }

    synchronized int frees(Page page) {
        return page.frees;
    }

    private void failIf(Call call, String what) throws LineException {
        if (failing.contains(call)) {
            calls.add(what + " -> failed");
            throw new LineException(LineError.ofStatus(failStatus), what);
        }
    }

    @Override
    public synchronized Domain retainCurrent() throws LineException {
        if (currentDevice == 0) {
            calls.add("retainCurrent -> no domain");
            throw new LineException(LineError.NO_DOMAIN, "retainCurrent");
        }
        failIf(Call.RETAIN, "retainCurrent");
        Domain domain = new Domain(currentDevice, ++retains);
        releases.put(domain.retain(), 0);
        calls.add("retainCurrent -> " + domain);
        return domain;
    }

    @Override
    public synchronized void release(Domain domain) {
        calls.add("release " + domain);
        Integer released = releases.get(domain.retain());
        if (released == null) {
            violation(LineRule.RELEASED_ONCE, "released " + domain + ", which was never retained");
            return;
        }
        if (released > 0) {
            violation(LineRule.RELEASED_ONCE, "released " + domain + " a second time");
        }
        releases.put(domain.retain(), released + 1);
    }

    synchronized boolean retained(Domain domain) {
        Integer released = releases.get(domain.retain());
        return released != null && released == 0;
    }

    synchronized int unreleasedRetains() {
        return (int) releases.values().stream().filter(n -> n == 0).count();
    }

    synchronized int livePages() {
        return (int) pages.stream().filter(p -> !p.freed).count();
    }

    @Override
    public synchronized MemorySegment allocHost(Domain domain, long bytes) throws LineException {
        if (!retained(domain)) {
            violation(LineRule.NO_FREE_UNDER_WORK, "allocated a page in " + domain + ", which is not retained");
        }
        failIf(Call.ALLOC, "allocHost(" + bytes + ")");
        Arena arena = Arena.ofShared();
        MemorySegment memory = arena.allocate(bytes, 4096);
        for (long at = 0; at < bytes; at += 8) {
            memory.set(ValueLayout.JAVA_LONG, at, GARBAGE);
        }
        Page page = new Page(arena, memory, domain);
        pages.add(page);
        pagesByHost.put(memory.address(), page);
        calls.add("allocHost -> 0x" + Long.toHexString(memory.address()));
        // A raw pointer, as a vendor binding would return it.
        return MemorySegment.ofAddress(memory.address());
    }

    @Override
    public synchronized long deviceAddress(Domain domain, MemorySegment host) throws LineException {
        failIf(Call.ADDRESS, "deviceAddress");
        Page page = pagesByHost.get(host.address());
        if (page == null || page.freed) {
            violation(LineRule.RELEASED_ONCE, "asked the device address of a page not allocated or freed");
            return 0;
        }
        return page.device;
    }

    @Override
    public synchronized void freeHost(Domain domain, MemorySegment host) {
        calls.add("freeHost 0x" + Long.toHexString(host.address()));
        Page page = pagesByHost.get(host.address());
        if (page == null) {
            violation(LineRule.RELEASED_ONCE, "freed 0x" + Long.toHexString(host.address()) + ", which was never allocated");
            return;
        }
        page.frees++;
        if (page.freed) {
            violation(LineRule.RELEASED_ONCE, "freed the page at 0x" + Long.toHexString(host.address()) + " twice");
            return;
        }
        if (!retained(page.owner)) {
            violation(LineRule.NO_FREE_UNDER_WORK, "freed a page of " + page.owner + " after that reference was released");
        }
        if (page.unsettledWork > 0) {
            violation(LineRule.NO_FREE_UNDER_WORK, "freed a page with " + page.unsettledWork
                    + " stores or device-side waits queued since the domain last settled");
        }
        beforeFree.accept(page.memory.address());
        page.freed = true;
        page.arena.close();
    }

    @Override
    public synchronized boolean streamIn(Stream stream, Domain domain) throws LineException {
        failIf(Call.STREAM_IN, "streamIn");
        return stream.device() == domain.device();
    }

    @Override
    public synchronized void writeValue(Stream stream, long address, long value) throws LineException {
        Page page = pageAt(address);
        if (page != null && stream.device() != page.owner.device()) {
            violation(LineRule.FOREIGN_STREAM_REFUSED, "queued a store from " + stream + " into a page of " + page.owner);
        }
        boolean queued = !failing.contains(Call.WRITE) || failing.contains(Call.WRITE_QUEUED_ANYWAY);
        if (queued) {
            pending.add(new Store(stream, address, value, ++queuedSoFar));
            writes++;
            lastWriteAddress = address;
            if (page != null) {
                page.unsettledWork++;
            }
        }
        calls.add("writeValue " + stream + " 0x" + Long.toHexString(address) + " = " + value + (queued ? "" : " (not queued)"));
        failIf(Call.WRITE, "writeValue");
    }

    private Page pageAt(long deviceAddress) {
        // Newest first: a freed page's addresses may have been handed out again since.
        for (Page page : pages.reversed()) {
            if (deviceAddress >= page.device && deviceAddress < page.device + page.memory.byteSize()) {
                return page;
            }
        }
        return null;
    }

    /** The device runs: the oldest {@code count} pending stores land, in order. */
    synchronized void run(int count) {
        for (int i = 0; i < count && !pending.isEmpty(); i++) {
            land(pending.poll());
        }
    }

    /**
     * One stream runs: its oldest {@code count} pending stores land, in order, whatever other
     * streams have queued before them (streams run independently, as on a GPU).
     */
    synchronized void run(Stream stream, int count) {
        int landed = 0;
        for (java.util.Iterator<Store> it = pending.iterator(); it.hasNext() && landed < count; ) {
            Store store = it.next();
            if (store.stream().equals(stream)) {
                it.remove();
                land(store);
                landed++;
            }
        }
    }

    private void land(Store store) {
        // The stream ran what it queued before this store: its earlier waits are passed.
        for (java.util.Iterator<Wait> it = waiting.iterator(); it.hasNext(); ) {
            Wait wait = it.next();
            if (wait.stream().equals(store.stream()) && wait.order() < store.order()) {
                it.remove();
                done(wait.page());
            }
        }
        Page page = pageAt(store.address());
        if (page != null) {
            done(page);
        }
        if (page == null) {
            violation(LineRule.SLOT_ADDRESS, "a store landed at 0x" + Long.toHexString(store.address()) + ", in no page");
        } else if (page.freed) {
            violation(LineRule.NO_FREE_UNDER_WORK, "a store landed in a page already freed (use after free)");
        } else if ((store.address() - page.device) % 8 != 0) {
            violation(LineRule.SLOT_ADDRESS, "a store landed at an unaligned offset " + (store.address() - page.device));
        } else {
            long offset = store.address() - page.device;
            long before = page.memory.get(ValueLayout.JAVA_LONG, offset);
            if (before != GARBAGE && io.gpuasync.core.Sequences.distance(store.value(), before) < 0) {
                violation(LineRule.WORD_NEVER_MOVES_BACK, "a store moved the word at base + " + offset
                        + " back from " + before + " to " + store.value());
            }
            page.memory.set(ValueLayout.JAVA_LONG, offset, store.value());
        }
    }

    private static void done(Page page) {
        if (page.unsettledWork > 0) {
            page.unsettledWork--;
        }
    }

    @Override
    public void waitValue(Stream stream, long address, long value) throws LineException {
        synchronized (this) {
            Page page = pageAt(address);
            if (page != null && stream.device() != page.owner.device()) {
                violation(LineRule.FOREIGN_STREAM_REFUSED, "queued a device-side wait from " + stream + " on a page of "
                        + page.owner);
            }
            waits++;
            if (page != null) {
                page.unsettledWork++;
                waiting.add(new Wait(stream, page, ++queuedSoFar));
            }
            calls.add("waitValue " + stream + " 0x" + Long.toHexString(address) + " >= " + value);
        }
    }

    @Override
    public boolean settle(Domain domain, java.util.List<Stream> streams, long deadlineNanos) {
        Hang hang;
        synchronized (this) {
            if (failing.contains(Call.SETTLE_THROWS)) {
                calls.add("settle " + domain + " -> throws");
                throw new DriverError("settle of " + domain + " broke");
            }
            hang = nextHang;
            nextHang = null;
            if (hang == null) {
                return settleNow(domain);
            }
            calls.add("settle " + domain + " -> hangs");
        }
        // Outside the monitor: the story goes on while this settle hangs.
        hang.sit();
        return false;
    }

    private boolean settleNow(Domain domain) {
        if (failing.contains(Call.SETTLE)) {
            calls.add("settle " + domain + " -> failed");
            return false;
        }
        calls.add("settle " + domain);
        // Everything queued on the device's streams lands; other devices' stores stay queued.
        ArrayDeque<Store> others = new ArrayDeque<>();
        while (!pending.isEmpty()) {
            Store store = pending.poll();
            if (store.stream().device() == domain.device()) {
                land(store);
            } else {
                others.add(store);
            }
        }
        pending.addAll(others);
        waiting.removeIf(wait -> wait.stream().device() == domain.device());
        for (Page page : pages) {
            if (page.owner.device() == domain.device()) {
                page.unsettledWork = 0;
            }
        }
        return true;
    }

    @Override
    public String name() {
        return "fake";
    }
}
