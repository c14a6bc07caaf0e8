package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Broken drivers that take a shortcut a real driver or a third party's backend could take, each
 * the sim's own table broken one plausible way that harms a user: a store written from the host
 * when the stream's queue looks empty, though an operation is still running; a newer store that
 * replaces an older one still queued for the same word and is queued at the end; the current
 * device kept for the whole process instead of per thread. Each passes the properties the suite
 * had before the rule that catches it ({@code line32} to {@code line34}). Each wraps the sim's
 * table over {@link InnerFaults}; those that queue work of their own honour an armed failure as
 * the layer below would, so the driver's failure paths run.
 */
final class ShortcutDrivers {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private ShortcutDrivers() {
    }

    /**
     * line32: a store written from the host, at once, when nothing is left in the stream's queue
     * (a "fast path" for an idle stream), though the stream may still be running the operation
     * it took last from that queue: the store lands before that operation ends. The queue is the
     * sim stream's own, read as a vendor's queue depth would be (the sim exposes none).
     */
    static final class HostStoreWhenTheQueueIsEmpty extends ForwardingLineDriver<SimStream, SimDevice> {
        private static final Field QUEUE;
        private static final Field LOCK;

        static {
            try {
                QUEUE = SimStream.class.getDeclaredField("queue");
                QUEUE.setAccessible(true);
                LOCK = SimStream.class.getDeclaredField("lock");
                LOCK.setAccessible(true);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final LineDriver<SimStream, SimDevice> inner;

        HostStoreWhenTheQueueIsEmpty(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
            this.inner = to;
        }

        private static boolean queueEmpty(SimStream stream) {
            try {
                ReentrantLock lock = (ReentrantLock) LOCK.get(stream);
                lock.lock();
                try {
                    return ((ArrayDeque<?>) QUEUE.get(stream)).isEmpty();
                } finally {
                    lock.unlock();
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            if (!queueEmpty(stream)) {
                super.writeValue(stream, address, value);
                return;
            }
            LONG.setRelease(VendorBugDrivers.word(address), 0L, value);
            VendorBugDrivers.failIfArmed(inner, "the store of " + value);
        }
    }

    /**
     * line33: a store into a word that still has an older store queued drops the older one and
     * is queued at the end, as a write-combining queue would: the older value is never stored,
     * so its ticket lands only once the newer store does, behind whatever was queued between
     * them (and for good, where that is a wait for another stream that waits for this word).
     */
    static final class NewerStoreReplacesAQueuedOne extends ForwardingLineDriver<SimStream, SimDevice> {
        private final LineDriver<SimStream, SimDevice> inner;
        // The store still queued for each address: {value, 1 while it will be written, 0 once dropped}.
        private final Map<Long, long[]> queued = new HashMap<>();

        NewerStoreReplacesAQueuedOne(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
            this.inner = to;
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            long[] cell = {value, 1};
            synchronized (this) {
                long[] older = queued.put(address, cell);
                if (older != null) {
                    older[1] = 0;
                }
            }
            stream.call(() -> {
                boolean live;
                synchronized (this) {
                    live = cell[1] == 1;
                    queued.remove(address, cell);
                }
                if (live) {
                    LONG.setRelease(VendorBugDrivers.word(address), 0L, cell[0]);
                }
            });
            VendorBugDrivers.failIfArmed(inner, "the store of " + value);
        }
    }

    /**
     * line34: the current device kept in one field for the whole process (a static cache of
     * {@code cudaSetDevice}), not per thread: a line is opened on whichever device any thread
     * made current last. {@link #makeCurrent} and {@link #clearCurrent} are the backend's own,
     * which the suite's are routed to.
     */
    static final class CurrentDeviceKeptPerProcess extends ForwardingLineDriver<SimStream, SimDevice> {
        private final SimBackend sim;
        private volatile SimDevice current;

        CurrentDeviceKeptPerProcess(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
            this.sim = sim;
        }

        void makeCurrent(int index) {
            SimDevice device = sim.device(index);
            device.makeCurrent();
            current = device;
        }

        void clearCurrent() {
            sim.clearCurrent();
            current = null;
        }

        @Override
        public SimDevice retainCurrent() throws LineException {
            SimDevice device = current;
            if (device == null) {
                throw new LineException(LineError.NO_DOMAIN, "no device current in this process");
            }
            SimDevice own = sim.currentDevice();
            device.makeCurrent();
            try {
                return super.retainCurrent();
            } finally {
                if (own == null) {
                    sim.clearCurrent();
                } else {
                    own.makeCurrent();
                }
            }
        }
    }
}
