package io.gpuasync.backend.vulkan.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * One table of resolved entry points, indexed by {@link Vk.Function#index()}: the global and
 * instance-level ones of a {@code VkInstance} ({@code vkGetInstanceProcAddr}), and with them the
 * device-level ones of a {@code VkDevice} ({@code vkGetDeviceProcAddr}, which returns the driver's
 * own entry points and skips the loader's dispatch). Spec: "Command Function Pointers" (Initialization):
 * device-level commands may be obtained with either call; a pointer from {@code vkGetDeviceProcAddr}
 * is valid only for that device and its child objects.
 */
public final class Commands {
    // The C names, once for the process: resolving is not on any hot path, but needs C strings.
    private static final MemorySegment[] NAMES = new MemorySegment[Vk.FUNCTIONS.size()];

    static {
        for (Vk.Function function : Vk.FUNCTIONS) {
            NAMES[function.index()] = Arena.global().allocateFrom(function.name());
        }
    }

    private final MemorySegment[] addresses = new MemorySegment[Vk.FUNCTIONS.size()];

    private Commands() {
        java.util.Arrays.fill(addresses, MemorySegment.NULL);
    }

    /**
     * The global and instance-level entry points of {@code instance} (or only the global ones
     * for {@link MemorySegment#NULL}), resolved through the loader's {@code vkGetInstanceProcAddr}.
     */
    public static Commands ofInstance(MemorySegment instance) {
        MemorySegment gipa = VulkanLibrary.LIBRARY.find(Vk.F_vkGetInstanceProcAddr.name());
        if (gipa.equals(MemorySegment.NULL)) {
            throw new UnsatisfiedLinkError("unresolved symbol: vkGetInstanceProcAddr in " + VulkanLibrary.LIBRARY.location()
                    + VulkanLibrary.LIBRARY.loadFailure().map(t -> " (" + t.getMessage() + ")").orElse(""));
        }
        Commands commands = new Commands();
        commands.addresses[Vk.F_vkGetInstanceProcAddr.index()] = gipa;
        for (Vk.Function function : Vk.FUNCTIONS) {
            boolean wanted = function.level() == Vk.Level.GLOBAL
                    || (function.level() == Vk.Level.INSTANCE && !instance.equals(MemorySegment.NULL));
            if (wanted) {
                // Global commands are asked for with a NULL instance (the spec's table in
                // vkGetInstanceProcAddr: asking with an instance is allowed only for some of them).
                MemorySegment of = function.level() == Vk.Level.GLOBAL ? MemorySegment.NULL : instance;
                commands.addresses[function.index()] = Vk.vkGetInstanceProcAddr(gipa, of, NAMES[function.index()]);
            }
        }
        return commands;
    }

    /** These instance commands and {@code device}'s device-level entry points. */
    public Commands withDevice(MemorySegment device) {
        Commands commands = new Commands();
        System.arraycopy(addresses, 0, commands.addresses, 0, addresses.length);
        for (Vk.Function function : Vk.FUNCTIONS) {
            if (function.level() == Vk.Level.DEVICE) {
                commands.addresses[function.index()] = Vk.vkGetDeviceProcAddr(this, device, NAMES[function.index()]);
            }
        }
        return commands;
    }

    /** The entry point of {@code function}; throws {@code UnsatisfiedLinkError} if it was not resolved. */
    public MemorySegment address(Vk.Function function) {
        MemorySegment address = addresses[function.index()];
        if (address.equals(MemorySegment.NULL)) {
            throw new UnsatisfiedLinkError("unresolved symbol: " + function.name());
        }
        return address;
    }

    /** The names of the functions of {@code level} this table could not resolve. */
    public List<String> missing(Vk.Level level) {
        List<String> missing = new ArrayList<>();
        for (Vk.Function function : Vk.FUNCTIONS) {
            if (function.level() == level && addresses[function.index()].equals(MemorySegment.NULL)) {
                missing.add(function.name());
            }
        }
        return missing;
    }
}
