package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.Cuda;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every binding's symbol and parameter list against the CUDA header: the name the header
 * declares must map to the symbol bound (directly or through {@code #define name name_v2}, also
 * inside {@code __CUDA_API_PTSZ(...)}), and each C parameter type must have the layout bound.
 * Skipped, saying so, where the header is absent.
 */
class CudaHeaderTest {
    private static final Path HEADER = Path.of(System.getProperty("gar.cuda.header", "/usr/local/cuda/include/cuda.h"));

    private static String header() throws IOException {
        Assumptions.assumeTrue(Files.isReadable(HEADER), "no CUDA header at " + HEADER
                + " (set -Dgar.cuda.header=...): binding names and signatures not checked");
        return Files.readString(HEADER);
    }

    /** The symbol the header makes of {@code name}: itself unless a #define renames it. */
    private static String symbolOf(String header, String name) {
        Matcher define = Pattern.compile("#define\\s+" + name + "\\s+(?:__CUDA_API_PTSZ\\()?(\\w+)\\)?").matcher(header);
        return define.find() ? define.group(1) : name;
    }

    /** The parameter types of the first prototype {@code CUresult CUDAAPI name(...)}. */
    private static List<String> parameters(String header, String name) {
        Matcher prototype = Pattern.compile("CUresult\\s+CUDAAPI\\s+" + name + "\\s*\\(([^)]*)\\)\\s*;").matcher(header);
        assertTrue(prototype.find(), "no prototype of " + name + " in " + HEADER);
        List<String> types = new ArrayList<>();
        String list = prototype.group(1).trim();
        if (list.isEmpty() || list.equals("void")) {
            return types;
        }
        for (String parameter : list.split(",")) {
            // Drop the parameter's name: the last identifier, unless the type ends in '*'.
            String p = parameter.trim().replaceAll("\\s+", " ");
            String type = p.replaceAll("\\s*\\b\\w+$", "").trim();
            types.add(type.isEmpty() ? p : type);
        }
        return types;
    }

    /** How a C parameter type of the driver API is passed (x86-64 / aarch64 LP64). */
    private static MemoryLayout layoutOf(String type) {
        String t = type.replace("const ", "").trim();
        if (t.endsWith("*") || List.of("CUcontext", "CUstream", "CUevent", "CUhostFn").contains(t)) {
            return Cuda.C_POINTER;
        }
        return switch (t) {
            case "int", "unsigned int", "CUresult", "CUdevice", "CUdevice_attribute" -> ValueLayout.JAVA_INT;
            case "size_t", "CUdeviceptr", "cuuint64_t", "unsigned long long" -> ValueLayout.JAVA_LONG;
            default -> throw new AssertionError("no layout known for C type '" + type + "'");
        };
    }

    @Test
    void everyBindingIsTheSymbolAndSignatureTheHeaderDeclares() throws IOException {
        String header = header();
        for (Cuda.Function function : Cuda.FUNCTIONS) {
            checkAgainst(header, function);
        }
    }

    @Test
    void everyOptionalBindingIsTheHeadersWhereTheHeaderIsNewEnough() throws IOException {
        String header = header();
        for (Cuda.Function function : Cuda.OPTIONAL) {
            Assumptions.assumeTrue(Pattern.compile("\\b" + function.declaredAs() + "\\s*\\(").matcher(header).find(),
                    () -> HEADER + " predates " + function.declaredAs() + " (CUDA 13.2): bound from NVIDIA's driver API"
                            + " reference, not checked here");
            checkAgainst(header, function);
        }
    }

    private static void checkAgainst(String header, Cuda.Function function) {
        assertEquals(function.symbol(), symbolOf(header, function.declaredAs()),
                function.declaredAs() + " is bound as " + function.symbol() + ", but the header maps it elsewhere");
        List<String> types = parameters(header, function.declaredAs());
        List<MemoryLayout> bound = function.descriptor().argumentLayouts();
        assertEquals(types.size(), bound.size(), function.declaredAs() + ": header parameters " + types);
        for (int i = 0; i < types.size(); i++) {
            assertEquals(layoutOf(types.get(i)).withoutName(), bound.get(i).withoutName(),
                    function.declaredAs() + " parameter " + i + " is '" + types.get(i) + "' in the header");
        }
        assertEquals(ValueLayout.JAVA_INT, function.descriptor().returnLayout().orElseThrow().withoutName(),
                function.declaredAs() + " returns CUresult");
    }

    @Test
    void theHeaderParserReadsWhatItShould() throws IOException {
        String header = header();
        assertEquals("cuMemHostGetDevicePointer_v2", symbolOf(header, "cuMemHostGetDevicePointer"));
        assertEquals("cuStreamWriteValue64_v2", symbolOf(header, "cuStreamWriteValue64"));
        assertEquals(List.of("void **", "size_t", "unsigned int"), parameters(header, "cuMemHostAlloc"));
        assertEquals(List.of(), parameters(header, "cuCtxSynchronize"));
    }
}
