package io.gpuasync.spi;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.CompletionLine;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Sequences;
import io.gpuasync.core.Slot;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The parent of every vendor's line: one page-locked, device-mapped host page holding one
 * {@link CompletionLine}, which streams store sequence numbers into behind their work. Each
 * vendor supplies only its {@link LineDriver}; the ownership rules live here, once:
 * <ul>
 * <li>the line holds its own reference to its domain (CUDA primary context, HIP device, Metal
 *     device) from before the page is allocated until after it is freed, so no other owner
 *     letting the domain go can free the page under the line (CWE-416: version 0.1.0 of the
 *     original freed it with a context the line did not keep alive);
 * <li>a store is accepted only from a stream of that domain, so that closing can wait for it;
 * <li>{@link #close()} frees the page only after that domain settled, then releases the domain;
 *     if it cannot settle, the page and the reference are kept and the leak reported, never
 *     freed under a pending store; a line no store was queued into needs no settle;
 * <li>a failed construction releases, in reverse order, exactly what it acquired;
 * <li>the host reads and writes the words only through the line's atomic accessors, through a
 *     view that dies before the page is freed (a read after close throws, and never reads freed
 *     memory); the device writes only the words named.
 * </ul>
 * A line that becomes unreachable without being closed is reported by a {@link Cleaner}, which
 * frees nothing: it cannot know whether the device is done with the page.
 *
 * @param <S> the vendor's stream handle
 * @param <D> the vendor's domain handle
 */
public final class MappedLine<S, D> implements Line<S> {
    /** Bytes in the page a line lives in: a whole page, so no other allocation shares it. */
    public static final long PAGE = 4096;

    private static final Cleaner LEAK_DETECTOR = Cleaner.create();

    private final LineDriver<S, D> driver;
    private final D domain;
    private final MemorySegment page;
    private final long deviceBase;
    private final Arena hostView;
    // The line's own, writable view (to zero the words); users get a read-only one.
    private final CompletionLine words;
    private final CompletionLine readOnlyWords;
    private final Sabotage sabotage;
    private final Life life;
    // Registered once the line is complete, so a failed open never reports a leak later.
    private Cleaner.Cleanable cleanable;

    // Its own lock, not the line's: a waiter that saw its word land must not wait behind a
    // close that is settling the device.
    private final DeadlineEstimator estimator;
    private final Object predictions = new Object();
    private final List<Runnable> closeActions = new CopyOnWriteArrayList<>();

    // Orders signals and close. A private object: a caller locking the line cannot stall it.
    private final Object lock = new Object();
    // Held while the domain is used outside the lock (a health check) and while it is let go,
    // so a check racing close never uses a released domain; never held across a settle.
    private final Object domainLock = new Object();

    // Guarded by lock. owners[k] is the stream slot k serves (null before its first signal);
    // lastSignalled[k] the last sequence queued into it.
    private final Object[] owners = new Object[Slot.COUNT];
    private final long[] lastSignalled = new long[Slot.COUNT];
    private boolean queued;
    private volatile State state = State.OPEN;

    // reinterpret is restricted: it sizes a raw driver pointer, which only a driver that keeps
    // the LineDriver contract (a live page of at least PAGE bytes) makes safe.
    @SuppressWarnings("restricted")
    private MappedLine(LineDriver<S, D> driver, D domain, MemorySegment page, long deviceBase,
                       LeakReporter reporter, NanoClock clock, Sabotage sabotage) {
        this.driver = driver;
        this.estimator = new DeadlineEstimator(clock);
        this.domain = domain;
        this.page = page;
        this.deviceBase = deviceBase;
        this.sabotage = sabotage;
        // A shared arena of our own scopes the host's view: closing it before the page is freed
        // turns any late read, from any thread, into an IllegalStateException instead of a read
        // of freed (and perhaps reused) memory. The page itself is the driver's to free.
        this.hostView = Arena.ofShared();
        MemorySegment view = page.reinterpret(PAGE, hostView, null);
        this.words = CompletionLine.over(view.asSlice(0, CompletionLine.BYTES));
        this.readOnlyWords = words.readOnly();
        this.life = new Life(driver.name() + " line at 0x" + Long.toHexString(page.address()),
                page.address(), reporter);
    }

    /**
     * A fresh line reading all 0, mapped for, and holding a reference to, the calling thread's
     * current domain; leaks are reported through {@link LeakReporter#logging()}.
     *
     * @throws GpuException the driver's failure, after releasing what was acquired
     */
    public static <S, D> MappedLine<S, D> open(LineDriver<S, D> driver) {
        return open(driver, LeakReporter.logging());
    }

    /** As {@link #open(LineDriver)}, reporting leaks to {@code reporter}. */
    public static <S, D> MappedLine<S, D> open(LineDriver<S, D> driver, LeakReporter reporter) {
        return open(driver, reporter, NanoClock.SYSTEM);
    }

    /**
     * As {@link #open(LineDriver, LeakReporter)}, predicting landings on {@code clock} (which
     * must count as {@link System#nanoTime()} does, for hosts that sleep by its predictions).
     */
    public static <S, D> MappedLine<S, D> open(LineDriver<S, D> driver, LeakReporter reporter, NanoClock clock) {
        return open(driver, reporter, clock, Sabotage.NONE);
    }

    static <S, D> MappedLine<S, D> open(LineDriver<S, D> driver, LeakReporter reporter, Sabotage sabotage) {
        return open(driver, reporter, NanoClock.SYSTEM, sabotage);
    }

    private static <S, D> MappedLine<S, D> open(LineDriver<S, D> driver, LeakReporter reporter, NanoClock clock,
                                                Sabotage sabotage) {
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(reporter, "reporter");
        Objects.requireNonNull(clock, "clock");
        D domain;
        try {
            domain = Objects.requireNonNull(driver.retainCurrent(), "LineDriver.retainCurrent returned null");
        } catch (LineException e) {
            throw e.toGpuException("opening a " + driver.name() + " line");
        }
        // Each acquisition below is undone, in reverse order, by the block that made it, if
        // anything after it fails, including an unexpected RuntimeException from the driver.
        boolean opened = false;
        try {
            MemorySegment page;
            try {
                page = Objects.requireNonNull(driver.allocHost(domain, PAGE), "LineDriver.allocHost returned null");
            } catch (LineException e) {
                if (sabotage == Sabotage.KEEP_DOMAIN_ON_FAILED_ALLOC) {
                    opened = true;
                }
                throw e.toGpuException("allocating the page of a " + driver.name() + " line");
            }
            try {
                if (page.address() % PAGE != 0) {
                    throw new IllegalStateException(driver.name() + " driver returned a host page at 0x"
                            + Long.toHexString(page.address()) + ", which is not " + PAGE + "-byte aligned");
                }
                long device;
                try {
                    device = driver.deviceAddress(domain, page);
                } catch (LineException e) {
                    if (sabotage == Sabotage.KEEP_PAGE_ON_FAILED_ADDRESS) {
                        driver.release(domain);
                        opened = true;
                    }
                    throw e.toGpuException("mapping the page of a " + driver.name() + " line");
                }
                MappedLine<S, D> line = new MappedLine<>(driver, domain, page, device, reporter, clock, sabotage);
                if (sabotage != Sabotage.SKIP_ZERO_FILL) {
                    line.words.fillRelease(0);
                }
                line.cleanable = LEAK_DETECTOR.register(line, line.life);
                opened = true;
                return line;
            } finally {
                if (!opened) {
                    driver.freeHost(domain, page);
                }
            }
        } finally {
            if (!opened) {
                driver.release(domain);
            }
        }
    }

    @Override
    public Ticket signal(S stream, Slot slot) {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(slot, "slot");
        synchronized (lock) {
            if (state != State.OPEN) {
                throw new GpuException(GpuException.Kind.CLOSED, "signal on a closed " + life.name);
            }
            int k = slot.ordinal();
            Object owner = owners[k];
            long last = lastSignalled[k];
            if (owner != null && !owner.equals(stream) && !words.reached(slot, last)
                    && sabotage != Sabotage.SHARE_BUSY_SLOT) {
                throw new GpuException(GpuException.Kind.SLOT_BUSY, "slot " + slot + " of " + life.name
                        + " serves stream " + owner + ", whose store of " + last + " has not landed (the word reads "
                        + words.getAcquire(slot) + "); two streams storing into one word could move it back. "
                        + "Use another slot, or wait for that ticket");
            }
            boolean inDomain;
            try {
                inDomain = sabotage == Sabotage.SKIP_STREAM_CHECK || driver.streamIn(stream, domain);
            } catch (LineException e) {
                throw e.toGpuException("checking the stream of a signal into " + life.name);
            }
            if (!inDomain) {
                throw new LineException(LineError.FOREIGN_STREAM, "stream " + stream)
                        .toGpuException("signal into " + life.name);
            }
            long target = last + 1;
            // Set before the call: a store the driver queued despite failing still makes close
            // settle first. For the same reason the sequence stays used: reusing it could let
            // that store land after a newer one and move the word back.
            queued = true;
            owners[k] = stream;
            lastSignalled[k] = target;
            synchronized (predictions) {
                estimator.submitted(slot, target);
            }
            try {
                driver.writeValue(stream, deviceAddress(slot), target);
            } catch (LineException e) {
                throw e.toGpuException("queueing the store of " + target + " into slot " + slot + " of " + life.name);
            }
            return new Ticket(this, slot, target);
        }
    }

    @Override
    public boolean reached(Slot slot, long target) {
        long word;
        try {
            word = words.getAcquire(slot);
        } catch (IllegalStateException closedView) {
            throw new GpuException(GpuException.Kind.CLOSED, life.name + " is closed", closedView);
        }
        if (!Sequences.reached(word, target)) {
            return false;
        }
        synchronized (predictions) {
            estimator.observed(slot, word);
        }
        return true;
    }

    @Override
    public long wakeAt(Slot slot, long target) {
        synchronized (predictions) {
            return estimator.wakeAt(slot, target);
        }
    }

    @Override
    public long predictedLanding(Slot slot, long target) {
        synchronized (predictions) {
            return estimator.predictedLanding(slot, target);
        }
    }

    @Override
    public void expect(Slot slot, Duration serviceTime) {
        Objects.requireNonNull(serviceTime, "serviceTime");
        long nanos;
        try {
            nanos = serviceTime.toNanos();
        } catch (ArithmeticException tooLong) {
            nanos = Long.MAX_VALUE;
        }
        synchronized (predictions) {
            estimator.expect(slot, nanos);
        }
    }

    @Override
    public DeadlineEstimator.Accuracy accuracy() {
        synchronized (predictions) {
            return estimator.accuracy();
        }
    }

    @Override
    public void checkHealth() {
        synchronized (domainLock) {
            if (state != State.OPEN) {
                throw new GpuException(GpuException.Kind.CLOSED, life.name + " is closed");
            }
            try {
                driver.checkHealth(domain);
            } catch (LineException e) {
                throw new GpuException(GpuException.Kind.DEVICE_FAILED, e.error().status(),
                        life.name + ": the device cannot make progress: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void onClose(Runnable action) {
        Objects.requireNonNull(action, "action");
        closeActions.add(action);
        // A close that ran between the add and this check may have missed the action; running
        // it twice is harmless only if it was not run, so remove first and run if we removed it.
        if (state != State.OPEN && closeActions.remove(action)) {
            action.run();
        }
    }

    @Override
    public CompletionLine words() {
        return readOnlyWords;
    }

    @Override
    public long deviceAddress(Slot slot) {
        if (state != State.OPEN) {
            throw new GpuException(GpuException.Kind.CLOSED, life.name + " is closed; its page is no longer the line's");
        }
        long stride = sabotage == Sabotage.WRONG_SLOT_STRIDE ? Integer.BYTES : Long.BYTES;
        return deviceBase + stride * slot.ordinal();
    }

    @Override
    public long lastSignalled(Slot slot) {
        synchronized (lock) {
            return lastSignalled[slot.ordinal()];
        }
    }

    @Override
    public State state() {
        return state;
    }

    @Override
    public void close() {
        try {
            closeOnce();
        } finally {
            runCloseActions();
        }
    }

    // Outside the lock, so an action may use the line (and read that it is closed). Each action
    // runs once, by whoever removes it; one that throws does not keep the others from running.
    private void runCloseActions() {
        RuntimeException failed = null;
        for (Runnable action : closeActions) {
            if (closeActions.remove(action)) {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    if (failed == null) {
                        failed = e;
                    } else {
                        failed.addSuppressed(e);
                    }
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    private void closeOnce() {
        synchronized (lock) {
            if (state != State.OPEN && sabotage != Sabotage.CLOSE_TWICE) {
                return;
            }
            boolean settled = sabotage == Sabotage.SKIP_SETTLE || !queued || settleQuietly();
            if (hostView.scope().isAlive() && sabotage != Sabotage.KEEP_VIEW) {
                hostView.close();
            }
            life.closed = true;
            cleanable.clean();
            synchronized (domainLock) {
                if (!settled && sabotage != Sabotage.FREE_WHEN_SETTLE_FAILED) {
                    state = State.LEAKED;
                    if (sabotage != Sabotage.SILENT_LEAK) {
                        life.reporter.leaked(LeakReporter.Reason.SETTLE_FAILED, life.name, life.address, PAGE);
                        LineLeakEvent.emit(LeakReporter.Reason.SETTLE_FAILED, life.name, life.address, PAGE);
                    }
                    return;
                }
                state = State.CLOSED;
                if (sabotage == Sabotage.RELEASE_BEFORE_FREE) {
                    driver.release(domain);
                    driver.freeHost(domain, page);
                    return;
                }
                try {
                    driver.freeHost(domain, page);
                } finally {
                    if (sabotage != Sabotage.KEEP_DOMAIN) {
                        driver.release(domain);
                    }
                }
            }
        }
    }

    private boolean settleQuietly() {
        try {
            return driver.settle(domain);
        } catch (RuntimeException e) {
            // A driver that throws instead of answering has not settled: keep the page.
            return false;
        }
    }

    @Override
    public String toString() {
        return life.name + " (" + state + ")";
    }

    /**
     * What the leak detector needs to know of a line, without holding on to the line (a
     * cleaning action that reached its object would keep it alive forever).
     */
    private static final class Life implements Runnable {
        final String name;
        final long address;
        final LeakReporter reporter;
        volatile boolean closed;

        Life(String name, long address, LeakReporter reporter) {
            this.name = name;
            this.address = address;
            this.reporter = reporter;
        }

        @Override
        public void run() {
            if (!closed) {
                reporter.leaked(LeakReporter.Reason.NEVER_CLOSED, name, address, PAGE);
                LineLeakEvent.emit(LeakReporter.Reason.NEVER_CLOSED, name, address, PAGE);
            }
        }
    }
}
