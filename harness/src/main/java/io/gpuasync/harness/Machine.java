package io.gpuasync.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A line describing the machine, for benchmark reports. */
public final class Machine {
    private Machine() {
    }

    /** The operating system, architecture, cores and CPU model, as one line. */
    public static String describe() {
        return System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", "
                + Runtime.getRuntime().availableProcessors() + " cores" + cpuModel();
    }

    private static String cpuModel() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) {
            return "";
        }
        try (Stream<String> lines = Files.lines(cpuinfo)) {
            return lines.filter(l -> l.startsWith("model name"))
                    .findFirst()
                    .map(l -> ", " + l.substring(l.indexOf(':') + 1).trim())
                    .orElse("");
        } catch (IOException e) {
            return "";
        }
    }
}
