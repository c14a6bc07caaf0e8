package io.gpuasync.host.uring.internal;

import io.gpuasync.host.uring.SyscallException;
import io.gpuasync.host.uring.Uring;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The ring against this machine's kernel: real io_uring_setup, mmap, io_uring_enter. The
 * {@code @Timeout}s guard against a hang; no assertion is about how long anything took.
 */
@Timeout(60)
class RingTest {
    record Cqe(long userData, int res, int flags) {
    }

    @BeforeAll
    static void kernelRunsIoUring() {
        assumeTrue(Uring.isAvailable(), () -> "io_uring unavailable here: " + Uring.unavailabilityCause().orElseThrow());
    }

    private static List<Cqe> waitFor(Ring ring, int count) {
        List<Cqe> seen = new ArrayList<>();
        while (seen.size() < count) {
            ring.enter(1, 0);
            ring.reap((userData, res, flags) -> seen.add(new Cqe(userData, res, flags)));
        }
        return seen;
    }

    @Test
    void aNopComesBackWithItsUserData() {
        try (Ring ring = Ring.open(8)) {
            assertTrue(ring.sqEntries() >= 8, "entries " + ring.sqEntries());
            for (int round = 0; round < 3 * ring.sqEntries(); round++) {    // wraps the rings several times
                ring.prepareNop(round);
                assertEquals(List.of(new Cqe(round, 0, 0)), waitFor(ring, 1));
            }
        }
    }

    @Test
    void aFullSubmissionQueueIsSubmittedNotOverwritten() {
        try (Ring ring = Ring.open(4)) {
            int n = ring.sqEntries() + 3;
            for (int i = 0; i < n; i++) {
                ring.prepareNop(100 + i);
            }
            List<Cqe> seen = waitFor(ring, n);
            assertEquals(n, seen.size());
            for (int i = 0; i < n; i++) {
                assertEquals(100 + i, seen.get(i).userData());
            }
        }
    }

    @Test
    void anAbsoluteTimeoutOnTheMonotonicClockFiresAtNanoTime() {
        try (Ring ring = Ring.open(4)) {
            long deadline = System.nanoTime() + 2_000_000;
            ring.prepareAbsoluteTimeout(deadline, 7);
            List<Cqe> seen = waitFor(ring, 1);
            long after = System.nanoTime();
            assertEquals(new Cqe(7, -UringAbi.ETIME, 0), seen.getFirst());
            // CLOCK_MONOTONIC is System.nanoTime's clock: the kernel never fires before the deadline on it.
            assertTrue(after >= deadline, "fired " + (deadline - after) + " ns before its deadline");
        }
    }

    @Test
    void anUpdateMovesThePendingTimeout() {
        try (Ring ring = Ring.open(4)) {
            long farAway = System.nanoTime() + 3_600_000_000_000L;
            ring.prepareAbsoluteTimeout(farAway, 1);
            ring.enter(0, 0);
            long soon = System.nanoTime() + 1_000_000;
            ring.prepareTimeoutUpdate(1, soon, 2);
            List<Cqe> seen = waitFor(ring, 2);
            // The update answers first (0: it found the timeout); then the moved timeout fires.
            assertEquals(new Cqe(2, 0, 0), seen.get(0));
            assertEquals(new Cqe(1, -UringAbi.ETIME, 0), seen.get(1));
            assertTrue(System.nanoTime() >= soon);
        }
    }

    @Test
    void movingOrRemovingATimeoutThatIsGoneAnswersENOENT() {
        try (Ring ring = Ring.open(4)) {
            ring.prepareTimeoutUpdate(99, System.nanoTime(), 3);
            ring.prepareTimeoutRemove(99, 4);
            assertEquals(List.of(new Cqe(3, -UringAbi.ENOENT, 0), new Cqe(4, -UringAbi.ENOENT, 0)), waitFor(ring, 2));
        }
    }

    @Test
    void aRemovedTimeoutEndsCancelled() {
        try (Ring ring = Ring.open(4)) {
            ring.prepareAbsoluteTimeout(System.nanoTime() + 3_600_000_000_000L, 5);
            ring.enter(0, 0);
            ring.prepareTimeoutRemove(5, 6);
            List<Cqe> seen = waitFor(ring, 2);
            assertTrue(seen.contains(new Cqe(6, 0, 0)), seen.toString());
            assertTrue(seen.contains(new Cqe(5, -UringAbi.ECANCELED, 0)), seen.toString());
        }
    }

    @Test
    void theProbeListsTheOpcodesTheHostUses() {
        try (Ring ring = Ring.open(4)) {
            boolean[] supported = ring.probeOpcodes();
            assertTrue(supported[UringAbi.IORING_OP_TIMEOUT]);
            assertTrue(supported[UringAbi.IORING_OP_TIMEOUT_REMOVE]);
            assertTrue(supported[UringAbi.IORING_OP_READ]);
            assertTrue((ring.features() & UringAbi.IORING_FEAT_NODROP) != 0);
        }
    }

    @Test
    void aFailingSyscallNamesItselfAndItsErrno() {
        try (Ring ring = Ring.open(4)) {
            // Bit 30 is no io_uring_enter flag: the kernel refuses the call with EINVAL.
            SyscallException e = assertThrows(SyscallException.class, () -> ring.enter(0, 1 << 30));
            assertEquals("EINVAL", e.errnoName());
            assertEquals(UringAbi.EINVAL, e.errno());
            assertTrue(e.getMessage().startsWith("io_uring_enter(ring fd " + ring.fd()), e.getMessage());
            assertTrue(e.getMessage().endsWith("failed: -EINVAL (Invalid argument)"), e.getMessage());
        }
    }

    @Test
    void aRefusedSetupNamesItsCallFlagsAndErrno() {
        // Bit 31 is no IORING_SETUP_* flag: the kernel refuses the setup itself with EINVAL, and
        // the failure comes back through the path an EPERM or ENOMEM would take.
        SyscallException e = assertThrows(SyscallException.class, () -> Ring.open(4, 1 << 31));
        assertEquals("io_uring_setup(entries=4, flags=0x80000010) failed: -EINVAL (Invalid argument)", e.getMessage());
        assertEquals("io_uring_setup(entries=4, flags=0x80000010)", e.call());
        assertEquals(UringAbi.EINVAL, e.errno());
        // Nothing was acquired, so nothing is left: a ring opens as before.
        try (Ring ring = Ring.open(4)) {
            assertTrue(ring.fd() >= 0);
        }
    }

    @Test
    void aClosedRingRefusesWorkAndClosesOnce() {
        Ring ring = Ring.open(4);
        ring.close();
        ring.close();
        assertTrue(ring.isClosed());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ring.prepareNop(1));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Ring.open(0));
    }
}
