package io.gpuasync.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The library jars a user gets through the BOM hold no measurement code. A bench type is a class
 * in a package with a {@code bench} segment, or whose simple name contains {@code Bench},
 * {@code Baselines} or {@code Workload}; a jar also must not require or provide the bench SPI
 * ({@code io.gpuasync.bench.*}) in its module descriptor, nor list a bench service under
 * {@code META-INF/services}. Measurement lives in the {@code *-bench} modules and the harness.
 *
 * <p>Reads each module's built jar, or its {@code target/classes} where the build stopped before
 * packaging ({@code mvn test}) or the jar is older than the classes; a module built neither way
 * fails the test.
 */
class LibraryJarsTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    private static final Pattern BENCH_CLASS = Pattern.compile("(^|/)bench/|[^/]*(Bench|Baselines|Workload)[^/]*\\.class$");

    @Test
    void noLibraryJarHoldsABenchType() throws IOException {
        List<String> libraries = bomArtifacts();
        assertTrue(libraries.size() >= 13, "the BOM lists the library modules: " + libraries);
        Map<String, List<String>> benchTypes = new TreeMap<>();
        for (String library : libraries) {
            List<String> found = new ArrayList<>();
            for (String entry : entriesOf(library)) {
                if (entry.endsWith(".class") && !entry.endsWith("module-info.class") && BENCH_CLASS.matcher(entry).find()) {
                    found.add(entry);
                } else if (entry.startsWith("META-INF/services/io.gpuasync.bench.")) {
                    found.add(entry);
                }
            }
            ModuleDescriptor descriptor = descriptorOf(library);
            descriptor.requires().stream().filter(r -> r.name().startsWith("io.gpuasync.bench"))
                    .forEach(r -> found.add("module-info: requires " + r.name()));
            descriptor.provides().stream().filter(p -> p.service().startsWith("io.gpuasync.bench."))
                    .forEach(p -> found.add("module-info: provides " + p.service()));
            if (!found.isEmpty()) {
                benchTypes.put(library, found);
            }
        }
        assertEquals(Map.of(), benchTypes, "library jars holding measurement code (move it to a *-bench module)");
    }

    /** The artifactIds the BOM manages, in its dependencyManagement, minus the BOM itself. */
    private static List<String> bomArtifacts() throws IOException {
        String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
        String managed = bom.substring(bom.indexOf("<dependencyManagement>"), bom.indexOf("</dependencyManagement>"));
        Matcher artifact = Pattern.compile("<groupId>io.gpuasync</groupId>\\s*<artifactId>([^<]+)</artifactId>").matcher(managed);
        List<String> names = new ArrayList<>();
        while (artifact.find()) {
            names.add(artifact.group(1));
        }
        return names;
    }

    private static List<String> entriesOf(String module) throws IOException {
        Path jar = jarOf(module);
        if (jar != null) {
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                return zip.stream().map(ZipEntry::getName).toList();
            }
        }
        Path classes = classesOf(module);
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(Files::isRegularFile).map(f -> classes.relativize(f).toString().replace('\\', '/')).toList();
        }
    }

    private static ModuleDescriptor descriptorOf(String module) throws IOException {
        Path jar = jarOf(module);
        if (jar != null) {
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                ZipEntry info = zip.getEntry("module-info.class");
                assertTrue(info != null, module + "'s jar has no module-info.class");
                try (InputStream in = zip.getInputStream(info)) {
                    return ModuleDescriptor.read(in);
                }
            }
        }
        try (InputStream in = Files.newInputStream(classesOf(module).resolve("module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    // The module's main jar (not -sources, -javadoc or -tests), or null before packaging.
    private static Path jarOf(String module) throws IOException {
        Path target = ROOT.resolve(module).resolve("target");
        if (!Files.isDirectory(target)) {
            return null;
        }
        try (Stream<Path> files = Files.list(target)) {
            List<Path> jars = files.filter(f -> {
                String name = f.getFileName().toString();
                return name.startsWith(module + "-") && name.endsWith(".jar")
                        && !name.endsWith("-sources.jar") && !name.endsWith("-javadoc.jar") && !name.endsWith("-tests.jar");
            }).toList();
            assertTrue(jars.size() <= 1, module + " has more than one main jar: " + jars);
            if (jars.isEmpty()) {
                return null;
            }
            Path jar = jars.getFirst();
            return Files.getLastModifiedTime(jar).compareTo(newestClass(module)) >= 0 ? jar : null;
        }
    }

    private static java.nio.file.attribute.FileTime newestClass(String module) throws IOException {
        Path classes = ROOT.resolve(module).resolve("target/classes");
        if (!Files.isDirectory(classes)) {
            return java.nio.file.attribute.FileTime.fromMillis(0);
        }
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(Files::isRegularFile).map(f -> {
                try {
                    return Files.getLastModifiedTime(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).max(java.nio.file.attribute.FileTime::compareTo).orElse(java.nio.file.attribute.FileTime.fromMillis(0));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static Path classesOf(String module) {
        Path classes = ROOT.resolve(module).resolve("target/classes");
        assertTrue(Files.isDirectory(classes), module + " was not built: neither its jar nor " + classes + " exists");
        return classes;
    }
}
