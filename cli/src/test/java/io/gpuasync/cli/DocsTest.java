package io.gpuasync.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The docs follow the tree: the module tables of {@code docs/ARCHITECTURE.md} and the README name
 * exactly the modules of the root {@code pom.xml} (its profiles' too), the changelog names each of
 * them, the "where to change what" table names files and classes that exist, every relative link
 * of the docs resolves (its heading too), the GPU check's bound is the script's, and the docs
 * speak of the project, not of how it was made.
 */
class DocsTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    @Test
    void theArchitecturesModuleTableNamesEveryModuleOfThePomAndNoOther() throws IOException {
        assertEquals(pomModules(), firstColumn("docs/ARCHITECTURE.md", "## Modules and the direction of dependencies"),
                "docs/ARCHITECTURE.md's module table against the root pom.xml's <module>s");
    }

    @Test
    void theReadmesLayoutNamesEveryModuleOfThePomAndNoOther() throws IOException {
        assertEquals(pomModules(), firstColumn("README.md", "## Layout"),
                "the README's layout table against the root pom.xml's <module>s");
    }

    @Test
    void theChangelogHasOneUnreleasedSectionNamingEveryModule() throws IOException {
        String changelog = read("CHANGELOG.md");
        assertEquals(1, count(changelog, Pattern.compile("(?m)^## \\[Unreleased]")), "one Unreleased section");
        Set<String> missing = new TreeSet<>();
        for (String module : pomModules()) {
            if (!Pattern.compile("(?m)^- `" + Pattern.quote(module) + "`: ").matcher(changelog).find()) {
                missing.add(module);
            }
        }
        assertEquals(Set.of(), missing, "modules the changelog's Added list has no line for (\"- `module`: ...\")");
    }

    @Test
    void whereToChangeWhatNamesFilesAndClassesThatExist() throws IOException {
        List<String> rows = tableRows("docs/ARCHITECTURE.md", "## Where to change what");
        assertFalse(rows.isEmpty(), "docs/ARCHITECTURE.md has a \"where to change what\" table");
        Set<String> javaFiles = javaFileNames();
        Set<String> topLevel = new TreeSet<>();
        try (Stream<Path> entries = Files.list(ROOT)) {
            entries.forEach(p -> topLevel.add(p.getFileName().toString()));
        }
        List<String> missing = new ArrayList<>();
        Matcher code = Pattern.compile("`([^`]+)`").matcher(String.join("\n", rows));
        while (code.find()) {
            String token = code.group(1);
            if (token.contains("/") && topLevel.contains(token.substring(0, token.indexOf('/')))) {
                if (!Files.exists(ROOT.resolve(token))) {
                    missing.add(token + " (no such path)");
                }
            } else if (token.matches("[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*([.(].*)?")) {
                String type = token.split("[.(]", 2)[0];
                if (!javaFiles.contains(type + ".java")) {
                    missing.add(token + " (no " + type + ".java in the tree)");
                }
            }
        }
        assertEquals(List.of(), missing, "names in docs/ARCHITECTURE.md's \"where to change what\" that do not exist");
    }

    @Test
    void everyRelativeLinkOfTheDocsResolvesToAFileAndHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        Pattern link = Pattern.compile("\\[[^]]*]\\(([^)\\s]+)\\)");
        for (Path doc : docs()) {
            Matcher m = link.matcher(withoutCodeBlocks(Files.readString(doc)));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue;   // http:, https:, mailto:
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path to = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
                String where = ROOT.relativize(doc) + ": (" + target + ")";
                if (!Files.exists(to)) {
                    broken.add(where + " names no file");
                } else if (hash >= 0 && !headingAnchors(to).contains(target.substring(hash + 1))) {
                    broken.add(where + " names no heading of " + ROOT.relativize(to));
                }
            }
        }
        assertEquals(List.of(), broken, "links of the docs that lead nowhere");
    }

    @Test
    void theGpuChecksBoundInTheDocsIsTheScripts() throws IOException {
        Matcher script = Pattern.compile("(?m)^total_bound=(\\d+)$").matcher(read("gpu/check.sh"));
        assertTrue(script.find(), "gpu/check.sh sets total_bound");
        Pattern said = Pattern.compile("whole check stays under (\\d+) s");
        int stated = 0;
        for (Path doc : docs()) {
            Matcher m = said.matcher(Files.readString(doc).replaceAll("\\s+", " "));
            while (m.find()) {
                stated++;
                assertEquals(script.group(1), m.group(1), ROOT.relativize(doc) + " gives the check's bound");
            }
        }
        assertTrue(stated > 0, "the docs say the check's bound (\"the whole check stays under N s\")");
    }

    @Test
    void theDocsSpeakOfTheProjectNotOfHowItWasMade() throws IOException {
        Pattern making = Pattern.compile("(?i)\\bissues? \\d+|\\blent\\b|\\bsessions?\\b");
        List<String> found = new ArrayList<>();
        for (Path doc : docs()) {
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                if (making.matcher(lines.get(i)).find()) {
                    found.add(ROOT.relativize(doc) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertEquals(List.of(), found, "the docs name issues, sessions or lent machines");
    }

    // ---------------------------------------------------------------- reading the tree

    /** Every {@code <module>} of the root pom, its profiles' included, in order. */
    private static Set<String> pomModules() throws IOException {
        String pom = read("pom.xml").replaceAll("(?s)<!--.*?-->", "");
        Set<String> modules = new LinkedHashSet<>();
        Matcher m = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>").matcher(pom);
        while (m.find()) {
            modules.add(m.group(1));
        }
        assertTrue(modules.size() > 10, "the root pom lists its modules: " + modules);
        return modules;
    }

    /** The first cells, each a `name`, of the first table under {@code heading}. */
    private static Set<String> firstColumn(String file, String heading) throws IOException {
        Set<String> names = new LinkedHashSet<>();
        for (String row : tableRows(file, heading)) {
            String cell = row.split("\\|", -1)[1].strip();
            assertTrue(cell.matches("`[^`]+`"), file + ": a row's first cell is a `module`: " + row);
            assertTrue(names.add(cell.substring(1, cell.length() - 1)), file + ": a module named twice: " + row);
        }
        assertFalse(names.isEmpty(), file + " has a table under " + heading);
        return names;
    }

    /** The body rows (no header, no rule) of the first table under {@code heading}, before the next heading. */
    private static List<String> tableRows(String file, String heading) throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve(file));
        int at = lines.indexOf(heading);
        assertTrue(at >= 0, file + " has the heading " + heading);
        List<String> rows = new ArrayList<>();
        int i = at + 1;
        while (i < lines.size() && !lines.get(i).startsWith("|") && !lines.get(i).startsWith("#")) {
            i++;
        }
        if (i == lines.size() || !lines.get(i).startsWith("|")) {
            return rows;
        }
        for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            rows.add(lines.get(i));
        }
        return rows;
    }

    /** The README, the changelog, docs/ and the conformance suite's README. */
    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CHANGELOG.md"),
                ROOT.resolve("conformance/README.md")));
        try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
            pages.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    /** GitHub's anchors of a Markdown file's headings: lower case, punctuation but - and _ dropped, spaces to -. */
    private static Set<String> headingAnchors(Path file) throws IOException {
        Set<String> anchors = new TreeSet<>();
        for (String line : withoutCodeBlocks(Files.readString(file)).lines().toList()) {
            if (line.matches("#{1,6} .*")) {
                String text = line.replaceFirst("^#+ ", "").strip().toLowerCase(Locale.ROOT);
                anchors.add(text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }

    private static String withoutCodeBlocks(String markdown) {
        return markdown.replaceAll("(?ms)^```.*?^```", "");
    }

    /** The names of the tree's Java sources, build output and the GPU check's runtime left out. */
    private static Set<String> javaFileNames() throws IOException {
        Set<String> names = new TreeSet<>();
        Files.walkFileTree(ROOT, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                String name = dir.getFileName().toString();
                return name.equals("target") || name.equals(".git") || name.equals(".device")
                        ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (file.getFileName().toString().endsWith(".java")) {
                    names.add(file.getFileName().toString());
                }
                return FileVisitResult.CONTINUE;
            }
        });
        return names;
    }

    private static String read(String file) throws IOException {
        return Files.readString(ROOT.resolve(file));
    }

    private static int count(String text, Pattern pattern) {
        int n = 0;
        for (Matcher m = pattern.matcher(text); m.find(); ) {
            n++;
        }
        return n;
    }
}
