package io.gpuasync.spi;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.Slot;
import io.gpuasync.core.TimerLateness;
import io.gpuasync.core.WakeModel;
import io.gpuasync.spi.FakeDriver.Call;
import io.gpuasync.spi.FakeDriver.Domain;
import io.gpuasync.spi.FakeDriver.Stream;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mapped line's behaviour one case at a time; the property covers their combinations. */
class MappedLineTest {
    private final FakeDriver driver = new FakeDriver();
    private final List<String> leaks = new CopyOnWriteArrayList<>();
    private final LeakReporter reporter = (reason, line, address, bytes) ->
            leaks.add(reason + " " + Long.toHexString(address) + " " + bytes);
    private final Stream own = new Stream(1, 1);
    private final Stream ownOther = new Stream(1, 2);
    private final Stream foreign = new Stream(2, 1);

    private MappedLine<Stream, Domain> open() {
        return MappedLine.open(driver, reporter);
    }

    @Test
    void aTicketLandsWhenTheDeviceRunsItsStore() {
        try (MappedLine<Stream, Domain> line = open()) {
            Ticket first = line.signal(own, Slot.S3);
            Ticket second = line.signal(own, Slot.S3);
            assertEquals(new Ticket(line, Slot.S3, 1), first);
            assertEquals(2, second.target());
            assertEquals(2, line.lastSignalled(Slot.S3));
            assertFalse(first.isDone());
            driver.run(1);
            assertTrue(first.isDone());
            assertFalse(second.isDone());
            driver.run(1);
            assertTrue(second.isDone());
            assertEquals(2, line.words().getAcquire(Slot.S3));
            assertEquals(line.deviceAddress(own, Slot.S0) + 24, line.deviceAddress(own, Slot.S3));
        }
        assertEquals(List.of(), driver.violations);
    }

    @Test
    void aForeignStreamIsRefusedWithStatusMinusFourAndQueuesNothing() {
        try (MappedLine<Stream, Domain> line = open()) {
            GpuException e = assertThrows(GpuException.class, () -> line.signal(foreign, Slot.S0));
            assertEquals(GpuException.Kind.FOREIGN_STREAM, e.kind());
            assertEquals(-4, e.status());
            assertTrue(e.getMessage().contains("the stream belongs to another context"), e.getMessage());
            assertEquals(0, driver.writes);
            assertEquals(0, line.lastSignalled(Slot.S0));
        }
    }

    @Test
    void aBusySlotRefusesAnotherStreamUntilItsStoresLanded() {
        try (MappedLine<Stream, Domain> line = open()) {
            line.signal(own, Slot.S1);
            GpuException e = assertThrows(GpuException.class, () -> line.signal(ownOther, Slot.S1));
            assertEquals(GpuException.Kind.SLOT_BUSY, e.kind());
            assertTrue(e.getMessage().contains("whose store of 1 has not landed (the word reads 0)"), e.getMessage());
            line.signal(ownOther, Slot.S2);
            driver.run(2);
            assertEquals(2, line.signal(ownOther, Slot.S1).target(), "taken over once its store landed");
        }
    }

    @Test
    void noCurrentDomainIsStatusMinusThreeAndAcquiresNothing() {
        driver.currentDevice = 0;
        GpuException e = assertThrows(GpuException.class, this::open);
        assertEquals(GpuException.Kind.NO_DOMAIN, e.kind());
        assertEquals(-3, e.status());
        assertTrue(e.getMessage().startsWith("opening a fake line: retainCurrent: no current context on this thread"),
                e.getMessage());
        assertEquals(0, driver.pages.size());
    }

    @Test
    void aFailingDriverCallCarriesItsStatusAndReleasesWhatWasTaken() {
        driver.failing.add(Call.ADDRESS);
        driver.failStatus = 2;
        GpuException e = assertThrows(GpuException.class, this::open);
        assertEquals(GpuException.Kind.DRIVER_STATUS, e.kind());
        assertEquals(2, e.status());
        assertEquals(List.of("retainCurrent -> Domain[device=1, retain=1]", "allocHost -> 0x"
                        + Long.toHexString(driver.pages.getFirst().memory.address()),
                "deviceAddress -> failed", "freeHost 0x" + Long.toHexString(driver.pages.getFirst().memory.address()),
                "release Domain[device=1, retain=1]"),
                driver.calls, "undone in reverse order");
        assertEquals(0, driver.unreleasedRetains());
        assertEquals(0, driver.livePages());
    }

