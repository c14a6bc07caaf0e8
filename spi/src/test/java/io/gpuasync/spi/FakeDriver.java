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
 * stream and land when the test says the device ran (or when a domain settles), and any call
 * that can fail fails on request. It records every call, and flags, at the moment of the call,
 * each one the ownership rules forbid, under the label of the rule it breaks. Not thread-safe
 * apart from {@link #release} and {@link #freeHost}, which the concurrency test calls from many
 * threads at once.
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

    enum Call { RETAIN, ALLOC, ADDRESS, STREAM_IN, WRITE, WRITE_QUEUED_ANYWAY, SETTLE }

    /** One page as the device knows it. */
    static final class Page {
        final MemorySegment memory;
        final Arena arena;
        final Domain owner;
        final long device;
        boolean freed;
        int frees;
        int unsettledStores;

        Page(Arena arena, MemorySegment memory, Domain owner) {
            this.arena = arena;
            this.memory = memory;
            this.owner = owner;
            this.device = memory.address() + DEVICE_OFFSET;
        }
    }

    private record Store(Stream stream, long address, long value) {
    }

    final Set<Call> failing = EnumSet.noneOf(Call.class);
    int failStatus = 700;
    int currentDevice = 1;

    final List<String> calls = new ArrayList<>();
    final List<String> violations = new ArrayList<>();
    final Map<Integer, Integer> releases = new HashMap<>();
    final Map<Long, Page> pagesByHost = new HashMap<>();
    final List<Page> pages = new ArrayList<>();
    final ArrayDeque<Store> pending = new ArrayDeque<>();
    /** Called with each page's host address just before it is freed. */
    java.util.function.LongConsumer beforeFree = address -> { };
    long lastWriteAddress;
    int writes;
    private int retains;

    void violation(String rule, String what) {
        violations.add(rule + ": " + what);
    }

    private void failIf(Call call, String what) throws LineException {
        if (failing.contains(call)) {
            calls.add(what + " -> failed");
            throw new LineException(LineError.ofStatus(failStatus), what);
        }
    }

    @Override
    public Domain retainCurrent() throws LineException {
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
            violation(Rules.RELEASED_ONCE, "released " + domain + ", which was never retained");
            return;
        }
        if (released > 0) {
            violation(Rules.RELEASED_ONCE, "released " + domain + " a second time");
        }
        releases.put(domain.retain(), released + 1);
    }

    boolean retained(Domain domain) {
        Integer released = releases.get(domain.retain());
        return released != null && released == 0;
    }

    int unreleasedRetains() {
        return (int) releases.values().stream().filter(n -> n == 0).count();
    }

    int livePages() {
        return (int) pages.stream().filter(p -> !p.freed).count();
    }

    @Override
    public MemorySegment allocHost(Domain domain, long bytes) throws LineException {
        if (!retained(domain)) {
            violation(Rules.FREE_WHILE_RETAINED, "allocated a page in " + domain + ", which is not retained");
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
    public long deviceAddress(Domain domain, MemorySegment host) throws LineException {
        failIf(Call.ADDRESS, "deviceAddress");
        Page page = pagesByHost.get(host.address());
        if (page == null || page.freed) {
            violation(Rules.RELEASED_ONCE, "asked the device address of a page not allocated or freed");
            return 0;
        }
        return page.device;
    }

    @Override
    public synchronized void freeHost(Domain domain, MemorySegment host) {
        calls.add("freeHost 0x" + Long.toHexString(host.address()));
        Page page = pagesByHost.get(host.address());
        if (page == null) {
            violation(Rules.RELEASED_ONCE, "freed 0x" + Long.toHexString(host.address()) + ", which was never allocated");
            return;
        }
        page.frees++;
        if (page.freed) {
            violation(Rules.RELEASED_ONCE, "freed the page at 0x" + Long.toHexString(host.address()) + " twice");
            return;
        }
        if (!retained(page.owner)) {
            violation(Rules.FREE_WHILE_RETAINED, "freed a page of " + page.owner + " after that reference was released");
        }
        if (page.unsettledStores > 0) {
            violation(Rules.NO_FREE_UNDER_STORE, "freed a page with " + page.unsettledStores
                    + " stores queued since the domain last settled");
        }
        beforeFree.accept(page.memory.address());
        page.freed = true;
        page.arena.close();
    }

    @Override
    public boolean streamIn(Stream stream, Domain domain) throws LineException {
        failIf(Call.STREAM_IN, "streamIn");
        return stream.device() == domain.device();
    }

    @Override
    public void writeValue(Stream stream, long address, long value) throws LineException {
        Page page = pageAt(address);
        if (page != null && stream.device() != page.owner.device()) {
            violation(Rules.FOREIGN_QUEUES_NOTHING, "queued a store from " + stream + " into a page of " + page.owner);
        }
        boolean queued = !failing.contains(Call.WRITE) || failing.contains(Call.WRITE_QUEUED_ANYWAY);
        if (queued) {
            pending.add(new Store(stream, address, value));
            writes++;
            lastWriteAddress = address;
            if (page != null) {
                page.unsettledStores++;
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
    void run(int count) {
        for (int i = 0; i < count && !pending.isEmpty(); i++) {
            land(pending.poll());
        }
    }

    private void land(Store store) {
        Page page = pageAt(store.address());
        if (page == null) {
            violation(Rules.SLOT_ADDRESS, "a store landed at 0x" + Long.toHexString(store.address()) + ", in no page");
        } else if (page.freed) {
            violation(Rules.NO_FREE_UNDER_STORE, "a store landed in a page already freed (use after free)");
        } else if ((store.address() - page.device) % 8 != 0) {
            violation(Rules.SLOT_ADDRESS, "a store landed at an unaligned offset " + (store.address() - page.device));
        } else {
            long offset = store.address() - page.device;
            long before = page.memory.get(ValueLayout.JAVA_LONG, offset);
            if (before != GARBAGE && io.gpuasync.core.Sequences.distance(store.value(), before) < 0) {
                violation(Rules.ONE_STREAM_PER_SLOT, "a store moved the word at base + " + offset
                        + " back from " + before + " to " + store.value());
            }
            page.memory.set(ValueLayout.JAVA_LONG, offset, store.value());
        }
    }

    @Override
    public boolean settle(Domain domain, java.util.List<Stream> streams, long deadlineNanos) {
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
        for (Page page : pages) {
            if (page.owner.device() == domain.device()) {
                page.unsettledStores = 0;
            }
        }
        return true;
    }

    @Override
    public String name() {
        return "fake";
    }
}
