#!/usr/bin/env python3
# Writes the backend's Vulkan bindings (Vk.java, VkStructs.java) from vulkan_core.h, in jextract's
# shape: what jextract would make of the functions, structs and constants named below, and nothing
# else. Run with Debian's libvulkan-dev installed, from the repository root:
#     python3 backend-vulkan/src/main/bindings/generate.py [HEADER [OUTPUT]]
# HEADER defaults to /usr/include/vulkan/vulkan_core.h; OUTPUT is a source root (default: this
# module's src/generated/java), under which the files go in their package's folders. The output
# is checked in; review this script and the lists, not the output. GeneratedBindingsTest
# regenerates into a temporary folder on every build and fails on any difference;
# VulkanHeaderTest checks the output against the header again, through the C compiler. The method
# bodies are those of the CUDA and HIP bindings (spi/src/main/bindings/cbindings.py).
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "spi", "src", "main", "bindings"))
import cbindings  # noqa: E402
HEADER = sys.argv[1] if len(sys.argv) > 1 else "/usr/include/vulkan/vulkan_core.h"
ROOT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "..", "..", "generated", "java")
OUT = os.path.join(ROOT, "io", "gpuasync", "backend", "vulkan", "internal")
# The first line of every file written: the generator, the header and the header's own version.
GENERATOR = "backend-vulkan/src/main/bindings/generate.py"

# (name, level): where the entry point comes from. LOADER: the library's own export; GLOBAL:
# vkGetInstanceProcAddr(NULL, ...); INSTANCE: vkGetInstanceProcAddr(instance, ...); DEVICE:
# vkGetDeviceProcAddr(device, ...).
FUNCTIONS = [
    ("vkGetInstanceProcAddr", "LOADER"),
    ("vkEnumerateInstanceVersion", "GLOBAL"),
    ("vkCreateInstance", "GLOBAL"),
    ("vkDestroyInstance", "INSTANCE"),
    ("vkEnumeratePhysicalDevices", "INSTANCE"),
    ("vkGetPhysicalDeviceProperties", "INSTANCE"),
    ("vkGetPhysicalDeviceProperties2", "INSTANCE"),
    ("vkGetPhysicalDeviceFeatures2", "INSTANCE"),
    ("vkGetPhysicalDeviceQueueFamilyProperties", "INSTANCE"),
    ("vkGetPhysicalDeviceMemoryProperties", "INSTANCE"),
    ("vkGetPhysicalDeviceExternalBufferProperties", "INSTANCE"),
    ("vkEnumerateDeviceExtensionProperties", "INSTANCE"),
    ("vkCreateDevice", "INSTANCE"),
    ("vkGetDeviceProcAddr", "INSTANCE"),
    ("vkDestroyDevice", "DEVICE"),
    ("vkDeviceWaitIdle", "DEVICE"),
    ("vkGetDeviceQueue", "DEVICE"),
    ("vkQueueSubmit", "DEVICE"),
    ("vkCreateBuffer", "DEVICE"),
    ("vkDestroyBuffer", "DEVICE"),
    ("vkGetBufferMemoryRequirements", "DEVICE"),
    ("vkGetBufferDeviceAddress", "DEVICE"),
    ("vkAllocateMemory", "DEVICE"),
    ("vkFreeMemory", "DEVICE"),
    ("vkBindBufferMemory", "DEVICE"),
    ("vkGetMemoryHostPointerPropertiesEXT", "DEVICE"),
    ("vkCreateShaderModule", "DEVICE"),
    ("vkDestroyShaderModule", "DEVICE"),
    ("vkCreatePipelineLayout", "DEVICE"),
    ("vkDestroyPipelineLayout", "DEVICE"),
    ("vkCreateComputePipelines", "DEVICE"),
    ("vkDestroyPipeline", "DEVICE"),
    ("vkCreateCommandPool", "DEVICE"),
    ("vkDestroyCommandPool", "DEVICE"),
    ("vkAllocateCommandBuffers", "DEVICE"),
    ("vkBeginCommandBuffer", "DEVICE"),
    ("vkEndCommandBuffer", "DEVICE"),
    ("vkCmdPipelineBarrier", "DEVICE"),
    ("vkCmdBindPipeline", "DEVICE"),
    ("vkCmdPushConstants", "DEVICE"),
    ("vkCmdDispatch", "DEVICE"),
    ("vkCreateSemaphore", "DEVICE"),
    ("vkDestroySemaphore", "DEVICE"),
    ("vkGetSemaphoreCounterValue", "DEVICE"),
    ("vkWaitSemaphores", "DEVICE"),
    ("vkSignalSemaphore", "DEVICE"),
    ("vkCreateFence", "DEVICE"),
    ("vkDestroyFence", "DEVICE"),
    ("vkWaitForFences", "DEVICE"),
    ("vkResetFences", "DEVICE"),
]

