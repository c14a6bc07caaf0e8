package io.gpuasync.engine;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.spi.HostLine;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The driver's own wait for the stores of an engine's waits on one group of lines (one driver,
 * one domain: {@link HostLine#storeWaitGroup()}), on a thread of its own: it blocks in
 * {@link HostLine#awaitStores} for all of them at once and wakes the engine's driver when one
 * landed, whose next poll then finds it. One thread however many waits, instead of polling them
 * with a back-off.
 *
 * <p>The driving thread adds and removes waits (by their port entry); the watcher thread copies
 * the set under the lock and waits outside it. NOTE pairs an add with the wait in the driver: the
 * driving thread bumps {@code version}, then wakes the group's waits (which counts a wake); the
 * watcher copies the set, then reads the wake count, then reads {@code version} again and copies
 * anew if it moved, and hands the count to the driver's wait, which returns at once if it moved
 * since. Either the copy holds the new wait, or the wait in the driver sees the wake. Forbidden:
 * the watcher blocked in the driver on an older set after an add returned.
 */
final class StoreWatcher {
    private static final AtomicInteger THREADS = new AtomicInteger();
    // How long the watcher pauses after its driver's wait came back early for no reason.
    private static final long SPURIOUS_PAUSE_NANOS = 1_000_000;

    private final Object group;
    private final Waker engineWaker;
    private final java.util.function.BooleanSupplier engineClosed;
    private final long sliceNanos;
    private final Object lock = new Object();
    // Guarded by lock: the watched entries, densely, with their tokens and lines.
    private final int[] entries;
    private final long[] tokens;
    private final HostLine<?>[] lines;
    private final int[] positions;
    private int size;
    // Driving thread only: when the set last became empty.
    private long emptySince;
    private volatile long version;
    private volatile boolean stopped;
    // The watcher thread's own: its copy of the tokens, and the version that copy was taken at.
    private final long[] waiting;
    private long passVersion;
    private final Thread thread;

    /** What one {@link #watchOnce() pass} found. */
    enum Pass {
        /** No open line to wait through: nothing to watch, or only closing lines. */
        NOTHING_TO_WATCH,
        /** The set changed between the copy and the wait: copy again. */
        SET_CHANGED,
        /** A watched store landed. */
        LANDED,
        /** The driver reported a failure: the watchdog's to find and report. */
        DRIVER_FAILED,
        /** The driver's wait ended without a landing: its slice passed, or a wake or a change ended it. */
        ENDED,
        /** The driver's wait came back early with nothing changed. */
        SPURIOUS
    }

    /**
     * A watcher for lines of {@code group}, for a port of {@code capacity} entries, that ends by
     * itself once {@code engineClosed} says so; its thread starts with {@link #start()}.
     */
    StoreWatcher(Object group, int capacity, Waker engineWaker, java.util.function.BooleanSupplier engineClosed,
                 long sliceNanos) {
        this.group = group;
        this.engineWaker = engineWaker;
        this.engineClosed = engineClosed;
        this.sliceNanos = sliceNanos;
        this.entries = new int[capacity];
        this.tokens = new long[capacity];
        this.lines = new HostLine<?>[capacity];
        this.positions = new int[capacity];
        this.waiting = new long[capacity];
        this.thread = Thread.ofPlatform().daemon().name("gar-store-watch-" + THREADS.incrementAndGet())
                .unstarted(this::run);
    }

    /** Starts the watcher thread; once. Not in the constructor, so no thread sees it half-built. */
    StoreWatcher start() {
        thread.start();
        return this;
    }

    Object group() {
        return group;
    }

    /** Watches the store of {@code token} on {@code line} for port entry {@code entry}. Driving thread. */
    void add(int entry, long token, HostLine<?> line) {
        synchronized (lock) {
            positions[entry] = size;
            entries[size] = entry;
            tokens[size] = token;
            lines[size] = line;
            size++;
            version++;
        }
        line.wakeStoreWaits();
        LockSupport.unpark(thread);
    }

    /** Stops watching port entry {@code entry}, at {@code nowNanos}. Driving thread. */
    void remove(int entry, long nowNanos) {
        synchronized (lock) {
            if (size == 1) {
                emptySince = nowNanos;
            }
            int at = positions[entry];
            int last = --size;
            entries[at] = entries[last];
            tokens[at] = tokens[last];
            lines[at] = lines[last];
            positions[entries[at]] = at;
            lines[last] = null;
            version++;
        }
        LockSupport.unpark(thread);
    }

    /** Whether it has watched nothing since {@code idleNanos} before {@code nowNanos}. Driving thread. */
    boolean idleSince(long nowNanos, long idleNanos) {
        synchronized (lock) {
            return size == 0 && nowNanos - emptySince >= idleNanos;
        }
    }

    /** Ends the watcher thread, promptly. Any thread. */
    void stop() {
        HostLine<?> via = null;
        synchronized (lock) {
            stopped = true;
            version++;
            for (int i = 0; i < size && via == null; i++) {
                if (lines[i].state() == Line.State.OPEN) {
                    via = lines[i];
                }
            }
        }
        if (via != null) {
            via.wakeStoreWaits();
        }
        LockSupport.unpark(thread);
    }

    private void run() {
        while (!stopped && !engineClosed.getAsBoolean()) {
            switch (watchOnce()) {
                case NOTHING_TO_WATCH, DRIVER_FAILED ->
                    parkWhileUnchanged(passVersion, sliceNanos);
                // The driver's next poll takes the landed wait out; until then it would be found
                // landed again at once.
                case LANDED -> {
                    engineWaker.wake();
                    parkWhileUnchanged(passVersion, sliceNanos);
                }
                // Must not become a spin.
                case SPURIOUS -> parkWhileUnchanged(passVersion, SPURIOUS_PAUSE_NANOS);
                case SET_CHANGED, ENDED -> { }
            }
        }
    }

    /**
     * One pass of the watcher thread: copies the set, reads the group's wake count, and unless the
     * set changed since the copy, blocks in the driver for the copy's stores for one slice at most.
     * Watcher thread only.
     */
    Pass watchOnce() {
        int n = 0;
        HostLine<?> via = null;
        synchronized (lock) {
            passVersion = version;
            for (int i = 0; i < size; i++) {
                waiting[n++] = tokens[i];
                if (via == null && lines[i].state() == Line.State.OPEN) {
                    via = lines[i];
                }
            }
        }
        if (via == null) {
            return Pass.NOTHING_TO_WATCH;
        }
        long wakes = via.storeWakes();
        if (version != passVersion) {
            return Pass.SET_CHANGED;
        }
        long deadline = System.nanoTime() + sliceNanos;
        try {
            if (via.awaitStores(waiting, n, deadline, wakes)) {
                return Pass.LANDED;
            }
        } catch (GpuException failed) {
            return Pass.DRIVER_FAILED;
        }
        boolean unchanged = version == passVersion && via.storeWakes() == wakes;
        return unchanged && System.nanoTime() - deadline < 0 ? Pass.SPURIOUS : Pass.ENDED;
    }

    private void parkWhileUnchanged(long seen, long nanos) {
        long until = System.nanoTime() + Math.min(nanos, Long.MAX_VALUE / 4);
        while (version == seen && !stopped) {
            long left = until - System.nanoTime();
            if (left <= 0) {
                return;
            }
            LockSupport.parkNanos(this, left);
        }
    }

    @Override
    public String toString() {
        return "store watcher of " + group;
    }
}