    @Test
    void anUnexpectedExceptionFromTheDriverStillReleasesTheDomain() {
        LineDriver<Stream, Domain> throwing = new ForwardingLineDriver<>(driver) {
            @Override
            public MemorySegment allocHost(Domain domain, long bytes) {
                throw new IllegalStateException("driver bug");
            }
        };
        assertThrows(IllegalStateException.class, () -> MappedLine.open(throwing, reporter));
        assertEquals(0, driver.unreleasedRetains());
    }

    @Test
    void aPageThatIsNotPageAlignedIsRefusedAndFreed() {
        LineDriver<Stream, Domain> misaligned = new ForwardingLineDriver<>(driver) {
            @Override
            public MemorySegment allocHost(Domain domain, long bytes) throws LineException {
                return MemorySegment.ofAddress(super.allocHost(domain, bytes).address() + 64);
            }

            @Override
            public void freeHost(Domain domain, MemorySegment host) {
                super.freeHost(domain, MemorySegment.ofAddress(host.address() - 64));
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MappedLine.open(misaligned, reporter));
        assertTrue(e.getMessage().contains("which is not 4096-byte aligned"), e.getMessage());
        assertEquals(0, driver.unreleasedRetains());
        assertEquals(0, driver.livePages());
    }

    @Test
    void anUnavailableDriverIsStatusMinusOne() {
        LineDriver<Stream, Domain> missing = new ForwardingLineDriver<>(driver) {
            @Override
            public Domain retainCurrent() throws LineException {
                throw new LineException(LineError.UNAVAILABLE, "cuDevicePrimaryCtxRetain");
            }
        };
        GpuException e = assertThrows(GpuException.class, () -> MappedLine.open(missing, reporter));
        assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
        assertEquals(-1, e.status());
        assertTrue(e.getMessage().contains("cuDevicePrimaryCtxRetain: the driver or one of its entry points is missing"));
    }

    @Test
    void closeSettlesThenFreesThenReleasesAndIsIdempotent() {
        MappedLine<Stream, Domain> line = open();
        line.signal(own, Slot.S0);
        driver.calls.clear();
        line.close();
        line.close();
        String page = Long.toHexString(driver.pages.getFirst().memory.address());
        assertEquals(List.of("settle Domain[device=1, retain=1]", "freeHost 0x" + page, "release Domain[device=1, retain=1]"),
                driver.calls);
        assertEquals(Line.State.CLOSED, line.state());
        assertEquals(List.of(), leaks);
    }

    @Test
    void aLineNoStoreWasQueuedIntoClosesWithoutSettling() {
        MappedLine<Stream, Domain> line = open();
        driver.failing.add(Call.SETTLE);
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
        assertFalse(driver.calls.stream().anyMatch(c -> c.startsWith("settle")));
    }

    @Test
    void aLineThatCannotSettleKeepsItsPageAndDomainAndSaysSo() {
        MappedLine<Stream, Domain> line = open();
        line.signal(own, Slot.S0);
        driver.failing.add(Call.SETTLE);
        line.close();
        assertEquals(Line.State.LEAKED, line.state());
        assertEquals(List.of("SETTLE_FAILED " + Long.toHexString(driver.pages.getFirst().memory.address()) + " 4096"), leaks);
        assertEquals(1, driver.livePages());
        assertEquals(1, driver.unreleasedRetains());
        driver.failing.clear();
        line.close();
        assertEquals(Line.State.LEAKED, line.state(), "a leaked line stays leaked");
        assertEquals(1, leaks.size());
    }

    @Test
    void aClosedLineRefusesSignalsAndReadsWithoutTouchingItsPage() {
        MappedLine<Stream, Domain> line = open();
        Ticket ticket = line.signal(own, Slot.S0);
        line.close();
        assertEquals(GpuException.Kind.CLOSED, assertThrows(GpuException.class, () -> line.signal(own, Slot.S0)).kind());
        assertEquals(GpuException.Kind.CLOSED, assertThrows(GpuException.class, ticket::isDone).kind());
        assertThrows(IllegalStateException.class, () -> line.words().getAcquire(Slot.S0));
    }

    @Test
    void concurrentClosersFreeAndReleaseExactlyOnceAndAllReturnClosed() throws InterruptedException {
        for (int round = 0; round < 50; round++) {
            MappedLine<Stream, Domain> line = open();
            line.signal(own, Slot.S0);
            int threads = 8;
            CountDownLatch start = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(threads);
            List<Line.State> seen = new CopyOnWriteArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread.ofPlatform().start(() -> {
                    try {
                        start.await();
                        line.close();
                        seen.add(line.state());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        done.countDown();
                    }
                });
            }
            start.countDown();
            assertTrue(done.await(10, TimeUnit.SECONDS));
            assertEquals(threads, seen.size());
            assertTrue(seen.stream().allMatch(s -> s == Line.State.CLOSED), "every closer returns after the close: " + seen);
        }
        assertEquals(50, driver.pages.stream().filter(p -> p.frees == 1).count());
        assertEquals(0, driver.unreleasedRetains());
        assertEquals(List.of(), driver.violations);
    }

