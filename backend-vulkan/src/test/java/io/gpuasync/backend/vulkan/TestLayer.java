package io.gpuasync.backend.vulkan;

import org.junit.jupiter.api.Assumptions;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The tests' Vulkan layer ({@code src/test/c/test_layer.c}), which the module's pom builds and
 * puts between the backend and the real driver (VK_LAYER_PATH, VK_INSTANCE_LAYERS), and names in
 * the system property {@code gar.vulkan.testLayer}; read through FFM from the same library the
 * loader loaded, so the counts and the switch are the layer's own.
 */
final class TestLayer {
    private static final Linker LINKER = Linker.nativeLinker();
    private static volatile Optional<TestLayer> loaded;

    private final MethodHandle submits;
    private final MethodHandle overlaps;
    private final MethodHandle lostAnswers;
    private final MethodHandle knowsDevice;
    private final MethodHandle loseDevice;
    private final MethodHandle hide;
    private final MethodHandle enabledShaderInt64;

    /** What {@link #hide} hides from the backend: the bits of {@code test_layer.c}. */
    static final int SHADER_INT64 = 1;
    static final int HOST_IMPORT = 2;
    static final int BUFFER_FIT = 4;

    private TestLayer(SymbolLookup layer) {
        submits = handle(layer, "gar_layer_submits", FunctionDescriptor.of(ValueLayout.JAVA_LONG));
        overlaps = handle(layer, "gar_layer_overlaps", FunctionDescriptor.of(ValueLayout.JAVA_LONG));
        lostAnswers = handle(layer, "gar_layer_lost_answers", FunctionDescriptor.of(ValueLayout.JAVA_LONG));
        knowsDevice = handle(layer, "gar_layer_knows_device", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        loseDevice = handle(layer, "gar_layer_lose_device", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        hide = handle(layer, "gar_layer_hide", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        enabledShaderInt64 = handle(layer, "gar_layer_enabled_shader_int64",
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    }

    private static MethodHandle handle(SymbolLookup layer, String name, FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(layer.find(name).orElseThrow(), descriptor);
    }

    /** The layer, if the JVM names one that exists; whether it is under a given device is {@link #under}. */
    static Optional<TestLayer> find() {
        Optional<TestLayer> found = loaded;
        if (found == null) {
            String path = System.getProperty("gar.vulkan.testLayer", "");
            found = !path.isEmpty() && Files.isReadable(Path.of(path))
                    ? Optional.of(new TestLayer(SymbolLookup.libraryLookup(Path.of(path), Arena.global())))
                    : Optional.empty();
            loaded = found;
        }
        return found;
    }

    /** The layer, under {@code device}; skips the test, saying why, where it is not. */
    static TestLayer require(VulkanDevice device) {
        Optional<TestLayer> layer = find();
        Assumptions.assumeTrue(layer.isPresent(), "no test layer (run through the module's pom, which builds it and"
                + " names it in gar.vulkan.testLayer)");
        Assumptions.assumeTrue(layer.orElseThrow().under(device), "the loader did not put the test layer under "
                + device + " (VK_LAYER_PATH, VK_INSTANCE_LAYERS)");
        return layer.orElseThrow();
    }

    /** Whether the layer was under {@code device} when it was made. */
    boolean under(VulkanDevice device) {
        try {
            return (int) knowsDevice.invokeExact(MemorySegment.ofAddress(device.handle())) == 1;
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Loses {@code device} for good: from now on every command of it that Vulkan lets report
     * {@code VK_ERROR_DEVICE_LOST} reports it, without reaching the driver.
     */
    void lose(VulkanDevice device) {
        int known;
        try {
            known = (int) loseDevice.invokeExact(MemorySegment.ofAddress(device.handle()));
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
        if (known != 1) {
            throw new AssertionError("the test layer is not under " + device + ": it cannot lose it");
        }
    }

    /**
     * Hides from everyone above the layer what {@code bits} name ({@link #SHADER_INT64}: the
     * feature, from {@code vkGetPhysicalDeviceFeatures2}; {@link #HOST_IMPORT}: the import of host
     * allocations, from {@code vkGetPhysicalDeviceExternalBufferProperties}; {@link #BUFFER_FIT}:
     * every buffer's memory requirements say twice its size) until {@code hide(0)}; returns the
     * bits hidden before.
     */
    int hide(int bits) {
        try {
            return (int) hide.invokeExact(bits);
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    /** Whether {@code vkCreateDevice} enabled {@code shaderInt64} for {@code device}. */
    boolean enabledShaderInt64(VulkanDevice device) {
        int enabled;
        try {
            enabled = (int) enabledShaderInt64.invokeExact(MemorySegment.ofAddress(device.handle()));
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
        if (enabled < 0) {
            throw new AssertionError("the test layer is not under " + device);
        }
        return enabled == 1;
    }

    long submits() {
        return call(submits);
    }

    long overlaps() {
        return call(overlaps);
    }

    /** How many calls the layer answered VK_ERROR_DEVICE_LOST instead of the driver. */
    long lostAnswers() {
        return call(lostAnswers);
    }

    private static long call(MethodHandle counter) {
        try {
            return (long) counter.invokeExact();
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }
}
