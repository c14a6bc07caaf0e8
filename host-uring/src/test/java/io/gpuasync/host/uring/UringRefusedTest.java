package io.gpuasync.host.uring;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The kernel refusing io_uring for real: a child JVM runs under a seccomp filter
 * ({@code src/test/c/deny_syscall.c}) that fails {@code io_uring_setup} (425) with an errno, as a
 * container runtime's default profile does (EPERM), as a kernel built without io_uring does
 * (ENOSYS), and as a kernel short of lockable memory does (ENOMEM: this machine's 6.18 kernel
 * charges rings to the memory cgroup, not to {@code RLIMIT_MEMLOCK}, so {@code ulimit -l 0} does
 * not make it refuse; the filter gives the errno the same way the kernel would). Each answer
 * must name the call, its arguments, the errno, and a hint at the cause.
 */
@Timeout(180)
class UringRefusedTest {
    private static final int SYS_IO_URING_SETUP = 425;

    @BeforeAll
    static void seccompLauncherBuilt() {
        String launcher = System.getProperty("gar.uring.denySyscall", "");
        assumeTrue(!launcher.isEmpty() && Files.isExecutable(Path.of(launcher)),
                "deny_syscall is built by the pom (gcc); run through Maven");
    }

    private static Map<String, String> childUnder(int errno, Path setting) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> path = new ArrayList<>();
        for (String property : new String[] {"jdk.module.path", "java.class.path"}) {
            String value = System.getProperty(property, "");
            if (!value.isEmpty()) {
                path.add(value);
            }
        }
        path.add(Path.of(RefusedChild.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        List<String> command = List.of(System.getProperty("gar.uring.denySyscall"), String.valueOf(SYS_IO_URING_SETUP),
                String.valueOf(errno), java, "--enable-native-access=ALL-UNNAMED", "-cp", String.join(File.pathSeparator, path),
                RefusedChild.class.getName(), setting.toString());
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child JVM ended");
        // A sandbox that forbids installing seccomp filters (exit 3 from the launcher) cannot run these.
        assumeTrue(!(child.exitValue() == 3 && output.startsWith("deny_syscall: prctl")), output.strip());
        assertEquals(0, child.exitValue(), output);
        Map<String, String> answers = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            int colon = line.indexOf(": ");
            if (colon > 0 && List.of("probe", "ring", "start", "fallback").contains(line.substring(0, colon))) {
                answers.put(line.substring(0, colon), line.substring(colon + 2));
            }
        }
        assertEquals(List.of("probe", "ring", "start", "fallback"), List.copyOf(answers.keySet()), output);
        return answers;
    }

    @Test
    void aSeccompFilterRefusingSetupIsEpermWithItsHint(@TempDir Path dir) throws Exception {
        Map<String, String> said = childUnder(1, Files.writeString(dir.resolve("io_uring_disabled"), "0\n"));
        String setup = "io_uring_setup(entries=4, flags=0x10) failed: -EPERM (Operation not permitted)";
        assertEquals("io_uring unavailable: " + setup
                + " (a seccomp filter, such as a container runtime's default profile, may refuse io_uring)", said.get("probe"));
        assertEquals(setup + " [errno 1 EPERM]", said.get("ring"));
        assertTrue(said.get("start").startsWith("the io_uring host is unavailable: io_uring unavailable: " + setup), said.get("start"));
        assertTrue(said.get("fallback").startsWith("std / the io_uring host is unavailable (io_uring unavailable: " + setup),
                said.get("fallback"));
        assertTrue(said.get("fallback").endsWith("waits run on the std host's dispatcher thread instead, as Fallback.STD_HOST allowed"),
                said.get("fallback"));
    }

    @Test
    void eppermWithIoUringDisabledOneNamesTheGroupSetting(@TempDir Path dir) throws Exception {
        Path setting = Files.writeString(dir.resolve("io_uring_disabled"), "1\n");
        Map<String, String> said = childUnder(1, setting);
        assertEquals("io_uring unavailable: io_uring_setup(entries=4, flags=0x10) failed: -EPERM (Operation not permitted) ("
                + setting + " = 1: only members of kernel.io_uring_group may use io_uring)", said.get("probe"));
    }

    @Test
    void aKernelWithoutIoUringIsEnosys(@TempDir Path dir) throws Exception {
        Map<String, String> said = childUnder(38, dir.resolve("absent"));
        assertEquals("io_uring unavailable: io_uring_setup(entries=4, flags=0x10) failed: -ENOSYS (Function not implemented)"
                + " (the kernel has no io_uring: built without CONFIG_IO_URING, or older than 5.1)", said.get("probe"));
        assertTrue(said.get("fallback").startsWith("std / "), said.get("fallback"));
    }

    @Test
    void ringsThatCannotBeLockedAreEnomem(@TempDir Path dir) throws Exception {
        Map<String, String> said = childUnder(12, dir.resolve("absent"));
        assertEquals("io_uring unavailable: io_uring_setup(entries=4, flags=0x10) failed: -ENOMEM (Cannot allocate memory)"
                + " (the rings could not be allocated or locked: RLIMIT_MEMLOCK on kernels before 5.12)", said.get("probe"));
        assertEquals("io_uring_setup(entries=4, flags=0x10) failed: -ENOMEM (Cannot allocate memory) [errno 12 ENOMEM]",
                said.get("ring"));
    }
}
