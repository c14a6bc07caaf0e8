package io.gpuasync.backend.metal;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.metal.fake.FakeMetal;
import io.gpuasync.backend.metal.internal.MTLSize;
import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.ObjC;
import io.gpuasync.backend.metal.internal.Pool;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.LeakReporter;
import io.gpuasync.spi.LineException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.gpuasync.backend.metal.fake.FakeMetal.commitSignal;
import static io.gpuasync.backend.metal.fake.FakeMetal.commitWait;
import static io.gpuasync.testing.Tickets.awaitLanded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the conformance suite cannot steer: the bridge's ownership rules, its error paths, the
 * failed settle, and that the fake's adversarial modes and its checks bite. Against the fake only.
 */
class MetalBackendTest {
    private static final long LANDS_WITHIN_NANOS = Duration.ofSeconds(20).toNanos();

    private final List<String> leaks = new CopyOnWriteArrayList<>();
    private MetalBackend metal;
    private long autoreleasesOutside;

    @BeforeEach
    void fake() {
        FakeMetal.assumeLoaded();
        metal = MetalBackend.load((LeakReporter) (reason, line, address, bytes) -> leaks.add(reason + " " + line));
        metal.useDevice(0);
        autoreleasesOutside = FakeMetal.RUNTIME.fakeObjcAutoreleasesOutsidePool();
    }

    @AfterEach
    void nothingAutoreleasedOutsideAPool() {
        FakeMetal.resetAndCheckPools(autoreleasesOutside);
    }

    @Test
    void selectorsAreRegisteredOnceNotOnEverySend() {
        MetalQueue queue = metal.createQueue();
        try (Line<MetalQueue> warm = metal.openLine()) {
            awaitLanded(warm.signal(queue, Slot.S0));
        }
        long before = FakeMetal.RUNTIME.fakeObjcSelectorRegistrations();
        try (Line<MetalQueue> line = metal.openLine()) {
            Ticket last = null;
            for (int i = 0; i < 20; i++) {
                last = line.signal(queue, Slot.S1);
            }
            awaitLanded(last);
        }
        assertEquals(before, FakeMetal.RUNTIME.fakeObjcSelectorRegistrations(), "sel_registerName was called again");
        metal.destroyQueue(queue);
    }

    @Test
    void aCompileErrorIsReadFromItsNSErrorAndNothingIsKept() throws Exception {
        long references = FakeMetal.METAL.fakeMetalDeviceRefs(0);
        long strings = FakeMetal.RUNTIME.fakeObjcLive("NSString");
        long pipelines = FakeMetal.RUNTIME.fakeObjcLive("FakeMTLComputePipelineState");
        MetalQueue queue = metal.createQueue();
        long device = Msg.word(queue.handle(), Sel.DEVICE);
        metal.destroyQueue(queue);
        // A cache of its own: the process's has compiled device 0 already.
        java.util.Map<Long, MetalKernels> cache = new java.util.concurrent.ConcurrentHashMap<>();
        FakeMetal.METAL.fakeMetalFailNext("newLibraryWithSource:options:error:", 1);
        LineException failed = assertThrows(LineException.class, () -> MetalDriver.kernelsFor(cache, device));
        assertEquals(3, failed.error().status(), "MTLLibraryErrorCompileFailure, the NSError's code");
        assertTrue(failed.getMessage().contains("program_source: error: no kernel (fake)"), failed.getMessage());
        assertEquals(references, FakeMetal.METAL.fakeMetalDeviceRefs(0), "a device reference was kept");
        assertEquals(0, FakeMetal.RUNTIME.fakeObjcLive("NSError"), "the NSError outlived its pool");
        assertEquals(strings, FakeMetal.RUNTIME.fakeObjcLive("NSString"), "a source or name string was not released");
        assertEquals(pipelines, FakeMetal.RUNTIME.fakeObjcLive("FakeMTLComputePipelineState"), "a pipeline was kept");
        assertTrue(cache.isEmpty(), "a failed compile was kept");
        assertTrue(MetalDriver.kernelsFor(cache, device).store != 0, "the next call compiles again and works");
    }