    @Test
    void aLineNeverClosedIsReportedAndItsPageKept() throws InterruptedException {
        openAndForget();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (leaks.isEmpty() && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(10);
        }
        assertEquals(List.of("NEVER_CLOSED " + Long.toHexString(driver.pages.getFirst().memory.address()) + " 4096"), leaks);
        assertEquals(1, driver.livePages(), "the detector frees nothing: the device may still write the page");
        assertEquals(1, driver.unreleasedRetains());
    }

    private void openAndForget() {
        open().signal(own, Slot.S0);
    }

    @Test
    void aClosedLineIsNotReportedAsNeverClosed() throws InterruptedException {
        MappedLine<Stream, Domain> closed = open();
        closed.close();
        closed = null;
        // A control that is never closed: once its report arrives, the detector has run on
        // both, since both became unreachable before it.
        openAndForget();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (leaks.isEmpty() && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(10);
        }
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertEquals(1, leaks.size(), "only the control is reported: " + leaks);
    }

    @Test
    void aFailingCloseActionNeitherStopsTheOthersNorUndoesTheClose() {
        MappedLine<Stream, Domain> line = open();
        List<String> ran = new CopyOnWriteArrayList<>();
        line.onClose(() -> {
            throw new IllegalStateException("first");
        });
        line.onClose(() -> ran.add("second"));
        IllegalStateException e = assertThrows(IllegalStateException.class, line::close);
        assertEquals("first", e.getMessage());
        assertEquals(List.of("second"), ran);
        assertEquals(Line.State.CLOSED, line.state());
        line.close();
        assertEquals(List.of("second"), ran, "each action runs once");
    }

    // The fake driver, noting the streams each settle is given.
    private LineDriver<Stream, Domain> recordingSettles(List<List<Stream>> settled) {
        return new ForwardingLineDriver<>(driver) {
            @Override
            public boolean settle(Domain domain, List<Stream> streams, long deadlineNanos) {
                settled.add(List.copyOf(streams));
                return super.settle(domain, streams, deadlineNanos);
            }
        };
    }

    @Test
    void theDeviceAddressComesOnlyWithAStreamWhichTheCloseSettles() {
        List<List<Stream>> settled = new CopyOnWriteArrayList<>();
        LineDriver<Stream, Domain> watched = recordingSettles(settled);
        MappedLine<Stream, Domain> line = MappedLine.open(watched, reporter);
        // A bare address could go to work on any stream, which the close could not wait for.
        assertThrows(UnsupportedOperationException.class, () -> line.deviceAddress(Slot.S2));
        assertEquals(GpuException.Kind.FOREIGN_STREAM,
                assertThrows(GpuException.class, () -> line.deviceAddress(foreign, Slot.S2)).kind());
        assertEquals(line.deviceAddress(ownOther, Slot.S0) + 16, line.deviceAddress(ownOther, Slot.S2));
        line.close();
        assertEquals(List.of(List.of(ownOther)), settled, "the close settles the stream the address went to");
        assertEquals(List.of(), driver.violations);
    }

