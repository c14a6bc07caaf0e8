package io.gpuasync.gpu;

import io.gpuasync.backend.cuda.internal.CudaLibrary;
import io.gpuasync.backend.hip.internal.HipLibrary;
import io.gpuasync.backend.vulkan.VulkanBackend;
import io.gpuasync.backend.vulkan.internal.VulkanLibrary;
import io.gpuasync.spi.ffm.NativeLibrary;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the check records of the device before anything else runs: the vendor library the
 * backend will load (the same property and environment variable, so a fake is described as a
 * fake), the driver's version as the driver itself reports it ({@code cuDriverGetVersion},
 * {@code hipDriverGetVersion}), and each device's name and memory. These calls are not the
 * backends' (they bind only what a line needs), so the probe binds them here. For Vulkan the
 * backend's own description is the probe ({@link VulkanBackend#describeDevices()}: each physical
 * device's {@code vkGetPhysicalDeviceProperties} and driver properties, and what it lacks of what
 * a line needs), with the loader it loaded and the driver manifests it was pointed at.
 *
 * <pre>DeviceProbe cuda|hip|vulkan FILE</pre>
 *
 * writes {@code key: value} lines to FILE and to standard output ({@code driver_kind} says whether
 * the library is a real driver or one of the build's fakes). Exit status 0 with at least
 * one device and no error, 1 otherwise (the lines say why), 2 on bad arguments.
 */
public final class DeviceProbe {
    private static final Linker LINKER = Linker.nativeLinker();
    // <cuda.h> CUdevice_attribute values.
    private static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
    private static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
    private static final int CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS = 122;
    private static final int NAME_BYTES = 256;
    // A test hook both fakes export (fake_cuda.c, fake_hip.c).
    private static final String FAKE_HOOK = "fakePrimaryRefs";

    /** A vendor library and the calls the probe makes into it. */
    record Api(String name, NativeLibrary library, String init, String driverVersion, String runtimeVersion,
               String deviceCount, String deviceName, String totalMemory) {
        /** Every symbol the probe looks up in this API's library. */
        List<String> symbols() {
            List<String> symbols = new ArrayList<>(List.of(init, driverVersion, deviceCount, deviceName, totalMemory));
            if (runtimeVersion != null) {
                symbols.add(runtimeVersion);
            }
            if (name.equals("cuda")) {
                symbols.add("cuDeviceGetAttribute");
            }
            return symbols;
        }
    }

    private static final Api CUDA = new Api("cuda",
            new NativeLibrary(CudaLibrary.PROPERTY, CudaLibrary.ENVIRONMENT, "libcuda.so.1"),
            "cuInit", "cuDriverGetVersion", null, "cuDeviceGetCount", "cuDeviceGetName", "cuDeviceTotalMem_v2");
    // The names the HIP backend tries, newest soname first (HipLibrary's list).
    private static final Api HIP = new Api("hip",
            new NativeLibrary(HipLibrary.PROPERTY, HipLibrary.ENVIRONMENT,
                    "libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5"),
            "hipInit", "hipDriverGetVersion", "hipRuntimeGetVersion", "hipGetDeviceCount", "hipDeviceGetName",
            "hipDeviceTotalMem");

    private DeviceProbe() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !(args[0].equals("cuda") || args[0].equals("hip") || args[0].equals("vulkan"))) {
            System.err.println("usage: DeviceProbe cuda|hip|vulkan FILE");
            System.exit(2);
            return;
        }
        Map<String, String> found = args[0].equals("vulkan") ? probeVulkan() : probe(api(args[0]));
        String text = found.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining("\n", "", "\n"));
        Files.writeString(Path.of(args[1]), text);
        System.out.print(text);
        System.exit(found.containsKey("error") || found.getOrDefault("devices", "0").equals("0") ? 1 : 0);
    }

    /**
     * Vulkan's devices as the backend reads them: the loader, the manifests it was pinned to
     * ({@code VK_DRIVER_FILES}), each physical device's name, driver and Vulkan version and what
     * it lacks; "error" says why no line can live here (no loader, no instance, no usable device).
     */
    static Map<String, String> probeVulkan() {
        Map<String, String> found = new LinkedHashMap<>();
        found.put("api", "vulkan");
        found.put("library", VulkanLibrary.LIBRARY.location());
        String pinned = System.getenv("VK_DRIVER_FILES");
        found.put("driver_files", pinned == null || pinned.isEmpty() ? "(VK_DRIVER_FILES unset: the loader's own search)" : pinned);
        if (VulkanLibrary.LIBRARY.loadFailure().isPresent()) {
            found.put("error", "cannot load " + VulkanLibrary.LIBRARY.location() + ": "
                    + VulkanLibrary.LIBRARY.loadFailure().orElseThrow().getMessage());
            return found;
        }
        // The project has no fake Vulkan driver: whatever the loader runs is a vendor's.
        found.put("driver_kind", "real (no fake Vulkan driver exists here; which one ran is device.N.description)");
        List<String> described;
        try {
            described = VulkanBackend.describeDevices();
        } catch (RuntimeException noInstance) {
            found.put("error", String.valueOf(noInstance.getMessage()));
            return found;
        }
        found.put("devices", Integer.toString(described.size()));
        for (int device = 0; device < described.size(); device++) {
            // "NAME, driver DRIVER, Vulkan VERSION: ready (...)" or ": lacks ...".
            String line = described.get(device);
            int driver = line.indexOf(", driver ");
            int version = line.indexOf(", Vulkan ", Math.max(driver, 0));
            int verdict = line.indexOf(": ", Math.max(version, 0));
            found.put("device." + device + ".name", driver > 0 ? line.substring(0, driver) : line);
            if (device == 0 && driver > 0 && version > driver && verdict > version) {
                found.put("driver_version", line.substring(driver + ", driver ".length(), version));
                found.put("vulkan_version", line.substring(version + ", Vulkan ".length(), verdict));
            }
            found.put("device." + device + ".description", line);
        }
        VulkanBackend.unavailability().ifPresent(why -> found.put("error", String.valueOf(why.getMessage())));
        return found;
    }

    /** The API named {@code cuda} or {@code hip}. */
    static Api api(String name) {
        return switch (name) {
            case "cuda" -> CUDA;
            case "hip" -> HIP;
            default -> throw new IllegalArgumentException("no API named '" + name + "': cuda or hip");
        };
    }

    /** The description of {@code api}'s devices, in the order the check prints it; "error" says what stopped it. */
    static Map<String, String> probe(Api api) {
        Map<String, String> found = new LinkedHashMap<>();
        found.put("api", api.name());
        found.put("library", api.library().location());
        if (api.library().loadFailure().isPresent()) {
            found.put("error", "cannot load " + api.library().location() + ": "
                    + api.library().loadFailure().orElseThrow().getMessage());
            return found;
        }
        // The check's summary says which steps met a real driver: the fakes the build compiles
        // export their test hooks, which no vendor's library has.
        found.put("driver_kind", api.library().find(FAKE_HOOK).equals(MemorySegment.NULL)
                ? "real" : "fake (the build's test driver: it exports " + FAKE_HOOK + ")");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment number = arena.allocate(ValueLayout.JAVA_INT);
            call(api, api.init(), FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), 0);
            call(api, api.driverVersion(), intOut(), number);
            found.put("driver_version", versionOf(api.name(), number.get(ValueLayout.JAVA_INT, 0)));
            if (api.runtimeVersion() != null) {
                call(api, api.runtimeVersion(), intOut(), number);
                found.put("runtime_version", versionOf(api.name(), number.get(ValueLayout.JAVA_INT, 0)));
            }
            call(api, api.deviceCount(), intOut(), number);
            int devices = number.get(ValueLayout.JAVA_INT, 0);
            found.put("devices", Integer.toString(devices));
            MemorySegment name = arena.allocate(NAME_BYTES);
            MemorySegment bytes = arena.allocate(ValueLayout.JAVA_LONG);
            for (int device = 0; device < devices; device++) {
                // A device's ordinal is its handle in both APIs (CUdevice, hipDevice_t are ints).
                call(api, api.deviceName(), FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), name, NAME_BYTES, device);
                found.put("device." + device + ".name", name.getString(0));
                call(api, api.totalMemory(), FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_INT), bytes, device);
                found.put("device." + device + ".memory_mib", Long.toString(bytes.get(ValueLayout.JAVA_LONG, 0) >> 20));
                if (api == CUDA) {
                    found.put("device." + device + ".compute_capability",
                            attribute(api, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device, number) + "."
                                    + attribute(api, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device, number));
                    found.put("device." + device + ".stream_mem_ops_64",
                            attribute(api, CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, device, number) == 1 ? "yes" : "no");
                }
            }
        } catch (ProbeFailure e) {
            found.put("error", e.getMessage());
        }
        return found;
    }

    private static int attribute(Api api, int attribute, int device, MemorySegment value) {
        call(api, "cuDeviceGetAttribute", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), value, attribute, device);
        return value.get(ValueLayout.JAVA_INT, 0);
    }

    /**
     * A version as the driver encodes it, and read: CUDA's is 1000 * major + 10 * minor (12080 is
     * 12.8); HIP's is 10000000 * major + 100000 * minor + patch (50422804 is 5.4.22804).
     */
    static String versionOf(String api, int encoded) {
        return api.equals("cuda")
                ? String.format(Locale.ROOT, "%d (%d.%d)", encoded, encoded / 1000, encoded % 1000 / 10)
                : String.format(Locale.ROOT, "%d (%d.%d.%d)", encoded, encoded / 10_000_000, encoded % 10_000_000 / 100_000,
                encoded % 100_000);
    }

    private static FunctionDescriptor intOut() {
        return FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
    }

    /** Why the probe stopped: a missing symbol or a call's nonzero status, with the call's name. */
    private static final class ProbeFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ProbeFailure(String message) {
            super(message);
        }
    }

    // Not a hot path: a handful of calls once per check, so invokeWithArguments and no holders.
    @SuppressWarnings("restricted")
    private static void call(Api api, String symbol, FunctionDescriptor descriptor, Object... arguments) {
        MemorySegment address = api.library().find(symbol);
        if (address.equals(MemorySegment.NULL)) {
            throw new ProbeFailure("unresolved symbol: " + symbol + " in " + api.library().location());
        }
        int status;
        try {
            status = (int) LINKER.downcallHandle(address, descriptor).invokeWithArguments(arguments);
        } catch (Throwable t) {
            throw new ProbeFailure(symbol + " threw " + t);
        }
        if (status != 0) {
            throw new ProbeFailure(symbol + " returned " + status);
        }
    }
}