    @Test
    void kernelsAreCompiledOncePerDeviceForTheProcessNotPerBackend() {
        metal.openLine().close();
        long pipelines = FakeMetal.RUNTIME.fakeObjcLive("FakeMTLComputePipelineState");
        long buffers = FakeMetal.RUNTIME.fakeObjcLive("FakeMTLBuffer");
        MetalBackend another = MetalBackend.load();
        try (Line<MetalQueue> line = another.openLine()) {
            assertEquals(pipelines, FakeMetal.RUNTIME.fakeObjcLive("FakeMTLComputePipelineState"),
                    "another backend compiled the device's kernels again");
            assertEquals(buffers + 1, FakeMetal.RUNTIME.fakeObjcLive("FakeMTLBuffer"),
                    "another backend kept a buffer besides its line's page");
        }
    }

    @Test
    void withoutADefaultDeviceTheFirstListedStandsIn() {
        long references = FakeMetal.METAL.fakeMetalDeviceRefs(0);
        FakeMetal.METAL.fakeMetalNoDefaultDevice(1);
        MetalBackend.Devices found;
        try {
            found = MetalBackend.findDevices();
        } finally {
            FakeMetal.METAL.fakeMetalNoDefaultDevice(0);
        }
        assertEquals(2, found.all().length);
        assertEquals(found.all()[0], found.defaultDevice(), "MTLCreateSystemDefaultDevice returned nil: the first listed");
        assertEquals(references + 2, FakeMetal.METAL.fakeMetalDeviceRefs(0), "the list's and the default's references");
        ObjC.objc_release(found.defaultDevice());
        for (long device : found.all()) {
            ObjC.objc_release(device);
        }
    }

    /**
     * A line's first store (or one on a queue it never stored through) that fails before its
     * command buffer is committed leaves nothing of the line's on the queue: the close settles at
     * once, instead of polling the status of no command buffer until the bound and leaking.
     */
    @Test
    void aFirstStoreThatFailsBeforeItsCommitLeavesNothingToSettle() {
        MetalQueue queue = metal.createQueue();
        try {
            // newSharedEvent is not among them: a store makes its slot's event only once a queue waits on the slot.
            for (String selector : List.of("commandBuffer", "computeCommandEncoder", "newEvent")) {
                Line<MetalQueue> line = metal.openLine();
                FakeMetal.METAL.fakeMetalFailNext(selector, 1);
                GpuException failed = assertThrows(GpuException.class, () -> line.signal(queue, Slot.S0), selector);
                assertTrue(failed.getMessage().contains("returned nil"), failed.getMessage());
                line.close();
                assertEquals(Line.State.CLOSED, line.state(), selector + ": " + leaks);
            }
            assertEquals(List.of(), leaks);
        } finally {
            metal.destroyQueue(queue);
        }
    }

    /** Runs {@code action} on a platform thread of its own, started now. */
    private static Thread started(String name, Runnable action) {
        return Thread.ofPlatform().daemon().name(name).start(action);
    }

    /** Joins {@code thread}, failing if it has not ended within 20 s (a liveness bound, not a timing). */
    private static void joined(Thread thread, String what) throws InterruptedException {
        thread.join(Duration.ofNanos(LANDS_WITHIN_NANOS));
        assertFalse(thread.isAlive(), what + " did not return: " + java.util.Arrays.toString(thread.getStackTrace()));
    }

