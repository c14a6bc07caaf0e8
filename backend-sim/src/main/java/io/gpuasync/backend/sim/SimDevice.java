package io.gpuasync.backend.sim;

import io.gpuasync.api.GpuException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * One simulated device, the domain of the {@code sim} backend: it owns streams, page-locked host
 * allocations (real native memory, page-aligned), and a reference count that lines hold, as a
 * CUDA primary context is retained by whoever uses it.
 *
 * <p>Unlike a CUDA context, closing a device that is still in use fails and changes nothing:
 * while a line holds it, or work is queued on one of its streams, {@link #close()} refuses.
 */
public final class SimDevice implements AutoCloseable {
    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle().withInvokeExactBehavior();

    private record Allocation(Arena arena, MemorySegment memory) {
    }

    private final SimBackend backend;
    private final int ordinal;
    private final List<SimStream> streams = new CopyOnWriteArrayList<>();
    private final Map<Long, Allocation> allocations = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    // Guarded by lock.
    private int retains;
    private int nextStream;
    private boolean closed;
    private volatile int stickyError;
    private volatile Throwable failureCause;
    // The driver's store waits (SimStoreWaits): threads parked in them, in a fixed array so that
    // waiting allocates nothing. A waiter lists itself, then checks; a stream marks its store
    // landed, then unparks those listed. A wake counts, then unparks: a waiter that read the count
    // before it sees it moved.
    private final AtomicReferenceArray<Thread> storeWaiters = new AtomicReferenceArray<>(64);
    private final AtomicInteger listedStoreWaiters = new AtomicInteger();
    private final AtomicLong storeWakes = new AtomicLong();

    SimDevice(SimBackend backend, int ordinal) {
        this.backend = backend;
        this.ordinal = ordinal;
    }

    /** This device's number in its backend. */
    public int ordinal() {
        return ordinal;
    }

    /** Makes this the calling thread's current device, as {@code cuCtxSetCurrent} does. */
    public void makeCurrent() {
        backend.setCurrent(this);
    }

    /** A new stream of this device. */
    public SimStream createStream() {
        synchronized (lock) {
            requireOpen();
            SimStream stream = new SimStream(this, ++nextStream);
            streams.add(stream);
            return stream;
        }
    }

    /**
     * Fails the device with the sticky error {@code status}, as a GPU fails after a fault:
     * nothing queued runs any more, nothing new is accepted, and synchronizing reports failure.
     * For tests of what waiters do when a device dies.
     */
    public void fail(int status) {
        fail(status, null);
    }

    void fail(int status, Throwable cause) {
        if (status == 0) {
            throw new IllegalArgumentException("status 0 is success, not a failure");
        }
        synchronized (lock) {
            if (stickyError == 0) {
                failureCause = cause;
                stickyError = status;
            }
        }
        for (SimStream stream : streams) {
            stream.deviceFailed();
        }
        wakeStoreWaits();
    }

    /** The sticky error the device failed with, or 0 while it is healthy. */
    public int stickyError() {
        return stickyError;
    }

    /** What made the device fail, when a work item threw; else null. */
    public Throwable failureCause() {
        return failureCause;
    }

    /**
     * Waits for every stream of the device to drain, at most {@code timeout}.
     *
     * @return false if the device failed or the time ran out
     */
    public boolean synchronize(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (SimStream stream : streams) {
            if (!stream.synchronize(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
                return false;
            }
        }
        return stickyError == 0;
    }

    /** How many references lines hold to this device. */
    public int retains() {
        synchronized (lock) {
            return retains;
        }
    }

    /** How many host allocations are live. */
    public int liveAllocations() {
        return allocations.size();
    }

    void retain() {
        synchronized (lock) {
            requireOpen();
            retains++;
        }
    }

    void release() {
        synchronized (lock) {
            if (retains == 0) {
                throw new IllegalStateException(this + " released more often than retained");
            }
            retains--;
        }
    }

    /** A page-aligned allocation of at most one page (all a line needs). */
    MemorySegment allocate(long bytes) {
        if (bytes <= 0 || bytes > 4096) {
            throw new IllegalArgumentException("the sim device allocates 1 to 4096 bytes, not " + bytes);
        }
        Arena arena = Arena.ofShared();
        MemorySegment memory = arena.allocate(bytes, 4096);
        allocations.put(memory.address(), new Allocation(arena, memory));
        return memory;
    }

    boolean free(long address) {
        Allocation allocation = allocations.remove(address);
        if (allocation == null) {
            return false;
        }
        allocation.arena().close();
        return true;
    }

    boolean owns(long address) {
        return allocations.containsKey(address);
    }

    /**
     * The device's side of a store: into a live allocation, or else a fault, as a store to an
     * unmapped address faults a GPU. A page freed while the store was queued is exactly that.
     */
    void storeRelease(long address, long value) {
        Allocation allocation = holding(address, "store of " + value);
        if (allocation == null) {
            return;
        }
        try {
            WORD.setRelease(allocation.memory(), address - allocation.memory().address(), value);
        } catch (IllegalStateException freedMeanwhile) {
            fail(SimStatus.ILLEGAL_ADDRESS, freedMeanwhile);
        }
    }

    /**
     * The live allocation holding the aligned word at {@code address}; else the device faults,
     * as a GPU does on an unmapped address, and null.
     */
    private Allocation holding(long address, String what) {
        long page = address & -4096L;
        Allocation allocation = allocations.get(page);
        if (allocation == null || address + Long.BYTES > page + allocation.memory().byteSize() || (address & 7) != 0) {
            fail(SimStatus.ILLEGAL_ADDRESS, new IllegalStateException(
                    what + " at 0x" + Long.toHexString(address) + ", which is not allocated"));
            return null;
        }
        return allocation;
    }

    /**
     * The device's side of a stream wait: whether the word at {@code address} has reached
     * {@code value}; a wait on memory that is not allocated faults the device.
     */
    boolean reachedAcquire(long address, long value) {
        Allocation allocation = holding(address, "stream wait");
        if (allocation == null) {
            return false;
        }
        try {
            return (long) WORD.getAcquire(allocation.memory(), address - allocation.memory().address()) - value >= 0;
        } catch (IllegalStateException freedMeanwhile) {
            fail(SimStatus.ILLEGAL_ADDRESS, freedMeanwhile);
            return false;
        }
    }

    /** A stream's store landed: wakes the store waits, if any. */
    void storeLanded() {
        if (listedStoreWaiters.get() > 0) {
            unparkStoreWaiters();
        }
    }

    private void unparkStoreWaiters() {
        for (int i = 0; i < storeWaiters.length(); i++) {
            Thread waiter = storeWaiters.get(i);
            if (waiter != null) {
                LockSupport.unpark(waiter);
            }
        }
    }

    /** How many times {@link #wakeStoreWaits} was called. */
    long storeWakes() {
        return storeWakes.get();
    }

    /** Counts a wake and ends every {@link #awaitStores} blocked now. */
    void wakeStoreWaits() {
        storeWakes.incrementAndGet();
        unparkStoreWaiters();
    }

    /**
     * Blocks until one of the stores {@code tokens[0 .. count)} ({@link SimStoreWaits#token})
     * landed, the deadline passed, the wake count is not {@code wakes} or the thread was
     * interrupted (its status kept); true if one landed. Allocates nothing.
     */
    boolean awaitStores(long[] tokens, int count, long deadlineNanos, long wakes) {
        int listed = listStoreWaiter(Thread.currentThread());
        try {
            for (;;) {
                if (anyLanded(tokens, count)) {
                    return true;
                }
                long left = deadlineNanos - System.nanoTime();
                if (storeWakes.get() != wakes || left <= 0 || stickyError != 0
                        || Thread.currentThread().isInterrupted()) {
                    return false;
                }
                // Unlisted (every place taken), it looks every 50 us instead of being unparked.
                LockSupport.parkNanos(this, listed < 0 ? Math.min(left, 50_000) : left);
            }
        } finally {
            if (listed >= 0) {
                storeWaiters.set(listed, null);
                listedStoreWaiters.decrementAndGet();
            }
        }
    }

    private int listStoreWaiter(Thread waiter) {
        for (int i = 0; i < storeWaiters.length(); i++) {
            if (storeWaiters.get(i) == null && storeWaiters.compareAndSet(i, null, waiter)) {
                listedStoreWaiters.incrementAndGet();
                return i;
            }
        }
        return -1;
    }

    private boolean anyLanded(long[] tokens, int count) {
        for (int i = 0; i < count; i++) {
            int stream = SimStoreWaits.streamOf(tokens[i]);
            long index = SimStoreWaits.indexOf(tokens[i]);
            // A stream closed since drained first, unless the device failed: then nothing landed.
            boolean found = false;
            for (int s = 0; s < streams.size(); s++) {
                SimStream candidate = streams.get(s);
                if (candidate.id() == stream) {
                    found = true;
                    if (candidate.landed(index)) {
                        return true;
                    }
                    break;
                }
            }
            if (!found && stickyError == 0) {
                return true;
            }
        }
        return false;
    }

    void forget(SimStream stream) {
        streams.remove(stream);
    }

    private void requireOpen() {
        if (closed) {
            throw new GpuException(GpuException.Kind.CLOSED, SimStatus.DEINITIALIZED, this + " is closed", null);
        }
    }

    boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /**
     * Closes the device and its streams, if nothing uses it any more. Idempotent.
     *
     * @throws IllegalStateException naming what still uses the device (a line's reference, work
     *     queued on a stream), having changed nothing
     */
    @Override
    public void close() {
        List<SimStream> toClose;
        synchronized (lock) {
            if (closed) {
                return;
            }
            List<String> users = new ArrayList<>();
            if (retains > 0) {
                users.add(retains + " line reference(s)");
            }
            for (SimStream stream : streams) {
                if (!stream.isIdle()) {
                    users.add("work queued on " + stream);
                }
            }
            if (!users.isEmpty() && stickyError == 0) {
                throw new IllegalStateException(this + " is still in use (" + String.join(", ", users)
                        + "); close its lines and let its streams drain first. Nothing was closed");
            }
            if (retains > 0) {
                throw new IllegalStateException(this + " has failed, but " + retains
                        + " line reference(s) still hold it; close the lines first. Nothing was closed");
            }
            closed = true;
            toClose = List.copyOf(streams);
        }
        for (SimStream stream : toClose) {
            stream.close();
        }
    }

    @Override
    public String toString() {
        return "sim device " + ordinal;
    }
}
