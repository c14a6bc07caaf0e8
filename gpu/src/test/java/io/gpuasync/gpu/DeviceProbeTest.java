package io.gpuasync.gpu;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The probe against the fake drivers the build makes (the surefire configuration names them). */
class DeviceProbeTest {

    @Test
    void theCudaProbeReadsTheDriversOwnVersionAndEveryDevice() {
        Map<String, String> found = DeviceProbe.probe(DeviceProbe.api("cuda"));
        assertFalse(found.containsKey("error"), found::toString);
        assertTrue(found.get("library").endsWith("fake-cuda/libcuda.so.1"), found::toString);
        assertTrue(found.get("driver_kind").startsWith("fake"), found::toString);
        assertEquals("12080 (12.8)", found.get("driver_version"));
        assertEquals("2", found.get("devices"));
        assertTrue(found.get("device.1.name").startsWith("fake device 1"), found::toString);
        assertEquals("16384", found.get("device.0.memory_mib"));
        assertEquals("yes", found.get("device.0.stream_mem_ops_64"));
    }

    @Test
    void theHipProbeReadsTheDriverAndTheRuntimeVersions() {
        Map<String, String> found = DeviceProbe.probe(DeviceProbe.api("hip"));
        assertFalse(found.containsKey("error"), found::toString);
        assertEquals("50222142 (5.2.22142)", found.get("driver_version"));
        assertEquals("50222142 (5.2.22142)", found.get("runtime_version"));
        assertTrue(found.get("device.0.name").startsWith("fake device 0"), found::toString);
    }

    /**
     * The Vulkan probe on the driver the loader runs (Mesa's lavapipe here and in CI, which
     * installs it; elsewhere without Vulkan it is skipped, saying why): every device named, the
     * first one's driver and Vulkan version read out of the backend's description.
     */
    @Test
    void theVulkanProbeDescribesEveryPhysicalDevice() {
        java.util.Optional<Throwable> unavailable = io.gpuasync.backend.vulkan.VulkanBackend.unavailability();
        if (unavailable.isPresent() && !"true".equals(System.getenv("CI"))) {
            org.junit.jupiter.api.Assumptions.abort("no usable Vulkan here (" + unavailable.orElseThrow().getMessage()
                    + "); install mesa-vulkan-drivers libvulkan1, as .ci/run does");
        }
        Map<String, String> found = DeviceProbe.probeVulkan();
        assertFalse(found.containsKey("error"), found::toString);
        assertTrue(found.get("driver_kind").startsWith("real"), found::toString);
        int devices = Integer.parseInt(found.get("devices"));
        assertTrue(devices >= 1, found::toString);
        for (int d = 0; d < devices; d++) {
            String description = found.get("device." + d + ".description");
            assertTrue(description.startsWith(found.get("device." + d + ".name") + ", driver "), found::toString);
        }
        assertTrue(found.get("device.0.description").contains(found.get("driver_version")), found::toString);
        assertTrue(found.get("vulkan_version").matches("1\\.[0-9]+\\.[0-9]+"), found::toString);
    }

    @Test
    void versionsAreReadTheWayEachVendorEncodesThem() {
        assertEquals("12080 (12.8)", DeviceProbe.versionOf("cuda", 12080));
        assertEquals("13000 (13.0)", DeviceProbe.versionOf("cuda", 13000));
        assertEquals("60443482 (6.4.43482)", DeviceProbe.versionOf("hip", 60443482));
    }

    /**
     * The probe's HIP calls are in Debian's real libamdhip64-5 (which .ci/run installs): a
     * misspelt symbol would first show on an AMD machine otherwise.
     */
    @Test
    void theHipProbesSymbolsAreInTheRealRuntime() {
        java.util.Optional<java.lang.foreign.SymbolLookup> real = realHip();
        org.junit.jupiter.api.Assumptions.assumeTrue(real.isPresent(),
                "the HIP runtime is not installed here; apt-get install libamdhip64-5, as .ci/run does");
        for (String symbol : DeviceProbe.api("hip").symbols()) {
            assertTrue(real.orElseThrow().find(symbol).isPresent(), "libamdhip64 has no " + symbol);
        }
    }

    @SuppressWarnings("restricted")
    private static java.util.Optional<java.lang.foreign.SymbolLookup> realHip() {
        try {
            return java.util.Optional.of(java.lang.foreign.SymbolLookup.libraryLookup("libamdhip64.so.5",
                    java.lang.foreign.Arena.global()));
        } catch (IllegalArgumentException notInstalled) {
            return java.util.Optional.empty();
        }
    }
}
