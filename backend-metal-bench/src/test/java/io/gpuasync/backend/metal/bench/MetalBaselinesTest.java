package io.gpuasync.backend.metal.bench;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.metal.MetalBackend;
import io.gpuasync.backend.metal.MetalProvider;
import io.gpuasync.backend.metal.MetalQueue;
import io.gpuasync.backend.metal.bench.MetalBaselines.CompletedHandler;
import io.gpuasync.backend.metal.bench.MetalBaselines.SharedEventWaiter;
import io.gpuasync.backend.metal.fake.FakeMetal;
import io.gpuasync.backend.metal.internal.MetalInternals;
import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.ObjC;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.core.Slot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.gpuasync.backend.metal.fake.FakeMetal.awaitAtMost;
import static io.gpuasync.backend.metal.fake.FakeMetal.commitSignal;
import static io.gpuasync.backend.metal.fake.FakeMetal.commitWait;
import static io.gpuasync.backend.metal.fake.FakeMetal.settledLive;
import static io.gpuasync.testing.Tickets.awaitLanded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The workload {@code gar bench --backend metal} measures and Metal's own waits ({@link
 * MetalBaselines}): each returns only once its work is done, reports a failed command buffer
 * rather than waiting forever, and releases what it made. Against backend-metal's fake only.
 */
class MetalBaselinesTest {
    private static final MetalInternals INTERNALS = MetalInternals.get();

    private MetalBackend metal;
    private long autoreleasesOutside;

    @BeforeEach
    void fake() {
        FakeMetal.assumeLoaded();
        metal = MetalBackend.load();
        metal.useDevice(0);
        autoreleasesOutside = FakeMetal.RUNTIME.fakeObjcAutoreleasesOutsidePool();
    }

    @AfterEach
    void nothingAutoreleasedOutsideAPool() {
        FakeMetal.resetAndCheckPools(autoreleasesOutside);
    }

    @Test
    void theBaselinesWaitBehindTheWorkByPollingAndByBlocking() {
        MetalQueue queue = metal.createQueue();
        try (SharedEventWaiter waiter = new SharedEventWaiter(queue);
             Line<MetalQueue> line = metal.openLine()) {
            INTERNALS.enqueueBusy(metal, queue, Duration.ofMillis(100).toNanos());
            long first = waiter.signal(queue);
            Ticket behind = line.signal(queue, Slot.S0);
            assertFalse(waiter.await(first, 0), "the event was signalled before the work ran");
            waiter.poll(first);
            INTERNALS.enqueueBusy(metal, queue, Duration.ofMillis(20).toNanos());
            long second = waiter.signal(queue);
            assertTrue(waiter.await(second, 20_000), "waitUntilSignaledValue timed out");
            assertTrue(behind.isDone(), "a line's store queued before the second signal had not landed");
        } finally {
            metal.destroyQueue(queue);
        }
    }

    @Test
    @SuppressWarnings("unchecked") // the metal provider's workload is on MetalQueues
    void theBenchWorkloadQueuesCalibratedWorkThatASignalLandsBehindAndReleasesItsQueue() {
        long queuesBefore = FakeMetal.RUNTIME.fakeObjcLive("FakeMTLCommandQueue");
        long violations = FakeMetal.METAL.fakeMetalViolations();
        BenchWorkload<?> offered = new MetalBenchProvider().open(new MetalProvider());
        // Other tests' queues may still be on their way out (released a little later): the
        // counts here are bounds, not equalities.
        long queuesOpen = FakeMetal.RUNTIME.fakeObjcLive("FakeMTLCommandQueue");
        assertTrue(queuesOpen >= 1 && queuesOpen <= queuesBefore + 1, queuesOpen + " live queues");
        try (BenchWorkload<MetalQueue> workload = (BenchWorkload<MetalQueue>) offered;
             Line<MetalQueue> line = workload.openLine()) {
            assertEquals("metal", workload.backend().name());
            assertTrue(workload.describe().contains("MTLCommandQueue"), workload.describe());
            Duration work = Duration.ofMillis(200);
            long start = System.nanoTime();
            workload.enqueue(work);
            Ticket behind = line.signal(workload.stream(), Slot.S0);
            awaitLanded(behind);
            // A lower bound only: the store cannot land before the work it is queued behind, and
            // calibration errs long, never short.
            long took = System.nanoTime() - start;
            assertTrue(took >= work.toNanos() / 2, "the signal landed " + took + " ns after queueing 200 ms of work");
            assertEquals(1, line.word(Slot.S0));
        }
        // The workload's own queue goes: at most as many live as before it was opened.
        awaitAtMost("live queues once the workload closed", () -> FakeMetal.RUNTIME.fakeObjcLive("FakeMTLCommandQueue"),
                queuesBefore);
        assertEquals(violations, FakeMetal.METAL.fakeMetalViolations(), FakeMetal.violations());
    }

