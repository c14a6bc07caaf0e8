package io.gpuasync.backend.cuda;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.MappedLine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What only a real GPU would show: graph capture, the legacy stream's
 * implicit synchronization, the settle's race with a capture, the contexts of the close's
 * destroys, confidential computing. Cases that use only the driver API run on a GPU too (the
 * GPU check's test step), and there confirm what the fake was taught; the others steer the fake.
 */
class CudaCaptureAndOrderTest {
    private static final int CAPTURE_MODE_GLOBAL = 0;
    private static final int CAPTURE_MODE_RELAXED = 2;

    private final List<String> leaks = new CopyOnWriteArrayList<>();
    private CudaBackend cuda;
    private final List<CudaStream> made = new CopyOnWriteArrayList<>();

    @BeforeEach
    void current() {
        CudaTests.assumeAvailable();
        cuda = CudaBackend.load((reason, line, address, bytes) -> leaks.add(reason.name()));
        Contexts.makeCurrent(0);
    }

    @AfterEach
    void cleanUp() {
        if (cuda == null) {
            return;
        }
        Contexts.makeCurrent(0);
        for (CudaStream stream : made) {
            cuda.destroyStream(stream);
        }
    }

    private CudaStream nonBlocking() {
        CudaStream stream = cuda.createStream();
        made.add(stream);
        return stream;
    }

    // cuStreamCreate(.., CU_STREAM_DEFAULT): what JCuda's and JavaCPP's cuStreamCreate(s, 0) make.
    private CudaStream blocking() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            assertEquals(Cuda.CUDA_SUCCESS, Cuda.cuStreamCreate(out, 0));
            CudaStream stream = CudaStream.wrap(out.get(ValueLayout.ADDRESS, 0).address());
            made.add(stream);
            return stream;
        }
    }

    private MappedLine<CudaStream, CudaContext> line(Duration settleBound) {
        return MappedLine.open(cuda.driver(), (reason, line, address, bytes) -> leaks.add(reason.name()), NanoClock.SYSTEM,
                settleBound);
    }

    // With one hardware queue every device-side wait is refused (CudaOneQueueTest), and the
    // application's own waits below would stall the queue for good.
    private static void assumeStreamsOfTheirOwn() {
        Assumptions.assumeTrue(CudaDriver.maxConnections() != 1, "CUDA_DEVICE_MAX_CONNECTIONS=1: one queue for every stream");
    }

    private static int captureStatus(CudaStream stream) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_INT);
            assertEquals(Cuda.CUDA_SUCCESS, Cuda.cuStreamIsCapturing(stream.segment(), out));
            return out.get(ValueLayout.JAVA_INT, 0);
        }
    }

    // ---------------------------------------------------------------- 1: capture (also on a GPU)

    @Test
    void aStoreQueuedIntoACaptureIsRecordedAndReplayedAtEveryLaunch() {
        // What the fake was taught (cuda.h, cuStreamBeginCapture), and why a line refuses a capturing stream.
        CudaStream captured = nonBlocking();
        MappedLine<CudaStream, CudaContext> line = line(Duration.ofSeconds(20));
        long word = line.deviceAddress(captured, Slot.S4);
        assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.beginCapture(captured, CAPTURE_MODE_RELAXED));
        assertEquals(Cuda.CUDA_SUCCESS, Cuda.cuStreamWriteValue64_v2(captured.segment(), word, 7, 0));
        MemorySegment[] graph = new MemorySegment[1];
        assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.endCapture(captured, graph));
        CudaDriver.synchronize(captured);
        assertEquals(0, line.word(Slot.S4), "a store pushed into a capturing stream is captured, not run");
        MemorySegment exec = DriverCalls.instantiate(graph[0]);
        try {
            assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.launch(exec, captured));
            CudaDriver.synchronize(captured);
            assertEquals(7, line.word(Slot.S4), "a launch runs the captured store");
            assertEquals(Cuda.CUDA_SUCCESS, Cuda.cuStreamWriteValue64_v2(captured.segment(), word, 9, 0));
            assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.launch(exec, captured));
            CudaDriver.synchronize(captured);
            assertEquals(7, line.word(Slot.S4), "every launch stores the captured value again: the word moves back");
        } finally {
            DriverCalls.destroyExec(exec);
        }
        line.close();
        assertEquals(Line.State.CLOSED, line.state(), "leaks: " + leaks);
    }

    @Test
    void aSignalOrDeviceWaitIntoACapturingStreamIsRefusedNamingTheCapture() {
        assumeStreamsOfTheirOwn();
        CudaStream captured = nonBlocking();
        MappedLine<CudaStream, CudaContext> line = line(Duration.ofSeconds(20));
        assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.beginCapture(captured, CAPTURE_MODE_RELAXED));
        GpuException signal = assertThrows(GpuException.class, () -> line.signal(captured, Slot.S0));
        assertEquals(Cuda.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, signal.status());
        assertTrue(signal.getMessage().contains("capturing a graph") && signal.getMessage().contains("STATUS_ACTIVE"),
                signal.getMessage());
        GpuException wait = assertThrows(GpuException.class, () -> line.waitOnDevice(captured, Slot.S1, 1));
        assertEquals(Cuda.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, wait.status());
        MemorySegment[] graph = new MemorySegment[1];
        assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.endCapture(captured, graph), "asking invalidated the capture");
        MemorySegment exec = DriverCalls.instantiate(graph[0]);
        line.close();
        assertEquals(Line.State.CLOSED, line.state(), "leaks: " + leaks);
        // Nothing of the line's is in the graph: a launch after the close writes no freed page.
        assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.launch(exec, captured));
        CudaDriver.synchronize(captured);
        DriverCalls.destroyExec(exec);
    }

    @Test
    void aSignalIntoAnInvalidatedCaptureIsRefusedSayingSo() {
        CudaStream captured = nonBlocking();
        try (MappedLine<CudaStream, CudaContext> line = line(Duration.ofSeconds(20))) {
            assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.beginCapture(captured, CAPTURE_MODE_GLOBAL));
            // A query of a capturing stream is not permitted, and invalidates the capture.
            assertTrue(Cuda.cuStreamQuery(captured.segment()) != Cuda.CUDA_SUCCESS);
            assertEquals(Cuda.CU_STREAM_CAPTURE_STATUS_INVALIDATED, captureStatus(captured));
            GpuException e = assertThrows(GpuException.class, () -> line.signal(captured, Slot.S0));
            assertEquals(Cuda.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, e.status());
            assertTrue(e.getMessage().contains("STATUS_INVALIDATED"), e.getMessage());
            assertEquals(Cuda.CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, DriverCalls.endCapture(captured, new MemorySegment[1]));
        }
        assertEquals(List.of(), leaks);
    }

    @Test
    void aSignalIntoTheLegacyStreamWhileABlockingStreamCapturesIsRefused() {
        CudaStream captured = blocking();
        try (MappedLine<CudaStream, CudaContext> line = line(Duration.ofSeconds(20))) {
            assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.beginCapture(captured, CAPTURE_MODE_RELAXED));
            GpuException e = assertThrows(GpuException.class, () -> line.signal(CudaStream.wrap(0), Slot.S2));
            assertEquals(Cuda.CUDA_ERROR_STREAM_CAPTURE_IMPLICIT, e.status());
            assertTrue(e.getMessage().contains("legacy stream is unusable"), e.getMessage());
            assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.endCapture(captured, new MemorySegment[1]));
        }
        assertEquals(List.of(), leaks);
    }

    // ---------------------------------------------------------------- 2: the legacy stream (also on a GPU)

    @Test
    void theLegacyStreamWaitsForBlockingStreamsButNotForNonBlockingOnes() {
        assumeStreamsOfTheirOwn();
        CudaStream held = blocking();
        CudaStream free = nonBlocking();
        MappedLine<CudaStream, CudaContext> gate = line(Duration.ofSeconds(20));
        MappedLine<CudaStream, CudaContext> line = line(Duration.ofSeconds(20));
        // The application's own device-side wait, on its blocking stream, until the gate opens.
        assertEquals(Cuda.CUDA_SUCCESS, Cuda.cuStreamWaitValue64_v2(held.segment(), gate.deviceAddress(held, Slot.S0), 1,
                Cuda.CU_STREAM_WAIT_VALUE_GEQ));
        try (Reactor reactor = Reactor.start()) {
            Ticket legacy = line.signal(CudaStream.wrap(0), Slot.S1);
            reactor.await(line.signal(free, Slot.S2));
            LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
            assertFalse(legacy.isDone(), "a store on the legacy stream ran before the blocking stream's earlier work");
            reactor.await(gate.signal(free, Slot.S0));
            reactor.await(legacy);
        }
        line.close();
        gate.close();
        assertEquals(List.of(), leaks);
    }

    @Test
    void aDeviceWaitIsRefusedOnTheLegacyStreamAndOnBlockingStreams() {
        assumeStreamsOfTheirOwn();
        CudaStream held = blocking();
        CudaStream free = nonBlocking();
        try (MappedLine<CudaStream, CudaContext> line = line(Duration.ofSeconds(20));
             Reactor reactor = Reactor.start()) {
            GpuException legacy = assertThrows(GpuException.class, () -> line.waitOnDevice(CudaStream.wrap(0), Slot.S0, 1));
            assertEquals(GpuException.Kind.UNAVAILABLE, legacy.kind());
            assertTrue(legacy.getMessage().contains("legacy default stream"), legacy.getMessage());
            GpuException blocking = assertThrows(GpuException.class, () -> line.waitOnDevice(held, Slot.S0, 1));
            assertEquals(GpuException.Kind.UNAVAILABLE, blocking.kind());
            assertTrue(blocking.getMessage().contains("blocking stream"), blocking.getMessage());
            line.waitOnDevice(free, Slot.S0, 1);
            Ticket behind = line.signal(free, Slot.S1);
            reactor.await(line.signal(held, Slot.S0));
            reactor.await(behind);
        }
        assertEquals(List.of(), leaks);
    }

    // ---------------------------------------------------------------- 5, 6: the settle (the fake)

    @Test
    void aCaptureBegunBetweenTheSettlesQuestionAndItsRecordIsWaitedOutNotTakenForWork() throws InterruptedException {
        CudaTests.assumeFake("the capture placed between the settle's question and its record");
        CudaStream stream = nonBlocking();
        MappedLine<CudaStream, CudaContext> line = line(Duration.ofSeconds(10));
        try (Reactor reactor = Reactor.start()) {
            reactor.await(line.signal(stream, Slot.S0));
        }
        // An address handed out for the stream keeps it in the close's settle, which its landed
        // store alone would not.
        line.deviceAddress(stream, Slot.S0);
        int events = FakeCuda.liveEvents();
        FakeCuda.captureAtNextRecord(stream);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread closer = Thread.ofPlatform().start(() -> {
            try {
                line.close();
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        // The settle's record met a capture begun by another thread: its owner ends it.
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (captureStatus(stream) != Cuda.CU_STREAM_CAPTURE_STATUS_ACTIVE && System.nanoTime() - until < 0) {
            Thread.sleep(1);
        }
        assertEquals(Cuda.CUDA_SUCCESS, DriverCalls.endCapture(stream, new MemorySegment[1]));
        closer.join();
        assertNull(failure.get());
        assertEquals(Line.State.CLOSED, line.state(), "a captured event was read as pending work; leaks: " + leaks);
        assertEquals(events, FakeCuda.liveEvents(), "the settle's event was not destroyed");
    }

    @Test
    void aCloseFromAThreadWithNoContextDestroysItsEventsAndItsHealthStream() throws InterruptedException {
        CudaTests.assumeFake("counts of live events and streams");
        CudaStream stream = nonBlocking();
        int events = FakeCuda.liveEvents();
        Line<CudaStream> line = cuda.openLine();
        int streamsWithTheLine = FakeCuda.liveStreams();
        try (Reactor reactor = Reactor.start()) {
            reactor.await(line.signal(stream, Slot.S0));
        }
        // Kept in the close's settle, which records an event on it, by an address handed out.
        line.deviceAddress(stream, Slot.S0);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread bare = Thread.ofPlatform().start(() -> {
            try {
                line.close();
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        bare.join();
        assertNull(failure.get());
        assertEquals(Line.State.CLOSED, line.state());
        assertEquals(events, FakeCuda.liveEvents(), "cuEventDestroy ran with no context current");
        assertEquals(streamsWithTheLine - 1, FakeCuda.liveStreams(), "cuStreamDestroy ran with no context current");
    }

    // ---------------------------------------------------------------- 7: confidential computing (the fake)

    @Test
    void aRefusedRegistrationSaysWhatConfidentialComputingForbids() {
        CudaTests.assumeFake("a failure injected into cuMemHostRegister");
        int refs = FakeCuda.primaryRefs(0);
        int registered = FakeCuda.registeredPages();
        FakeCuda.failNext("cuMemHostRegister_v2", Cuda.CUDA_ERROR_NOT_SUPPORTED, 1);
        GpuException e = assertThrows(GpuException.class, cuda::openLine);
        assertEquals(Cuda.CUDA_ERROR_NOT_SUPPORTED, e.status());
        assertTrue(e.getMessage().contains("confidential-computing mode"), e.getMessage());
        assertEquals(refs, FakeCuda.primaryRefs(0));
        assertEquals(registered, FakeCuda.registeredPages());
    }
}