    @Test
    void theSettleLeavesOutAStreamOnceNothingTheLineQueuedThereCanTouchThePage() {
        List<List<Stream>> settled = new CopyOnWriteArrayList<>();
        LineDriver<Stream, Domain> watched = recordingSettles(settled);
        Stream pending = new Stream(1, 3);
        Stream waitedThenStored = new Stream(1, 4);
        MappedLine<Stream, Domain> line = MappedLine.open(watched, reporter);
        // Its stores landed: the stream may be gone by the close, which must not touch it.
        line.signal(own, Slot.S0);
        line.signal(own, Slot.S1);
        driver.run(own, 2);
        // Its store landed, but a device-side wait came after it and reads the page until it ran.
        line.signal(ownOther, Slot.S2);
        driver.run(ownOther, 1);
        line.waitOnDevice(ownOther, Slot.S0, 2);
        // A store still queued.
        line.signal(pending, Slot.S3);
        // A wait, then a store behind it that landed: the wait ran before it.
        line.waitOnDevice(waitedThenStored, Slot.S5, 0);
        line.signal(waitedThenStored, Slot.S5);
        driver.run(waitedThenStored, 1);
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
        assertEquals(List.of(List.of(ownOther, pending)), settled);
        assertEquals(List.of(), driver.violations);
    }

    @Test
    void aWaitAheadOfItsStoreIsRefusedWhereTheDriverSaysSoAndAWaitBehindItIsNot() {
        List<Stream> asked = new CopyOnWriteArrayList<>();
        LineDriver<Stream, Domain> sharedQueues = new ForwardingLineDriver<>(driver) {
            @Override
            public void checkWaitAheadOfStore(Stream stream) throws LineException {
                asked.add(stream);
                throw new LineException(LineError.UNAVAILABLE, "the store could queue behind the wait");
            }
        };
        MappedLine<Stream, Domain> line = MappedLine.open(sharedQueues, reporter);
        GpuException e = assertThrows(GpuException.class, () -> line.waitOnDevice(ownOther, Slot.S0, 1));
        assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
        assertTrue(e.getMessage().contains("whose store is not queued yet (the last queued is 0)")
                && e.getMessage().contains("the store could queue behind the wait"), e.getMessage());
        assertEquals(0, driver.waits, "the refused wait was queued");
        // Its store queued first, on any stream: no ordering of the device can put the wait ahead of it.
        line.signal(own, Slot.S0);
        line.waitOnDevice(ownOther, Slot.S0, 1);
        line.waitOnDevice(ownOther, Slot.S0, 0);
        assertEquals(2, driver.waits);
        assertEquals(List.of(ownOther), asked, "asked only for the wait ahead of its store");
        driver.run(1);
        line.close();
        assertEquals(Line.State.CLOSED, line.state());
        assertEquals(List.of(), driver.violations);
    }

    @Test
    void aLineWhoseStoresAllLandedClosesWithoutASettle() {
        MappedLine<Stream, Domain> line = open();
        for (int id = 1; id <= 20; id++) {
            line.signal(new Stream(1, id), Slot.S0);
            driver.run(1);
        }
        driver.failing.add(Call.SETTLE);
        line.close();
        assertEquals(Line.State.CLOSED, line.state(), "a settle was asked, though nothing could touch the page");
        assertEquals(List.of(), leaks);
        assertEquals(List.of(), driver.violations);
    }

    @Test
    void aClosedLineAnswersNeitherHealthNorAddresses() {
        MappedLine<Stream, Domain> line = open();
        line.close();
        assertEquals(GpuException.Kind.CLOSED, assertThrows(GpuException.class, line::checkHealth).kind());
        assertEquals(GpuException.Kind.CLOSED, assertThrows(GpuException.class, () -> line.deviceAddress(own, Slot.S0)).kind());
    }

    @Test
    void usersGetAReadOnlyViewOfTheWords() {
        try (MappedLine<Stream, Domain> line = open()) {
            assertTrue(line.words().isReadOnly());
            assertThrows(UnsupportedOperationException.class, () -> line.words().setRelease(Slot.S0, 5));
        }
    }