    @Test
    @SuppressWarnings("unchecked") // the metal provider's workload is on MetalQueues
    void metalsOwnWaitsEachReturnOnlyOnceTheirWorkIsDoneAndReleaseWhatTheyMade() {
        // Command buffers first: theirs are the releases of events that come late.
        long buffersBefore = settledLive("FakeMTLCommandBuffer");
        long eventsBefore = settledLive("FakeMTLSharedEvent");
        long heapBlocksBefore = FakeMetal.RUNTIME.fakeObjcHeapBlocks();
        long violations = FakeMetal.METAL.fakeMetalViolations();
        BenchWorkload<?> offered = new MetalBenchProvider().open(new MetalProvider());
        try (BenchWorkload<MetalQueue> workload = (BenchWorkload<MetalQueue>) offered;
             Line<MetalQueue> line = workload.openLine()) {
            List<BenchWorkload.NativeWait> waits = workload.nativeWaits();
            assertEquals(List.of("cb-wait", "event-poll", "cb-handler"),
                    waits.stream().map(BenchWorkload.NativeWait::name).toList());
            assertTrue(waits.get(0).how().contains("waitUntilCompleted"), waits.get(0).how());
            assertTrue(waits.get(1).how().contains("signaledValue"), waits.get(1).how());
            assertTrue(waits.get(2).how().contains("addCompletedHandler:"), waits.get(2).how());
            assertEquals(eventsBefore + 1, FakeMetal.RUNTIME.fakeObjcLive("FakeMTLSharedEvent"), "the private event");
            long target = 0;
            for (BenchWorkload.NativeWait wait : waits) {
                long copies = FakeMetal.RUNTIME.fakeObjcBlockCopies();
                // Work, then a line's store behind it, then the wait's own work: a wait that
                // returned before its own work was done could find the store not landed yet.
                long start = System.nanoTime();
                workload.enqueue(Duration.ofMillis(150));
                Ticket before = line.signal(workload.stream(), Slot.S0);
                target = before.target();
                wait.queue(Duration.ofMillis(1));
                wait.await();
                long took = System.nanoTime() - start;
                assertTrue(before.isDone(), wait.name() + " returned before the work queued ahead of its own was done");
                assertTrue(took >= Duration.ofMillis(75).toNanos(), wait.name() + " returned after " + took + " ns");
                // A block is copied only by the wait that passes one, once per command buffer.
                assertEquals(copies + (wait.name().equals("cb-handler") ? 1 : 0),
                        FakeMetal.RUNTIME.fakeObjcBlockCopies(), wait.name() + ": Block_copy calls");
            }
            assertEquals(target, line.word(Slot.S0));
            assertEquals(0, CompletedHandler.pending(), "futures left waiting for a handler");
        }
        // The handler's heap copy is released right after the handler ran; command buffers once
        // completed; the event when the workload closes.
        awaitAtMost("live heap blocks", FakeMetal.RUNTIME::fakeObjcHeapBlocks, heapBlocksBefore);
        awaitAtMost("live command buffers", () -> FakeMetal.RUNTIME.fakeObjcLive("FakeMTLCommandBuffer"), buffersBefore);
        assertEquals(eventsBefore, FakeMetal.RUNTIME.fakeObjcLive("FakeMTLSharedEvent"), "the private event released");
        assertEquals(violations, FakeMetal.METAL.fakeMetalViolations(), FakeMetal.violations());
        // The queue's thread, which ran the handler attached to the JVM, ended with the queue; JNA
        // detaches a thread it attached when the native thread ends.
        awaitAtMost("JVM threads attached for completed handlers", () -> Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("metal-completed-handler")).count(), 0);
    }

    @Test
    @SuppressWarnings("unchecked") // the metal provider's workload is on MetalQueues
    void metalsOwnWaitsReportAFailedCommandBufferInsteadOfWaitingForever() {
        // Lines other tests leaked on purpose keep their pages' deallocators: count from here.
        long heapBlocks = FakeMetal.RUNTIME.fakeObjcHeapBlocks();
        BenchWorkload<?> offered = new MetalBenchProvider().open(new MetalProvider());
        try (BenchWorkload<MetalQueue> workload = (BenchWorkload<MetalQueue>) offered;
             SharedEventWaiter event = new SharedEventWaiter(workload.stream())) {
            List<BenchWorkload.NativeWait> waits = workload.nativeWaits();
            FakeMetal.METAL.fakeMetalFailCommandBuffers(0, 1);
            // waitUntilCompleted and the completed handler: the command buffer's NSError.
            for (BenchWorkload.NativeWait wait : List.of(waits.get(0), waits.get(2))) {
                GpuException failed = assertThrows(GpuException.class, () -> {
                    wait.queue(Duration.ofMillis(1));
                    wait.await();
                }, wait.name());
                assertTrue(failed.getMessage().contains("the device failed"), wait.name() + ": " + failed.getMessage());
                assertEquals(1, failed.status(), wait.name() + ": MTLCommandBufferErrorInternal, from the NSError");
            }
            // A failed command buffer signals nothing: the poll gives up at its bound (here short).
            long never = event.enqueueBusyAndSignal((MetalBackend) workload.backend(), workload.stream(), 1_000);
            GpuException gaveUp = assertThrows(GpuException.class, () -> event.poll(never, Duration.ofMillis(200)));
            assertEquals(GpuException.Kind.TIMED_OUT, gaveUp.kind(), gaveUp.toString());
        } finally {
            FakeMetal.METAL.fakeMetalFailCommandBuffers(0, 0);
        }
        assertEquals(0, CompletedHandler.pending(), "futures left waiting for a handler");
        awaitAtMost("live heap blocks", FakeMetal.RUNTIME::fakeObjcHeapBlocks, heapBlocks);
    }

    @Test
    void aHandlerWaitThatGivesUpLeavesNoFutureBehind() {
        long heapBlocks = FakeMetal.RUNTIME.fakeObjcHeapBlocks();
        MetalQueue queue = metal.createQueue();
        MetalQueue opener = metal.createQueue();
        long gate = Msg.word(Msg.word(queue.handle(), Sel.DEVICE), Sel.NEW_SHARED_EVENT);
        try {
            // The queue holds at a device-side wait until the test opens it: the handler cannot
            // run before the waiter gives up, however the threads are scheduled.
            commitWait(queue, gate, 1);
            CompletableFuture<Void> done = CompletedHandler.enqueueBusy(metal, queue, 1_000);
            GpuException gaveUp = assertThrows(GpuException.class,
                    () -> CompletedHandler.await(done, Duration.ofMillis(10)));
            assertEquals(GpuException.Kind.TIMED_OUT, gaveUp.kind(), gaveUp.toString());
            assertEquals(0, CompletedHandler.pending(), "the given-up future is still kept");
            commitSignal(opener, gate, 1);
            // The handler still runs once the work is done, finds nothing to complete, and its copy goes.
            awaitAtMost("live heap blocks", FakeMetal.RUNTIME::fakeObjcHeapBlocks, heapBlocks);
            assertFalse(done.isDone(), "a future given up on was completed after all");
        } finally {
            metal.destroyQueue(opener);
            metal.destroyQueue(queue);
            ObjC.objc_release(gate);
        }
    }

    @Test
    void aCommandBufferMetalWillNotMakeLeavesNoFutureWaitingForAHandler() {
        MetalQueue queue = metal.createQueue();
        long copies = FakeMetal.RUNTIME.fakeObjcBlockCopies();
        try {
            FakeMetal.METAL.fakeMetalFailNext("commandBuffer", 1);
            GpuException refused = assertThrows(GpuException.class,
                    () -> CompletedHandler.enqueueBusy(metal, queue, 1_000));
            assertTrue(refused.getMessage().contains("commandBuffer] returned nil"), refused.getMessage());
        } finally {
            metal.destroyQueue(queue);
        }
        assertEquals(0, CompletedHandler.pending(), "a future left for a handler that never comes");
        assertEquals(copies, FakeMetal.RUNTIME.fakeObjcBlockCopies(), "no block was handed to Metal");
    }

    /**
     * The handler's and the event's pooled paths from virtual threads that contend for JNA's
     * locks and the handler's registry, so that they unmount and move between carriers: a pool
     * popped on another OS thread than pushed it aborts the fake, as objc4 aborts. Each thread has
     * an event of its own (an event's values only go up).
     */
    @Test
    void theHandlerAndTheEventRunFromVirtualThreadsUnderContention() throws Exception {
        int threads = 16;
        List<MetalQueue> queues = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            queues.add(metal.createQueue());
        }
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        try (ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor()) {
            for (MetalQueue queue : queues) {
                done.add(virtual.submit(() -> {
                    start.await();
                    try (SharedEventWaiter event = new SharedEventWaiter(queue)) {
                        for (int round = 0; round < 10; round++) {
                            CompletedHandler.await(CompletedHandler.enqueueBusy(metal, queue, 1), Duration.ofSeconds(20));
                            event.poll(event.enqueueBusyAndSignal(metal, queue, 1), Duration.ofSeconds(20));
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> each : done) {
                each.get();
            }
        } finally {
            queues.forEach(metal::destroyQueue);
        }
        assertEquals(0, CompletedHandler.pending(), "futures left waiting for a handler");
    }
}