STRUCTS = [
    "VkApplicationInfo", "VkInstanceCreateInfo", "VkDeviceQueueCreateInfo", "VkDeviceCreateInfo",
    "VkPhysicalDeviceLimits", "VkPhysicalDeviceSparseProperties", "VkPhysicalDeviceProperties",
    "VkPhysicalDeviceProperties2", "VkPhysicalDeviceDriverProperties", "VkConformanceVersion",
    "VkPhysicalDeviceExternalMemoryHostPropertiesEXT", "VkPhysicalDeviceFeatures", "VkPhysicalDeviceFeatures2",
    "VkPhysicalDeviceTimelineSemaphoreFeatures", "VkPhysicalDeviceBufferDeviceAddressFeatures",
    "VkPhysicalDeviceShaderAtomicInt64Features", "VkQueueFamilyProperties", "VkExtent3D", "VkMemoryType",
    "VkMemoryHeap", "VkPhysicalDeviceMemoryProperties", "VkExtensionProperties", "VkBufferCreateInfo",
    "VkExternalMemoryBufferCreateInfo", "VkMemoryRequirements", "VkMemoryAllocateInfo",
    "VkMemoryAllocateFlagsInfo", "VkImportMemoryHostPointerInfoEXT", "VkMemoryHostPointerPropertiesEXT",
    "VkBufferDeviceAddressInfo", "VkShaderModuleCreateInfo", "VkPushConstantRange", "VkPipelineLayoutCreateInfo",
    "VkPipelineShaderStageCreateInfo", "VkComputePipelineCreateInfo", "VkCommandPoolCreateInfo",
    "VkCommandBufferAllocateInfo", "VkCommandBufferBeginInfo", "VkMemoryBarrier", "VkSubmitInfo",
    "VkTimelineSemaphoreSubmitInfo", "VkSemaphoreTypeCreateInfo", "VkSemaphoreCreateInfo", "VkSemaphoreWaitInfo",
    "VkSemaphoreSignalInfo", "VkFenceCreateInfo", "VkPhysicalDeviceExternalBufferInfo", "VkExternalMemoryProperties",
    "VkExternalBufferProperties",
]

# Structs the backend only embeds in others (read by no member): their layout, no accessors.
OPAQUE = {"VkPhysicalDeviceLimits", "VkPhysicalDeviceSparseProperties"}

# Enumerants and #defines the backend uses (every VkResult is taken, for the status namer).
CONSTANTS = [
    "VK_STRUCTURE_TYPE_APPLICATION_INFO", "VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO",
    "VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO", "VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO",
    "VK_STRUCTURE_TYPE_SUBMIT_INFO", "VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO", "VK_STRUCTURE_TYPE_FENCE_CREATE_INFO",
    "VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO", "VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO",
    "VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO", "VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO",
    "VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO", "VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO",
    "VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO", "VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO",
    "VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO", "VK_STRUCTURE_TYPE_MEMORY_BARRIER",
    "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2",
    "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES", "VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO",
    "VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT", "VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT",
    "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT",
    "VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES",
    "VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO", "VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO",
    "VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO", "VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO",
    "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES",
    "VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO", "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES",
    "VK_QUEUE_COMPUTE_BIT", "VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT", "VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT",
    "VK_MEMORY_PROPERTY_HOST_COHERENT_BIT", "VK_BUFFER_USAGE_STORAGE_BUFFER_BIT",
    "VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT", "VK_SHARING_MODE_EXCLUSIVE",
    "VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT", "VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT",
    "VK_SHADER_STAGE_COMPUTE_BIT", "VK_PIPELINE_BIND_POINT_COMPUTE",
    "VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT", "VK_COMMAND_BUFFER_LEVEL_PRIMARY",
    "VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT", "VK_PIPELINE_STAGE_ALL_COMMANDS_BIT",
    "VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT", "VK_PIPELINE_STAGE_HOST_BIT", "VK_ACCESS_MEMORY_WRITE_BIT",
    "VK_ACCESS_SHADER_READ_BIT", "VK_ACCESS_SHADER_WRITE_BIT", "VK_ACCESS_HOST_READ_BIT",
    "VK_SEMAPHORE_TYPE_TIMELINE", "VK_PHYSICAL_DEVICE_TYPE_CPU",
    "VK_API_VERSION_1_2", "VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME",
    "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_BUFFER_INFO", "VK_STRUCTURE_TYPE_EXTERNAL_BUFFER_PROPERTIES",
    "VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT", "VK_SEMAPHORE_WAIT_ANY_BIT", "VK_DRIVER_ID_MESA_LLVMPIPE",
]

