package io.gpuasync.backend.hip;

import io.gpuasync.backend.hip.internal.Hip;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every binding's symbol, return type and parameter list against HIP's own header
 * ({@code hip_runtime_api.h} of Debian's libamdhip64-dev, HIP 5.2, the version of the runtime CI
 * installs), and every status, flag, handle and attribute value the backend names against the
 * header's: a value copied wrong would show first on an AMD machine otherwise. As
 * {@code CudaHeaderTest} does for {@code cuda.h}. Skipped, saying so, where the header is absent.
 */
class HipHeaderTest {
    private static final Path HEADER = Path.of(System.getProperty("gar.hip.header", "/usr/include/hip/hip_runtime_api.h"));

    // The header without its comments, which name functions and values in prose too.
    private static String header() throws IOException {
        Assumptions.assumeTrue(Files.isReadable(HEADER), "no HIP header at " + HEADER
                + " (apt-get install libamdhip64-dev, as .ci/run does, or set -Dgar.hip.header=...):"
                + " binding signatures and values not checked");
        return Files.readString(HEADER).replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", "");
    }

    /** The return type and parameter types of {@code name}'s prototype (defaults and __dparm(...) dropped). */
    static List<String> prototype(String header, String name) {
        Matcher m = Pattern.compile("(?m)^\\s*(?:extern\\s+)?((?:const\\s+)?\\w+\\s*\\**)\\s*\\b" + name + "\\s*\\(([^;{]*?)\\)\\s*;")
                .matcher(header);
        assertTrue(m.find(), "no prototype of " + name + " in " + HEADER);
        List<String> types = new ArrayList<>();
        types.add(m.group(1).replaceAll("\\s+", " ").replace(" *", "*").trim());
        String list = m.group(2).replaceAll("__dparm\\([^)]*\\)", "").replaceAll("=[^,]*", "").replaceAll("\\s+", " ").trim();
        if (list.isEmpty() || list.equals("void")) {
            return types;
        }
        for (String parameter : list.split(",")) {
            String p = parameter.trim().replace(" *", "*");
            // Drop the parameter's name: the last identifier, unless the type ends in '*'.
            String type = p.replaceAll("\\s*\\b\\w+$", "").trim();
            types.add(type.isEmpty() ? p : type);
        }
        return types;
    }

    /** How a C type of the HIP API is passed (x86-64 / aarch64 LP64). */
    private static MemoryLayout layoutOf(String type) {
        String t = type.replace("const ", "").trim();
        if (t.endsWith("*") || List.of("hipStream_t", "hipEvent_t", "hipCtx_t").contains(t)) {
            return Hip.C_POINTER;
        }
        return switch (t) {
            case "int", "unsigned", "unsigned int", "hipError_t", "hipDevice_t", "hipDeviceAttribute_t" -> ValueLayout.JAVA_INT;
            case "size_t", "uint64_t" -> ValueLayout.JAVA_LONG;
            default -> throw new AssertionError("no layout known for C type '" + type + "'");
        };
    }

    /**
     * The values of an enum's members, implicit ones counted on from the last explicit value
     * (which may name an earlier member), as C does.
     */
    static Map<String, Long> enumValues(String header, String firstMember) {
        int start = header.lastIndexOf('{', header.indexOf(firstMember));
        String body = header.substring(start + 1, header.indexOf('}', start));
        Map<String, Long> values = new HashMap<>();
        long next = 0;
        for (String entry : body.split(",")) {
            String e = entry.replaceAll("\\s+", " ").trim();
            if (e.isEmpty() || e.startsWith("#")) {
                continue;
            }
            String[] parts = e.split("=", 2);
            String name = parts[0].trim();
            if (parts.length == 2) {
                String value = parts[1].trim();
                next = values.containsKey(value) ? values.get(value) : Long.decode(value);
            }
            values.put(name, next);
            next++;
        }
        return values;
    }

    /** The value of {@code #define name value}, casts dropped. */
    static long defined(String header, String name) {
        Matcher m = Pattern.compile("#define\\s+" + name + "\\s+\\(*(?:\\(\\w+\\))?\\s*(0x[0-9a-fA-F]+|\\d+)").matcher(header);
        assertTrue(m.find(), "no #define of " + name + " in " + HEADER);
        return Long.decode(m.group(1));
    }

