package io.gpuasync.backend.hip;

import io.gpuasync.api.GpuException;
import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.backend.hip.internal.HipLibrary;
import io.gpuasync.spi.MappedLine;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bindings against the real HIP runtime: Debian's libamdhip64-5 (HIP 5.2), which .ci/run
 * installs. Every entry point the backend uses must be found in it (a misspelt symbol fails
 * here), and on a machine without an AMD GPU its real "no device" statuses must surface as the
 * right errors with HIP's own names.
 */
class RealHipLibraryTest {

    @BeforeAll
    static void theRealLibrary() {
        Assumptions.assumeTrue(HipLibrary.LIBRARY.loadFailure().isEmpty(), () -> "the HIP runtime is not installed here ("
                + HipLibrary.LIBRARY.loadFailure().orElseThrow().getMessage() + "); apt-get install libamdhip64-5, as .ci/run does");
    }

    @Test
    void everyEntryPointTheBackendUsesIsInTheLibrary() {
        for (Hip.Function function : Hip.FUNCTIONS) {
            assertTrue(Hip.has(function), "libamdhip64 has no " + function.symbol());
        }
    }

    @Test
    void statusesCarryHipsOwnNames() {
        assertEquals("hipErrorNoDevice", HipStatus.NAMES.name(Hip.HIP_ERROR_NO_DEVICE));
        assertEquals("hipErrorInvalidDevice", HipStatus.NAMES.name(Hip.HIP_ERROR_INVALID_DEVICE));
        assertEquals("hipSuccess", HipStatus.NAMES.name(Hip.HIP_SUCCESS));
    }

    @Test
    void withoutADeviceTheBackendIsUnavailableSayingWhy() {
        Assumptions.assumeTrue(HipBackend.unavailability().isPresent(), "this machine has an AMD GPU");
        String cause = HipBackend.unavailability().orElseThrow().getMessage();
        assertTrue(cause.contains("hipErrorNoDevice") || cause.contains("no device"), cause);
        GpuException e = org.junit.jupiter.api.Assertions.assertThrows(GpuException.class, HipBackend::load);
        assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
    }

    @Test
    void withoutADeviceALineHasNoDomainAndTheMessageNamesHipsStatus() {
        Assumptions.assumeTrue(HipBackend.unavailability().isPresent(), "this machine has an AMD GPU");
        GpuException e = org.junit.jupiter.api.Assertions.assertThrows(GpuException.class,
                () -> MappedLine.open(new HipDriver(false), (reason, line, address, bytes) -> { }));
        assertEquals(GpuException.Kind.NO_DOMAIN, e.kind());
        assertEquals(-3, e.status());
        assertTrue(e.getMessage().contains("hipGetDevice returned 101 (hipErrorInvalidDevice)")
                || e.getMessage().contains("(hipErrorNoDevice)"), e.getMessage());
    }

    /**
     * HIP 5.2.3 resolves the per-thread handle (0x2) inside hipGetStreamDeviceId without
     * validating it, and without a device that segfaults the process (seen on Debian's
     * libamdhip64-5 5.2.3): the line must refuse it before any call. Reaching the runtime here
     * would end this test's JVM.
     */
    @Test
    void thePerThreadHandleIsRefusedBeforeTheRuntimeSeesIt() {
        io.gpuasync.spi.LineException e = org.junit.jupiter.api.Assertions.assertThrows(io.gpuasync.spi.LineException.class,
                () -> new HipDriver(false).streamIn(HipStream.wrap(Hip.HIP_STREAM_PER_THREAD, 0), new HipDevice(0, 0)));
        assertEquals(-4, e.error().status());
    }

    /** An unknown handle is refused by the runtime's own validation (-1), not trusted by its wrapper's device. */
    @Test
    void aHandleTheRuntimeDoesNotKnowIsRefusedByItsOwnValidation() {
        io.gpuasync.spi.LineException e = org.junit.jupiter.api.Assertions.assertThrows(io.gpuasync.spi.LineException.class,
                () -> new HipDriver(false).streamIn(HipStream.wrap(0x7f00_1234_0000L, 0), new HipDevice(0, 0)));
        assertEquals(-4, e.error().status());
        assertTrue(e.getMessage().contains("hipGetStreamDeviceId returned -1"), e.getMessage());
    }
}