DISPATCHABLE = set()
NON_DISPATCHABLE = set()
ENUMS = set()
INT_TYPES = {"uint32_t", "int32_t", "VkBool32", "VkFlags", "VkSampleMask"}
LONG_TYPES = {"uint64_t", "int64_t", "VkDeviceSize", "VkDeviceAddress", "size_t", "VkFlags64"}
BYTE_TYPES = {"char", "uint8_t"}


def version_line(text):
    """The first line of each file: who made it, from what, and that it is not to be edited."""
    version = re.search(r"#define VK_HEADER_VERSION (\d+)\n", text)
    complete = re.search(r"#define VK_HEADER_VERSION_COMPLETE VK_MAKE_API_VERSION\((\d+), (\d+), (\d+), VK_HEADER_VERSION\)",
                         text)
    if not version or not complete:
        raise SystemExit("no VK_HEADER_VERSION or VK_HEADER_VERSION_COMPLETE in " + HEADER)
    return ("// Generated by %s from <vulkan/vulkan_core.h> VK_HEADER_VERSION %s (VK_HEADER_VERSION_COMPLETE %s.%s.%s)."
            " Do not edit: change the generator and run it again." % (GENERATOR, version.group(1), complete.group(2),
                                                                     complete.group(3), version.group(1)))


def read_header():
    with open(HEADER) as f:
        return f.read()


def classify(text):
    for m in re.finditer(r"VK_DEFINE_HANDLE\((\w+)\)", text):
        DISPATCHABLE.add(m.group(1))
    for m in re.finditer(r"VK_DEFINE_NON_DISPATCHABLE_HANDLE\((\w+)\)", text):
        NON_DISPATCHABLE.add(m.group(1))
    for m in re.finditer(r"typedef enum (\w+) \{", text):
        ENUMS.add(m.group(1))
    for m in re.finditer(r"typedef (VkFlags|uint32_t|VkFlags64|uint64_t) (\w+);", text):
        (LONG_TYPES if m.group(1) in ("VkFlags64", "uint64_t") else INT_TYPES).add(m.group(2))


def defines(text):
    values = {}
    for m in re.finditer(r"#define (\w+)\s+(\d+)U?\b", text):
        values[m.group(1)] = int(m.group(2))
    return values


def scalar(ctype):
    """The Java layout constant of a C scalar type, or None for a struct."""
    if ctype.endswith("*") or ctype in DISPATCHABLE or ctype.startswith("PFN_"):
        return "C_POINTER"
    if ctype in NON_DISPATCHABLE or ctype in LONG_TYPES:
        return "C_LONG"
    if ctype in INT_TYPES or ctype in ENUMS:
        return "C_INT"
    if ctype == "float":
        return "C_FLOAT"
    if ctype in BYTE_TYPES:
        return "C_CHAR"
    return None


SIZES = {"C_POINTER": 8, "C_LONG": 8, "C_INT": 4, "C_FLOAT": 4, "C_CHAR": 1}


def struct_members(text, name):
    m = re.search(r"typedef struct " + name + r" \{(.*?)\} " + name + ";", text, re.S)
    if not m:
        raise SystemExit("no struct " + name + " in " + HEADER)
    members = []
    for line in m.group(1).strip().splitlines():
        line = line.strip().rstrip(";")
        mm = re.match(r"(const\s+)?([\w]+(?:\s*\*)*(?:\s*const\s*\*)?)\s+(\w+)(?:\[(\w+)\])?$", line)
        if not mm:
            raise SystemExit("cannot read member '" + line + "' of " + name)
        ctype = re.sub(r"\s+", "", mm.group(2)).replace("const", "")
        members.append((ctype, mm.group(3), mm.group(4)))
    return members