    @Test
    void aHostGetsTheViewOfEveryMappedLineAndIsToldWhatIsWrongWithAnyOtherLine() {
        try (MappedLine<Stream, Domain> line = MappedLine.open(driver, reporter)) {
            Line<Stream> asTheApplicationSeesIt = line;
            assertSame(line, HostLine.of(asTheApplicationSeesIt));
            // A line that is not a host's (a wrapper an application made around the real one).
            @SuppressWarnings("unchecked")
            Line<Stream> wrapper = (Line<Stream>) java.lang.reflect.Proxy.newProxyInstance(Line.class.getClassLoader(),
                    new Class<?>[] {Line.class}, (proxy, method, arguments) -> method.getName().equals("toString")
                            ? "a wrapper" : method.invoke(line, arguments));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HostLine.of(wrapper));
            assertTrue(e.getMessage().startsWith("a wrapper (a " + wrapper.getClass().getName() + ") is not a line a backend opened"),
                    e.getMessage());
            assertThrows(NullPointerException.class, () -> HostLine.of(null));
        }
    }

    private static final WakeModel MODEL = new WakeModel(WakeModel.DEFAULT_QUANTILE, new TimerLateness());

    @Test
    void onePredictionGivesTheLandingTheWakeAndTheSpinFromOneLook() {
        long[] now = {1_000};
        try (MappedLine<Stream, Domain> line = MappedLine.open(driver, reporter, () -> now[0])) {
            Prediction prediction = new Prediction();
            prediction.set(7, 8, 9);
            line.predict(Slot.S4, line.signal(own, Slot.S4).target(), MODEL, prediction);
            assertEquals(io.gpuasync.core.DeadlineEstimator.UNKNOWN, prediction.landing(), "nothing learned yet");
            assertEquals(io.gpuasync.core.DeadlineEstimator.UNKNOWN, prediction.wakeAt());
            assertEquals(io.gpuasync.core.DeadlineEstimator.UNKNOWN, prediction.spinUntil());
            line.expect(Slot.S4, java.time.Duration.ofNanos(300));
            long target = line.signal(own, Slot.S4).target();
            line.predict(Slot.S4, target, MODEL, prediction);
            assertTrue(prediction.landing() != io.gpuasync.core.DeadlineEstimator.UNKNOWN, "told the service time");
            assertTrue(prediction.wakeAt() - prediction.landing() <= 0, "woken at or before the landing: " + prediction);
            assertTrue(prediction.spinUntil() - prediction.landing() >= 0, "spun until at or after it: " + prediction);
        }
    }

    private static long landing(HostLine<?> line, Slot slot, long target) {
        Prediction prediction = new Prediction();
        line.predict(slot, target, MODEL, prediction);
        return prediction.landing();
    }

    private static long wakeAt(HostLine<?> line, Slot slot, long target) {
        Prediction prediction = new Prediction();
        line.predict(slot, target, MODEL, prediction);
        return prediction.wakeAt();
    }

    @Test
    void theLinePredictsFromWhatItWasToldAndLearnsFromWhatItSaw() {
        long[] now = {1_000};
        try (MappedLine<Stream, Domain> line = MappedLine.open(driver, reporter, () -> now[0])) {
            Ticket unknown = line.signal(own, Slot.S0);
            assertEquals(io.gpuasync.core.DeadlineEstimator.UNKNOWN, wakeAt(line, Slot.S0, unknown.target()));
            driver.run(1);
            now[0] = 1_400;
            assertTrue(unknown.isDone());
            assertEquals(io.gpuasync.core.DeadlineEstimator.UNKNOWN, landing(line, Slot.S0, unknown.target() + 1),
                    "reached, and so isDone, is a plain read: it teaches the estimator nothing");
            // The host hands over the word it read, once: the estimator learns 400 ns.
            line.observe(Slot.S0, line.word(Slot.S0));
            Ticket next = line.signal(own, Slot.S0);
            assertEquals(1_800, landing(line, Slot.S0, next.target()));
            assertEquals(1_800 - 2 * 200, wakeAt(line, Slot.S0, next.target()), "two spreads ahead, so few samples");
            line.expect(Slot.S1, java.time.Duration.ofNanos(50));
            assertEquals(1_450, landing(line, Slot.S1, line.signal(own, Slot.S1).target()));
            assertEquals(0, line.accuracy().predictions());
        }
    }

    @Test
    void aWordHandedInByEveryWaitOfABatchTeachesOnceAndANewerOneStillTeaches() {
        long[] now = {1_000};
        try (MappedLine<Stream, Domain> line = MappedLine.open(driver, reporter, () -> now[0])) {
            line.expect(Slot.S2, java.time.Duration.ofNanos(100));
            line.signal(own, Slot.S2);
            line.signal(own, Slot.S2);
            driver.run(2);
            now[0] = 1_200;
            for (int wait = 0; wait < 5; wait++) {
                line.observe(Slot.S2, 2);
            }
            line.observe(Slot.S2, 1);
            assertEquals(1, line.accuracy().predictions(), "the batch's word, scored once; an older word, not at all");
            Ticket third = line.signal(own, Slot.S2);
            driver.run(1);
            now[0] = 1_350;
            line.observe(Slot.S2, 3, 1_250, 1_300, 1_350);
            assertEquals(2, line.accuracy().predictions(), "a newer word still reaches the estimator");
            assertEquals(io.gpuasync.core.DeadlineEstimator.UNKNOWN, landing(line, Slot.S2, third.target()));
        }
    }

    @Test
    void closeActionsRunOnceAfterTheLineIsClosedAndAtOnceWhenLate() {
        MappedLine<Stream, Domain> line = open();
        List<String> ran = new CopyOnWriteArrayList<>();
        line.onClose(() -> ran.add("early saw " + line.state()));
        line.close();
        line.close();
        line.onClose(() -> ran.add("late"));
        assertEquals(List.of("early saw CLOSED", "late"), ran);
    }

    @Test
    void aDriverThatReportsAStickyErrorFailsTheHealthCheckWithItsStatus() {
        LineDriver<Stream, Domain> broken = new ForwardingLineDriver<>(driver) {
            @Override
            public void checkHealth(Domain domain) throws LineException {
                throw new LineException(LineError.ofStatus(700), "cuCtxSynchronize");
            }
        };
        try (MappedLine<Stream, Domain> healthy = open(); MappedLine<Stream, Domain> sick = MappedLine.open(broken, reporter)) {
            healthy.checkHealth();
            GpuException e = assertThrows(GpuException.class, sick::checkHealth);
            assertEquals(GpuException.Kind.DEVICE_FAILED, e.kind());
            assertEquals(700, e.status());
        }
    }

    @Test
    void lineErrorsMapToTheOriginalIntegersAndKinds() {
        assertEquals(700, LineError.ofStatus(700).status());
        assertEquals(-1, LineError.UNAVAILABLE.status());
        assertEquals(-3, LineError.NO_DOMAIN.status());
        assertEquals(-4, LineError.FOREIGN_STREAM.status());
        assertEquals("driver status 700", LineError.ofStatus(700).message());
        assertSame(GpuException.Kind.DRIVER_STATUS, LineError.ofStatus(1).kind());
        assertThrows(IllegalArgumentException.class, () -> LineError.ofStatus(0));
        assertThrows(IllegalArgumentException.class, () -> new LineError.Status(0));
    }

    @Test
    void anUnavailableProviderSaysWhyAndRefusesToOpen() {
        BackendProvider missing = new BackendProvider() {
            @Override
            public String name() {
                return "cuda";
            }

            @Override
            public Optional<Throwable> unavailabilityCause() {
                return Optional.of(new UnsatisfiedLinkError("libcuda.so.1: cannot open shared object file"));
            }

            @Override
            public Backend<?> backend() {
                ensureAvailability();
                throw new AssertionError("unreachable");
            }
        };
        assertFalse(missing.isAvailable());
        GpuException e = assertThrows(GpuException.class, missing::backend);
        assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
        assertEquals(-1, e.status());
        assertEquals("backend cuda is unavailable: libcuda.so.1: cannot open shared object file", e.getMessage());
    }

    @Test
    void theViewIsTheFirstSixtyFourBytesOfThePage() {
        try (MappedLine<Stream, Domain> line = open()) {
            MemorySegment page = driver.pages.getFirst().memory;
            assertEquals(page.address(), line.words().address());
            page.set(java.lang.foreign.ValueLayout.JAVA_LONG, 56, 99);
            assertEquals(99, line.words().getAcquire(Slot.S7));
            assertEquals(FakeDriver.GARBAGE, page.get(java.lang.foreign.ValueLayout.JAVA_LONG, 64),
                    "the rest of the page is not the line's");
        }
    }
}
