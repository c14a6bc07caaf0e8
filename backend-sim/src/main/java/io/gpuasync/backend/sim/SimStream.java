package io.gpuasync.backend.sim;

import io.gpuasync.api.GpuException;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A stream of a {@link SimDevice}: a thread that runs what is queued on it, in order, one item
 * after the other, as a GPU stream runs kernels, copies and value stores. A stream belongs to one
 * device for its life.
 *
 * <p>Once its device failed (a sticky error, as after an illegal address on a GPU), queued items
 * are dropped and new ones refused: nothing queued after a failure ever runs, which is what a
 * waiter on a failed device has to be rescued from.
 */
public final class SimStream implements AutoCloseable {
    private sealed interface Op {
    }

    private record Work(long nanos, boolean busy) implements Op {
    }

    private record Call(Runnable action) implements Op {
    }

    private record Store(long address, long value, long index) implements Op {
    }

    private record WaitValue(long address, long value) implements Op {
    }

    private final SimDevice device;
    private final int id;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition queuedOrClosed = lock.newCondition();
    private final Condition drained = lock.newCondition();
    // Guarded by lock. pending counts the item running as well as those queued.
    private final ArrayDeque<Op> queue = new ArrayDeque<>();
    private int pending;
    private boolean closed;
    // Stores queued so far (guarded by lock), and how many of them have landed, in order.
    private long storesQueued;
    private volatile long storesLanded;
    // Guarded by lock: the address and value of the latest stores queued, by index, so that the
    // driver finds a store's index whether it is queued, running or done.
    private static final int STORES_KEPT = 64;
    private final long[] keptAddresses = new long[STORES_KEPT];
    private final long[] keptValues = new long[STORES_KEPT];
    private final Thread worker;

    SimStream(SimDevice device, int id) {
        this.device = device;
        this.id = id;
        this.worker = Thread.ofPlatform().daemon().name("gar-sim-" + device.ordinal() + "-stream-" + id).start(this::run);
    }

    /** The device this stream belongs to. */
    public SimDevice device() {
        return device;
    }

    /**
     * Queues work that keeps the device busy for {@code duration}, spinning a CPU thread the way
     * a kernel keeps an SM busy, until {@link System#nanoTime()} passes its end (or the device
     * fails): no sleep's wake-up jitter in its length.
     */
    public void busy(Duration duration) {
        enqueue(new Work(nanos(duration), true));
    }

    /**
     * Queues work that takes {@code duration} without using a CPU (the thread sleeps): for long
     * work on a machine with few cores, at the cost of the operating system's wake-up jitter.
     */
    public void sleep(Duration duration) {
        enqueue(new Work(nanos(duration), false));
    }

    /**
     * Queues {@code action} to run on the stream's thread, after what is queued before it and
     * before what is queued after. An action that throws is a fault of the device, as a kernel
     * fault is on a GPU: the device fails with {@link SimStatus#LAUNCH_FAILED}.
     */
    public void call(Runnable action) {
        enqueue(new Call(Objects.requireNonNull(action, "action")));
    }

