package io.gpuasync.backend.hip;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.NanoClock;
import io.gpuasync.core.Slot;
import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.MappedLine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.gpuasync.testing.Tickets.awaitLanded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What would break only on a real AMD GPU with HIP 5.2.3, against the fake
 * libamdhip64, which behaves as 5.2.3 does in each of these ways: stream handles reach the
 * runtime unvalidated, synchronize always succeeds and no query reports a fault, a device reset
 * ends the device's view of host memory, and device waits may be unsupported.
 */
class HipHazardsTest {
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
        if (FakeHip.isLoaded()) {
            FakeHip.setSticky(0, 0);
        }
        hip.makeCurrent(0);
        if (stream != null) {
            hip.destroyStream(stream);
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

    private MappedLine<HipStream, HipDevice> lineBoundedBy(Duration settleBound) {
        return MappedLine.open(hip.driver(), (reason, line, address, bytes) -> leaks.add(reason.name()), NanoClock.SYSTEM,
                settleBound);
    }

    // ---------------------------------------------------------------- 2: stream handles

    @Test
    void aDestroyedStreamIsRefusedBeforeItsHandleReachesTheRuntime() {
        HipTests.assumeFake("fakeUnvalidatedHandles");
        HipStream gone = hip.createStream();
        hip.destroyStream(gone);
        int unvalidated = FakeHip.unvalidatedHandles();
        try (Line<HipStream> line = hip.openLine()) {
            GpuException e = assertThrows(GpuException.class, () -> line.signal(gone, Slot.S0));
            assertEquals(GpuException.Kind.FOREIGN_STREAM, e.kind());
            assertTrue(e.getMessage().contains("hipGetStreamDeviceId returned -1"), e.getMessage());
        }
        assertEquals(unvalidated, FakeHip.unvalidatedHandles(), "HIP 5.2.3 would have dereferenced the handle");
    }

    @Test
    void theSpecialHandlesAreRefusedBeforeTheyReachTheRuntime() {
        HipTests.assumeFake("fakeUnvalidatedHandles");
        int unvalidated = FakeHip.unvalidatedHandles();
        try (Line<HipStream> line = hip.openLine()) {
            for (long special : new long[] {1, Hip.HIP_STREAM_PER_THREAD}) {
                GpuException e = assertThrows(GpuException.class, () -> line.signal(HipStream.wrap(special, 0), Slot.S0));
                assertEquals(GpuException.Kind.FOREIGN_STREAM, e.kind());
                assertTrue(e.getMessage().contains("special handle"), e.getMessage());
            }
        }
        assertEquals(unvalidated, FakeHip.unvalidatedHandles());
    }

    @Test
    void theRuntimeNotTheWrapperSaysWhichDeviceAStreamIsOf() {
        org.junit.jupiter.api.Assumptions.assumeTrue(HipTests.devices() >= 2, "needs a second device");
        hip.makeCurrent(1);
        HipStream ofDeviceOne = hip.createStream();
        hip.makeCurrent(0);
        try (Line<HipStream> line = hip.openLine()) {
            HipStream mislabelled = HipStream.wrap(ofDeviceOne.handle(), 0);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> line.signal(mislabelled, Slot.S0));
            assertTrue(e.getMessage().contains("the runtime says it belongs to device 1"), e.getMessage());
            assertEquals(GpuException.Kind.FOREIGN_STREAM,
                    assertThrows(GpuException.class, () -> line.signal(ofDeviceOne, Slot.S0)).kind());
        } finally {
            hip.destroyStream(ofDeviceOne);
        }
    }

    @Test
    void theNullStreamServesAPlatformThreadOfTheLinesDevice() {
        try (Line<HipStream> line = hip.openLine()) {
            awaitLanded(line.signal(HipStream.wrap(0, 0), Slot.S2));
        }
        assertEquals(List.of(), leaks);
    }

    // ---------------------------------------------------------------- 1: device waits

    @Test
    void aLineOnlyWaitedOnIsSettledBeforeItsPageIsFreed() {
        HipTests.assumeFake("fakeEnqueueWork");
        HipStream consumer = hip.createStream();
        Line<HipStream> line = hip.openLine();
        FakeHip.enqueueWork(consumer, 50_000_000L);
        line.waitOnDevice(consumer, Slot.S0, 0);
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
        assertEquals(List.of(), leaks);
        hip.destroyStream(consumer);
    }

    // ---------------------------------------------------------------- 4: the line owns its page

