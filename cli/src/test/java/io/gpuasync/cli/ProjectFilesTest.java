package io.gpuasync.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a consumer relies on in the build files: the BOM names every library module at the parent's version. */
class ProjectFilesTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    // Not libraries: the command line and its bench harness, the GPU check, the BOM itself, the
    // tests' shared fixtures, and every measurement module (a name with "bench" in it).
    private static final List<String> NOT_LIBRARIES = List.of("bom", "cli", "harness", "gpu", "jcstress", "test-fixtures");

    @Test
    void theBomManagesEveryLibraryModuleAtTheParentsVersion() throws IOException {
        String parent = Files.readString(ROOT.resolve("pom.xml"));
        String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
        assertEquals(firstVersion(parent), firstVersion(bom), "the BOM's version moves with the parent's");
        Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(parent);
        int libraries = 0;
        while (module.find()) {
            String name = module.group(1);
            if (NOT_LIBRARIES.contains(name) || name.contains("bench")) {
                continue;
            }
            libraries++;
            String managed = "<groupId>io.gpuasync</groupId>\\s*<artifactId>" + Pattern.quote(name)
                    + "</artifactId>\\s*<version>\\$\\{project.version}</version>";
            assertTrue(Pattern.compile(managed).matcher(bom).find(), "the BOM lacks " + name);
            assertTrue(Pattern.compile(managed).matcher(parent).find(), "the parent's dependencyManagement lacks " + name);
        }
        assertEquals(13, libraries, "core-nostd, api, spi, engine, host-std, host-uring, host-netty, five backends, conformance");
    }

    @Test
    void theLicenceFilesAndTheArchitectureAreInTheRepository() {
        for (String file : List.of("LICENSE", "LICENSE-MIT", "LICENSE-APACHE", "CHANGELOG.md", "docs/ARCHITECTURE.md")) {
            assertTrue(Files.isRegularFile(ROOT.resolve(file)), file);
        }
    }

    // The project's own version: the first <version> after its <artifactId>, outside <parent>.
    private static String firstVersion(String pom) {
        String own = pom.replaceAll("(?s)<parent>.*?</parent>", "");
        Matcher m = Pattern.compile("<version>([^<]+)</version>").matcher(own);
        assertTrue(m.find());
        return m.group(1);
    }
}
