package io.gpuasync.backend.vulkan;

import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.backend.vulkan.internal.VkStructs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.AddressLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.PaddingLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every binding against the real {@code vulkan_core.h} (Debian's libvulkan-dev), through the C
 * compiler, so that nothing is read from the header by the same code that made the bindings:
 * <ul>
 * <li>each function's type, as the bindings spell its result and parameters, is the type the
 *     header declares ({@code __builtin_types_compatible_p}, a compile error otherwise), and each of
 *     those C types has the size and class (integer, pointer, float) of the layout bound for it;
 * <li>each struct's size, alignment, and every named member's offset are the compiler's;
 * <li>each constant ({@code sType}s, flags, enumerants, every {@code VkResult}) has the header's value.
 * </ul>
 * Skipped, saying so, where the header or gcc is missing; in CI ({@code CI=true}) that fails.
 */
class VulkanHeaderTest {
    private static final Path INCLUDE = Path.of(System.getProperty("gar.vulkan.include", "/usr/include"));

    @Test
    void everyFunctionStructAndConstantIsTheHeaders() throws IOException, InterruptedException {
        Path header = INCLUDE.resolve("vulkan/vulkan_core.h");
        if (!Files.isReadable(header) || !onPath("gcc")) {
            String why = "no " + header + " or no gcc (install libvulkan-dev and gcc; -Dgar.vulkan.include=...): the"
                    + " bindings were not checked against the header";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError("CI installs them, yet " + why);
            }
            Assumptions.abort(why);
        }
        StringBuilder c = new StringBuilder("#include <stdio.h>\n#include <stddef.h>\n#include <vulkan/vulkan_core.h>\n");
        Set<String> types = new LinkedHashSet<>();
        for (Vk.Function function : Vk.FUNCTIONS) {
            String parameters = String.join(", ", function.parameterTypes());
            c.append("_Static_assert(__builtin_types_compatible_p(__typeof__(").append(function.name()).append("), ")
                    .append(function.returns()).append(" (").append(parameters).append(")), \"")
                    .append(function.name()).append(" is not ").append(function.returns()).append(" (")
                    .append(parameters.replace("\"", "")).append(")\");\n");
            types.addAll(function.parameterTypes());
            if (!function.returns().equals("void")) {
                types.add(function.returns());
            }
        }
        c.append("#define CLASS(t) (__builtin_classify_type(*(t *) 0))\nint main(void) {\n");
        for (String type : types) {
            c.append("    printf(\"type %s %zu %d\\n\", \"").append(type.replace(" ", "_")).append("\", sizeof(").append(type)
                    .append("), CLASS(").append(type).append("));\n");
        }
        for (StructLayout layout : VkStructs.ALL) {
            String name = layout.name().orElseThrow();
            c.append("    printf(\"struct ").append(name).append(" %zu %zu\\n\", sizeof(").append(name).append("), _Alignof(")
                    .append(name).append("));\n");
            for (MemoryLayout member : layout.memberLayouts()) {
                if (member instanceof PaddingLayout) {
                    continue;
                }
                String field = member.name().orElseThrow();
                c.append("    printf(\"member ").append(name).append('.').append(field).append(" %zu %zu\\n\", offsetof(")
                        .append(name).append(", ").append(field).append("), sizeof(((").append(name).append(" *) 0)->")
                        .append(field).append("));\n");
            }
        }
        for (String constant : Vk.CONSTANTS.keySet()) {
            c.append("    printf(\"constant ").append(constant).append(" %lld\\n\", (long long) ").append(constant).append(");\n");
        }
        c.append("    printf(\"string VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME %s\\n\", VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);\n");
        c.append("    return 0;\n}\n");

        Path dir = Files.createDirectories(Path.of("target", "header-check"));
        Path source = dir.resolve("vulkan_header_check.c");
        Path binary = dir.resolve("vulkan_header_check");
        Files.writeString(source, c);
        String compiled = run(List.of("gcc", "-std=c11", "-Wall", "-Werror", "-I" + INCLUDE, "-o", binary.toString(),
                source.toString()));
        Map<String, String> facts = new HashMap<>();
        for (String line : run(List.of(binary.toAbsolutePath().toString())).split("\n")) {
            int space = line.indexOf(' ', line.indexOf(' ') + 1);
            facts.put(line.substring(0, space), line.substring(space + 1));
        }
        assertTrue(compiled.isEmpty(), compiled);

        List<String> wrong = new ArrayList<>();
        for (Vk.Function function : Vk.FUNCTIONS) {
            List<MemoryLayout> bound = function.descriptor().argumentLayouts();
            for (int i = 0; i < bound.size(); i++) {
                check(wrong, function.name() + " parameter " + i, function.parameterTypes().get(i), bound.get(i), facts);
            }
            function.descriptor().returnLayout().ifPresent(layout ->
                    check(wrong, function.name() + " result", function.returns(), layout, facts));
        }
        for (StructLayout layout : VkStructs.ALL) {
            String name = layout.name().orElseThrow();
            expect(wrong, "struct " + name, layout.byteSize() + " " + layout.byteAlignment(), facts);
            for (MemoryLayout member : layout.memberLayouts()) {
                if (!(member instanceof PaddingLayout)) {
                    String field = member.name().orElseThrow();
                    long offset = layout.byteOffset(MemoryLayout.PathElement.groupElement(field));
                    expect(wrong, "member " + name + "." + field, offset + " " + member.byteSize(), facts);
                }
            }
        }
        for (Map.Entry<String, Long> constant : Vk.CONSTANTS.entrySet()) {
            expect(wrong, "constant " + constant.getKey(), Long.toString(constant.getValue()), facts);
        }
        expect(wrong, "string VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME", Vk.VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME, facts);
        assertEquals(List.of(), wrong, "bindings that are not what " + header + " says");
        assertTrue(Vk.FUNCTIONS.size() > 40 && VkStructs.ALL.size() > 40, "the check covered less than it should");
    }

    // gcc's type classes (typeclass.h): 1 integer, 3 enumeral, 5 pointer, 8 real.
    private static void check(List<String> wrong, String what, String type, MemoryLayout layout, Map<String, String> facts) {
        String fact = facts.get("type " + type.replace(" ", "_"));
        if (fact == null) {
            wrong.add(what + ": no fact for " + type);
            return;
        }
        String[] sizeAndClass = fact.split(" ");
        long size = Long.parseLong(sizeAndClass[0]);
        int kind = Integer.parseInt(sizeAndClass[1]);
        boolean fits = switch (layout) {
            // Non-dispatchable handles are bound as 64-bit integers: on a 64-bit host the header makes
            // them pointers, which the C calling convention passes as it passes a 64-bit integer.
            case ValueLayout.OfLong l -> size == 8 && (kind == 1 || kind == 5);
            case ValueLayout.OfInt i -> size == 4 && (kind == 1 || kind == 3);
            case ValueLayout.OfFloat f -> size == 4 && kind == 8;
            case AddressLayout a -> size == 8 && kind == 5;
            default -> false;
        };
        if (!fits) {
            wrong.add(what + ": '" + type + "' is " + size + " bytes of class " + kind + ", bound as " + layout);
        }
    }

    private static void expect(List<String> wrong, String key, String expected, Map<String, String> facts) {
        String actual = facts.get(key);
        if (!expected.equals(actual)) {
            wrong.add(key + ": bound " + expected + ", header " + actual);
        }
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = process.waitFor();
        assertEquals(0, status, String.join(" ", command) + " failed:\n" + output);
        return output;
    }
}
