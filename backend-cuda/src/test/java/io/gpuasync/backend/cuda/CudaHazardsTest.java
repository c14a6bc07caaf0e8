package io.gpuasync.backend.cuda;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.MappedLine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What would break only on a real GPU: device-side waits under the line's rules,
 * health and settle that leave other threads' graph captures alone, a page another owner's reset
 * cannot unmap, the thread's context, special stream handles, and a settle bounded by the line.
 * Against the fake libcuda.so.1 in the build, which behaves as the driver does in each of these
 * ways, and against the real driver in the GPU check: the cases that steer the fake say so when
 * they skip themselves there.
 */
class CudaHazardsTest {
    private static final int CAPTURE_MODE_GLOBAL = 0;
    private static final int CAN_USE_64_BIT_STREAM_MEM_OPS = 122;

    private final List<String> leaks = new CopyOnWriteArrayList<>();
    // Loaded after the assumption: a load where CUDA is unavailable throws, failing the class.
    private CudaBackend cuda;
    private CudaStream stream;

    @BeforeEach
    void current() {
        CudaTests.assumeAvailable();
        cuda = CudaBackend.load((reason, line, address, bytes) -> leaks.add(reason.name()));
        Contexts.makeCurrent(0);
        stream = cuda.createStream();
    }

    @AfterEach
    void cleanUp() {
        if (cuda != null) {
            CudaTests.clearAndDestroy(cuda, stream);
        }
    }

