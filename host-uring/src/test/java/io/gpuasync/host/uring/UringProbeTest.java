package io.gpuasync.host.uring;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The probe on this kernel, and each way it refuses, made to happen by feeding it other inputs. */
class UringProbeTest {
    @Test
    void thisKernelRunsTheHost() {
        assumeTrue(Uring.isAvailable(), () -> "io_uring unavailable here: " + Uring.unavailabilityCause().orElseThrow());
        UringProbe probe = Uring.probe();
        assertEquals(List.of("IORING_OP_NOP", "IORING_OP_TIMEOUT", "IORING_OP_TIMEOUT_REMOVE", "IORING_OP_READ"), probe.opcodes());
        assertTrue(probe.features() != 0);
        Uring.ensureAvailability();
    }

    @Test
    void disabledForEveryProcessIsRefusedWithTheSetting(@TempDir Path dir) throws Exception {
        Path setting = Files.writeString(dir.resolve("io_uring_disabled"), "2\n");
        UringProbe probe = UringProbe.run("true", "Linux", setting);
        assertFalse(probe.isAvailable());
        assertEquals("io_uring is disabled for every process: " + setting + " = 2", probe.cause().orElseThrow().getMessage());
    }

    @Test
    void theSystemPropertyTurnsItOff() {
        UringProbe probe = UringProbe.run("false", "Linux", UringProbe.DISABLED_SETTING);
        assertEquals("the io_uring host is turned off by -Dgar.uring.enabled=false", probe.cause().orElseThrow().getMessage());
    }

    @Test
    void anotherSystemIsRefused() {
        UringProbe probe = UringProbe.run("true", "Mac OS X", UringProbe.DISABLED_SETTING);
        assertEquals("io_uring is a Linux interface; this is Mac OS X", probe.cause().orElseThrow().getMessage());
    }

    @Test
    void anUnreadableSettingIsRefusedWithTheReason(@TempDir Path dir) {
        UringProbe probe = UringProbe.run("true", "Linux", dir);    // a directory: read fails, not absent
        assertTrue(probe.cause().orElseThrow().getMessage().startsWith("cannot read " + dir), probe.cause().orElseThrow().getMessage());
    }

    @Test
    void aMissingSettingMeansAnOlderKernelAndSetupDecides(@TempDir Path dir) {
        assumeTrue(Uring.isAvailable(), () -> "io_uring unavailable here: " + Uring.unavailabilityCause().orElseThrow());
        assertTrue(UringProbe.run("true", "Linux", dir.resolve("absent")).isAvailable());
    }

    @Test
    void aKernelLackingAnOpcodeIsRefusedNamingIt() {
        Throwable cause = UringProbe.missingOpcodes(List.of("IORING_OP_READ")).orElseThrow();
        assertTrue(cause.getMessage().startsWith("the kernel's io_uring lacks IORING_OP_READ (IORING_REGISTER_PROBE)"), cause.getMessage());
        assertTrue(UringProbe.missingOpcodes(List.of()).isEmpty());
    }
}
