package io.gpuasync.backend.metal;

import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.ObjC;
import io.gpuasync.backend.metal.internal.Pool;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.spi.LineException;

/**
 * What Metal users wait with today, for benchmarks beside a line: {@code waitUntilCompleted} on
 * a command buffer ({@link MetalBackend#runBusy}), and an {@code MTLSharedEvent} signalled behind
 * the work, waited for by polling {@code signaledValue} or by {@code
 * waitUntilSignaledValue:timeoutMS:}. Not here: {@code addCompletedHandler:}, which takes an
 * Objective-C block; the bridge builds no blocks.
 */
public final class MetalBaselines {
    private MetalBaselines() {
    }

    /** A shared event of one device, signalled with 1, 2, 3... behind the work of any of its queues. */
    public static final class SharedEventWaiter implements AutoCloseable {
        private final long event;
        private long signalled;

        /** A new shared event on the device of {@code queue}. */
        public SharedEventWaiter(MetalQueue queue) {
            try (Pool pool = Pool.push()) {
                event = Msg.word(Msg.word(queue.handle(), Sel.DEVICE), Sel.NEW_SHARED_EVENT);
            }
            if (event == 0) {
                throw MetalStatus.nil("newSharedEvent").toGpuException("making a shared event");
            }
        }

        /** Commits on {@code queue} a command buffer signalling the event's next value; returns it. */
        public long signal(MetalQueue queue) {
            try (Pool pool = Pool.push()) {
                long commands = Msg.word(queue.handle(), Sel.COMMAND_BUFFER);
                if (commands == 0) {
                    throw MetalStatus.nil("-[" + queue + " commandBuffer]");
                }
                Msg.send(commands, Sel.ENCODE_SIGNAL_EVENT_VALUE, event, ++signalled);
                Msg.send(commands, Sel.COMMIT);
                return signalled;
            } catch (LineException e) {
                throw e.toGpuException("signalling a shared event");
            }
        }

        /** Spins on {@code signaledValue} until it reaches {@code value}: a send per look. */
        public void poll(long value) {
            while (Msg.word(event, Sel.SIGNALED_VALUE) < value) {
                Thread.onSpinWait();
            }
        }

        /** {@code waitUntilSignaledValue:timeoutMS:}; false if {@code millis} passed first. */
        public boolean await(long value, long millis) {
            return Msg.bool(event, Sel.WAIT_UNTIL_SIGNALED_VALUE_TIMEOUT_MS, value, millis);
        }

        @Override
        public void close() {
            ObjC.objc_release(event);
        }
    }
}
