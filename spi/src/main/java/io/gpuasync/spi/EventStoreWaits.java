package io.gpuasync.spi;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * A driver's own wait for its stores over the vendor's blocking-sync events (CUDA's
 * {@code cuEventSynchronize}, HIP's {@code hipEventSynchronize}), which have neither a timeout,
 * a cancel, nor a wait for any of several: {@link #queued} records an event behind the store,
 * taken from a fixed pool of the domain ({@link StoreWaits#NO_TOKEN} when every event is
 * pending); one syncer thread per (domain, stream) with events pending blocks in the vendor's
 * synchronize on that stream's oldest, marks it landed and unparks the waiters, and moves on to
 * the next; {@link #awaitAny} parks its caller until one of its stores is marked landed, a wake,
 * or its deadline.
 *
 * <p>Threads are per stream in use, never per wait: a stream's events complete in the order
 * they were recorded (stream order), so one thread blocked on the oldest covers them all, and
 * any number of waiters share it. A syncer retires once its stream had nothing pending for
 * {@link #IDLE_NANOS}, and at the domain's {@link #close}. An event completes only after the
 * work queued before it on its stream, the store included: a token is never marked landed
 * before its store.
 *
 * <p>A token is the event's place in the pool (bits 0 to 15) and the pool's count of recorded
 * events at its record (bits 16 to 62), so a place reused for a later store never answers for
 * an earlier token wrongly: a place is reused only once its previous event completed.
 *
 * <p>The driver {@link #open opens} a domain when it retains it for a line and {@link #close
 * closes} it when it lets that go; the last close stops the syncers and destroys the events.
 * {@link #awaitAny} allocates nothing.
 *
 * @param <S> the vendor's stream handle (equal handles are one stream)
 * @param <D> the vendor's domain handle
 */
public final class EventStoreWaits<S, D> implements StoreWaits<S, D> {
    /**
     * What an {@link EventStoreWaits} asks of the vendor: its event calls, each with the domain
     * made current as the vendor needs.
     *
     * @param <S> the vendor's stream handle
     * @param <D> the vendor's domain handle
     */
    public interface Events<S, D> {
        /** A new event of {@code domain} whose synchronize blocks its thread (never spins), untimed: its handle, never 0. */
        long create(D domain) throws LineException;

        /** Records {@code event} behind the work queued so far on {@code stream}, a stream of {@code domain}. */
        void record(D domain, long event, S stream) throws LineException;

        /** Makes {@code domain} current on the calling thread, a syncer, for its life. */
        void enter(D domain) throws LineException;

        /** Undoes {@link #enter} as the syncer retires; never throws. */
        void leave(D domain);

        /**
         * Blocks until {@code event} completed: 0 when it did, {@link #UNKNOWN} when its answer
         * says nothing of its stream's work (recorded into a graph capture), or the vendor's
         * failure status (a lost device).
         */
        int synchronize(long event);

        /** Destroys {@code event}, reporting a failure itself; never throws. */
        void destroy(D domain, long event);

        /** The failure {@code status} of {@code call}, as a {@link LineException} naming it. */
        LineException failure(int status, String call);
    }

    /** What {@link Events#synchronize} returns for an event that tells nothing of its store. */
    public static final int UNKNOWN = Integer.MIN_VALUE;
    /** How long a syncer whose stream has nothing pending waits for more before it retires. */
    public static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** The most events a pool holds: a token keeps its place in 16 bits. */
    public static final int MAX_EVENTS = 1 << 16;

    private static final int PLACE_BITS = 16;
    private static final long PLACE_MASK = MAX_EVENTS - 1;
    // The latest count a token can carry: bit 63 stays clear, so no token is NO_TOKEN.
    private static final long MAX_RECORDED = (1L << (63 - PLACE_BITS)) - 1;
    // Waiters that found every place of the waiter list taken look again this often.
    private static final long UNLISTED_LOOK_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    // A waiter list of this size: more waiters than this at once poll at UNLISTED_LOOK_NANOS.
    private static final int LISTED_WAITERS = 64;
    // How long a closing domain waits for its syncers before it leaves their events to the driver.
    private static final long CLOSE_PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final System.Logger LOG = System.getLogger(EventStoreWaits.class.getName());

    private final String name;
    private final Events<S, D> events;
    private final int poolSize;
    // Each open domain's pool, by the domain's equality: lines of one domain share it.
    private final ConcurrentHashMap<D, Pool<S, D>> pools = new ConcurrentHashMap<>();

    /**
     * Store waits over {@code events}, with up to {@code poolSize} events pending per domain.
     *
     * @param name the vendor's name, for messages and thread names
     * @throws IllegalArgumentException for a pool size outside 1 to {@link #MAX_EVENTS}
     */
    public EventStoreWaits(String name, Events<S, D> events, int poolSize) {
        this.name = Objects.requireNonNull(name, "name");
        this.events = Objects.requireNonNull(events, "events");
        if (poolSize < 1 || poolSize > MAX_EVENTS) {
            throw new IllegalArgumentException("poolSize is " + poolSize + ": a pool holds 1 to " + MAX_EVENTS + " events");
        }
        this.poolSize = poolSize;
    }

    /** Opens (or retains again) {@code domain}'s pool: the driver calls it once per retain of the domain. */
    public void open(D domain) {
        pools.compute(Objects.requireNonNull(domain, "domain"), (key, pool) -> {
            if (pool == null) {
                pool = new Pool<>(key, poolSize);
            }
            pool.opens++;
            return pool;
        });
    }

    /**
     * Closes one {@link #open} of {@code domain}; the last ends every wait on it, lets the
     * syncers finish what is pending (the line settled first, so that is already done), and
     * destroys the events. A syncer still blocked after a bound (an event that will never
     * complete: a context reset) keeps the events, which are then left to the driver and reported.
     */
    public void close(D domain) {
        @SuppressWarnings("unchecked")
        Pool<S, D>[] last = new Pool[1];
        pools.computeIfPresent(domain, (key, pool) -> {
            if (--pool.opens > 0) {
                return pool;
            }
            last[0] = pool;
            return null;
        });
        Pool<S, D> pool = last[0];
        if (pool != null) {
            shut(pool);
        }
    }

    private void shut(Pool<S, D> pool) {
        Thread[] threads;
        synchronized (pool) {
            pool.closed = true;
            threads = new Thread[pool.syncers.size()];
            int i = 0;
            for (Syncer<S, D> syncer : pool.syncers.values()) {
                threads[i++] = syncer.thread;
            }
        }
        pool.wake();
        long deadline = System.nanoTime() + CLOSE_PATIENCE_NANOS;
        boolean interrupted = false;
        boolean stuck = false;
        for (Thread thread : threads) {
            LockSupport.unpark(thread);
            for (;;) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    stuck |= thread.isAlive();
                    break;
                }
                try {
                    if (thread.join(java.time.Duration.ofNanos(left))) {
                        break;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (stuck) {
            LOG.log(System.Logger.Level.WARNING, () -> name + ": a store-wait syncer of " + pool.domain + " is still blocked in the driver's"
                    + " event synchronize; its events are left to the driver, not destroyed under it");
            return;
        }
        for (int place = 0; place < pool.events.length; place++) {
            if (pool.events[place] != 0) {
                events.destroy(pool.domain, pool.events[place]);
                pool.events[place] = 0;
            }
        }
    }

    /** The events {@code domain}'s pool holds (created, not yet destroyed): 0 when it is not open. For tests. */
    public int eventsOf(D domain) {
        Pool<S, D> pool = pools.get(domain);
        if (pool == null) {
            return 0;
        }
        synchronized (pool) {
            int n = 0;
            for (long event : pool.events) {
                n += event != 0 ? 1 : 0;
            }
            return n;
        }
    }

    /** The syncer threads {@code domain}'s pool runs now. For tests. */
    public int syncersOf(D domain) {
        Pool<S, D> pool = pools.get(domain);
        if (pool == null) {
            return 0;
        }
        synchronized (pool) {
            return pool.syncers.size();
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>Records a pool's event behind the store on {@code stream}; {@link #NO_TOKEN} when
     * {@code domain} is not open, every event of its pool is pending, or a syncer failed.
     *
     * @throws LineException the vendor's failure to create or record the event (the line then
     *     polls for that store)
     */
    @Override
    public long queued(D domain, S stream, long address, long value) throws LineException {
        Pool<S, D> pool = pools.get(domain);
        if (pool == null) {
            return NO_TOKEN;
        }
        synchronized (pool) {
            if (pool.closed || pool.failure != 0 || pool.freeCount == 0 || pool.recorded == MAX_RECORDED) {
                return NO_TOKEN;
            }
            int place = pool.free[--pool.freeCount];
            try {
                if (pool.events[place] == 0) {
                    pool.events[place] = events.create(domain);
                }
                events.record(domain, pool.events[place], stream);
            } catch (LineException | RuntimeException e) {
                pool.free[pool.freeCount++] = place;
                throw e;
            }
            long recorded = pool.recorded + 1;
            pool.recorded = recorded;
            pool.recordedAt[place] = recorded;
            Syncer<S, D> syncer = pool.syncers.get(stream);
            if (syncer == null) {
                syncer = new Syncer<>(this, pool, stream, poolSize);
                try {
                    syncer.thread.start();
                } catch (OutOfMemoryError noThread) {
                    // The event is recorded: its place stays taken, never reused while it may be pending.
                    throw new LineException(LineError.UNAVAILABLE, name + ": no thread to synchronize the event behind a"
                            + " store on " + stream + " (" + noThread.getMessage() + "); hosts poll for that store");
                }
                pool.syncers.put(stream, syncer);
                syncer.push(place);
            } else {
                syncer.push(place);
                LockSupport.unpark(syncer.thread);
            }
            return (recorded << PLACE_BITS) | place;
        }
    }

    @Override
    public long wakes(D domain) {
        Pool<S, D> pool = pools.get(domain);
        return pool == null ? 0 : pool.wakes.get();
    }

    /**
     * {@inheritDoc}
     *
     * @throws LineException the failure a syncer met in the vendor's synchronize (a lost
     *     device), with its status, once none of the stores is known to have landed
     * @throws IllegalArgumentException for a token {@link #queued} never gave for {@code domain},
     *     or {@code count} outside {@code tokens}
     */
    @Override
    public boolean awaitAny(D domain, long[] tokens, int count, long deadlineNanos, long wakesSeen) throws LineException {
        Objects.checkFromIndexSize(0, count, tokens.length);
        Pool<S, D> pool = pools.get(domain);
        if (pool == null || pool.wakes.get() != wakesSeen || count == 0) {
            return false;
        }
        long recorded = pool.recordedSoFar();
        for (int i = 0; i < count; i++) {
            long token = tokens[i];
            long at = token >>> PLACE_BITS;
            if (token < 0 || (token & PLACE_MASK) >= poolSize || at == 0 || at > recorded) {
                throw new IllegalArgumentException("token 0x" + Long.toHexString(token) + " (tokens[" + i + "]) is none that"
                        + " queued gave for " + domain + ", whose pool recorded " + recorded + " events");
            }
        }
        int listed = pool.list(Thread.currentThread());
        try {
            for (;;) {
                if (pool.anyLanded(tokens, count)) {
                    return true;
                }
                int failure = pool.failure;
                if (failure != 0) {
                    throw events.failure(failure, name + ": synchronizing the event behind a store of " + domain);
                }
                long left = deadlineNanos - System.nanoTime();
                if (pool.wakes.get() != wakesSeen || left <= 0 || pool.closed) {
                    return false;
                }
                LockSupport.parkNanos(this, listed < 0 ? Math.min(left, UNLISTED_LOOK_NANOS) : left);
            }
        } finally {
            pool.unlist(listed);
        }
    }

    @Override
    public void wake(D domain) {
        Pool<S, D> pool = pools.get(domain);
        if (pool != null) {
            pool.wake();
        }
    }

    /** One domain's events, places and syncers. Guarded by its own monitor unless said. */
    private static final class Pool<S, D> {
        final D domain;
        int opens;
        boolean closed;
        // Per place: its event (0 before its first use), and the count at its latest record.
        final long[] events;
        final long[] recordedAt;
        // Places whose event is not pending: free[0 .. freeCount).
        final int[] free;
        int freeCount;
        // Events recorded so far; read without the monitor by awaitAny's token check.
        volatile long recorded;
        final Map<S, Syncer<S, D>> syncers = new HashMap<>();
        // Any thread. Per place, the count of the latest record that completed: a token
        // (count c, place p) landed once landed[p] >= c, since a place is reused only after.
        final AtomicLongArray landed;
        // A failed synchronize's status: every wait then throws it.
        volatile int failure;
        final AtomicLong wakes = new AtomicLong();
        // Waiters parked in awaitAny. A waiter lists itself, then checks; a syncer marks a
        // landing (or a failure), then unparks those listed; a wake counts, then unparks.
        final AtomicReferenceArray<Thread> waiters = new AtomicReferenceArray<>(LISTED_WAITERS);
        final AtomicInteger listedWaiters = new AtomicInteger();

        Pool(D domain, int size) {
            this.domain = domain;
            this.events = new long[size];
            this.recordedAt = new long[size];
            this.landed = new AtomicLongArray(size);
            this.free = new int[size];
            // Taken from the end: place 0 first.
            for (int i = 0; i < size; i++) {
                free[i] = size - 1 - i;
            }
            this.freeCount = size;
        }

        long recordedSoFar() {
            return recorded;
        }

        boolean anyLanded(long[] tokens, int count) {
            for (int i = 0; i < count; i++) {
                long token = tokens[i];
                if (landed.get((int) (token & PLACE_MASK)) >= token >>> PLACE_BITS) {
                    return true;
                }
            }
            return false;
        }

        int list(Thread waiter) {
            for (int i = 0; i < waiters.length(); i++) {
                if (waiters.get(i) == null && waiters.compareAndSet(i, null, waiter)) {
                    listedWaiters.incrementAndGet();
                    return i;
                }
            }
            return -1;
        }

        void unlist(int listed) {
            if (listed >= 0) {
                waiters.set(listed, null);
                listedWaiters.decrementAndGet();
            }
        }

        void unparkWaiters() {
            if (listedWaiters.get() == 0) {
                return;
            }
            for (int i = 0; i < waiters.length(); i++) {
                Thread waiter = waiters.get(i);
                if (waiter != null) {
                    LockSupport.unpark(waiter);
                }
            }
        }

        void wake() {
            wakes.incrementAndGet();
            unparkWaiters();
        }
    }

    /** The thread that synchronizes one stream's pending events of one pool, oldest first. */
    private static final class Syncer<S, D> implements Runnable {
        final EventStoreWaits<S, D> owner;
        final Pool<S, D> pool;
        final S stream;
        final Thread thread;
        // Pending places in record order: ring[head .. head + size), guarded by the pool.
        final int[] ring;
        int head;
        int size;

        Syncer(EventStoreWaits<S, D> owner, Pool<S, D> pool, S stream, int capacity) {
            this.owner = owner;
            this.pool = pool;
            this.stream = stream;
            this.ring = new int[capacity];
            this.thread = Thread.ofPlatform().daemon().name("gar-" + owner.name + "-store-syncer-" + stream).unstarted(this);
        }

        void push(int place) {
            ring[(head + size) % ring.length] = place;
            size++;
        }

        @Override
        public void run() {
            try {
                owner.events.enter(pool.domain);
            } catch (LineException e) {
                fail(e.error().status());
                return;
            }
            try {
                syncUntilIdle();
            } finally {
                owner.events.leave(pool.domain);
            }
        }

        private void syncUntilIdle() {
            long idleSince = System.nanoTime();
            for (;;) {
                int place;
                long event;
                synchronized (pool) {
                    if (size == 0) {
                        long idle = System.nanoTime() - idleSince;
                        if (pool.closed || idle >= IDLE_NANOS) {
                            retire();
                            return;
                        }
                        place = -1;
                        event = 0;
                    } else {
                        place = ring[head];
                        event = pool.events[place];
                    }
                }
                if (place < 0) {
                    LockSupport.parkNanos(this, IDLE_NANOS - (System.nanoTime() - idleSince));
                    continue;
                }
                int status = owner.events.synchronize(event);
                synchronized (pool) {
                    head = (head + 1) % ring.length;
                    size--;
                    if (status == 0) {
                        pool.landed.set(place, pool.recordedAt[place]);
                    } else if (status != UNKNOWN) {
                        pool.failure = status;
                    }
                    pool.free[pool.freeCount++] = place;
                }
                pool.unparkWaiters();
                if (status != 0 && status != UNKNOWN) {
                    fail(status);
                    return;
                }
                idleSince = System.nanoTime();
            }
        }

        // With a failure recorded: the pending places go back (their events are never asked
        // again: every wait now throws), and this syncer leaves.
        private void fail(int status) {
            synchronized (pool) {
                pool.failure = status;
                while (size > 0) {
                    pool.free[pool.freeCount++] = ring[head];
                    head = (head + 1) % ring.length;
                    size--;
                }
                retire();
            }
            pool.unparkWaiters();
        }

        // Under the pool's monitor.
        private void retire() {
            pool.syncers.remove(stream, this);
        }
    }
}
