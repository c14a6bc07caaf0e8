package io.gpuasync.bench;

import io.gpuasync.spi.LineDriver;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * A device whose stores land when the benchmark says so, so a benchmark measures the host's
 * side alone: queued stores are kept (the last per word is all that matters to a word that only
 * grows) and {@link #land()} makes them visible with release stores, as a GPU's would be.
 * One stream, one domain; single-threaded apart from the host reading the words.
 */
final class ManualDevice implements LineDriver<Object, Object> {
    static final Object STREAM = new Object();
    private static final Object DOMAIN = new Object();
    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle();

    private final Arena arena = Arena.ofShared();
    private MemorySegment page;
    // The last value queued for each word of the page (a word only grows, so the last one is
    // all that landing needs), and which words have one.
    private final long[] pendingValues = new long[512];
    private final boolean[] pending = new boolean[512];

    @Override
    public Object retainCurrent() {
        return DOMAIN;
    }

    @Override
    public void release(Object domain) {
    }

    @Override
    public MemorySegment allocHost(Object domain, long bytes) {
        page = arena.allocate(bytes, 4096);
        return MemorySegment.ofAddress(page.address());
    }

    @Override
    public long deviceAddress(Object domain, MemorySegment host) {
        return host.address();
    }

    @Override
    public void freeHost(Object domain, MemorySegment host) {
        arena.close();
    }

    @Override
    public boolean streamIn(Object stream, Object domain) {
        return stream == STREAM;
    }

    @Override
    public void writeValue(Object stream, long address, long value) {
        int word = (int) ((address - page.address()) >>> 3);
        pendingValues[word] = value;
        pending[word] = true;
    }

    /** The device runs: every store queued lands. */
    void land() {
        for (int word = 0; word < pending.length; word++) {
            if (pending[word]) {
                WORD.setRelease(page, (long) word << 3, pendingValues[word]);
                pending[word] = false;
            }
        }
    }

    /**
     * Stores {@code value} into the word at {@code address} at once, with a release store,
     * whatever was queued: lets a benchmark move a word back to reuse its tickets.
     */
    void storeNow(long address, long value) {
        WORD.setRelease(page, address - page.address(), value);
    }

    @Override
    public boolean settle(Object domain, java.util.List<Object> streams, long deadlineNanos) {
        land();
        return true;
    }

    @Override
    public String name() {
        return "manual";
    }
}
