import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks a Maven Central bundle of this project against what Central takes: for the parent, the
 * BOM and every artifact the BOM lists, the pom, and for a jar its jar, {@code -sources.jar} and
 * {@code -javadoc.jar}; each pom's name, description, url, licenses, developers and scm (the
 * last four may come from its parent, as Maven inherits them); with {@code --signed} a signature
 * beside every file and a real project url. It also fails on an artifact of the project that the
 * BOM does not list, so nothing is published by accident. Prints every fault, then exits 1.
 *
 * <p>Usage: {@code java ReleaseBundleCheck.java ROOT BUNDLE [--signed]}, where BUNDLE is the
 * plugin's {@code central-bundle.zip} or a folder in the Maven repository layout (what a SNAPSHOT
 * build stages in {@code central-deferred}); ROOT is the repository, whose {@code bom/pom.xml}
 * names what is published. Runs on any JDK from 17 on; {@code .ci/release-check} builds the
 * bundle and runs it.
 */
public final class ReleaseBundleCheck {
    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

    private final Map<String, byte[]> files;
    private final boolean zip;
    private final boolean signed;
    private final List<String> faults = new ArrayList<>();

    private ReleaseBundleCheck(Map<String, byte[]> files, boolean zip, boolean signed) {
        this.files = files;
        this.zip = zip;
        this.signed = signed;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || args.length > 3 || (args.length == 3 && !args[2].equals("--signed"))) {
            System.err.println("usage: java ReleaseBundleCheck.java ROOT BUNDLE [--signed]");
            System.exit(2);
        }
        Path root = Path.of(args[0]);
        Path bundle = Path.of(args[1]);
        boolean signed = args.length == 3;
        boolean zip = Files.isRegularFile(bundle);
        ReleaseBundleCheck check = new ReleaseBundleCheck(zip ? readZip(bundle) : readFolder(bundle), zip, signed);

        Element bom = parse(Files.readAllBytes(root.resolve("bom/pom.xml")));
        Element parent = parse(Files.readAllBytes(root.resolve("pom.xml")));
        String groupId = text(bom, "groupId");
        String version = text(bom, "version");
        // Every artifact published, with its packaging: the parent, the BOM, what the BOM lists.
        Map<String, Boolean> published = new LinkedHashMap<>();
        published.put(text(parent, "artifactId"), false);
        published.put(text(bom, "artifactId"), false);
        for (Element dependency : children(child(child(bom, "dependencyManagement"), "dependencies"), "dependency")) {
            if (groupId.equals(text(dependency, "groupId"))) {
                published.put(text(dependency, "artifactId"), true);
            }
        }
        check.run(groupId, version, published);