    @Test
    void aDeviceResetNeverUnmapsTheLinesPage() {
        HipTests.assumeFake("fakeRegisteredPages, fakeEnqueueWork, hipDeviceReset of a device the tests share");
        int registered = FakeHip.registeredPages();
        Line<HipStream> line = hip.openLine();
        awaitLanded(line.signal(stream, Slot.S0));
        Line<HipStream> pending = hip.openLine();
        FakeHip.enqueueWork(stream, 50_000_000L);
        pending.signal(stream, Slot.S0);
        int registeredWithTheLines = FakeHip.registeredPages();
        assertEquals(0, FakeHip.deviceReset());
        stream = null; // the reset destroyed it, and the work still queued on it
        assertEquals(1, HostLine.of(line).words().getAcquire(Slot.S0), "the host's view of the page is still the line's");
        assertEquals(registered + 2, registeredWithTheLines, "the pages were registered, not allocated by the runtime");
        // The reset drops every registration of the device, also pages an earlier test's leaked
        // line still holds: at most as many are left as before these lines'.
        assertTrue(FakeHip.registeredPages() <= registered, "the device's view went with the reset");
        int unvalidated = FakeHip.unvalidatedHandles();
        // Its store landed before the reset: nothing of it is left to settle, and the page is freed.
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
        // Its store was still queued: HIP cannot tell a reset from a stream its owner destroyed
        // early, so the page is kept.
        pending.close();
        assertEquals(Line.State.LEAKED, pending.state());
        assertEquals(unvalidated, FakeHip.unvalidatedHandles(), "the settle handed the runtime a destroyed stream");
    }

    // ---------------------------------------------------------------- 5: what HIP 5.2.3 cannot tell

    @Test
    void aSettleIsBoundedWhenAWaitIsNeverSatisfied() throws Exception {
        HipTests.assumeFake("fakeSetSticky, which ends the wait");
        HipStream consumer = hip.createStream();
        MappedLine<HipStream, HipDevice> line = lineBoundedBy(Duration.ofMillis(300));
        // The application's own wait on the word, through the address the line hands out for
        // the stream (the line refuses a wait for a store it has not queued).
        hip.driver().waitValue(consumer, line.deviceAddress(consumer, Slot.S0), 1);
        line.signal(consumer, Slot.S1);
        line.close();
        assertEquals(Line.State.LEAKED, line.state());
        assertEquals(1, leaks.size());
        assertTrue(leaks.getFirst().startsWith("SETTLE_"), leaks::toString);
        // The driver's own answer by the deadline, not a settler thread left in hipDeviceSynchronize.
        assertFalse(aSettlerIsStillIn(HipDriver.class), "a settler thread is still blocked in HipDriver.settle");
        FakeHip.setSticky(0, 700); // fake-only: ends the fake stream's wait so it can be destroyed
        hip.destroyStream(consumer);
    }

    @Test
    void theHealthCheckAsksHip52NothingSinceNoCallOfItsReportsAFault() {
        HipTests.assumeFake("fakeFailNext, fakeSetSticky");
        // Every call 5.2.3 offers answers success on a faulted device (a fault aborts the process
        // instead), so a check could only cost the watchdog a call, or block it in a synchronize.
        // Each call the runtime has is made to fail once: the check must leave every one unmade.
        List<String> calls = new ArrayList<>(Hip.FUNCTIONS.stream().map(Hip.Function::symbol).toList());
        calls.addAll(List.of("hipStreamQuery", "hipDeviceSynchronize"));
        try (Line<HipStream> line = hip.openLine()) {
            // The fake's sticky error stands for a fault: 5.2.3 reports none.
            FakeHip.setSticky(0, 700);
            try {
                for (String call : calls) {
                    FakeHip.failNext(call, 700, 1);
                    HostLine.of(line).checkHealth();
                    assertEquals(1, FakeHip.failPending(), "the health check called " + call);
                }
            } finally {
                FakeHip.failNext("", 0, 0);
                FakeHip.setSticky(0, 0);
            }
        }
    }

    // ---------------------------------------------------------------- 9: device-wait support

    @Test
    void aDeviceThatCannotWaitOnAWordRefusesDeviceWaitsAsUnavailable() {
        HipTests.assumeFake("fakeSetAttribute");
        hip.makeCurrent(1);
        HipStream ofDeviceOne = hip.createStream();
        FakeHip.setAttribute(1, Hip.HIP_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE, 0);
        try (Line<HipStream> line = hip.openLine()) {
            GpuException e = assertThrows(GpuException.class, () -> line.waitOnDevice(ofDeviceOne, Slot.S0, 0));
            assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
            assertTrue(e.getMessage().contains("hipDeviceAttributeCanUseStreamWaitValue"), e.getMessage());
        } finally {
            FakeHip.setAttribute(1, Hip.HIP_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE, 1);
            hip.destroyStream(ofDeviceOne);
            hip.makeCurrent(0);
        }
    }
}
