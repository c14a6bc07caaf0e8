package io.gpuasync.harness;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class CompilerThreadsTest {
    @Test
    void whatEachCompilerThreadRanIsCountedFromItsOwnEarlierReading() {
        CompilerThreads.Reading earlier = new CompilerThreads.Reading(Map.of("11", 1_000L, "12", 5_000L, "13", 7_000L));
        // 12 ran on, 13 ended (what it ran since is lost, not subtracted), 14 started.
        CompilerThreads.Reading later = new CompilerThreads.Reading(Map.of("11", 1_000L, "12", 9_000L, "14", 2_500L));
        assertEquals(4_000L + 2_500L, later.since(earlier));
    }

    @Test
    void anIdThatAnotherCompilerThreadTookCountsAllOfItsTime() {
        CompilerThreads.Reading earlier = new CompilerThreads.Reading(Map.of("11", 9_000L));
        CompilerThreads.Reading later = new CompilerThreads.Reading(Map.of("11", 2_000L));
        assertEquals(2_000L, later.since(earlier));
    }

    @Test
    void hotSpotsAndJvmciCompilersThreadsAreKnownByTheNamesLinuxKeeps() {
        for (String comm : new String[] {"C1 CompilerThre", "C2 CompilerThre", "JVMCI CompilerT", "JVMCI-native Co"}) {
            assertTrue(CompilerThreads.isCompilerThread(comm), comm);
        }
        for (String comm : new String[] {"VM Thread", "Common-Cleaner", "GC Thread#0", "C2 Sweeper", "JVMCI-init"}) {
            assertFalse(CompilerThreads.isCompilerThread(comm), comm);
        }
    }

    @Test
    void anUnreadableReadingGivesNoFigure() {
        CompilerThreads.Reading read = new CompilerThreads.Reading(Map.of("11", 1_000L));
        assertEquals(-1, read.since(CompilerThreads.unreadable()));
        assertEquals(-1, CompilerThreads.unreadable().since(read));
    }

    @Test
    void thisJvmsCompilerThreadsAreFoundOnLinux() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc/self/task here");
        assumeTrue(java.lang.management.ManagementFactory.getCompilationMXBean() != null, "this JVM runs without a JIT");
        CompilerThreads.Reading first = CompilerThreads.read();
        assertFalse(first.ranNanos() == null, "readable on Linux");
        // HotSpot keeps at least one C1 and one C2 thread, which compiled the test framework by now.
        assertTrue(first.ranNanos().size() >= 2, first.toString());
        assertTrue(first.ranNanos().values().stream().allMatch(ran -> ran > 0), first.toString());
        assertTrue(CompilerThreads.read().since(first) >= 0);
    }
}
