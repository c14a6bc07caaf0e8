package io.gpuasync.backend.hip;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.gpuasync.testing.Tickets.awaitLanded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A HIP line and graph capture, and the device-side waits HIP would order behind the store they
 * wait for: against the fake libamdhip64, which behaves as ROCm does in each of these ways (see
 * fakes/fake_hip.c: stream operations queued at once during a capture, the null stream and
 * blocking streams waiting for each other, streams sharing GPU_MAX_HW_QUEUES hardware queues),
 * and a real runtime in the GPU check.
 */
class HipCaptureAndOrderTest {
    private static final int CAPTURE_MODE_RELAXED = 2;

    private final List<String> leaks = new CopyOnWriteArrayList<>();
    private final HipBackend hip = HipBackend.load((reason, line, address, bytes) -> leaks.add(reason.name()));
    private HipStream stream;

    @BeforeEach
    void setUp() {
        hip.makeCurrent(0);
        stream = hip.createStream();
    }

    @AfterEach
    void tearDown() {
        hip.makeCurrent(0);
        hip.destroyStream(stream);
    }

    // ---------------------------------------------------------------- capture

    @Test
    void aStoreOrAWaitIntoACapturingStreamIsRefusedAndQueuesNothing() {
        Line<HipStream> line = hip.openLine();
        assertEquals(0, FakeHip.beginCapture(stream, CAPTURE_MODE_RELAXED));
        try {
            GpuException store = assertThrows(GpuException.class, () -> line.signal(stream, Slot.S0));
            assertEquals(Hip.HIP_ERROR_STREAM_CAPTURE_UNSUPPORTED, store.status());
            assertTrue(store.getMessage().contains("capturing a graph") && store.getMessage().contains("hipStreamEndCapture"),
                    store.getMessage());
            GpuException wait = assertThrows(GpuException.class, () -> line.waitOnDevice(stream, Slot.S1, 0));
            assertEquals(Hip.HIP_ERROR_STREAM_CAPTURE_UNSUPPORTED, wait.status());
        } finally {
            assertEquals(0, FakeHip.endCapture(stream), "asking whether the stream captures broke its capture");
        }
        // Behind whatever the refused calls might have queued on the stream: had the store been
        // queued, it would have landed first.
        awaitLanded(line.signal(stream, Slot.S2));
        assertEquals(0, HostLine.of(line).words().getAcquire(Slot.S0), "the refused store was queued");
        line.close();
        assertEquals(Line.State.CLOSED, line.state(), "leaks: " + leaks);
    }

    // ---------------------------------------------------------------- waits HIP orders behind their store

    @Test
    void aWaitOnTheNullStreamIsRefusedSayingWhy() {
        try (Line<HipStream> line = hip.openLine()) {
            GpuException e = assertThrows(GpuException.class, () -> line.waitOnDevice(HipStream.wrap(0, 0), Slot.S0, 0));
            assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
            assertTrue(e.getMessage().contains("the null stream") && e.getMessage().contains("hipStreamNonBlocking"),
                    e.getMessage());
        }
    }

    @Test
    void aWaitOnABlockingStreamIsRefusedSayingWhy() {
        HipStream blocking = createStream(0);
        try (Line<HipStream> line = hip.openLine()) {
            GpuException e = assertThrows(GpuException.class, () -> line.waitOnDevice(blocking, Slot.S0, 0));
            assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
            assertTrue(e.getMessage().contains("blocking stream") && e.getMessage().contains("hipStreamNonBlocking"),
                    e.getMessage());
            // Stores are unaffected: they wait for nothing.
            awaitLanded(line.signal(blocking, Slot.S0));
        } finally {
            hip.destroyStream(blocking);
        }
    }

    @Test
    void aWaitForAStoreNotQueuedYetIsRefusedNamingTheSettingAndOneBehindItsStoreLands() {
        HipStream consumer = hip.createStream();
        try (Line<HipStream> line = hip.openLine(); Line<HipStream> marker = hip.openLine()) {
            GpuException e;
            try {
                e = assertThrows(GpuException.class, () -> line.waitOnDevice(consumer, Slot.S0, 1));
            } catch (AssertionError accepted) {
                // The store it waits for, so that the consumer can be destroyed and the test end.
                line.signal(stream, Slot.S0);
                throw accepted;
            }
            assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
            String hwQueues = System.getenv("GPU_MAX_HW_QUEUES");
            assertTrue(e.getMessage().contains("GPU_MAX_HW_QUEUES hardware queues (" + (hwQueues == null ? "4, the default"
                    : hwQueues + ", as the environment sets it")) && e.getMessage().contains("Queue the store first"),
                    e.getMessage());
            // The store queued first, on another stream: the wait can only come behind it.
            HipSharedQueueTest.waitBehindItsStore(line, marker, stream, consumer);
        } finally {
            hip.destroyStream(consumer);
        }
    }

    @Test
    void everyWaitIsRefusedWhereTheEnvironmentTurnsDirectDispatchOff() throws Throwable {
        Line<HipStream> line = hip.openLine();
        line.signal(stream, Slot.S0);
        HipStream consumer = hip.createStream();
        setenv("AMD_DIRECT_DISPATCH", "0");
        try {
            GpuException e = assertThrows(GpuException.class, () -> line.waitOnDevice(consumer, Slot.S0, 1));
            assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
            assertTrue(e.getMessage().contains("AMD_DIRECT_DISPATCH=0"), e.getMessage());
            setenv("AMD_DIRECT_DISPATCH", "true");
            line.waitOnDevice(consumer, Slot.S0, 1);
        } finally {
            unsetenv("AMD_DIRECT_DISPATCH");
            line.close();
            hip.destroyStream(consumer);
        }
        assertEquals(Line.State.CLOSED, line.state(), "leaks: " + leaks);
    }

    private static HipStream createStream(int flags) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(Hip.C_POINTER);
            assertEquals(Hip.HIP_SUCCESS, Hip.hipStreamCreateWithFlags(out, flags));
            return HipStream.wrap(out.get(ValueLayout.ADDRESS, 0).address(), 0);
        }
    }

    // The C library's environment, which the backend reads as HIP's runtime does; the JVM's copy
    // (System.getenv) never changes. Set and unset in this test alone.
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle SETENV = LINKER.downcallHandle(LINKER.defaultLookup().find("setenv").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    private static final MethodHandle UNSETENV = LINKER.downcallHandle(LINKER.defaultLookup().find("unsetenv").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));

    private static void setenv(String name, String value) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(0, (int) SETENV.invokeExact(arena.allocateFrom(name), arena.allocateFrom(value), 1));
        }
    }

    private static void unsetenv(String name) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            assertEquals(0, (int) UNSETENV.invokeExact(arena.allocateFrom(name)));
        }
    }
}
