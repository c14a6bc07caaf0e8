package io.gpuasync.backend.metal.bench;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.gpuasync.api.GpuException;
import io.gpuasync.backend.metal.MetalBackend;
import io.gpuasync.backend.metal.MetalQueue;
import io.gpuasync.backend.metal.internal.Block;
import io.gpuasync.backend.metal.internal.MetalInternals;
import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.ObjC;
import io.gpuasync.backend.metal.internal.Pool;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.bench.spi.Baselines;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.bench.spi.BusyWork;
import io.gpuasync.bench.spi.CallbackRegistry;
import io.gpuasync.spi.LineException;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What Metal users wait with today, for benchmarks beside a line: {@code waitUntilCompleted} on
 * a command buffer ({@link MetalInternals#runBusy}); an {@code MTLSharedEvent} signalled behind
 * the work, waited for by polling {@code signaledValue} or by {@code
 * waitUntilSignaledValue:timeoutMS:} ({@link SharedEventWaiter}); and {@code
 * addCompletedHandler:} with an Objective-C block that completes a future ({@link
 * CompletedHandler}). An instance is the rows of one workload's queue, closed with it.
 */
final class MetalBaselines implements Baselines {
    private static final long STATUS_ERROR = 5;
    private static final Duration OWN_WAIT_BOUND = Duration.ofSeconds(30);
    private static final MetalInternals INTERNALS = MetalInternals.get();

    private final SharedEventWaiter event;
    private final List<BenchWorkload.NativeWait> waits;

    /** The rows for the busy kernel on {@code queue} at the rate of {@code work}. */
    MetalBaselines(MetalBackend metal, MetalQueue queue, BusyWork work) {
        event = new SharedEventWaiter(queue);
        waits = List.of(
                BenchWorkload.NativeWait.of("cb-wait", "commit the work's command buffer, then [commandBuffer waitUntilCompleted] "
                        + "(the thread blocks inside Metal) and read its status",
                        duration -> INTERNALS.runBusy(metal, queue, work.iterationsFor(duration))),
                BenchWorkload.NativeWait.of("event-poll", "the work's command buffer signals a private MTLSharedEvent after the "
                        + "kernel (encodeSignalEvent:value:); busy poll of [event signaledValue], one objc_msgSend "
                        + "per look, no sleep",
                        duration -> event.poll(event.enqueueBusyAndSignal(metal, queue, work.iterationsFor(duration)),
                                boundOf(duration))),
                BenchWorkload.NativeWait.of("cb-handler", "[commandBuffer addCompletedHandler:] with an Objective-C block built "
                        + "through JNA; the block completes a CompletableFuture the waiter blocks on (the CPU of "
                        + "Metal's thread that runs the block is not counted)",
                        duration -> CompletedHandler.await(CompletedHandler.enqueueBusy(
                                metal, queue, work.iterationsFor(duration)), boundOf(duration))));
    }

    @Override
    public List<BenchWorkload.NativeWait> waits() {
        return waits;
    }

    /** Releases the shared event. */
    @Override
    public void close() {
        event.close();
    }

    // Far beyond any sample's work: a wait that has not ended by then never will (a failed
    // command buffer signals nothing and, where the handler is lost, calls nothing).
    private static Duration boundOf(Duration work) {
        Duration tenfold = work.multipliedBy(10);
        return tenfold.compareTo(OWN_WAIT_BOUND) > 0 ? tenfold : OWN_WAIT_BOUND;
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
                throw INTERNALS.nil("newSharedEvent").toGpuException("making a shared event");
            }
        }

        /** Commits on {@code queue} a command buffer signalling the event's next value; returns it. */
        public long signal(MetalQueue queue) {
            try (Pool pool = Pool.push()) {
                long commands = Msg.word(queue.handle(), Sel.COMMAND_BUFFER);
                if (commands == 0) {
                    throw INTERNALS.nil("-[" + queue + " commandBuffer]");
                }
                Msg.send(commands, Sel.ENCODE_SIGNAL_EVENT_VALUE, event, ++signalled);
                Msg.send(commands, Sel.COMMIT);
                return signalled;
            } catch (LineException e) {
                throw e.toGpuException("signalling a shared event");
            }
        }

        /**
         * Queues the busy kernel for {@code iterations} on {@code queue} with, in the same
         * command buffer after the kernel, a signal of the event's next value; returns that value.
         */
        public long enqueueBusyAndSignal(MetalBackend backend, MetalQueue queue, long iterations) {
            long value = signalled + 1;
            INTERNALS.enqueueBusy(backend, queue, iterations,
                    commands -> Msg.send(commands, Sel.ENCODE_SIGNAL_EVENT_VALUE, event, value),
                    "queueing busy work that signals a shared event");
            signalled = value;
            return value;
        }

        /** Spins on {@code signaledValue} until it reaches {@code value}: a send per look, no sleep. */
        public void poll(long value) {
            while (Msg.word(event, Sel.SIGNALED_VALUE) < value) {
                Thread.onSpinWait();
            }
        }

        /**
         * As {@link #poll(long)}, giving up after {@code bound}: a command buffer that failed
         * never signals, and nothing else would end the spin.
         *
         * @throws GpuException of kind {@link GpuException.Kind#TIMED_OUT} if {@code value} was not reached in time
         */
        public void poll(long value, Duration bound) {
            long deadline = System.nanoTime() + bound.toNanos();
            while (Msg.word(event, Sel.SIGNALED_VALUE) < value) {
                if (System.nanoTime() - deadline > 0) {
                    throw new GpuException(GpuException.Kind.TIMED_OUT, "the shared event's signaledValue did not reach "
                            + value + " within " + bound + " (the command buffer that signals it failed, or never ran)");
                }
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

    /**
     * {@code addCompletedHandler:} with an Objective-C block ({@link Block}) built through JNA:
     * the block captures a token of the future to complete, and Metal calls it on a thread of
     * its own once the command buffer completed, with the command buffer as its argument. The
     * handler completes the future normally, or exceptionally with the command buffer's {@code
     * NSError} if its status is Error. One block function for the process, kept for good: Metal
     * may call a copy of a block at any time until its command buffer completes.
     */
    public static final class CompletedHandler {
        private static final CallbackRegistry<CompletableFuture<Void>> PENDING = new CallbackRegistry<>();
        private static volatile Block block;

        private CompletedHandler() {
        }

        private static Block block() {
            Block made = block;
            if (made == null) {
                synchronized (CompletedHandler.class) {
                    made = block;
                    if (made == null) {
                        made = new Block(CompletedHandler::completed, "metal-completed-handler");
                        block = made;
                    }
                }
            }
            return made;
        }

        /**
         * Queues the busy kernel for {@code iterations} on {@code queue}, its command buffer
         * carrying a completed handler; the future completes when the handler ran.
         */
        public static CompletableFuture<Void> enqueueBusy(MetalBackend backend, MetalQueue queue, long iterations) {
            Block handler = block();
            CompletableFuture<Void> done = new CompletableFuture<>();
            long token = PENDING.register(done);
            // Made before enqueueBusy pushes its pool, freed after it popped it (see Pool); Metal
            // copies the block (Block_copy) before addCompletedHandler: returns.
            try (Memory literal = handler.literal(token)) {
                long address = Pointer.nativeValue(literal);
                INTERNALS.enqueueBusy(backend, queue, iterations,
                        commands -> Msg.send(commands, Sel.ADD_COMPLETED_HANDLER, address),
                        "queueing busy work with a completed handler");
            } catch (RuntimeException e) {
                PENDING.take(token);
                throw e;
            }
            return done;
        }

        /**
         * Waits for {@code done} (from {@link #enqueueBusy}) at most {@code bound}.
         *
         * @throws GpuException the command buffer's failure as the handler reported it; of
         *         kind {@link GpuException.Kind#TIMED_OUT} if no handler ran in time, {@link
         *         GpuException.Kind#INTERRUPTED} if the thread was interrupted (its status kept)
         */
        public static void await(CompletableFuture<Void> done, Duration bound) {
            try {
                done.get(bound.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                // A handler that comes later finds no future and says so; none is kept for it.
                PENDING.forget(done);
                throw new GpuException(GpuException.Kind.TIMED_OUT,
                        "no completed handler ran within " + bound + " of the commit", e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof GpuException failed ? failed
                        : new GpuException(GpuException.Kind.DEVICE_FAILED, "the completed handler failed", e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new GpuException(GpuException.Kind.INTERRUPTED, "interrupted waiting for a completed handler", e);
            }
        }

        /** Futures whose handler has not run yet. */
        public static int pending() {
            return PENDING.pending();
        }

        // On Metal's completion thread; an exception must not escape into native code.
        private static void completed(long blockAddress, long commandBuffer) {
            CompletableFuture<Void> done = PENDING.take(Block.captured(blockAddress));
            if (done == null) {
                INTERNALS.statusNames().warn("a completed handler ran for no pending future (block " + blockAddress + ")");
                return;
            }
            try {
                if (Msg.word(commandBuffer, Sel.STATUS) == STATUS_ERROR) {
                    try (Pool pool = Pool.push()) {
                        long error = Msg.word(commandBuffer, Sel.ERROR);
                        GpuException failed = INTERNALS.error("the command buffer", error)
                                .toGpuException("running busy work");
                        done.completeExceptionally(failed);
                    }
                } else {
                    done.complete(null);
                }
            } catch (RuntimeException | Error e) {
                done.completeExceptionally(e);
            }
        }
    }
}