def layout_of(text, consts, name, seen):
    """(java expression, size, alignment) of struct name, with jextract's explicit padding."""
    if name in seen:
        return seen[name]
    parts = []
    offset = 0
    align = 1
    for ctype, member, count in struct_members(text, name):
        kind = scalar(ctype)
        if kind:
            size, a, expr = SIZES[kind], SIZES[kind], kind
        else:
            _, size, a = layout_of(text, consts, ctype, seen)
            expr = ctype + ".LAYOUT"
        n = 1
        if count:
            n = int(count) if count.isdigit() else consts[count]
            expr = "MemoryLayout.sequenceLayout(%d, %s)" % (n, expr)
        if offset % a:
            pad = a - offset % a
            parts.append("MemoryLayout.paddingLayout(%d)" % pad)
            offset += pad
        parts.append('%s.withName("%s")' % (expr, member))
        offset += size * n
        align = max(align, a)
    if offset % align:
        parts.append("MemoryLayout.paddingLayout(%d)" % (align - offset % align))
        offset += align - offset % align
    result = ("MemoryLayout.structLayout(\n                " + ",\n                ".join(parts) + '\n        ).withName("'
              + name + '")', offset, align)
    seen[name] = result
    return result


JAVA = {"C_POINTER": "MemorySegment", "C_LONG": "long", "C_INT": "int", "C_FLOAT": "float", "C_CHAR": "byte"}


def prototype(text, name):
    m = re.search(r"VKAPI_ATTR (\w+\*?) VKAPI_CALL " + name + r"\((.*?)\);", text, re.S)
    if not m:
        raise SystemExit("no prototype of " + name)
    params = []
    for p in m.group(2).split(","):
        p = re.sub(r"\s+", " ", p.strip())
        pm = re.match(r"(.*?)\s*(\w+)$", p)
        ctype = pm.group(1).replace(" ", "").replace("const", "")
        params.append((re.sub(r"\s+", " ", pm.group(1)), ctype, pm.group(2)))
    return m.group(1), params