    /**
     * A queue with 64 uncompleted command buffers (held at a device-side wait) makes the next
     * commandBuffer block, as Apple's does. A signal blocked there holds no lock the health check,
     * lastSignalled or close need: they return (the close within its bound, keeping the page, as
     * the store is still on its way), and the store is queued once the queue frees.
     */
    @Test
    void aSignalBlockedOnAFullQueueHoldsNoLockTheWatchdogOrCloseNeeds() throws Exception {
        MetalQueue queue = metal.createQueue();
        MetalQueue opener = metal.createQueue();
        long gate = Msg.word(Msg.word(queue.handle(), Sel.DEVICE), Sel.NEW_SHARED_EVENT);
        long filler = Msg.word(Msg.word(queue.handle(), Sel.DEVICE), Sel.NEW_SHARED_EVENT);
        long waitersBefore = FakeMetal.METAL.fakeMetalCommandBufferWaiters();
        Line<MetalQueue> line = metal.openLine();
        Thread signaller = null;
        try {
            commitWait(queue, gate, 1);
            for (int i = 1; i < 64; i++) {
                commitSignal(queue, filler, i);
            }
            java.util.concurrent.atomic.AtomicReference<Ticket> ticket = new java.util.concurrent.atomic.AtomicReference<>();
            signaller = started("blocked-signaller", () -> ticket.set(line.signal(queue, Slot.S0)));
            long deadline = System.nanoTime() + LANDS_WITHIN_NANOS;
            while (FakeMetal.METAL.fakeMetalCommandBufferWaiters() == waitersBefore) {
                assertTrue(System.nanoTime() - deadline < 0, "the 65th commandBuffer did not block");
                Thread.onSpinWait();
            }
            joined(started("health-check", HostLine.of(line)::checkHealth), "checkHealth, with a signaller blocked in commandBuffer,");
            joined(started("last-signalled", () -> assertEquals(1, line.lastSignalled(Slot.S0))), "lastSignalled");
            joined(started("closer", line::close), "close, with a signaller blocked in commandBuffer,");
            assertEquals(Line.State.LEAKED, line.state(), "the page of a store still on its way was not kept");
            assertEquals(1, leaks.size(), leaks.toString());
            assertTrue(leaks.get(0).startsWith("SETTLE_TIMED_OUT"), leaks.toString());
            assertTrue(signaller.isAlive(), "the signaller returned before the queue had a free command buffer");
            commitSignal(opener, gate, 1);
            joined(signaller, "the signal, once the queue freed,");
            assertEquals(1, ticket.get().target());
        } finally {
            commitSignal(opener, gate, 2);
            // The queue must outlive a signal still inside commandBuffer on it.
            if (signaller != null) {
                signaller.join(Duration.ofNanos(LANDS_WITHIN_NANOS));
            }
            line.close();
            metal.runBusy(queue, 1);
            metal.destroyQueue(opener);
            metal.destroyQueue(queue);
            ObjC.objc_release(gate);
            ObjC.objc_release(filler);
        }
    }

