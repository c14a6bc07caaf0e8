package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * Broken drivers with the bugs a vendor's driver could have, one each for the rules {@code line20}
 * to {@code line31}: each the sim's own table broken one plausible way that harms a user, and each
 * passing every property but that of its rule, which is what catches it.
 * Each wraps the sim's table over {@link InnerFaults}; the ones that queue work of their own on
 * a stream honour an armed failure as the layer below would, so the driver's failure paths run.
 */
final class VendorBugDrivers {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    private VendorBugDrivers() {
    }

    // A device address of the sim is its host address: these drivers (and ShortcutDrivers)
    // write and read the words themselves, where the sim's store would.
    @SuppressWarnings("restricted")
    static MemorySegment word(long address) {
        return MemorySegment.ofAddress(address).reinterpret(8);
    }

    /** Fails as the layer below would for a driver that queues a store of its own: {@code what}. */
    static void failIfArmed(LineDriver<SimStream, SimDevice> inner, String what) throws LineException {
        if (inner instanceof InnerFaults<SimStream, SimDevice> faults && faults.fires(DriverCall.WRITE_VALUE)) {
            throw InnerFaults.failure("writeValue failed after queueing " + what);
        }
    }

    /** line20: a store truncated to its low 32 bits (a 32-bit vendor store for a 64-bit word). */
    static final class StoreTruncatedTo32Bits extends ForwardingLineDriver<SimStream, SimDevice> {
        StoreTruncatedTo32Bits(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            super.writeValue(stream, address, value & 0xFFFF_FFFFL);
        }
    }

    /**
     * line20: a 64-bit store written as two 32-bit stores, low half first, as two operations of
     * the stream (two cuStreamWriteValue32): across 2^32 the word reads the new low half under the
     * old high half for a moment, which is less than before.
     */
    static final class StoreInTwoHalves extends ForwardingLineDriver<SimStream, SimDevice> {
        private final LineDriver<SimStream, SimDevice> inner;

        StoreInTwoHalves(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
            this.inner = to;
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            stream.call(() -> INT.setRelease(word(address), 0L, (int) value));
            // The halves are two operations: others run between them.
            stream.sleep(Duration.ofMillis(50));
            stream.call(() -> INT.setRelease(word(address), 4L, (int) (value >>> 32)));
            failIfArmed(inner, "the store of " + value);
        }
    }

    /**
     * line21: a device-side wait compared for equality (CU_STREAM_WAIT_VALUE_EQ for GEQ): a wait
     * for a value the word has already passed holds its stream for good.
     */
    static final class WaitForEqual extends ForwardingLineDriver<SimStream, SimDevice> {
        WaitForEqual(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public void waitValue(SimStream stream, long address, long value) {
            stream.call(() -> {
                while ((long) LONG.getAcquire(word(address), 0L) != value && stream.device().stickyError() == 0) {
                    LockSupport.parkNanos(20_000);
                }
            });
        }
    }