    // Whether a settler thread is still inside the driver's settle: a driver that bounds its own
    // wait leaves it soon after the deadline; one blocked in a driver call never does.
    private static boolean aSettlerIsStillIn(Class<?> driver) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        for (;;) {
            boolean inside = Thread.getAllStackTraces().entrySet().stream()
                    .anyMatch(e -> e.getKey().getName().startsWith("gar-line-settle-") && java.util.Arrays.stream(e.getValue())
                            .anyMatch(f -> f.getClassName().equals(driver.getName()) && f.getMethodName().equals("settle")));
            if (!inside || System.nanoTime() - until > 0) {
                return inside;
            }
            Thread.sleep(10);
        }
    }

    private MappedLine<CudaStream, CudaContext> lineBoundedBy(Duration settleBound) {
        return MappedLine.open(cuda.driver(), (reason, line, address, bytes) -> leaks.add(reason.name()), NanoClock.SYSTEM,
                settleBound);
    }

    // ---------------------------------------------------------------- 1: device waits

    @Test
    void aLineOnlyWaitedOnIsSettledBeforeItsPageIsFreed() {
        CudaStream consumer = cuda.createStream();
        Line<CudaStream> line = cuda.openLine();
        CudaTests.enqueueWork(consumer, Duration.ofMillis(50));
        // Satisfied as soon as it runs (the word reads 0), but it reads the page when it runs.
        line.waitOnDevice(consumer, Slot.S0, 0);
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
        // Had the page gone first, the wait would have read freed memory: a sticky illegal address.
        CudaDriver.synchronize(consumer);
        cuda.destroyStream(consumer);
        assertEquals(List.of(), leaks);
    }

    @Test
    void aDeviceWaitOnAnotherContextsStreamIsRefusedAndQueuesNothing() {
        Contexts.makeForeignCurrent();
        CudaStream foreign = cuda.createStream();
        Contexts.makeCurrent(0);
        try (Line<CudaStream> line = cuda.openLine()) {
            GpuException e = assertThrows(GpuException.class, () -> line.waitOnDevice(foreign, Slot.S0, 1));
            assertEquals(GpuException.Kind.FOREIGN_STREAM, e.kind());
            assertEquals(Cuda.CUDA_SUCCESS, Cuda.cuStreamQuery(foreign.segment()), "nothing was queued on it");
        } finally {
            cuda.destroyStream(foreign);
        }
    }

    // ---------------------------------------------------------------- 3: capture-safe health and settle

    @Test
    void anotherThreadsGlobalCaptureSurvivesTheHealthCheckAndTheClose() throws Exception {
        CudaStream captured = cuda.createStream();
        Line<CudaStream> line = cuda.openLine();
        try (Reactor reactor = Reactor.start()) {
            reactor.await(line.signal(stream, Slot.S0));
        }
        assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.beginCapture(captured, CAPTURE_MODE_GLOBAL));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread watchdogAndCloser = Thread.ofPlatform().start(() -> {
            try {
                HostLine.of(line).checkHealth();
                line.close();
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        watchdogAndCloser.join();
        assertNull(failure.get(), () -> "the health check or the close failed: " + failure.get());
        assertEquals(Line.State.CLOSED, line.state());
        assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.endCapture(captured), "the capture was invalidated");
        cuda.destroyStream(captured);
    }

    @Test
    void aCaptureErrorIsNeverTakenForAFailedDevice() {
        CudaTests.assumeFake("fakeFailNext");
        try (Line<CudaStream> line = cuda.openLine()) {
            for (int status = 900; status <= 908; status++) {
                FakeCuda.failNext("cuStreamQuery", status, 1);
                HostLine.of(line).checkHealth();
                // The query was made and its capture error read, not a check that asked nothing.
                assertEquals(0, FakeCuda.failPending(), "checkHealth never reached cuStreamQuery (status " + status + ")");
            }
            // The same query's sticky error is the device's failure: the check reads what it asks.
            FakeCuda.failNext("cuStreamQuery", 700, 1);
            GpuException failed = assertThrows(GpuException.class, HostLine.of(line)::checkHealth);
            assertEquals(700, failed.status());
            assertTrue(failed.getMessage().contains("cuStreamQuery"), failed.getMessage());
        }
    }

    @Test
    void aCloseWhileAnotherStreamIsHeldAtAGateReturnsByTheLinesBound() throws InterruptedException {
        CudaStream busy = cuda.createStream();
        Line<CudaStream> other = cuda.openLine();
        // Another owner's stream that will not finish until this test says so.
        other.waitOnDevice(busy, Slot.S0, 1);
        MappedLine<CudaStream, CudaContext> line = lineBoundedBy(Duration.ofMillis(300));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int registered = FakeCuda.isLoaded() ? FakeCuda.registeredPages() : 0;
        Thread closer;
        try (Reactor reactor = Reactor.start()) {
            reactor.await(line.signal(stream, Slot.S0));
            // The line's own work is done; its free may still wait for the whole device
            // (cuMemHostUnregister, as the fake does), which the held stream never lets finish.
            closer = Thread.ofPlatform().daemon().start(() -> {
                try {
                    line.close();
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            closer.join(Duration.ofSeconds(30));
            assertFalse(closer.isAlive(), "the close waited for the held stream, past the line's bound");
        } finally {
            // Lets the held stream, and a free still waiting for it, go on.
            try (Reactor reactor = Reactor.start()) {
                reactor.await(other.signal(stream, Slot.S0));
            }
        }
        assertNull(failure.get());
        if (FakeCuda.isLoaded()) {
            assertEquals(Line.State.LEAKED, line.state(), "the fake's free waits for the held stream");
            // The held stream went on: the free it held up ends, and the page is unregistered.
            long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (FakeCuda.registeredPages() >= registered && System.nanoTime() - until < 0) {
                Thread.sleep(5);
            }
            assertEquals(registered - 1, FakeCuda.registeredPages(), "the late unregister never ended");
        }
        // On a real driver, either: CLOSED where the free did not wait for the device.
        assertTrue(line.state() == Line.State.CLOSED || leaks.equals(List.of("SETTLE_TIMED_OUT")), line.state() + " " + leaks);
        other.close();
        assertEquals(Line.State.CLOSED, other.state());
        cuda.destroyStream(busy);
    }

    // ---------------------------------------------------------------- 4: the line owns its page

    @Test
    void anotherOwnersResetNeverUnmapsTheLinesPageAndFailsItsWaitsSayingWhy() {
        // Also a reset of the primary context every other test of the run uses.
        CudaTests.assumeFake("fakePrimaryRefs, fakeRegisteredPages");
        int refs = FakeCuda.primaryRefs(0);
        int registered = FakeCuda.registeredPages();
        Line<CudaStream> line = cuda.openLine();
        try (Reactor reactor = Reactor.start()) {
            reactor.await(line.signal(stream, Slot.S0));
        }
        int registeredWithTheLine = FakeCuda.registeredPages();

        assertEquals(0, DriverCalls.resetPrimary(0));
        stream = null; // the reset destroyed it

        assertEquals(1, HostLine.of(line).words().getAcquire(Slot.S0), "the host's view of the page is still the line's");
        assertEquals(registered + 1, registeredWithTheLine, "the page was registered, not allocated by the driver");
        int afterReset = FakeCuda.registeredPages();
        assertTrue(afterReset <= registered, "the reset ended the device's view of the page");
        GpuException e = assertThrows(GpuException.class, HostLine.of(line)::checkHealth);
        assertEquals(GpuException.Kind.DEVICE_FAILED, e.kind());
        assertEquals(Cuda.CUDA_ERROR_CONTEXT_IS_DESTROYED, e.status());
        assertTrue(e.getMessage().contains("reset by another owner"), e.getMessage());
        line.close();
        assertEquals(Line.State.CLOSED, line.state(), "leaks: " + leaks);
        assertEquals(afterReset, FakeCuda.registeredPages());
        assertEquals(refs, FakeCuda.primaryRefs(0));
    }

    // ---------------------------------------------------------------- 8: the thread's context

    @Test
    void aSignalFromAThreadWithNoCurrentContextRunsInTheLinesOwn() throws Exception {
        Line<CudaStream> line = cuda.openLine();
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread bare = Thread.ofPlatform().start(() -> {
            try {
                outcome.set(line.signal(stream, Slot.S3));
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        bare.join();
        Ticket ticket = assertInstanceOf(Ticket.class, outcome.get());
        try (Reactor reactor = Reactor.start()) {
            reactor.await(ticket);
        }
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
    }

    @Test
    void aDefaultStreamHandleIsRefusedFromAVirtualThread() throws Exception {
        Line<CudaStream> line = cuda.openLine();
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread virtual = Thread.ofVirtual().start(() -> {
            try {
                // The carrier's context, which is the line's: still refused, since the next
                // call may run on another carrier.
                Contexts.makeCurrent(0);
                outcome.set(line.signal(CudaStream.wrap(0), Slot.S0));
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        virtual.join();
        GpuException e = assertInstanceOf(GpuException.class, outcome.get());
        assertEquals(GpuException.Kind.NO_DOMAIN, e.kind());
        assertTrue(e.getMessage().contains("virtual thread"), e.getMessage());
        assertEquals(0, line.lastSignalled(Slot.S0), "nothing was queued");
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
    }

    @Test
    void thePerThreadDefaultStreamIsRefusedAndTheLegacyOneServes() {
        Line<CudaStream> line = cuda.openLine();
        GpuException e = assertThrows(GpuException.class, () -> line.signal(CudaStream.wrap(Cuda.CU_STREAM_PER_THREAD), Slot.S0));
        assertEquals(GpuException.Kind.FOREIGN_STREAM, e.kind());
        assertTrue(e.getMessage().contains("CU_STREAM_PER_THREAD"), e.getMessage());
        try (Reactor reactor = Reactor.start()) {
            reactor.await(line.signal(CudaStream.wrap(0), Slot.S1));
            reactor.await(line.signal(CudaStream.wrap(Cuda.CU_STREAM_LEGACY), Slot.S1));
        }
        line.close();
        assertEquals(Line.State.CLOSED, line.state(), "settled by the legacy stream, from the settler's thread");
    }

    // ---------------------------------------------------------------- 9: device-wait limits

    @Test
    void aWaitNeverSatisfiedEndsTheCloseAtTheLinesBoundAndLeavesNoSettlerBlocked() throws InterruptedException {
        CudaStream consumer = cuda.createStream();
        MappedLine<CudaStream, CudaContext> line = lineBoundedBy(Duration.ofMillis(300));
        long word = line.deviceAddress(consumer, Slot.S0);
        line.waitOnDevice(consumer, Slot.S0, 1);
        line.signal(consumer, Slot.S1);
        line.close();
        assertEquals(Line.State.LEAKED, line.state());
        // SETTLE_FAILED when the driver's "no" came within the line's grace, SETTLE_TIMED_OUT
        // when a busy machine delayed it; either way the page is kept.
        assertEquals(1, leaks.size());
        assertTrue(leaks.getFirst().startsWith("SETTLE_"), leaks::toString);
        // The driver stopped polling at the deadline, rather than leave its settler thread
        // blocked in a call that never returns (cuCtxSynchronize did).
        assertFalse(aSettlerIsStillIn(CudaDriver.class), "a settler thread is still blocked in CudaDriver.settle");
        // The leaked page is still mapped: a store into the word from another stream ends the
        // wait, as the application that queued it would, and the stream's work drains.
        CudaStream releaser = cuda.createStream();
        assertEquals(Cuda.CUDA_SUCCESS, Cuda.cuStreamWriteValue64_v2(releaser.segment(), word, 1, 0));
        CudaDriver.synchronize(consumer);
        cuda.destroyStream(releaser);
        cuda.destroyStream(consumer);
    }

    @Test
    void aDeviceWithoutStreamMemoryOperationsIsRefusedBeforeAPageExists() {
        CudaTests.assumeFake("fakeSetAttribute, fakePrimaryRefs, fakeRegisteredPages");
        // First: the tests' own reference to device 1's primary context, taken once per run.
        Contexts.makeCurrent(1);
        int refs = FakeCuda.primaryRefs(1);
        int registered = FakeCuda.registeredPages();
        FakeCuda.setAttribute(1, CAN_USE_64_BIT_STREAM_MEM_OPS, 0);
        try {
            GpuException e = assertThrows(GpuException.class, cuda::openLine);
            assertEquals(Cuda.CUDA_ERROR_NOT_SUPPORTED, e.status());
            assertTrue(e.getMessage().contains("CAN_USE_64_BIT_STREAM_MEM_OPS"), e.getMessage());
        } finally {
            FakeCuda.setAttribute(1, CAN_USE_64_BIT_STREAM_MEM_OPS, 1);
        }
        assertEquals(refs, FakeCuda.primaryRefs(1));
        assertEquals(registered, FakeCuda.registeredPages());
    }

    // ---------------------------------------------------------------- 10: streams the close no longer needs

    @Test
    void aStreamDestroyedAfterTheLinesStoresOnItLandedIsLeftAloneByTheClose() {
        CudaStream gone = cuda.createStream();
        Line<CudaStream> line = cuda.openLine();
        try (Reactor reactor = Reactor.start()) {
            reactor.await(line.signal(gone, Slot.S0));
            // Destroyed by its owner: a handle the driver no longer knows (cuda.h leaves what a
            // call does with one undefined), which the settle must not pass to it.
            cuda.destroyStream(gone);
            CudaTests.enqueueWork(stream, Duration.ofMillis(20));
            line.signal(stream, Slot.S1);
        }
        line.close();
        assertEquals(Line.State.CLOSED, line.state(), "leaks: " + leaks);
        assertEquals(List.of(), leaks);
    }

    // ---------------------------------------------------------------- 11: the fake, as the driver

    // On a real driver, this checks the fake's model of it.
    @Test
    void theDriverReadsFlagsAndQueriesAsTheFakeModelsThem() {
        try (Line<CudaStream> line = cuda.openLine()) {
            // v2 stream memory operations refuse CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER.
            assertEquals(Cuda.CUDA_ERROR_INVALID_VALUE,
                    Cuda.cuStreamWriteValue64_v2(stream.segment(), line.deviceAddress(stream, Slot.S7), 1, 1));
            // cuStreamQuery(NULL) is the legacy stream only, not the context's other (non-blocking) streams.
            CudaTests.enqueueWork(stream, Duration.ofMillis(200));
            assertEquals(Cuda.CUDA_ERROR_NOT_READY, Cuda.cuStreamQuery(stream.segment()));
            assertEquals(Cuda.CUDA_SUCCESS, Cuda.cuStreamQuery(MemorySegment.NULL));
        }
        assertFalse(leaks.contains("SETTLE_FAILED"), leaks::toString);
    }

    @Test
    void theFakeRefusesAHandleThatNamesNoStream() {
        // A real driver may dereference such a handle and end the process; the fake refuses it.
        CudaTests.assumeFake("a stream handle that names no stream, which a real driver may dereference");
        assertEquals(400, Cuda.cuStreamQuery(MemorySegment.ofAddress(0x1234_5000L)));
    }
}