    /**
     * Every pooled path, from virtual threads that contend for JNA's locks, the kernels' cache and
     * the lines' locks, so that they unmount and move between carriers: a pool popped on another
     * OS thread than pushed it aborts the fake, as objc4 aborts (AutoreleasePoolPage::check). So
     * nothing inside a pool may block (see Pool).
     */
    @Test
    void thePooledPathsRunFromVirtualThreadsUnderContention() throws Exception {
        int threads = 16;
        List<MetalQueue> queues = new java.util.ArrayList<>();
        for (int i = 0; i < threads; i++) {
            queues.add(metal.createQueue());
        }
        long device = Msg.word(queues.get(0).handle(), Sel.DEVICE);
        // A cache of its own, so that the threads compile under contention too.
        java.util.Map<Long, MetalKernels> cache = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
        try (java.util.concurrent.ExecutorService virtual = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (MetalQueue queue : queues) {
                done.add(virtual.submit(() -> {
                    start.await();
                    for (int round = 0; round < 10; round++) {
                        MetalDriver.kernelsFor(cache, device);
                        try (Line<MetalQueue> line = metal.openLine()) {
                            metal.enqueueBusy(queue, 1);
                            Ticket ticket = line.signal(queue, Slot.of(round % Slot.COUNT));
                            metal.runBusy(queue, 1);
                            HostLine.of(line).checkHealth();
                            awaitLanded(ticket);
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (java.util.concurrent.Future<?> each : done) {
                each.get();
            }
        } finally {
            queues.forEach(metal::destroyQueue);
        }
        assertEquals(List.of(), leaks);
    }

    @Test
    void anEventNeverGoesDownAndASignalBelowItIsFlagged() {
        MetalQueue queue = metal.createQueue();
        long event = Msg.word(Msg.word(queue.handle(), Sel.DEVICE), Sel.NEW_SHARED_EVENT);
        long violations = FakeMetal.METAL.fakeMetalViolations();
        try {
            commitSignal(queue, event, 5);
            commitSignal(queue, event, 3);
            metal.runBusy(queue, 1);
            assertEquals(5, Msg.word(event, Sel.SIGNALED_VALUE), "a smaller signal moved the event back");
            assertEquals(violations + 1, FakeMetal.METAL.fakeMetalViolations(), FakeMetal.violations());
            assertTrue(FakeMetal.METAL.fakeMetalLastViolation().contains("event values only increase"),
                    FakeMetal.METAL.fakeMetalLastViolation());
        } finally {
            ObjC.objc_release(event);
            metal.destroyQueue(queue);
        }
    }

    @Test
    void aBufferMetalWillNotMakeFailsTheOpenAndReleasesTheDevice() {
        try (Line<MetalQueue> warm = metal.openLine()) {
            assertEquals(Line.State.OPEN, warm.state());
        }
        long references = FakeMetal.METAL.fakeMetalDeviceRefs(0);
        FakeMetal.METAL.fakeMetalFailNext("newBufferWithBytesNoCopy:length:options:deallocator:", 1);
        GpuException failed = assertThrows(GpuException.class, metal::openLine);
        assertEquals(MetalStatus.NIL_RESULT, failed.status());
        assertTrue(failed.getMessage().contains("length:" + ObjC.getpagesize()
                + " options:MTLResourceStorageModeShared deallocator: returned nil"), failed.getMessage());
        assertEquals(references, FakeMetal.METAL.fakeMetalDeviceRefs(0));
    }

    /**
     * The line's page is its own: a page-aligned allocation of whole pages, wrapped without a
     * copy (the fake's newBufferWithLength: contents are not page-aligned, as Apple promises no
     * alignment there), freed by the deallocator block once Metal lets the buffer go.
     */
    @Test
    void theLinesPageIsItsOwnPageWrappedWithoutACopyAndFreedByItsDeallocator() {
        long pageSize = ObjC.getpagesize();
        long noCopy = FakeMetal.METAL.fakeMetalNoCopyBuffers();
        long heapBlocks = FakeMetal.RUNTIME.fakeObjcHeapBlocks();
        MetalQueue queue = metal.createQueue();
        Line<MetalQueue> line = metal.openLine();
        long address = HostLine.of(line).words().address();
        try {
            assertEquals(0, address % pageSize, "the line's page is not page-aligned");
            assertEquals(noCopy + 1, FakeMetal.METAL.fakeMetalNoCopyBuffers(), "the page was not wrapped without a copy");
            assertEquals(heapBlocks + 1, FakeMetal.RUNTIME.fakeObjcHeapBlocks(), "Metal's copy of the deallocator");
            awaitLanded(line.signal(queue, Slot.S3));
            assertEquals(1, line.word(Slot.S3));
        } finally {
            line.close();
            metal.destroyQueue(queue);
        }
        assertEquals(Line.State.CLOSED, line.state());
        assertEquals(noCopy, FakeMetal.METAL.fakeMetalNoCopyBuffers(), "the buffer outlived the line");
        assertEquals(address, FakeMetal.METAL.fakeMetalLastDeallocated(), "the deallocator was not handed the page");
        assertEquals(heapBlocks, FakeMetal.RUNTIME.fakeObjcHeapBlocks(), "the deallocator's copy was not released");
    }

    @Test
    void aLineHoldsItsDeviceFromBeforeItsBufferUntilAfter() {
        // The first line of a backend also compiles the device's kernels, which keep a buffer.
        metal.openLine().close();
        long references = FakeMetal.METAL.fakeMetalDeviceRefs(0);
        long buffers = FakeMetal.RUNTIME.fakeObjcLive("FakeMTLBuffer");
        Line<MetalQueue> line = metal.openLine();
        assertEquals(references + 1, FakeMetal.METAL.fakeMetalDeviceRefs(0));
        assertEquals(buffers + 1, FakeMetal.RUNTIME.fakeObjcLive("FakeMTLBuffer"));
        line.close();
        assertEquals(references, FakeMetal.METAL.fakeMetalDeviceRefs(0));
        assertEquals(buffers, FakeMetal.RUNTIME.fakeObjcLive("FakeMTLBuffer"));
    }

    @Test
    void aDeviceWithout64BitAtomicsStoresPlainlyAndStillCounts() throws Exception {
        MetalDriver driver = (MetalDriver) metal.driver();
        metal.useDevice(1);
        MetalQueue queue = metal.createQueue();
        try (Line<MetalQueue> line = metal.openLine()) {
            Ticket third = null;
            for (int i = 0; i < 3; i++) {
                third = line.signal(queue, Slot.S5);
            }
            awaitLanded(third);
            assertEquals(3, HostLine.of(line).words().getAcquire(Slot.S5));
            long device = Msg.word(queue.handle(), Sel.DEVICE);
            assertFalse(driver.kernelsFor(device).atomicStore, "device 1 (Apple7) has no 64-bit atomics");
        } finally {
            metal.destroyQueue(queue);
            metal.useDevice(0);
        }
        metal.useDevice(0);
        MetalQueue first = metal.createQueue();
        assertTrue(driver.kernelsFor(Msg.word(first.handle(), Sel.DEVICE)).atomicStore, "device 0 (Apple9) has them");
        metal.destroyQueue(first);
    }

    @Test
    void aFailedCommandBufferFailsTheHealthCheckAndTheSettleAndTheLineKeepsItsBuffer() {
        metal.openLine().close();
        long references = FakeMetal.METAL.fakeMetalDeviceRefs(0);
        long buffers = FakeMetal.RUNTIME.fakeObjcLive("FakeMTLBuffer");
        MetalQueue queue = metal.createQueue();
        Line<MetalQueue> line = metal.openLine();
        FakeMetal.METAL.fakeMetalFailCommandBuffers(0, 1);
        Ticket never = line.signal(queue, Slot.S0);
        // Completes, with its error, after the store's command buffer; waitUntilCompleted's caller learns it from the status.
        GpuException busyFailed = assertThrows(GpuException.class, () -> metal.runBusy(queue, 1_000));
        assertEquals(1, busyFailed.status(), busyFailed.getMessage());
        GpuException sick = assertThrows(GpuException.class, HostLine.of(line)::checkHealth);
        assertFalse(never.isDone(), "a store of a failed command buffer landed");
        assertEquals(GpuException.Kind.DEVICE_FAILED, sick.kind());
        assertEquals(1, sick.status(), "MTLCommandBufferErrorInternal, the command buffer's NSError code");
        line.close();
        assertEquals(Line.State.LEAKED, line.state());
        assertEquals(List.of("SETTLE_FAILED " + line.toString().replace(" (LEAKED)", "")), leaks);
        assertEquals(references + 1, FakeMetal.METAL.fakeMetalDeviceRefs(0), "the device reference was let go");
        assertEquals(buffers + 1, FakeMetal.RUNTIME.fakeObjcLive("FakeMTLBuffer"), "the buffer was released");
        metal.destroyQueue(queue);
    }

    /**
     * A store's command buffer that failed, with the line's signal after it (for a slot a queue
     * waits on) run all the same, fails the health check: it reads the store's own command
     * buffer, not that signal's.
     */
    @Test
    void aFailedStoreFailsTheHealthCheckThoughTheSignalAfterItRan() {
        MetalQueue queue = metal.createQueue();
        MetalQueue waiting = metal.createQueue();
        Line<MetalQueue> line = metal.openLine();
        line.waitOnDevice(waiting, Slot.S0, 1);
        FakeMetal.METAL.fakeMetalFailStores(1);
        Ticket failed = line.signal(queue, Slot.S0);
        // In order: once this completed, so did the store's command buffer and the signal's.
        metal.runBusy(queue, 1);
        GpuException sick = assertThrows(GpuException.class, HostLine.of(line)::checkHealth);
        assertTrue(sick.getMessage().contains("fakeMetalFailStores"), sick.getMessage());
        assertFalse(failed.isDone(), "a store of a failed command buffer landed");
        line.close();
        assertEquals(Line.State.LEAKED, line.state(), "the last store failed: the line cannot settle");
        metal.runBusy(waiting, 1);
        metal.destroyQueue(waiting);
        metal.destroyQueue(queue);
    }

    /**
     * Before macOS 12 and iOS 15 a shared event has no {@code waitUntilSignaledValue:timeoutMS:}
     * (the fake's then lack it, and abort when it is sent): a close still settles, polling its
     * event instead.
     */
    @Test
    void beforeMacOS12ACloseStillSettles() {
        FakeMetal.METAL.fakeMetalSharedEventWaits(0);
        MetalBackend older = MetalBackend.load((LeakReporter) (reason, line, address, bytes) -> leaks.add(reason + " " + line));
        older.useDevice(0);
        MetalQueue queue = older.createQueue();
        Line<MetalQueue> line = older.openLine();
        awaitLanded(line.signal(queue, Slot.S3));
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
        assertEquals(List.of(), leaks);
        older.destroyQueue(queue);
    }

    /** A store command buffer as the driver makes one, but without the event fence before its kernel. */
    private void bareStore(MetalQueue queue, long buffer, long value) throws Exception {
        MetalKernels kernels = ((MetalDriver) metal.driver()).kernelsFor(Msg.word(queue.handle(), Sel.DEVICE));
        try (Pool pool = Pool.push(); Memory bytes = new Memory(8)) {
            bytes.setLong(0, value);
            long commands = Msg.word(queue.handle(), Sel.COMMAND_BUFFER);
            long encoder = Msg.word(commands, Sel.COMPUTE_COMMAND_ENCODER);
            Msg.send(encoder, Sel.SET_COMPUTE_PIPELINE_STATE, kernels.store);
            Msg.send(encoder, Sel.SET_BUFFER_OFFSET_AT_INDEX, buffer, 0, 0);
            Msg.send(encoder, Sel.SET_BYTES_LENGTH_AT_INDEX, Pointer.nativeValue(bytes), 8, 1);
            MTLSize.ByValue one = MTLSize.one();
            Msg.send(encoder, Sel.DISPATCH_THREADGROUPS_THREADS_PER_THREADGROUP, one, one);
            Msg.send(encoder, Sel.END_ENCODING);
            Msg.send(commands, Sel.COMMIT);
        }
    }

    private static long newBuffer() {
        long device = io.gpuasync.backend.metal.internal.MetalC.MTLCreateSystemDefaultDevice();
        long buffer = Msg.word(device, Sel.NEW_BUFFER_WITH_LENGTH_OPTIONS, 4096, 0);
        ObjC.objc_release(device);
        new Pointer(Msg.word(buffer, Sel.CONTENTS)).setLong(0, 0);
        return buffer;
    }

    /**
     * Run in both modes: in order, a store without a fence still lands after a fenced store
     * queued before it; with command buffers out of order, it overtakes that store (and the work
     * before it), as Metal allows. So the adversarial conformance run does test the fence.
     */
    @Test
    void withoutTheFenceAStoreOvertakesTheWorkQueuedBeforeIt() throws Exception {
        for (int mode : new int[] {0, FakeMetal.OUT_OF_ORDER}) {
            FakeMetal.METAL.fakeMetalSetMode(mode);
            MetalQueue queue = metal.createQueue();
            long buffer = newBuffer();
            Pointer word = new Pointer(Msg.word(buffer, Sel.CONTENTS));
            try (Line<MetalQueue> line = metal.openLine()) {
                metal.enqueueBusy(queue, Duration.ofMillis(300).toNanos());
                Ticket fenced = line.signal(queue, Slot.S0);
                bareStore(queue, buffer, 7);
                long deadline = System.nanoTime() + LANDS_WITHIN_NANOS;
                while (word.getLong(0) != 7) {
                    assertTrue(System.nanoTime() - deadline < 0, "the bare store never landed");
                    Thread.onSpinWait();
                }
                boolean fencedLanded = fenced.isDone();
                if (mode == 0) {
                    assertTrue(fencedLanded, "in order, a later store landed before an earlier one");
                } else {
                    assertFalse(fencedLanded, "out of order, the unfenced store waited for the work before it");
                }
                awaitLanded(fenced);
                metal.runBusy(queue, 1);
            } finally {
                ObjC.objc_release(buffer);
                metal.destroyQueue(queue);
            }
        }
    }

    @Test
    void theFakeFlagsABufferReleasedUnderAPendingStore() throws Exception {
        long violations = FakeMetal.METAL.fakeMetalViolations();
        MetalQueue queue = metal.createQueue();
        long buffer = newBuffer();
        metal.enqueueBusy(queue, Duration.ofMillis(200).toNanos());
        bareStore(queue, buffer, 9);
        ObjC.objc_release(buffer);
        assertEquals(violations + 1, FakeMetal.METAL.fakeMetalViolations(), "the release under a pending store went unseen");
        assertTrue(FakeMetal.METAL.fakeMetalLastViolation().contains("released with 1 store(s) into it still pending"),
                FakeMetal.METAL.fakeMetalLastViolation());
        metal.runBusy(queue, 1);
        metal.destroyQueue(queue);
    }

    @Test
    void aQueueWaitsOnTheDeviceForAWordThroughTheBackend() {
        MetalQueue producer = metal.createQueue();
        MetalQueue consumer = metal.createQueue();
        try (Line<MetalQueue> line = metal.openLine()) {
            line.waitOnDevice(consumer, Slot.S2, 2);
            Ticket after = line.signal(consumer, Slot.S3);
            metal.enqueueBusy(producer, Duration.ofMillis(50).toNanos());
            Ticket first = line.signal(producer, Slot.S2);
            Ticket second = line.signal(producer, Slot.S2);
            awaitLanded(after);
            assertTrue(first.isDone() && second.isDone(), "the consumer ran before the word reached 2");
        } finally {
            metal.destroyQueue(producer);
            metal.destroyQueue(consumer);
        }
    }

    @Test
    void theHandlerBlockHasTheBlockAbiLayout() {
        io.gpuasync.backend.metal.internal.Block block =
                new io.gpuasync.backend.metal.internal.Block((b, argument) -> { }, "layout-test");
        try (Memory literal = block.literal(0x1234_5678_9abcL)) {
            assertEquals(io.gpuasync.backend.metal.internal.MetalLibraries.dataSymbol("_NSConcreteStackBlock"),
                    Pointer.nativeValue(literal.getPointer(0)), "isa");
            assertEquals(1 << 30, literal.getInt(8), "flags: BLOCK_HAS_SIGNATURE only (a stack block)");
            assertEquals(0, literal.getInt(12), "reserved");
            assertTrue(Pointer.nativeValue(literal.getPointer(16)) != 0, "invoke");
            Pointer descriptor = literal.getPointer(24);
            assertEquals(0, descriptor.getLong(0), "descriptor reserved");
            assertEquals(40, descriptor.getLong(8), "descriptor size: the literal with its capture");
            assertEquals("v16@?0@8", descriptor.getPointer(16).getString(0), "signature of void (^)(id)");
            // libclosure's Block_descriptor_3 is {signature, layout}: the runtime reads a layout
            // pointer here, which must be NULL, not the signature's text.
            assertEquals(0, descriptor.getLong(24), "descriptor layout: NULL");
            assertEquals(0x1234_5678_9abcL, io.gpuasync.backend.metal.internal.Block.captured(Pointer.nativeValue(literal)));
        }
    }

    @Test
    void aStoreIntoNoLineIsRefusedWithItsAddress() {
        MetalQueue queue = metal.createQueue();
        LineException refused = assertThrows(LineException.class,
                () -> ((MetalDriver) metal.driver()).writeValue(queue, 0x1000, 1));
        assertEquals(MetalStatus.NOT_A_LINE_WORD, refused.error().status());
        assertTrue(refused.getMessage().contains("0x1000"), refused.getMessage());
        metal.destroyQueue(queue);
    }
}