    /** line22: a settle that synchronizes the whole device, every owner's streams, not the line's. */
    static final class SettleSynchronizesTheDevice extends ForwardingLineDriver<SimStream, SimDevice> {
        SettleSynchronizesTheDevice(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public boolean settle(SimDevice domain, List<SimStream> streams, long deadlineNanos) {
            try {
                return domain.synchronize(Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /**
     * line23: a settle that ignores its deadline and waits for the line's streams however long
     * they take (cuStreamSynchronize): behind a wait that is never satisfied, for good.
     */
    static final class SettleIgnoresItsDeadline extends ForwardingLineDriver<SimStream, SimDevice> {
        SettleIgnoresItsDeadline(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public boolean settle(SimDevice domain, List<SimStream> streams, long deadlineNanos) {
            try {
                for (SimStream stream : streams) {
                    if (!stream.synchronize(Duration.ofDays(1))) {
                        return false;
                    }
                }
                return domain.stickyError() == 0;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** The sim's settle over only some of the line's streams. */
    private abstract static class SettlesSomeStreams extends ForwardingLineDriver<SimStream, SimDevice> {
        private final Set<SimStream> tracked = new HashSet<>();

        SettlesSomeStreams(LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        final synchronized void track(SimStream stream) {
            tracked.add(stream);
        }

        @Override
        public boolean settle(SimDevice domain, List<SimStream> streams, long deadlineNanos) {
            List<SimStream> some;
            synchronized (this) {
                some = streams.stream().filter(tracked::contains).toList();
            }
            return super.settle(domain, some, deadlineNanos);
        }
    }

    /**
     * line24: a settle that tracks the streams it queued stores on, not those it queued waits
     * on: a stream that only waits on a line's word is not waited for.
     */
    static final class SettleTracksOnlyStores extends SettlesSomeStreams {
        SettleTracksOnlyStores(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            track(stream);
            super.writeValue(stream, address, value);
        }
    }

    /**
     * line25: a settle that tracks a stream once a store or a wait on it succeeded: a store the
     * vendor queued and then reported as failed is not waited for.
     */
    static final class SettleForgetsAFailedStore extends SettlesSomeStreams {
        SettleForgetsAFailedStore(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            super.writeValue(stream, address, value);
            track(stream);
        }

        @Override
        public void waitValue(SimStream stream, long address, long value) throws LineException {
            super.waitValue(stream, address, value);
            track(stream);
        }
    }

    /**
     * line26: health asked of the calling thread's current device, not of the domain given
     * (cuCtxSynchronize on whatever context is current); with none current it cannot tell, and
     * says healthy.
     */
    static final class HealthOfTheCurrentDevice extends ForwardingLineDriver<SimStream, SimDevice> {
        private final SimBackend sim;

        HealthOfTheCurrentDevice(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
            this.sim = sim;
        }

        @Override
        public void checkHealth(SimDevice domain) throws LineException {
            SimDevice current = sim.currentDevice();
            if (current != null) {
                super.checkHealth(current);
            }
        }
    }

    /** line27: with no device current, a retain that makes device 0 current and takes it. */
    static final class DeviceZeroWhenNoneIsCurrent extends ForwardingLineDriver<SimStream, SimDevice> {
        private final SimBackend sim;

        DeviceZeroWhenNoneIsCurrent(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
            this.sim = sim;
        }

        @Override
        public SimDevice retainCurrent() throws LineException {
            if (sim.currentDevice() == null) {
                sim.device(0).makeCurrent();
            }
            return super.retainCurrent();
        }
    }

    /** line28: every store into a page queued on the stream of that page's first store. */
    static final class StoresOnThePagesFirstStream extends ForwardingLineDriver<SimStream, SimDevice> {
        private final Map<Long, SimStream> first = new HashMap<>();

        StoresOnThePagesFirstStream(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            SimStream on;
            synchronized (this) {
                on = first.computeIfAbsent(address & -4096L, page -> stream);
            }
            super.writeValue(on, address, value);
        }

        @Override
        public void freeHost(SimDevice domain, MemorySegment host) {
            synchronized (this) {
                first.remove(host.address());
            }
            super.freeHost(domain, host);
        }
    }

    /**
     * line29: a store into a word whose earlier store is still queued is merged into it (the
     * queued store takes the newer value): the newer value lands at the earlier store's time,
     * ahead of the work queued between them.
     */
    static final class MergesQueuedStores extends ForwardingLineDriver<SimStream, SimDevice> {
        private final LineDriver<SimStream, SimDevice> inner;
        private final Map<Long, long[]> queued = new HashMap<>();

        MergesQueuedStores(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
            this.inner = to;
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            long[] cell;
            synchronized (this) {
                cell = queued.get(address);
                if (cell != null) {
                    cell[0] = value;
                }
            }
            if (cell == null) {
                long[] fresh = {value};
                synchronized (this) {
                    queued.put(address, fresh);
                }
                stream.call(() -> {
                    long newest;
                    synchronized (this) {
                        queued.remove(address, fresh);
                        newest = fresh[0];
                    }
                    LONG.setRelease(word(address), 0L, newest);
                });
            }
            failIfArmed(inner, "the store of " + value);
        }
    }

    /**
     * line30: a settle that waits until nothing of the line's is still queued on each stream
     * (each of its operations dequeued) but not for the operation running: a device-side wait
     * under way is taken for done.
     */
    static final class SettleWaitsOnlyForTheQueue extends ForwardingLineDriver<SimStream, SimDevice> {
        private final Map<SimStream, int[]> notStarted = new HashMap<>();

        SettleWaitsOnlyForTheQueue(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        private synchronized int[] count(SimStream stream) {
            return notStarted.computeIfAbsent(stream, s -> new int[1]);
        }

        private void queued(SimStream stream, int[] count) {
            synchronized (this) {
                count[0]++;
            }
        }

        private Runnable started(int[] count) {
            return () -> {
                synchronized (this) {
                    count[0]--;
                }
            };
        }

        @Override
        public void writeValue(SimStream stream, long address, long value) throws LineException {
            int[] count = count(stream);
            queued(stream, count);
            try {
                super.writeValue(stream, address, value);
            } finally {
                // A store is over once it ran: counted out behind it.
                stream.call(started(count));
            }
        }

        @Override
        public void waitValue(SimStream stream, long address, long value) throws LineException {
            int[] count = count(stream);
            queued(stream, count);
            // A wait is counted out as it starts: it is no longer queued, only running.
            stream.call(started(count));
            super.waitValue(stream, address, value);
        }

        @Override
        public boolean settle(SimDevice domain, List<SimStream> streams, long deadlineNanos) {
            for (SimStream stream : streams) {
                int[] count = count(stream);
                for (;;) {
                    synchronized (this) {
                        if (count[0] == 0) {
                            break;
                        }
                    }
                    if (System.nanoTime() - deadlineNanos > 0 || domain.stickyError() != 0) {
                        return false;
                    }
                    LockSupport.parkNanos(20_000);
                }
            }
            return domain.stickyError() == 0;
        }
    }

    /**
     * line31: a retain whose failure path gives back the reference it handed out last, to undo
     * "its" work, though the vendor already undid the failed one: it takes another line's
     * reference, each time it fails.
     */
    static final class RetainFailureReleasesTheLastRetained extends ForwardingLineDriver<SimStream, SimDevice> {
        private SimDevice last;

        RetainFailureReleasesTheLastRetained(SimBackend sim, LineDriver<SimStream, SimDevice> to) {
            super(to);
        }

        @Override
        public synchronized SimDevice retainCurrent() throws LineException {
            try {
                last = super.retainCurrent();
                return last;
            } catch (LineException e) {
                if (last != null) {
                    super.release(last);
                }
                throw e;
            }
        }
    }
}