    void store(long address, long value) {
        lock.lock();
        try {
            long index = storesQueued + 1;
            enqueue(new Store(address, value, index));
            storesQueued = index;
            keptAddresses[(int) (index % STORES_KEPT)] = address;
            keptValues[(int) (index % STORES_KEPT)] = value;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The index on this stream (1 for the first, for {@link #landed}) of the latest store of
     * {@code value} at {@code address} among the last stores queued, or 0 if none of them is it.
     */
    long indexOfStore(long address, long value) {
        lock.lock();
        try {
            for (long index = storesQueued; index > 0 && storesQueued - index < STORES_KEPT; index--) {
                int at = (int) (index % STORES_KEPT);
                if (keptAddresses[at] == address && keptValues[at] == value) {
                    return index;
                }
            }
            return 0;
        } finally {
            lock.unlock();
        }
    }

    /** Whether the store of {@code index} on this stream has landed: its word holds its value. */
    boolean landed(long index) {
        return storesLanded - index >= 0;
    }

    /** This stream's number on its device. */
    int id() {
        return id;
    }

    /**
     * Queues a wait, on the device, until the 64-bit word at device address {@code address}
     * reaches {@code value} (a wrap-safe compare, as {@code CU_STREAM_WAIT_VALUE_GEQ}): work
     * queued after it runs only then, with no host round trip. The address must be in memory of
     * this stream's device, such as a line's word ({@code line.deviceAddress(stream, slot)}).
     */
    public void waitValue(long address, long value) {
        enqueue(new WaitValue(address, value));
    }

    private static long nanos(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("work cannot take a negative time: " + duration);
        }
        return duration.toNanos();
    }

    private void enqueue(Op op) {
        lock.lock();
        try {
            if (closed) {
                throw new GpuException(GpuException.Kind.CLOSED, SimStatus.INVALID_HANDLE,
                        this + " is closed (" + SimStatus.name(SimStatus.INVALID_HANDLE) + ")", null);
            }
            int error = device.stickyError();
            if (error != 0) {
                throw new GpuException(GpuException.Kind.DEVICE_FAILED, error,
                        device + " has failed (" + SimStatus.name(error) + "); nothing more can be queued", null);
            }
            queue.add(op);
            pending++;
            queuedOrClosed.signal();
        } finally {
            lock.unlock();
        }
    }

    private void run() {
        for (;;) {
            Op op;
            lock.lock();
            try {
                while (queue.isEmpty() && !closed) {
                    queuedOrClosed.awaitUninterruptibly();
                }
                if (queue.isEmpty()) {
                    return;
                }
                op = queue.poll();
            } finally {
                lock.unlock();
            }
            if (device.stickyError() == 0) {
                try {
                    execute(op);
                } catch (Throwable t) {
                    // Whatever goes wrong running an item is the device's fault, never the end
                    // of the stream's thread (which would leave its queue pending for ever).
                    device.fail(SimStatus.LAUNCH_FAILED, t);
                }
            }
            lock.lock();
            try {
                if (--pending == 0) {
                    drained.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }
    }

    private void execute(Op op) {
        switch (op) {
            case Work work -> {
                long end = System.nanoTime() + work.nanos();
                long left;
                while ((left = end - System.nanoTime()) > 0 && device.stickyError() == 0) {
                    if (work.busy()) {
                        Thread.onSpinWait();
                    } else {
                        LockSupport.parkNanos(left);
                    }
                }
            }
            case Call call -> {
                try {
                    call.action().run();
                } catch (Throwable t) {
                    device.fail(SimStatus.LAUNCH_FAILED, t);
                }
            }
            case Store store -> {
                device.storeRelease(store.address(), store.value());
                storesLanded = store.index();
                device.storeLanded();
            }
            case WaitValue wait -> {
                // Spins a while, as hardware polls, then polls every 10 us, so a wait that is
                // never satisfied (as on a GPU, it holds the stream for ever) does not hold a core.
                for (long polls = 0; device.stickyError() == 0 && !device.reachedAcquire(wait.address(), wait.value());
                        polls++) {
                    if (polls < 10_000) {
                        Thread.onSpinWait();
                    } else {
                        LockSupport.parkNanos(10_000);
                    }
                }
            }
        }
    }

    /** Wakes threads waiting for this stream to drain, because its device failed. */
    void deviceFailed() {
        lock.lock();
        try {
            drained.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether nothing is queued or running. */
    public boolean isIdle() {
        lock.lock();
        try {
            return pending == 0;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until everything queued so far ran, at most {@code timeout}.
     *
     * @return true if the stream drained; false if the device failed (its queued work will never
     *     run) or the time ran out
     */
    public boolean synchronize(Duration timeout) throws InterruptedException {
        long left = timeout.toNanos();
        lock.lock();
        try {
            while (pending > 0 && device.stickyError() == 0) {
                if (left <= 0) {
                    return false;
                }
                left = drained.awaitNanos(left);
            }
            return device.stickyError() == 0;
        } finally {
            lock.unlock();
        }
    }

    /** Waits for what is queued to run, then stops the stream's thread. Idempotent. */
    @Override
    public void close() {
        lock.lock();
        try {
            while (pending > 0 && device.stickyError() == 0) {
                drained.awaitUninterruptibly();
            }
            closed = true;
            queue.clear();
            queuedOrClosed.signal();
        } finally {
            lock.unlock();
        }
        device.forget(this);
        try {
            worker.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "sim stream " + id + " of device " + device.ordinal();
    }
}
