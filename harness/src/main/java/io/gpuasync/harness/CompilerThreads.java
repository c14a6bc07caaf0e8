package io.gpuasync.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The CPU time of the JVM's JIT compiler threads, which HotSpot hides from {@code ThreadMXBean}
 * but which the process's CPU time includes: read from Linux's per-thread scheduler statistics
 * ({@code /proc/self/task/TID/schedstat}, whose first field is the nanoseconds the thread ran),
 * the threads found by their names ({@code C1 CompilerThread0}, {@code C2 ...}, and a JVMCI
 * compiler's such as Graal's, {@code JVMCI CompilerThread0} or {@code JVMCI-native
 * CompilerThread0}, each cut to the 15 characters Linux keeps). The host bench leaves it out of
 * CPU per await and shows it apart: the rows run one after another, and whichever row runs while
 * C2 compiles the code of the host it measures would pay for it.
 *
 * <p>HotSpot starts and stops compiler threads with the load; one that ended between two
 * readings takes what it ran since the first with it, so the figure is at most what compiling
 * cost. {@link #unreadable()} where the files cannot be read (not Linux), or where no compiler
 * thread is found that ever ran (the JVM runs without a JIT, or the kernel keeps no statistics).
 */
final class CompilerThreads {
    private static final Path TASKS = Path.of("/proc/self/task");

    /** What each compiler thread had run at one moment (thread id to nanoseconds). */
    record Reading(Map<String, Long> ranNanos) {
        /** Nanoseconds the compiler threads ran since {@code earlier}, -1 when either is unreadable. */
        long since(Reading earlier) {
            if (ranNanos == null || earlier.ranNanos == null) {
                return -1;
            }
            long ran = 0;
            for (Map.Entry<String, Long> thread : ranNanos.entrySet()) {
                long before = earlier.ranNanos.getOrDefault(thread.getKey(), 0L);
                // Less than before: the id is another thread's now (a compiler thread ended and
                // a new one got its id), all of whose time came since.
                ran += thread.getValue() >= before ? thread.getValue() - before : thread.getValue();
            }
            return ran;
        }
    }

    private CompilerThreads() {
    }

    static Reading read() {
        Map<String, Long> ran = new HashMap<>();
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String stat;
                try {
                    String name = Files.readString(task.resolve("comm")).strip();
                    if (!isCompilerThread(name)) {
                        continue;
                    }
                    stat = Files.readString(task.resolve("schedstat"));
                } catch (IOException e) {
                    if (Files.exists(task)) {
                        return unreadable();    // a thread that runs on, whose figures cannot be read
                    }
                    continue;   // it ended between the listing and the read: nothing more to add
                }
                ran.put(task.getFileName().toString(), Long.parseLong(stat.substring(0, stat.indexOf(' '))));
            }
        } catch (IOException | RuntimeException unreadable) {
            // No such folder (not Linux), or a line of another shape: no figure rather than a wrong one.
            return unreadable();
        }
        // None found, or none that ever ran (a kernel that keeps no scheduler statistics writes
        // zeros): no figure, rather than 0.
        return ran.values().stream().anyMatch(nanos -> nanos > 0) ? new Reading(ran) : unreadable();
    }

    // By the name Linux keeps of it (its first 15 characters): HotSpot's C1 and C2, and a JVMCI
    // compiler's threads (Graal's, as a jar or as libgraal), which HotSpot hides the same way.
    static boolean isCompilerThread(String comm) {
        return comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")
                || comm.startsWith("JVMCI CompilerT") || comm.startsWith("JVMCI-native Co");
    }

    static Reading unreadable() {
        return new Reading(null);
    }
}