    @Test
    void everyBindingIsTheSignatureTheHeaderDeclares() throws IOException {
        String header = header();
        for (Hip.Function function : Hip.FUNCTIONS) {
            List<String> types = prototype(header, function.symbol());
            String name = function.symbol();
            assertEquals(layoutOf(types.getFirst()).withoutName(), function.descriptor().returnLayout().orElseThrow().withoutName(),
                    name + " returns '" + types.getFirst() + "' in the header");
            List<MemoryLayout> bound = function.descriptor().argumentLayouts();
            assertEquals(types.size() - 1, bound.size(), name + ": header parameters " + types.subList(1, types.size()));
            for (int i = 1; i < types.size(); i++) {
                assertEquals(layoutOf(types.get(i)).withoutName(), bound.get(i - 1).withoutName(),
                        name + " parameter " + (i - 1) + " is '" + types.get(i) + "' in the header");
            }
        }
    }

    @Test
    void everyValueTheBackendNamesIsTheHeaders() throws IOException {
        String header = header();
        Map<String, Long> errors = enumValues(header, "hipSuccess");
        assertEquals(Hip.HIP_SUCCESS, errors.get("hipSuccess"));
        assertEquals(Hip.HIP_ERROR_INVALID_VALUE, errors.get("hipErrorInvalidValue"));
        assertEquals(Hip.HIP_ERROR_NO_DEVICE, errors.get("hipErrorNoDevice"));
        assertEquals(Hip.HIP_ERROR_INVALID_DEVICE, errors.get("hipErrorInvalidDevice"));
        assertEquals(Hip.HIP_ERROR_NOT_READY, errors.get("hipErrorNotReady"));
        assertEquals(Hip.HIP_ERROR_HOST_MEMORY_NOT_REGISTERED, errors.get("hipErrorHostMemoryNotRegistered"));
        assertEquals(Hip.HIP_ERROR_NOT_SUPPORTED, errors.get("hipErrorNotSupported"));
        assertEquals(Hip.HIP_ERROR_STREAM_CAPTURE_UNSUPPORTED, errors.get("hipErrorStreamCaptureUnsupported"));
        assertEquals(Hip.HIP_ERROR_STREAM_CAPTURE_INVALIDATED, errors.get("hipErrorStreamCaptureInvalidated"));
        assertEquals(Hip.HIP_ERROR_STREAM_CAPTURE_IMPLICIT, errors.get("hipErrorStreamCaptureImplicit"));
        Map<String, Long> captures = enumValues(header, "hipStreamCaptureStatusNone");
        assertEquals(Hip.HIP_STREAM_CAPTURE_STATUS_NONE, captures.get("hipStreamCaptureStatusNone"));
        assertEquals(Hip.HIP_STREAM_CAPTURE_STATUS_ACTIVE, captures.get("hipStreamCaptureStatusActive"));
        assertEquals(Hip.HIP_STREAM_CAPTURE_STATUS_INVALIDATED, captures.get("hipStreamCaptureStatusInvalidated"));
        Map<String, Long> attributes = enumValues(header, "hipDeviceAttributeCudaCompatibleBegin");
        assertEquals(Hip.HIP_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE, attributes.get("hipDeviceAttributeCanUseStreamWaitValue"));
        assertEquals(Hip.HIP_HOST_REGISTER_PORTABLE, defined(header, "hipHostRegisterPortable"));
        assertEquals(Hip.HIP_HOST_REGISTER_MAPPED, defined(header, "hipHostRegisterMapped"));
        assertEquals(Hip.HIP_EVENT_DISABLE_TIMING, defined(header, "hipEventDisableTiming"));
        assertEquals(Hip.HIP_STREAM_PER_THREAD, defined(header, "hipStreamPerThread"));
        assertEquals(Hip.HIP_STREAM_WAIT_VALUE_GTE, defined(header, "hipStreamWaitValueGte"));
        assertEquals(Hip.HIP_STREAM_NON_BLOCKING, defined(header, "hipStreamNonBlocking"));
    }

    @Test
    void theHeaderParserReadsWhatItShould() throws IOException {
        String header = header();
        assertEquals(List.of("hipError_t", "hipStream_t", "void*", "uint64_t", "unsigned int", "uint64_t"),
                prototype(header, "hipStreamWaitValue64"));
        assertEquals(List.of("const char*", "hipError_t"), prototype(header, "hipGetErrorName"));
        assertEquals(List.of("hipError_t", "hipEvent_t", "hipStream_t"), prototype(header, "hipEventRecord"));
        assertEquals(10000L, enumValues(header, "hipDeviceAttributeCudaCompatibleBegin").get("hipDeviceAttributeClockInstructionRate"));
        assertEquals(2L, defined(header, "hipStreamPerThread"));
    }
}