        if (!check.faults.isEmpty()) {
            System.out.println("release bundle " + bundle + ": " + check.faults.size() + " fault(s)");
            check.faults.forEach(fault -> System.out.println("  " + fault));
            System.exit(1);
        }
        System.out.println("release bundle " + bundle + ": " + published.size() + " artifacts of " + groupId + ":"
                + version + " (" + String.join(", ", published.keySet()) + "), each with its pom"
                + " and metadata, every jar with -sources and -javadoc"
                + (zip ? ", checksums" : "") + (signed ? ", signatures" : " (unsigned)"));
    }

    private void run(String groupId, String version, Map<String, Boolean> published) throws Exception {
        String group = groupId.replace('.', '/') + "/";
        TreeSet<String> present = new TreeSet<>();
        for (String path : files.keySet()) {
            if (path.startsWith(group)) {
                present.add(path.substring(group.length()).split("/")[0]);
            }
        }
        for (String artifactId : present) {
            if (!published.containsKey(artifactId)) {
                faults.add(artifactId + ": in the bundle but not in bom/pom.xml; list it there, or name it in the"
                        + " release profile's excludeArtifacts (pom.xml)");
            }
        }
        for (Map.Entry<String, Boolean> artifact : published.entrySet()) {
            String artifactId = artifact.getKey();
            String base = group + artifactId + "/" + version + "/" + artifactId + "-" + version;
            byte[] pom = file(artifactId, base + ".pom");
            if (pom != null) {
                metadata(artifactId, parse(pom), group, version);
            }
            if (artifact.getValue()) {
                jar(artifactId, base + ".jar", ".class", "its classes");
                jar(artifactId, base + "-sources.jar", ".java", "its sources");
                jar(artifactId, base + "-javadoc.jar", "index.html", "its Javadoc");
                byte[] sources = files.get(base + "-sources.jar");
                byte[] classes = files.get(base + ".jar");
                if (sources != null && classes != null && entries(sources).contains("module-info.java")
                        && !entries(classes).contains("module-info.class")) {
                    faults.add(artifactId + ": " + base + ".jar lacks module-info.class, which its sources have");
                }
            }
        }
    }

    /** The file, with its checksums (in a zip) and signature (when signed); null, noted, when absent. */
    private byte[] file(String artifactId, String path) throws Exception {
        byte[] content = files.get(path);
        if (content == null) {
            faults.add(artifactId + ": missing " + path);
            return null;
        }
        if (zip) {
            checksum(artifactId, path, content, "md5", "MD5");
            checksum(artifactId, path, content, "sha1", "SHA-1");
        }
        if (signed) {
            byte[] signature = files.get(path + ".asc");
            if (signature == null) {
                faults.add(artifactId + ": missing signature " + path + ".asc");
            } else if (!new String(signature, StandardCharsets.US_ASCII).startsWith("-----BEGIN PGP SIGNATURE-----")) {
                faults.add(artifactId + ": " + path + ".asc is not an ASCII-armored PGP signature");
            }
        }
        return content;
    }

    private void checksum(String artifactId, String path, byte[] content, String suffix, String algorithm)
            throws Exception {
        byte[] recorded = files.get(path + "." + suffix);
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(content));
        if (recorded == null) {
            faults.add(artifactId + ": missing checksum " + path + "." + suffix);
        } else if (!new String(recorded, StandardCharsets.US_ASCII).trim().equalsIgnoreCase(expected)) {
            faults.add(artifactId + ": " + path + "." + suffix + " does not match the file");
        }
    }

    private void jar(String artifactId, String path, String entrySuffix, String what) throws Exception {
        byte[] jar = file(artifactId, path);
        if (jar != null && entries(jar).stream().noneMatch(name -> name.endsWith(entrySuffix))) {
            faults.add(artifactId + ": " + path + " holds none of " + what + " (no *" + entrySuffix + ")");
        }
    }

    /**
     * The pom's own name and description, and url, licenses, developers and scm from it or the
     * nearest parent in the bundle that has them.
     */
    private void metadata(String artifactId, Element pom, String group, String version) throws Exception {
        List<Element> lineage = new ArrayList<>();
        Map<String, String> properties = new TreeMap<>();
        for (Element p = pom; p != null; ) {
            lineage.add(p);
            Element parent = child(p, "parent");
            if (parent == null) {
                break;
            }
            String parentId = text(parent, "artifactId");
            String parentVersion = text(parent, "version");
            byte[] parentPom = files.get(text(parent, "groupId").replace('.', '/') + "/" + parentId + "/"
                    + parentVersion + "/" + parentId + "-" + parentVersion + ".pom");
            if (parentPom == null) {
                faults.add(artifactId + ": its parent " + parentId + " " + parentVersion + " is not in the bundle");
                break;
            }
            p = parse(parentPom);
        }
        // Nearest first wins, as in Maven; the project's own coordinates resolve too.
        for (int i = lineage.size() - 1; i >= 0; i--) {
            Element props = child(lineage.get(i), "properties");
            if (props != null) {
                for (Element property : children(props, null)) {
                    properties.put(property.getTagName(), property.getTextContent().trim());
                }
            }
        }
        properties.put("project.version", version);
        properties.put("project.artifactId", artifactId);

        for (String own : List.of("name", "description")) {
            if (text(pom, own).isBlank()) {
                faults.add(artifactId + ": its pom has no <" + own + ">");
            }
        }
        String url = inherited(lineage, "url");
        if (url.isBlank()) {
            faults.add(artifactId + ": no <url> in its pom or a parent's");
        } else if (signed && interpolate(url, properties).contains(".invalid")) {
            faults.add(artifactId + ": <url> is " + interpolate(url, properties)
                    + ", a placeholder: set gar.project.url in pom.xml and bom/pom.xml before a release");
        }
        Element licenses = inheritedElement(lineage, "licenses");
        if (licenses == null || children(licenses, "license").stream()
                .anyMatch(l -> text(l, "name").isBlank() || text(l, "url").isBlank())
                || children(licenses, "license").isEmpty()) {
            faults.add(artifactId + ": no <licenses> with a name and url for each, in its pom or a parent's");
        }
        Element developers = inheritedElement(lineage, "developers");
        if (developers == null || children(developers, "developer").stream()
                .noneMatch(d -> !text(d, "name").isBlank())) {
            faults.add(artifactId + ": no <developers> with a named developer, in its pom or a parent's");
        }
        Element scm = inheritedElement(lineage, "scm");
        if (scm == null || text(scm, "url").isBlank() || text(scm, "connection").isBlank()) {
            faults.add(artifactId + ": no <scm> with <url> and <connection>, in its pom or a parent's");
        }
    }

    private static String inherited(List<Element> lineage, String name) {
        Element element = inheritedElement(lineage, name);
        return element == null ? "" : element.getTextContent().trim();
    }

    private static Element inheritedElement(List<Element> lineage, String name) {
        for (Element pom : lineage) {
            Element element = child(pom, name);
            if (element != null) {
                return element;
            }
        }
        return null;
    }

    private static String interpolate(String value, Map<String, String> properties) {
        for (int depth = 0; depth < 10 && value.contains("${"); depth++) {
            Matcher m = PROPERTY.matcher(value);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(out, Matcher.quoteReplacement(properties.getOrDefault(m.group(1), m.group())));
            }
            m.appendTail(out);
            value = out.toString();
        }
        return value;
    }

    private static Map<String, byte[]> readZip(Path zip) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                if (!entry.isDirectory()) {
                    files.put(entry.getName(), in.readAllBytes());
                }
            }
        }
        return files;
    }

    private static Map<String, byte[]> readFolder(Path folder) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                files.put(folder.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        return files;
    }

    private static TreeSet<String> entries(byte[] jar) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        try (InputStream bytes = new ByteArrayInputStream(jar); ZipInputStream in = new ZipInputStream(bytes)) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                names.add(entry.getName());
            }
        }
        return names;
    }

    private static Element parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
        return document.getDocumentElement();
    }

    /** The direct child of that name, or null. */
    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    /** The direct children of that name (any name when null). */
    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        if (parent != null) {
            for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && (name == null || e.getTagName().equals(name))) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    /** The trimmed text of the direct child of that name; empty when there is none. */
    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? "" : e.getTextContent().trim();
    }
}
