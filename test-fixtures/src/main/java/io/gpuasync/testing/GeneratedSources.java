package io.gpuasync.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The check that a module's generated sources ({@code src/generated/java}) are what their
 * generator makes of the header today: it runs the generator into a temporary folder and compares
 * file by file, so a hand edit, a generator changed without regenerating, or a file left behind
 * fails the build.
 */
public final class GeneratedSources {
    private static final int SHOWN = 20;

    private GeneratedSources() {
    }

    /**
     * The folder of {@code module}: the working directory where the build runs the module's own
     * tests, or {@code module} under it where the tests run from the repository's root (the GPU
     * check runs every backend's tests from there).
     */
    public static Path moduleFolder(String module) {
        Path fromRoot = Path.of(module);
        return Files.isDirectory(fromRoot.resolve("src")) ? fromRoot : Path.of("");
    }

    /**
     * Runs {@code python3 -B generator header <temporary folder>} and fails on any file that differs
     * from, is missing from or is extra to {@code committed}. Where it cannot compare (no header,
     * no {@code python3}, or a header of another version than the one the committed files record on
     * their first line), it fails if {@code CI=true} and {@code requiredInCi}, and otherwise aborts
     * the test (reported skipped) with the reason.
     */
    public static void assertRegeneratesTheSame(Path generator, Path header, Path committed, boolean requiredInCi) {
        if (!Files.isReadable(header) || !onPath("python3")) {
            cannotCompare(requiredInCi, "no " + header + " or no python3: " + committed + " was not compared with what "
                    + generator + " makes");
        }
        Path fresh;
        try {
            fresh = Files.createTempDirectory("regenerated");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            run(List.of("python3", "-B", generator.toString(), header.toString(), fresh.toString()));
            compare(generator, header, committed, fresh, requiredInCi);
        } finally {
            delete(fresh);
        }
    }

    private static void compare(Path generator, Path header, Path committed, Path fresh, boolean requiredInCi) {
        TreeSet<Path> names = new TreeSet<>(files(committed));
        names.addAll(files(fresh));
        List<String> differences = new ArrayList<>();
        List<String> versions = new ArrayList<>();
        for (Path name : names) {
            Path was = committed.resolve(name);
            Path now = fresh.resolve(name);
            if (!Files.exists(now)) {
                differences.add(name + ": committed, but the generator does not write it");
                continue;
            }
            if (!Files.exists(was)) {
                differences.add(name + ": written by the generator, but not committed");
                continue;
            }
            List<String> before = lines(was);
            List<String> after = lines(now);
            if (!before.isEmpty() && !after.isEmpty() && !before.getFirst().equals(after.getFirst())) {
                versions.add(name + " records\n    " + before.getFirst() + "\n  the generator writes now\n    "
                        + after.getFirst());
                continue;
            }
            for (int i = 0; i < Math.max(before.size(), after.size()); i++) {
                String b = i < before.size() ? before.get(i) : "<end of file>";
                String a = i < after.size() ? after.get(i) : "<end of file>";
                if (!a.equals(b)) {
                    differences.add(name + ":" + (i + 1) + ": committed\n    " + b + "\n  the generator writes\n    " + a);
                    break;
                }
            }
        }
        String regenerate = "run `python3 " + generator + " " + header + "` in the module and commit what it writes";
        if (!differences.isEmpty()) {
            throw new AssertionError(differences.size() + " generated file(s) in " + committed + " are not what "
                    + generator + " makes of " + header + " (" + regenerate + "; never edit them by hand):\n  "
                    + String.join("\n  ", differences.subList(0, Math.min(SHOWN, differences.size()))));
        }
        if (!versions.isEmpty()) {
            cannotCompare(requiredInCi, header + " is not the header version the committed files were made from, so"
                    + " they were not compared (" + regenerate + " if this version is the one to bind):\n  "
                    + String.join("\n  ", versions.subList(0, Math.min(SHOWN, versions.size()))));
        }
    }

    private static void cannotCompare(boolean requiredInCi, String why) {
        if (requiredInCi && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("CI installs what this check needs, yet " + why);
        }
        Assumptions.abort(why);
    }

    private static List<Path> files(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(root::relativize).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = process.waitFor();
            if (status != 0) {
                throw new AssertionError(String.join(" ", command) + " exited with " + status + ":\n" + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + command, e);
        }
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    private static void delete(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
