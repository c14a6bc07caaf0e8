package io.gpuasync.spi;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.CompletionLine;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.WakeModel;
import io.gpuasync.core.Sequences;
import io.gpuasync.core.Slot;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Cleaner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The parent of every vendor's line: one page-locked, device-mapped host page holding one
 * {@link CompletionLine}, which streams store sequence numbers into behind their work. Each
 * vendor supplies only its {@link LineDriver}; the ownership rules live here, once:
 * <ul>
 * <li>the line holds its own reference to its domain (CUDA primary context, HIP device, Metal
 *     device) from before the page is allocated until after it is freed, so no other owner
 *     letting the domain go can free the page under the line (a use after free, CWE-416);
 * <li>a store is accepted only from a stream of that domain, so that closing can wait for it;
 * <li>{@link #close()} frees the page only after that domain settled, then releases the domain;
 *     if it cannot settle, the page and the reference are kept and the leak reported, never
 *     freed under a pending store; the settle covers each stream on which something the line
 *     queued may still touch the page, and a line with none needs no settle;
 * <li>a failed construction releases, in reverse order, exactly what it acquired;
 * <li>the host reads and writes the words only through the line's atomic accessors, through a
 *     view that is retired before the page is freed (a read after close throws, and never reads
 *     freed memory; a close never disturbs a thread that was reading); the device writes only
 *     the words named;
 * <li>a device-side wait on a word ({@link #waitOnDevice}) is queued work like a store: only from
 *     a stream of the domain, and covered by the settle before the page is freed.
 * </ul>
 * Closing is bounded: the line owns one settle deadline for every backend ({@link #DEFAULT_SETTLE_BOUND},
 * or the bound given to {@code open}); past it the page and the reference are kept and reported,
 * and {@code close()} returns. A closing line refuses signals at once.
 * A line that becomes unreachable without being closed is reported by a {@link Cleaner}, which
 * frees nothing: it cannot know whether the device is done with the page.
 *
 * @param <S> the vendor's stream handle
 * @param <D> the vendor's domain handle
 */
public final class MappedLine<S, D> implements HostLine<S> {
    /** Bytes in the page a line lives in: a whole page, so no other allocation shares it. */
    public static final long PAGE = 4096;

    /**
     * How long {@link #close()} waits for the device by default: 30 s, or the milliseconds in
     * the system property {@code gar.settleMillis}.
     */
    public static final Duration DEFAULT_SETTLE_BOUND = Duration.ofMillis(Long.getLong("gar.settleMillis", 30_000));

    // How long after the driver's deadline the line still listens for its answer: a driver that
    // honours the deadline answers within it, and its answer is worth a few milliseconds.
    private static final long ANSWER_GRACE_NANOS = Duration.ofMillis(50).toNanos();

    /** How many of a slot's latest stores keep their {@link #storeToken}. */
    public static final int TOKENS_KEPT = 64;

    private static final Cleaner LEAK_DETECTOR = Cleaner.create();
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    // How often a closing line wakes the store waits still in its driver until they are out.
    private static final long WAKE_AGAIN_NANOS = 50_000;

    // Settles run here, not on the closing thread: so that the line, not the driver, bounds how
    // long a close takes (a thread stuck in a driver call that never returns is left behind,
    // named, and the next settle gets a fresh one), and so that an interrupted closer does not
    // make the driver give up. Daemon threads: a stuck settle must not keep the JVM alive.
    private static final ExecutorService SETTLERS = Executors.newCachedThreadPool(new SettlerThreads());

    private final LineDriver<S, D> driver;
    private final D domain;
    private final MemorySegment page;
    private final long deviceBase;
    private final long settleBoundNanos;
    // The line's own, writable view (to zero the words); users get a read-only one. Both are
    // retired together before the page is freed.
    private final CompletionLine words;
    private final CompletionLine readOnlyWords;
    private final String name;
    private final LeakCheck leakCheck;
    // Registered once the line is complete, so a failed open never reports a leak later.
    private Cleaner.Cleanable cleanable;

    // The driver's own wait for stores, or null; the group of lines one wait may cover.
    private final StoreWaits<S, D> storeWaits;
    private final Object storeWaitGroup;
    // Per slot, a ring of the latest stores' sequences and tokens: a token is written, then its
    // sequence with release; a reader takes the token only if the sequence reads the same
    // before and after it (written under queueing, read by any thread).
    private final long[] tokenSequences = new long[Slot.COUNT * TOKENS_KEPT];
    private final long[] tokens = new long[Slot.COUNT * TOKENS_KEPT];
    // Threads in the driver's store wait or wake: a closing line waits for none before it lets
    // its domain go (each enters, then checks the state; close sets the state, then counts).
    private final AtomicInteger inStoreWaits = new AtomicInteger();

    // Behind a lock of its own, not the line's (see LineEstimator).
    private final LineEstimator estimator;
    private final CopyOnWriteArrayList<Runnable> closeActions = new CopyOnWriteArrayList<>();

    // Guards the slots' bookkeeping, the streams and the start of close. A private object: a
    // caller locking the line cannot stall it. Never held across a settle, nor across the driver
    // call that queues a store or a device wait.
    private final Object lock = new Object();
    // Held across that driver call, which may block inside the vendor (Metal's commandBuffer
    // waits for a free command buffer once its queue has 64 uncompleted): it keeps stores in the
    // order their sequences were taken, while close, lastSignalled and the other calls that
    // take the lock go on. Close waits for it, within its settle bound, so that a store already
    // in its driver call is covered by the settle.
    private final ReentrantLock queueing = new ReentrantLock();
    // Held while the domain is used outside the lock (a health check) and while it is let go,
    // so a check racing close never uses a released domain; never held across a settle.
    private final Object domainLock = new Object();
    // Counted down when close has finished (the state is CLOSED or LEAKED): later closers wait
    // for it instead of settling again.
    private final CountDownLatch closed = new CountDownLatch(1);

    // Guarded by lock. owners[k] is the stream slot k serves (null before its first signal);
    // lastSignalled[k] the last sequence queued into it; queuedOn each stream something the line
    // queued on may still touch the page, once, for the settle.
    private final Object[] owners = new Object[Slot.COUNT];
    private final long[] lastSignalled = new long[Slot.COUNT];
    private final List<QueuedOn<S>> queuedOn = new ArrayList<>(2);
    // Written under lock before the state leaves OPEN; read by the closer after.
    private volatile State state = State.OPEN;
    // Guarded by domainLock: the closer stopped waiting for the free, and reported the leak.
    private boolean gaveUpOnFree;

    // reinterpret is restricted: it sizes a raw driver pointer, which only a driver that keeps
    // the LineDriver contract (a live page of at least PAGE bytes) makes safe.
    @SuppressWarnings("restricted")
    private MappedLine(LineDriver<S, D> driver, D domain, MemorySegment page, long deviceBase,
                       LeakReporter reporter, NanoClock clock, long settleBoundNanos) {
        this.driver = driver;
        this.estimator = new LineEstimator(clock);
        this.domain = domain;
        this.page = page;
        this.deviceBase = deviceBase;
        this.settleBoundNanos = settleBoundNanos;
        // No arena scopes the view: the words are retired (CompletionLine.retire) before the
        // page is freed, which refuses late reads as an arena's close would, without stopping
        // the threads reading at that moment. The page itself is the driver's to free.
        this.words = CompletionLine.over(page.reinterpret(PAGE).asSlice(0, CompletionLine.BYTES));
        this.readOnlyWords = words.readOnly();
        this.name = driver.name() + " line at 0x" + Long.toHexString(page.address());
        this.leakCheck = new LeakCheck(name, page.address(), reporter);
        this.storeWaits = driver.storeWaits();
        this.storeWaitGroup = storeWaits == null ? null : new StoreWaitGroup(storeWaits, domain);
        java.util.Arrays.fill(tokenSequences, NO_SEQUENCE);
    }

    // A sequence no ring place holds: the ring starts empty. Sequences start at 1.
    private static final long NO_SEQUENCE = 0;

    /** Lines of one driver's store wait and one domain: one wait may cover their tokens. */
    private record StoreWaitGroup(Object storeWaits, Object domain) {
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
        return open(driver, reporter, clock, DEFAULT_SETTLE_BOUND);
    }

    /**
     * As {@link #open(LineDriver, LeakReporter, NanoClock)}, with {@code settleBound} as the
     * longest a {@link #close()} waits for the device before it keeps the page as leaked.
     *
     * @throws IllegalArgumentException if {@code settleBound} is negative
     */
    public static <S, D> MappedLine<S, D> open(LineDriver<S, D> driver, LeakReporter reporter, NanoClock clock,
                                               Duration settleBound) {
        Objects.requireNonNull(driver, "driver");
        return open(driver, driver::retainCurrent, reporter, clock, settleBound);
    }

    /**
     * A fresh line reading all 0, holding the reference {@code domain} takes (a device named by
     * the caller rather than the calling thread's current one), mapped for that domain; leaks
     * are reported to {@code reporter}.
     *
     * @throws GpuException the driver's failure, after releasing what was acquired
     */
    public static <S, D> MappedLine<S, D> open(LineDriver<S, D> driver, DomainRetainer<D> domain, LeakReporter reporter) {
        return open(driver, domain, reporter, NanoClock.SYSTEM, DEFAULT_SETTLE_BOUND);
    }

    /**
     * As {@link #open(LineDriver, DomainRetainer, LeakReporter)}, predicting landings on
     * {@code clock}, with {@code settleBound} as the longest a {@link #close()} waits for the
     * device before it keeps the page as leaked.
     *
     * @throws IllegalArgumentException if {@code settleBound} is negative
     */
    public static <S, D> MappedLine<S, D> open(LineDriver<S, D> driver, DomainRetainer<D> retainer, LeakReporter reporter,
                                               NanoClock clock, Duration settleBound) {
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(retainer, "retainer");
        Objects.requireNonNull(reporter, "reporter");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(settleBound, "settleBound");
        if (settleBound.isNegative()) {
            throw new IllegalArgumentException("settleBound must be >= 0, got " + settleBound);
        }
        long boundNanos = saturatedNanos(settleBound);
        D domain;
        try {
            domain = Objects.requireNonNull(retainer.retain(), "the line's DomainRetainer returned null");
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
                    throw e.toGpuException("mapping the page of a " + driver.name() + " line");
                }
                MappedLine<S, D> line = new MappedLine<>(driver, domain, page, device, reporter, clock, boundNanos);
                line.words.fillRelease(0);
                line.cleanable = LEAK_DETECTOR.register(line, line.leakCheck);
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

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }

    @Override
    public Ticket signal(S stream, Slot slot) {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(slot, "slot");
        queueing.lock();
        try {
            long target;
            synchronized (lock) {
                requireOpen("signal on");
                int k = slot.ordinal();
                Object owner = owners[k];
                long last = lastSignalled[k];
                if (owner != null && !owner.equals(stream) && !words.reached(slot, last)) {
                    throw new GpuException(GpuException.Kind.SLOT_BUSY, "slot " + slot + " of " + name
                            + " serves stream " + owner + ", whose store of " + last + " has not landed (the word reads "
                            + words.getAcquire(slot) + "); two streams storing into one word could move it back. "
                            + "Use another slot, or wait for that ticket");
                }
                requireOwnStream(stream, "signal into ");
                target = last + 1;
                // Set before the call: a store the driver queued despite failing still makes close
                // settle first. For the same reason the sequence stays used: reusing it could let
                // that store land after a newer one and move the word back.
                noteStoreOn(stream, slot, target);
                owners[k] = stream;
                lastSignalled[k] = target;
                estimator.submitted(slot, target);
            }
            try {
                driver.writeValue(stream, slotAddress(slot), target);
            } catch (LineException e) {
                throw e.toGpuException("queueing the store of " + target + " into slot " + slot + " of " + name);
            }
            if (storeWaits != null) {
                keepToken(slot, target, tokenFor(stream, slot, target));
            }
            return new Ticket(this, slot, target);
        } finally {
            queueing.unlock();
        }
    }

    // A store whose token the driver could not make is still queued: hosts poll for it.
    private long tokenFor(S stream, Slot slot, long target) {
        try {
            return storeWaits.queued(domain, stream, slotAddress(slot), target);
        } catch (LineException e) {
            return StoreWaits.NO_TOKEN;
        }
    }

    private void keepToken(Slot slot, long sequence, long token) {
        int at = slot.ordinal() * TOKENS_KEPT + (int) (sequence & (TOKENS_KEPT - 1));
        LONGS.setOpaque(tokenSequences, at, NO_SEQUENCE);
        VarHandle.storeStoreFence();
        LONGS.setOpaque(tokens, at, token);
        LONGS.setRelease(tokenSequences, at, sequence);
    }

    @Override
    public long storeToken(Slot slot, long target) {
        if (storeWaits == null) {
            return StoreWaits.NO_TOKEN;
        }
        int at = slot.ordinal() * TOKENS_KEPT + (int) (target & (TOKENS_KEPT - 1));
        long before = (long) LONGS.getAcquire(tokenSequences, at);
        long token = (long) LONGS.getOpaque(tokens, at);
        VarHandle.loadLoadFence();
        long after = (long) LONGS.getOpaque(tokenSequences, at);
        return before == target && after == target ? token : StoreWaits.NO_TOKEN;
    }

    @Override
    public Object storeWaitGroup() {
        return storeWaitGroup;
    }

    @Override
    public long storeWakes() {
        if (storeWaits == null) {
            return 0;
        }
        inStoreWaits.incrementAndGet();
        try {
            return state == State.OPEN ? storeWaits.wakes(domain) : 0;
        } finally {
            inStoreWaits.decrementAndGet();
        }
    }

    @Override
    public boolean awaitStores(long[] tokens, int count, long deadlineNanos, long wakesSeen) {
        if (storeWaits == null || count <= 0) {
            return false;
        }
        inStoreWaits.incrementAndGet();
        try {
            if (state != State.OPEN) {
                return false;
            }
            return storeWaits.awaitAny(domain, tokens, count, deadlineNanos, wakesSeen);
        } catch (LineException e) {
            throw new GpuException(GpuException.Kind.DEVICE_FAILED, e.error().status(),
                    name + ": the driver's wait for its stores failed: " + e.getMessage(), e);
        } finally {
            inStoreWaits.decrementAndGet();
        }
    }

    @Override
    public void wakeStoreWaits() {
        if (storeWaits == null) {
            return;
        }
        inStoreWaits.incrementAndGet();
        try {
            if (state == State.OPEN) {
                storeWaits.wake(domain);
            }
        } finally {
            inStoreWaits.decrementAndGet();
        }
    }

    // With the state CLOSING: wakes the store waits in the driver until none is, so that the
    // domain they use is not let go under them; false if one was still there at the deadline.
    private boolean wakeStoreWaitsOut(long deadline) {
        if (storeWaits == null) {
            return true;
        }
        while (inStoreWaits.get() > 0) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            storeWaits.wake(domain);
            LockSupport.parkNanos(WAKE_AGAIN_NANOS);
        }
        return true;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Queued through {@link LineDriver#waitValue}, never straight by a backend: the line checks
     * the stream's domain and makes its close settle the wait.
     */
    @Override
    public void waitOnDevice(S stream, Slot slot, long target) {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(slot, "slot");
        queueing.lock();
        try {
            synchronized (lock) {
                requireOpen("a device-side wait on");
                requireOwnStream(stream, "a device-side wait on ");
                if (!Sequences.reached(lastSignalled[slot.ordinal()], target)) {
                    try {
                        driver.checkWaitAheadOfStore(stream);
                    } catch (LineException e) {
                        throw e.toGpuException("a device-side wait for " + target + " in slot " + slot + " of " + name
                                + ", whose store is not queued yet (the last queued is " + lastSignalled[slot.ordinal()] + ")");
                    }
                }
                noteWaitOn(stream);
            }
            try {
                driver.waitValue(stream, slotAddress(slot), target);
            } catch (LineException e) {
                throw e.toGpuException("queueing a device-side wait for " + target + " in slot " + slot + " of "
                        + name);
            }
        } finally {
            queueing.unlock();
        }
    }

    private void requireOpen(String what) {
        if (state != State.OPEN) {
            throw new GpuException(GpuException.Kind.CLOSED, what + " a " + state.toString().toLowerCase(java.util.Locale.ROOT)
                    + " " + name);
        }
    }

    private void requireOwnStream(S stream, String what) {
        boolean inDomain;
        try {
            inDomain = driver.streamIn(stream, domain);
        } catch (LineException e) {
            throw e.toGpuException("checking the stream of " + what + name);
        }
        if (!inDomain) {
            throw new LineException(LineError.FOREIGN_STREAM, "stream " + stream).toGpuException(what + name);
        }
    }

    private void noteStoreOn(S stream, Slot slot, long target) {
        QueuedOn<S> on = queuedOn(stream);
        on.lastStore = slot;
        on.target = target;
        on.waitSince = false;
    }

    private void noteWaitOn(S stream) {
        queuedOn(stream).waitSince = true;
    }

    private void noteAddressFor(S stream) {
        queuedOn(stream).addressGiven = true;
    }

    // The record of stream, made if it has none; a new one first drops the streams nothing of
    // the line's can touch any more, so the list does not grow with every stream ever used.
    private QueuedOn<S> queuedOn(S stream) {
        for (QueuedOn<S> on : queuedOn) {
            if (on.stream.equals(stream)) {
                return on;
            }
        }
        queuedOn.removeIf(on -> !on.mayTouch(words));
        QueuedOn<S> on = new QueuedOn<>(stream);
        queuedOn.add(on);
        return on;
    }

    /**
     * A stream the line queued on, and whether what it queued there may still touch the page.
     * A store runs behind the work queued before it on its stream, so once the line's last store
     * on a stream has landed, nothing the line queued there before can touch the page either,
     * and the settle leaves that stream alone: it may be gone by then (its owner destroyed it).
     * A device-side wait since that store reads the page until it has run, which the line cannot
     * see; and work queued with a device address handed out for the stream may come at any time.
     */
    private static final class QueuedOn<S> {
        final S stream;
        // The line's last store on the stream; S0 and 0, reached from the start, before one.
        Slot lastStore = Slot.S0;
        long target;
        boolean waitSince;
        boolean addressGiven;

        QueuedOn(S stream) {
            this.stream = stream;
        }

        boolean mayTouch(CompletionLine words) {
            return addressGiven || waitSince || !words.reached(lastStore, target);
        }
    }

    @Override
    public boolean reached(Slot slot, long target) {
        return Sequences.reached(word(slot), target);
    }

    @Override
    public long word(Slot slot) {
        try {
            return words.getAcquire(slot);
        } catch (IllegalStateException retired) {
            throw new GpuException(GpuException.Kind.CLOSED, name + " is closed", retired);
        }
    }

    @Override
    public void observe(Slot slot, long word) {
        observe(slot, word, DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN, DeadlineEstimator.UNKNOWN);
    }

    @Override
    public void observe(Slot slot, long word, long fromNanos, long wakeTargetNanos, long seenNanos) {
        estimator.observed(Objects.requireNonNull(slot, "slot"), word, fromNanos, wakeTargetNanos, seenNanos);
    }

    @Override
    public void predict(Slot slot, long target, WakeModel model, Prediction into) {
        estimator.predict(Objects.requireNonNull(slot, "slot"), target, Objects.requireNonNull(model, "model"),
                Objects.requireNonNull(into, "into"));
    }

    @Override
    public void expect(Slot slot, Duration serviceTime) {
        Objects.requireNonNull(serviceTime, "serviceTime");
        estimator.expect(Objects.requireNonNull(slot, "slot"), saturatedNanos(serviceTime));
    }

    @Override
    public DeadlineEstimator.Accuracy accuracy() {
        return estimator.accuracy();
    }

    @Override
    public void checkHealth() {
        synchronized (domainLock) {
            State now = state;
            if (now == State.CLOSED || now == State.LEAKED) {
                throw new GpuException(GpuException.Kind.CLOSED, name + " is closed");
            }
            try {
                driver.checkHealth(domain);
            } catch (LineException e) {
                throw new GpuException(GpuException.Kind.DEVICE_FAILED, e.error().status(),
                        name + ": the device cannot make progress: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void onClose(Runnable action) {
        Objects.requireNonNull(action, "action");
        // A host registers its action at every wait: finding it present allocates nothing.
        if (!closeActions.addIfAbsent(action)) {
            return;
        }
        // A close that finished between the add and this check may have missed the action; it
        // must run once, so whoever removes it runs it.
        if (isFinished(state) && closeActions.remove(action)) {
            action.run();
        }
    }

    @Override
    public CompletionLine words() {
        return readOnlyWords;
    }

    /**
     * Not handed out: device work a caller queued with the address on a stream the line does
     * not know of could still touch the page when the close frees it, and the close cannot
     * wait for it. {@link #deviceAddress(Object, Slot)} takes the stream it will be used on.
     *
     * @throws UnsupportedOperationException always
     */
    @Override
    public long deviceAddress(Slot slot) {
        throw new UnsupportedOperationException(name + " hands out the device address of " + slot + " only with the"
                + " stream it will be used on (MappedLine.deviceAddress(stream, slot)), so that its close can settle"
                + " that stream before the page is freed");
    }

    /**
     * The device address of {@code slot}'s word (the line's device address plus 8 per slot),
     * for device work the caller queues on {@code stream} (a kernel reading the word, its own
     * stream memory operation). Held to the rules of the line's own work: only a stream of the
     * line's domain, and the line's close settles {@code stream} before the page is freed, as
     * it does a {@link #waitOnDevice}. Work queued with the address on any other stream, or
     * after the close began, is not covered: the close cannot know of it.
     *
     * @throws GpuException {@link GpuException.Kind#FOREIGN_STREAM} or
     *     {@link GpuException.Kind#CLOSED}
     */
    @Override
    public long deviceAddress(S stream, Slot slot) {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(slot, "slot");
        synchronized (lock) {
            requireOpen("the device address of");
            requireOwnStream(stream, "the device address of ");
            noteAddressFor(stream);
            return slotAddress(slot);
        }
    }

    private long slotAddress(Slot slot) {
        return deviceBase + (long) Long.BYTES * slot.ordinal();
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

    /** The longest {@link #close()} waits for the device before keeping the page as leaked. */
    public Duration settleBound() {
        return Duration.ofNanos(settleBoundNanos);
    }

    private static boolean isFinished(State state) {
        return state == State.CLOSED || state == State.LEAKED;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Bounded by {@link #settleBound()} (plus the time the driver's frees take): past it the
     * page and the reference are kept as leaked and reported. A thread that calls it while
     * another is closing waits for that close to finish, within the same bound, and returns
     * with its outcome (the state it left); it never settles twice. An interrupted thread
     * still settles and frees, and keeps its interrupt status. Any exception or error a driver
     * throws while closing leaves the line {@link State#LEAKED} and reported, the close actions
     * run, and then reaches the caller.
     */
    @Override
    public void close() {
        boolean first;
        synchronized (lock) {
            first = state == State.OPEN;
            if (first) {
                // From here on, signals and device waits fail at once: nothing more is queued.
                state = State.CLOSING;
            }
        }
        if (!first) {
            // The outcome is the first closer's (the state it leaves, and what it throws to its
            // own caller); this one only waits until there is one.
            awaitClosedUninterruptibly();
            return;
        }
        Throwable failure = null;
        try {
            finishClose();
        } catch (Throwable t) {
            failure = t;
        } finally {
            closed.countDown();
        }
        try {
            runCloseActions();
        } catch (RuntimeException | Error e) {
            if (failure == null) {
                failure = e;
            } else {
                failure.addSuppressed(e);
            }
        }
        if (failure != null) {
            throw rethrowable(failure);
        }
    }

    private void awaitClosedUninterruptibly() {
        boolean interrupted = false;
        try {
            for (;;) {
                try {
                    closed.await();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static RuntimeException rethrowable(Throwable failure) {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("closing the line failed", failure);
    }

    // Runs once, on the first closer, with the state CLOSING: nothing more can be queued.
    private void finishClose() {
        // One deadline for the queueing, the settle and the free: a vendor's free may itself
        // wait for the device (HIP's hipHostUnregister waits for every stream of the device).
        long deadline = System.nanoTime() + Math.min(settleBoundNanos, Long.MAX_VALUE / 4);
        // A signal or device wait past its checks may still be in its driver call: what it
        // queues must be covered by the settle, so it is waited for first, within the same bound.
        boolean quiet = awaitQueueing(deadline) && wakeStoreWaitsOut(deadline);
        List<S> used = new ArrayList<>(2);
        synchronized (lock) {
            for (QueuedOn<S> on : queuedOn) {
                if (on.mayTouch(words)) {
                    used.add(on.stream);
                }
            }
        }
        Throwable driverFailure = null;
        Settled settled;
        if (!quiet) {
            settled = Settled.TIMED_OUT;
        } else if (used.isEmpty()) {
            settled = Settled.YES;
        } else {
            try {
                settled = settle(used, deadline);
            } catch (Throwable t) {
                settled = Settled.FAILED;
                driverFailure = t;
            }
        }
        // Every view is refused from now on, and no thread is still reading: the page may go.
        words.retire();
        leakCheck.closed = true;
        cleanable.clean();
        if (settled != Settled.YES) {
            synchronized (domainLock) {
                leak(settled == Settled.TIMED_OUT ? LeakReporter.Reason.SETTLE_TIMED_OUT
                        : driverFailure != null ? LeakReporter.Reason.CLOSE_FAILED : LeakReporter.Reason.SETTLE_FAILED);
            }
            if (driverFailure != null) {
                rethrowable(driverFailure);
            }
            return;
        }
        if (!driver.freeWaitsForDevice()) {
            try {
                freeAndRelease();
            } catch (Throwable t) {
                keepAfterAFailedFree();
                throw t;
            }
            return;
        }
        // On a settler thread, within the deadline: a free that waits for the device (HIP's)
        // must hold up neither a health check nor the close past its bound.
        Boolean freed;
        try {
            freed = answerBy(SETTLERS.submit(this::freeAndRelease), deadline);
        } catch (Throwable t) {
            keepAfterAFailedFree();
            throw rethrowable(t);
        }
        if (freed == null) {
            synchronized (domainLock) {
                if (state == State.CLOSED) {
                    return;     // it finished just after the grace
                }
                // Still in the driver's free: the domain that owns the page is kept for good. A
                // free that ends later has waited for the device, so the page it frees is safe.
                gaveUpOnFree = true;
                leak(LeakReporter.Reason.SETTLE_TIMED_OUT);
            }
        }
    }

    // The free outside domainLock (a health check must not wait behind it), then the release
    // on the same thread (a decorating driver may pair them by thread), unless the closer gave
    // up waiting for the free.
    private boolean freeAndRelease() {
        driver.freeHost(domain, page);
        synchronized (domainLock) {
            if (gaveUpOnFree) {
                return false;
            }
            try {
                driver.release(domain);
            } catch (Throwable t) {
                leak(LeakReporter.Reason.CLOSE_FAILED);
                throw t;
            }
            state = State.CLOSED;
            return true;
        }
    }

    // Whether the page is gone after a free that threw is unknown: keep the domain that owns it.
    private void keepAfterAFailedFree() {
        synchronized (domainLock) {
            if (state != State.LEAKED) {
                leak(LeakReporter.Reason.CLOSE_FAILED);
            }
        }
    }

    private void leak(LeakReporter.Reason reason) {
        state = State.LEAKED;
        leakCheck.reporter.leaked(reason, name, leakCheck.address, PAGE);
        LineLeakEvent.emit(reason, name, leakCheck.address, PAGE);
    }

    private enum Settled { YES, FAILED, TIMED_OUT }

    // Asks the driver on a settler thread and waits for its answer until the line's deadline.
    private Settled settle(List<S> used, long deadline) throws Throwable {
        Boolean answer = answerBy(SETTLERS.submit(() -> driver.settle(domain, used, deadline)), deadline);
        if (answer == null) {
            return Settled.TIMED_OUT;
        }
        if (answer) {
            return Settled.YES;
        }
        // A driver that honours the deadline says no when it passes: that is a time-out.
        return System.nanoTime() - deadline >= 0 ? Settled.TIMED_OUT : Settled.FAILED;
    }

    // The answer, or null if none came by the deadline (and its grace), waiting across
    // interrupts of this thread (its status is kept); what the driver threw is thrown.
    private static Boolean answerBy(Future<Boolean> answer, long deadline) throws Throwable {
        boolean interrupted = false;
        try {
            for (;;) {
                long left = deadline + ANSWER_GRACE_NANOS - System.nanoTime();
                try {
                    return answer.get(Math.max(0, left), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (TimeoutException e) {
                    return null;
                } catch (ExecutionException e) {
                    throw e.getCause();
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    // Whether no store or device wait is in its driver call by the deadline, across interrupts
    // of this thread (its status is kept). Nothing new can start: the state is CLOSING.
    private boolean awaitQueueing(long deadline) {
        boolean interrupted = false;
        try {
            for (;;) {
                try {
                    if (!queueing.tryLock(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                        return false;
                    }
                    queueing.unlock();
                    return true;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
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

    @Override
    public String toString() {
        return name + " (" + state + ")";
    }

    private static final class SettlerThreads implements java.util.concurrent.ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable task) {
            return Thread.ofPlatform().daemon().name("gar-line-settle-" + count.incrementAndGet()).unstarted(task);
        }
    }

    /**
     * The leak detector's cleaning action: reports a line that became unreachable unclosed. It
     * holds what the report needs, not the line: an action that reached its line would keep it
     * alive forever.
     */
    private static final class LeakCheck implements Runnable {
        final String name;
        final long address;
        final LeakReporter reporter;
        volatile boolean closed;

        LeakCheck(String name, long address, LeakReporter reporter) {
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
