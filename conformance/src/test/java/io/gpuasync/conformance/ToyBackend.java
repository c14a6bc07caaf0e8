package io.gpuasync.conformance;

import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The smallest backend that keeps the rules: the example the conformance README walks through.
 * One domain; a stream is a single-threaded executor; pages are native memory; device addresses
 * are host addresses. A third party's backend looks like this, with vendor calls inside.
 */
final class ToyBackend implements LineDriver<ToyBackend.Stream, ToyBackend> {
    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle();

    /** A stream: work runs on one thread, in the order it was queued. */
    static final class Stream implements AutoCloseable {
        final ExecutorService thread = Executors.newSingleThreadExecutor();

        void work(Duration duration) {
            thread.execute(() -> LockSupport.parkNanos(duration.toNanos()));
        }

        @Override
        public void close() {
            thread.close();
        }
    }

    private final Map<Long, Arena> pages = new ConcurrentHashMap<>();
    private final Map<Long, MemorySegment> memory = new ConcurrentHashMap<>();
    private int references;

    @Override
    public synchronized ToyBackend retainCurrent() {
        references++;
        return this;
    }

    @Override
    public synchronized void release(ToyBackend domain) {
        references--;
    }

    synchronized int references() {
        return references;
    }

    @Override
    public MemorySegment allocHost(ToyBackend domain, long bytes) {
        Arena arena = Arena.ofShared();
        MemorySegment page = arena.allocate(bytes, 4096);
        pages.put(page.address(), arena);
        memory.put(page.address(), page);
        return page;
    }

    @Override
    public long deviceAddress(ToyBackend domain, MemorySegment host) {
        return host.address();
    }

    @Override
    public void freeHost(ToyBackend domain, MemorySegment host) {
        memory.remove(host.address());
        pages.remove(host.address()).close();
    }

    @Override
    public boolean streamIn(Stream stream, ToyBackend domain) {
        return domain == this;
    }

    @Override
    public void writeValue(Stream stream, long address, long value) throws LineException {
        long base = address & -4096L;
        stream.thread.execute(() -> WORD.setRelease(memory.get(base), address - base, value));
    }

    @Override
    public boolean settle(ToyBackend domain, java.util.List<Stream> used, long deadlineNanos) {
        // A marker queued behind everything on each of the line's streams; answered by the
        // deadline whether or not the markers ran, as the line asks.
        for (Stream stream : used) {
            try {
                stream.thread.submit(() -> { }).get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    Stream newStream() {
        return new Stream();
    }

    @Override
    public String name() {
        return "toy";
    }
}