def main():
    text = read_header()
    classify(text)
    consts = defines(text)
    values = {}
    for m in re.finditer(r"\n\s+(VK_\w+) = (-?\w+),", text):
        values.setdefault(m.group(1), m.group(2))
    results = sorted({k for k in values if re.fullmatch(r"VK_(SUCCESS|NOT_READY|TIMEOUT|EVENT_SET|EVENT_RESET|INCOMPLETE|"
                                                          r"ERROR_\w+|SUBOPTIMAL_KHR|THREAD_\w+|OPERATION_\w+|"
                                                          r"PIPELINE_COMPILE_REQUIRED)", k)
                      and re.fullmatch(r"-?\d+", values[k])}, key=lambda k: (-abs(int(values[k])) if False else 0, k))
    first = version_line(text)
    os.makedirs(OUT, exist_ok=True)
    out = [first]
    w = out.append
    w("package io.gpuasync.backend.vulkan.internal;\n")
    w("import io.gpuasync.spi.ffm.Downcalls;\n")
    w("import java.lang.foreign.AddressLayout;")
    w("import java.lang.foreign.FunctionDescriptor;")
    w("import java.lang.foreign.MemoryLayout;")
    w("import java.lang.foreign.MemorySegment;")
    w("import java.lang.foreign.ValueLayout;")
    w("import java.lang.invoke.MethodHandle;")
    w("import java.util.List;")
    w("import java.util.Map;\n")
    w("/**")
    w(" * The Vulkan entry points and constants this backend uses, in jextract's shape, made from")
    w(" * {@code vulkan_core.h} by {@code src/main/bindings/generate.py}. Each")
    w(" * function has a holder class whose method handle is made on first call, and a static method")
    w(" * calling it with {@code invokeExact} through the address its {@link Commands} table resolved")
    w(" * ({@code vkGetInstanceProcAddr} / {@code vkGetDeviceProcAddr}: the loader's dispatch, or the")
    w(" * driver's own entry point). A missing entry point throws")
    w(" * {@code UnsatisfiedLinkError(\"unresolved symbol: ...\")} at the call.")
    w(" */")
    w("public final class Vk {")
    w("    /** {@code uint32_t}, {@code VkBool32}, {@code VkResult}, enums and 32-bit flags. */")
    w("    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;")
    w("    /** {@code uint64_t}, {@code VkDeviceSize}, {@code size_t}, and non-dispatchable handles (64-bit). */")
    w("    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;")
    w("    /** {@code float}. */")
    w("    public static final ValueLayout.OfFloat C_FLOAT = ValueLayout.JAVA_FLOAT;")
    w("    /** {@code char}, {@code uint8_t}. */")
    w("    public static final ValueLayout.OfByte C_CHAR = ValueLayout.JAVA_BYTE;")
    w("    /** Pointers, function pointers and dispatchable handles ({@code VkInstance}, {@code VkQueue}...). */")
    w("    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS;\n")
    for c in CONSTANTS:
        if c.endswith("_EXTENSION_NAME"):
            m = re.search(r"#define " + c + r'\s+"(\w+)"', text)
            w('    /** {@code <vulkan_core.h>}: %s. */' % c)
            w('    public static final String %s = "%s";' % (c, m.group(1)))
            continue
        if c == "VK_API_VERSION_1_2":
            w("    /** {@code <vulkan_core.h>}: VK_API_VERSION_1_2, VK_MAKE_API_VERSION(0, 1, 2, 0). */")
            w("    public static final int VK_API_VERSION_1_2 = (1 << 22) | (2 << 12);")
            continue
        v = values.get(c)
        if v is None:
            raise SystemExit("no value of " + c)
        w("    /** {@code <vulkan_core.h>}: %s. */" % c)
        w("    public static final int %s = %s;" % (c, v))
    w("")
    for r in results:
        w("    /** {@code <vulkan_core.h>}: VkResult %s. */" % r)
        w("    public static final int %s = %s;" % (r, values[r]))
    w("")
    w("    /** Every VkResult of the header by value, for the status namer. */")
    w("    public static final Map<Integer, String> RESULT_NAMES = Map.ofEntries(")
    w(",\n".join('            Map.entry(%s, "%s")' % (r, r) for r in results) + ");\n")
    w("    /** Every constant above by its C name, for the header test. */")
    w("    public static final Map<String, Long> CONSTANTS = Map.ofEntries(")
    numeric = [c for c in CONSTANTS if not c.endswith("_EXTENSION_NAME")] + results
    w(",\n".join('            Map.entry("%s", (long) %s)' % (c, c) for c in numeric) + ");\n")
    w("    private Vk() {")
    w("    }\n")
    w("    /** Where an entry point is resolved. */")
    w("    public enum Level {")
    w("        /** The loader library's own export. */")
    w("        LOADER,")
    w("        /** {@code vkGetInstanceProcAddr(NULL, name)}. */")
    w("        GLOBAL,")
    w("        /** {@code vkGetInstanceProcAddr(instance, name)}. */")
    w("        INSTANCE,")
    w("        /** {@code vkGetDeviceProcAddr(device, name)}. */")
    w("        DEVICE")
    w("    }\n")
    w("    /**")
    w("     * One binding: the C name, where it is resolved, its index in a {@link Commands} table, its")
    w("     * signature, and the C types of its result and parameters as the header spells them.")
    w("     */")
    w("    public record Function(String name, Level level, int index, FunctionDescriptor descriptor, String returns,")
    w("                           List<String> parameterTypes) {")
    w("    }\n")
    for index, (name, level) in enumerate(FUNCTIONS):
        ret, params = prototype(text, name)
        rl = None if ret == "void" else scalar(ret)
        layouts = [scalar(ct) for _, ct, _ in params]
        desc = ("FunctionDescriptor.ofVoid(" if rl is None else "FunctionDescriptor.of(" + rl + (", " if layouts else "")) \
            + ", ".join(layouts) + ")"
        ctypes = ", ".join('"%s"' % spelled for spelled, _, _ in params)
        w("    /** {@code %s}. */" % name)
        w('    public static final Function F_%s = new Function("%s", Level.%s, %d, %s, "%s", List.of(%s));\n'
          % (name, name, level, index, desc, ret, ctypes))
        w("    private static final class %s {" % name)
        w("        static final MethodHandle HANDLE = Downcalls.unbound(F_%s.descriptor());" % name)
        w("    }\n")
        jret = "void" if rl is None else JAVA[rl]
        args = ", ".join("%s %s" % (JAVA[l], p[2]) for l, p in zip(layouts, params))
        call_args = ", ".join(p[2] for p in params)
        w("    /** {@code %s %s(%s)}. */" % (ret, name, ", ".join(s for s, _, _ in params)))
        if level == "LOADER":
            sig = "public static %s %s(MemorySegment address%s)" % (jret, name, (", " + args) if args else "")
            target = "address"
        else:
            sig = "public static %s %s(Commands commands%s)" % (jret, name, (", " + args) if args else "")
            target = "commands.address(F_%s)" % name
        w("    " + sig + " {")
        cbindings.call_body(w, jret, "%s.HANDLE.invokeExact(%s%s)" % (name, target, (", " + call_args) if call_args else ""))
    w("    /** Every binding above, in table order. */")
    w("    public static final List<Function> FUNCTIONS = List.of(")
    w(",\n".join("            F_" + n for n, _ in FUNCTIONS) + ");")
    w("}")
    with open(os.path.join(OUT, "Vk.java"), "w") as f:
        f.write("\n".join(out) + "\n")

    seen = {}
    s = [first]
    w = s.append
    w("package io.gpuasync.backend.vulkan.internal;\n")
    w("import java.lang.foreign.MemoryLayout;")
    w("import java.lang.foreign.MemorySegment;")
    w("import java.lang.foreign.StructLayout;")
    w("import java.util.List;\n")
    w("import static io.gpuasync.backend.vulkan.internal.Vk.C_CHAR;")
    w("import static io.gpuasync.backend.vulkan.internal.Vk.C_FLOAT;")
    w("import static io.gpuasync.backend.vulkan.internal.Vk.C_INT;")
    w("import static io.gpuasync.backend.vulkan.internal.Vk.C_LONG;")
    w("import static io.gpuasync.backend.vulkan.internal.Vk.C_POINTER;\n")
    w("/**")
    w(" * The Vulkan structs this backend fills or reads, as named {@link MemoryLayout}s in jextract's")
    w(" * shape (explicit padding, each member named as in the header), with an accessor pair per scalar")
    w(" * member and the byte offset of every member. Made from {@code vulkan_core.h} by")
    w(" * {@code src/main/bindings/generate.py}.")
    w(" */")
    w("public final class VkStructs {")
    w("    private VkStructs() {")
    w("    }\n")
    order = []

    def emit(name):
        if name in [o for o in order]:
            return
        for ctype, _, _ in struct_members(text, name):
            if scalar(ctype) is None:
                emit(ctype)
        order.append(name)

    for name in STRUCTS:
        emit(name)
    for name in order:
        expr, size, _ = layout_of(text, consts, name, seen)
        w("    /** {@code %s}: %d bytes. */" % (name, size))
        w("    public static final class %s {" % name)
        w("        /** The layout, member by member. */")
        w("        public static final StructLayout LAYOUT = " + expr + ";\n")
        w("        private %s() {" % name)
        w("        }\n")
        for ctype, member, count in ([] if name in OPAQUE else struct_members(text, name)):
            w("        /** Byte offset of {@code %s}. */" % member)
            w("        public static final long %s$OFFSET = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement(\"%s\"));"
              % (member, member))
            kind = scalar(ctype)
            if kind and not count and kind != "C_CHAR":
                jt = JAVA[kind]
                w("        /** Reads {@code %s}. */" % member)
                w("        public static %s %s(MemorySegment struct) {" % (jt, member))
                w("            return struct.get(%s, %s$OFFSET);" % (kind, member))
                w("        }\n")
                w("        /** Writes {@code %s}. */" % member)
                w("        public static void %s(MemorySegment struct, %s value) {" % (member, jt))
                w("            struct.set(%s, %s$OFFSET, value);" % (kind, member))
                w("        }\n")
        w("    }\n")
    w("    /** Every struct above (each layout named as its C struct), for the header test. */")
    w("    public static final List<StructLayout> ALL = List.of(")
    w(",\n".join("            %s.LAYOUT" % n for n in order) + ");")
    w("}")
    with open(os.path.join(OUT, "VkStructs.java"), "w") as f:
        f.write("\n".join(s) + "\n")


main()
