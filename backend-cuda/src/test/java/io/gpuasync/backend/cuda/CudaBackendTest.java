package io.gpuasync.backend.cuda;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import io.gpuasync.spi.Backends;
import io.gpuasync.spi.HostLine;
import io.gpuasync.testing.VirtualThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CUDA backend through its real FFM bindings, against the fake libcuda.so.1 in the build and
 * a real driver in the GPU check; the cases that steer the fake say so when they skip themselves.
 */
class CudaBackendTest {
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
        if (stream != null) {
            CudaTests.clearAndDestroy(cuda, stream);
        }
    }

    @Test
    void theProviderIsFoundAndAvailable() {
        assertTrue(CudaBackend.unavailability().isEmpty(), () -> CudaBackend.unavailability().orElseThrow().toString());
        assertTrue(Backends.discover().stream().anyMatch(f -> f.name().equals("cuda") && f.usable()));
    }

    @Test
    void aTicketLandsBehindTheStreamsWorkAndTheReactorAwaitsIt() {
        try (Reactor reactor = Reactor.start(); Line<CudaStream> line = cuda.openLine()) {
            CudaTests.enqueueWork(stream, Duration.ofMillis(30));
            Ticket ticket = line.signal(stream, Slot.S2);
            assertFalse(ticket.isDone());
            reactor.await(ticket);
            assertEquals(1, HostLine.of(line).words().getAcquire(Slot.S2));
        }
    }

    @Test
    void theLineHoldsAReferenceToThePrimaryContextForItsWholeLife() {
        CudaTests.assumeFake("fakePrimaryRefs, fakeRegisteredPages");
        int before = FakeCuda.primaryRefs(0);
        int pages = FakeCuda.registeredPages();
        Line<CudaStream> line = cuda.openLine();
        assertEquals(before + 1, FakeCuda.primaryRefs(0));
        assertEquals(pages + 1, FakeCuda.registeredPages());
        line.signal(stream, Slot.S0);
        line.close();
        assertEquals(before, FakeCuda.primaryRefs(0));
        assertEquals(pages, FakeCuda.registeredPages());
    }

    @Test
    void noCurrentContextIsNoDomain() {
        Contexts.clearCurrent();
        GpuException e = assertThrows(GpuException.class, cuda::openLine);
        assertEquals(GpuException.Kind.NO_DOMAIN, e.kind());
        assertEquals(-3, e.status());
    }

    @Test
    void aLineOpensOnADeviceByNumberWithNoContextCurrentAndLeavesItSo() {
        Contexts.clearCurrent();
        int refs = FakeCuda.isLoaded() ? FakeCuda.primaryRefs(0) : -1;
        Line<CudaStream> line = cuda.openLine(0);
        assertTrue(currentContextIsNull(), "opening made a context current");
        if (FakeCuda.isLoaded()) {
            assertEquals(refs + 1, FakeCuda.primaryRefs(0), "the line holds device 0's primary context");
        }
        try (Reactor reactor = Reactor.start()) {
            reactor.await(line.signal(stream, Slot.S0));
        }
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
        assertTrue(currentContextIsNull(), "closing made a context current");
        if (FakeCuda.isLoaded()) {
            assertEquals(refs, FakeCuda.primaryRefs(0));
        }
    }

    @Test
    void aDeviceThatDoesNotExistIsTheDriversInvalidDevice() {
        GpuException e = assertThrows(GpuException.class, () -> cuda.openLine(Contexts.devices(64)));
        assertEquals(GpuException.Kind.DRIVER_STATUS, e.kind());
        assertEquals(101, e.status());
        assertTrue(e.getMessage().contains("CUDA_ERROR_INVALID_DEVICE"), e.getMessage());
    }

    @Test
    void aVirtualThreadIsRefusedTheCurrentContextAndOpensOnTheDevice() throws InterruptedException {
        Object current = VirtualThreads.outcome(() -> {
            // The carrier's context, the right one at this moment: still refused, since the
            // thread may be on another carrier by the time the line asks for it.
            Contexts.makeCurrent(0);
            return cuda.openLine();
        });
        GpuException e = assertInstanceOf(GpuException.class, current);
        assertEquals(GpuException.Kind.NO_DOMAIN, e.kind());
        assertTrue(e.getMessage().contains("virtual thread") && e.getMessage().contains("openLine(device)"), e.getMessage());
        Object onDevice = VirtualThreads.outcome(() -> {
            Line<CudaStream> line = cuda.openLine(0);
            line.signal(stream, Slot.S1);
            line.close();
            return line.state();
        });
        assertEquals(Line.State.CLOSED, onDevice, "the line opened on the device settled its store and closed");
        assertEquals(List.of(), leaks);
    }

    @Test
    void aCurrentContextThatIsNotPrimaryIsRefusedAndThePrimaryOneLeftAsItWas() {
        org.junit.jupiter.api.Assumptions.assumeTrue(DriverCalls.canCreateContexts(), "needs cuCtxCreate");
        int device = Contexts.devices(2) - 1;
        int refs = FakeCuda.isLoaded() ? FakeCuda.primaryRefs(device) : -1;
        boolean active = primaryIsActive(device);
        long own = DriverCalls.createContext(device);
        try {
            GpuException e = assertThrows(GpuException.class, cuda::openLine);
            assertEquals(GpuException.Kind.NO_DOMAIN, e.kind());
            assertTrue(e.getMessage().contains("is not device " + device + "'s primary context")
                    && e.getMessage().contains("openLine(" + device + ")"), e.getMessage());
        } finally {
            DriverCalls.destroyContext(own);
        }
        assertEquals(active, primaryIsActive(device), "the refused open made the primary context active");
        if (FakeCuda.isLoaded()) {
            assertEquals(refs, FakeCuda.primaryRefs(device), "the refused open kept a reference");
        }
    }

    private static boolean primaryIsActive(int device) {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment state = arena.allocate(8);
            assertEquals(0, io.gpuasync.backend.cuda.internal.Cuda.cuDevicePrimaryCtxGetState(device, state, state.asSlice(4)));
            return state.get(java.lang.foreign.ValueLayout.JAVA_INT, 4) != 0;
        }
    }

    @Test
    void aStreamOfAnotherContextIsForeign() {
        Contexts.makeForeignCurrent();
        CudaStream other = cuda.createStream();
        Contexts.makeCurrent(0);
        try (Line<CudaStream> line = cuda.openLine()) {
            GpuException e = assertThrows(GpuException.class, () -> line.signal(other, Slot.S0));
            assertEquals(GpuException.Kind.FOREIGN_STREAM, e.kind());
        } finally {
            cuda.destroyStream(other);
        }
    }

    @Test
    void aFailingCallCarriesTheDriversStatusAndItsName() {
        CudaTests.assumeFake("fakeFailNext, fakePrimaryRefs");
        FakeCuda.failNext("cuMemHostRegister_v2", 1, 1);
        int before = FakeCuda.primaryRefs(0);
        GpuException e = assertThrows(GpuException.class, cuda::openLine);
        assertEquals(GpuException.Kind.DRIVER_STATUS, e.kind());
        assertEquals(1, e.status());
        assertTrue(e.getMessage().contains("cuMemHostRegister(4096 bytes, PORTABLE | DEVICEMAP) returned 1 (CUDA_ERROR_INVALID_VALUE)"),
                e.getMessage());
        assertEquals(before, FakeCuda.primaryRefs(0), "the failed open released its context reference");
    }

    @Test
    void aStickyErrorFailsTheHealthCheckAndTheLineKeepsItsPage() {
        CudaTests.assumeFake("fakeSetSticky, fakeRegisteredPages");
        Line<CudaStream> line = cuda.openLine();
        FakeCuda.enqueueWork(stream, 50_000_000L);
        line.signal(stream, Slot.S0);
        FakeCuda.setSticky(0, 700);
        GpuException e = assertThrows(GpuException.class, HostLine.of(line)::checkHealth);
        assertEquals(GpuException.Kind.DEVICE_FAILED, e.kind());
        assertEquals(700, e.status());
        assertTrue(e.getMessage().contains("CUDA_ERROR_ILLEGAL_ADDRESS"), e.getMessage());
        int pages = FakeCuda.registeredPages();
        line.close();
        assertEquals(Line.State.LEAKED, line.state());
        assertEquals(List.of("SETTLE_FAILED"), leaks);
        assertEquals(pages, FakeCuda.registeredPages(), "the page was kept");
    }

    @Test
    void closingFromAnotherThreadLeavesThatThreadsContextAsItWas() throws InterruptedException {
        Line<CudaStream> line = cuda.openLine();
        line.signal(stream, Slot.S0);
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread closer = Thread.ofPlatform().start(() -> {
            try {
                line.close();
                outcome.set(line.state() + " " + currentContextIsNull());
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        closer.join();
        assertEquals("CLOSED true", outcome.get());
    }

    private static boolean currentContextIsNull() {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment current = arena.allocate(java.lang.foreign.ValueLayout.ADDRESS);
            io.gpuasync.backend.cuda.internal.Cuda.cuCtxGetCurrent(current);
            return current.get(java.lang.foreign.ValueLayout.ADDRESS, 0).equals(java.lang.foreign.MemorySegment.NULL);
        }
    }

    @Test
    void aStreamCanWaitOnTheDeviceForALine() {
        CudaStream consumer = cuda.createStream();
        try (Reactor reactor = Reactor.start(); Line<CudaStream> line = cuda.openLine()) {
            line.waitOnDevice(consumer, Slot.S0, 1);
            Ticket after = line.signal(consumer, Slot.S1);
            CudaTests.enqueueWork(stream, Duration.ofMillis(30));
            Ticket first = line.signal(stream, Slot.S0);
            assertFalse(after.isDone());
            reactor.await(after);
            assertTrue(first.isDone(), "the consumer's store came only after the producer's");
        } finally {
            cuda.destroyStream(consumer);
        }
    }
}
