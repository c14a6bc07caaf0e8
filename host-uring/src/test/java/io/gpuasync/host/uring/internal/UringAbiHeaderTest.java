package io.gpuasync.host.uring.internal;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every constant and offset in {@link UringAbi} against what gcc makes of the machine's
 * {@code <linux/io_uring.h>} (src/test/c/uring_layout.c, built by the pom).
 */
class UringAbiHeaderTest {
    private static Map<String, Long> headerValues() throws IOException, InterruptedException {
        String program = System.getProperty("gar.uring.layout");
        Process process = new ProcessBuilder(program).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertEquals(0, process.waitFor(), output);
        Map<String, Long> values = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            String[] parts = line.trim().split(" ");
            values.put(parts[0], Long.parseLong(parts[1]));
        }
        return values;
    }

    @Test
    void everyConstantMatchesTheKernelHeader() throws Exception {
        Map<String, Long> header = headerValues();
        Set<String> checked = new HashSet<>();
        for (Field field : UringAbi.class.getFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            Long expected = header.get(field.getName());
            assertTrue(expected != null, field.getName() + " is not printed by uring_layout.c: add it there");
            long actual = ((Number) field.get(null)).longValue();
            assertEquals(expected, actual, field.getName() + " differs from <linux/io_uring.h>");
            checked.add(field.getName());
        }
        assertEquals(header.keySet(), checked, "uring_layout.c prints names UringAbi lacks");
    }
}
