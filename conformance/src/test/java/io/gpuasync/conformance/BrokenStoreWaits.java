package io.gpuasync.conformance;

import io.gpuasync.backend.sim.SimDevice;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.spi.ForwardingLineDriver;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.StoreWaits;

import java.util.concurrent.locks.LockSupport;

/**
 * The sim driver with its own wait for stores broken in one way each, as a vendor's binding or a
 * third party's backend could get it wrong. Everything else is the sim's own.
 */
final class BrokenStoreWaits {
    private BrokenStoreWaits() {
    }

    /** A driver whose store wait is {@code broken} over the sim's own. */
    static LineDriver<SimStream, SimDevice> with(LineDriver<SimStream, SimDevice> sim,
                                                 java.util.function.UnaryOperator<StoreWaits<SimStream, SimDevice>> broken) {
        StoreWaits<SimStream, SimDevice> waits = broken.apply(sim.storeWaits());
        return new ForwardingLineDriver<>(sim) {
            @Override
            public StoreWaits<SimStream, SimDevice> storeWaits() {
                return waits;
            }
        };
    }

    /** Passes every call to the sim's own wait. */
    private static class Forwarding implements StoreWaits<SimStream, SimDevice> {
        final StoreWaits<SimStream, SimDevice> sim;

        Forwarding(StoreWaits<SimStream, SimDevice> sim) {
            this.sim = sim;
        }

        @Override
        public long queued(SimDevice domain, SimStream stream, long address, long value) throws LineException {
            return sim.queued(domain, stream, address, value);
        }

        @Override
        public long wakes(SimDevice domain) {
            return sim.wakes(domain);
        }

        @Override
        public boolean awaitAny(SimDevice domain, long[] tokens, int count, long deadlineNanos, long wakesSeen)
                throws LineException {
            return sim.awaitAny(domain, tokens, count, deadlineNanos, wakesSeen);
        }

        @Override
        public void wake(SimDevice domain) {
            sim.wake(domain);
        }
    }

    /** Says a store landed as soon as it is asked (a wait on a fence that was never reset). Breaks line35. */
    static final class SaysLandedAtOnce extends Forwarding {
        SaysLandedAtOnce(StoreWaits<SimStream, SimDevice> sim) {
            super(sim);
        }

        @Override
        public boolean awaitAny(SimDevice domain, long[] tokens, int count, long deadlineNanos, long wakesSeen) {
            return true;
        }
    }

    /** Never says a store landed: sleeps to its deadline and returns false. Breaks line35. */
    static final class NeverSaysLanded extends Forwarding {
        NeverSaysLanded(StoreWaits<SimStream, SimDevice> sim) {
            super(sim);
        }

        @Override
        public boolean awaitAny(SimDevice domain, long[] tokens, int count, long deadlineNanos, long wakesSeen) {
            LockSupport.parkNanos(Math.max(0, deadlineNanos - System.nanoTime()));
            return false;
        }
    }

    /** Waits until a store landed, whatever its deadline (an infinite vendor timeout). Breaks line36. */
    static final class IgnoresItsDeadline extends Forwarding {
        IgnoresItsDeadline(StoreWaits<SimStream, SimDevice> sim) {
            super(sim);
        }

        @Override
        public boolean awaitAny(SimDevice domain, long[] tokens, int count, long deadlineNanos, long wakesSeen)
                throws LineException {
            while (!sim.awaitAny(domain, tokens, count, System.nanoTime() + 10_000_000, sim.wakes(domain))) {
                Thread.onSpinWait();
            }
            return true;
        }
    }

    /**
     * Counts a wake only while a wait is blocked, and a blocked wait ends only at a wake it saw
     * happen: a wake between a caller's reading of the count and its call is lost. Breaks line37.
     */
    static final class LosesEarlyWakes extends Forwarding {
        LosesEarlyWakes(StoreWaits<SimStream, SimDevice> sim) {
            super(sim);
        }

        private volatile int blocked;
        private volatile long wakes;

        @Override
        public long wakes(SimDevice domain) {
            return wakes;
        }

        @Override
        public boolean awaitAny(SimDevice domain, long[] tokens, int count, long deadlineNanos, long wakesSeen)
                throws LineException {
            long seen = wakes;
            blocked++;
            try {
                while (wakes == seen) {
                    long slice = Math.min(deadlineNanos - System.nanoTime(), 1_000_000);
                    if (slice <= 0) {
                        return false;
                    }
                    if (sim.awaitAny(domain, tokens, count, System.nanoTime() + slice, sim.wakes(domain))) {
                        return true;
                    }
                }
                return false;
            } finally {
                blocked--;
            }
        }

        @Override
        public void wake(SimDevice domain) {
            if (blocked > 0) {
                wakes++;
            }
        }
    }
}
