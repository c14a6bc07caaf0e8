package io.gpuasync.spi;

import io.gpuasync.api.Line;
import io.gpuasync.core.CompletionLine;
import io.gpuasync.spi.FakeDriver.Domain;
import io.gpuasync.spi.FakeDriver.Stream;

import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Copies of {@link MappedLine} with one rule broken each, made at test time from the line's real
 * source: each {@link Mutation} edits the source text (an edit whose snippet is not found
 * exactly once fails loudly, so a mutation cannot silently stop mutating), and all the copies
 * are compiled in memory with {@link JavaCompiler} into packages of their own and loaded by a
 * class loader of their own. Production code holds nothing for them.
 */
final class LineMutants {
    /** The line's source, read from the module's own tree (Surefire runs in the module folder). */
    static final Path SOURCE = Path.of("src/main/java/io/gpuasync/spi/MappedLine.java");
    // The package-private classes the line uses, unchanged: each mutant package gets a copy.
    private static final List<Path> HELPERS = List.of(Path.of("src/main/java/io/gpuasync/spi/LineEstimator.java"));

    /** One textual edit: {@code find}, matched with any run of whitespace standing for any other. */
    record Edit(String find, String replaceWith) {
    }

    /** One way to break the line, the rules it breaks, and the edits that break it. */
    record Mutation(String name, List<LineRule> breaks, List<Edit> edits) {
        Mutation(String name, LineRule breaks, Edit... edits) {
            this(name, List.of(breaks), List.of(edits));
        }

        Mutation(String name, List<LineRule> breaks, Edit... edits) {
            this(name, breaks, List.of(edits));
        }

        String packageName() {
            return "io.gpuasync.spi.mutant." + name.toLowerCase(Locale.ROOT);
        }
    }

    private static final String FREE_ON_CLOSE = "driver.freeHost(domain, page); synchronized (domainLock) {";
    private static final String RELEASE_ON_CLOSE = "try { driver.release(domain); } catch (Throwable t) {";

    static final List<Mutation> ALL = List.of(
            new Mutation("RELEASE_BEFORE_FREE", LineRule.NO_FREE_UNDER_WORK,
                    new Edit(FREE_ON_CLOSE, "driver.release(domain); " + FREE_ON_CLOSE),
                    new Edit(RELEASE_ON_CLOSE, "try { } catch (Throwable t) {")),
            new Mutation("KEEP_DOMAIN", LineRule.RELEASED_ONCE,
                    new Edit(RELEASE_ON_CLOSE, "try { } catch (Throwable t) {")),
            new Mutation("CLOSE_TWICE", LineRule.RELEASED_ONCE,
                    new Edit("first = state == State.OPEN;", "first = state == State.OPEN || state == State.CLOSED;")),
            new Mutation("FREE_WHEN_SETTLE_FAILED", List.of(LineRule.LEAK_KEPT_AND_REPORTED, LineRule.NO_FREE_UNDER_WORK),
                    new Edit("if (settled != Settled.YES) {", "if (false) {")),
            new Mutation("SILENT_LEAK", LineRule.LEAK_KEPT_AND_REPORTED,
                    new Edit("leakCheck.reporter.leaked(reason, name, leakCheck.address, PAGE);", "")),
            new Mutation("SWALLOW_CLOSE_FAILURE", LineRule.LEAK_KEPT_AND_REPORTED,
                    new Edit("if (driverFailure != null) { rethrowable(driverFailure); }", "")),
            new Mutation("SETTLE_ERROR_ESCAPES", LineRule.LEAK_KEPT_AND_REPORTED,
                    new Edit("} catch (Throwable t) { settled = Settled.FAILED;",
                            "} catch (Error e) { throw e; } catch (Throwable t) { settled = Settled.FAILED;")),
            new Mutation("SKIP_SETTLE", LineRule.NO_FREE_UNDER_WORK,
                    new Edit("if (used.isEmpty()) {", "if (true) {")),
            new Mutation("SETTLE_UNBOUNDED", LineRule.SETTLE_BOUNDED,
                    new Edit("answer.get(Math.max(0, left), TimeUnit.NANOSECONDS)", "answer.get(Long.MAX_VALUE, TimeUnit.NANOSECONDS)")),
            new Mutation("SKIP_STREAM_CHECK", LineRule.FOREIGN_STREAM_REFUSED,
                    new Edit("if (!inDomain) {", "if (false) {")),
            new Mutation("SKIP_WAIT_STREAM_CHECK", LineRule.FOREIGN_STREAM_REFUSED,
                    new Edit("requireOwnStream(stream, \"a device-side wait on \");", "")),
            new Mutation("WAIT_NOT_SETTLED", LineRule.NO_FREE_UNDER_WORK,
                    new Edit("noteWaitOn(stream);", "")),
            new Mutation("DROP_STREAM_UNDER_WAIT", LineRule.NO_FREE_UNDER_WORK,
                    new Edit("return addressGiven || waitSince || !words.reached(lastStore, target);",
                            "return addressGiven || !words.reached(lastStore, target);")),
            new Mutation("DROP_STREAM_UNDER_ADDRESS", LineRule.LEAK_KEPT_AND_REPORTED,
                    new Edit("return addressGiven || waitSince || !words.reached(lastStore, target);",
                            "return waitSince || !words.reached(lastStore, target);")),
            new Mutation("DROP_STREAM_UNDER_STORE", LineRule.NO_FREE_UNDER_WORK,
                    new Edit("return addressGiven || waitSince || !words.reached(lastStore, target);",
                            "return addressGiven || waitSince;")),
            new Mutation("KEEP_DOMAIN_ON_FAILED_ALLOC", LineRule.FAILED_OPEN_ACQUIRES_NOTHING,
                    new Edit("throw e.toGpuException(\"allocating the page of a \"",
                            "opened = true; throw e.toGpuException(\"allocating the page of a \"")),
            new Mutation("KEEP_PAGE_ON_FAILED_ADDRESS", LineRule.FAILED_OPEN_ACQUIRES_NOTHING,
                    new Edit("if (!opened) { driver.freeHost(domain, page); }", "if (!opened) { }")),
            new Mutation("KEEP_VIEW", LineRule.HOST_VIEW_RETIRED,
                    new Edit("words.retire();", "")),
            new Mutation("SKIP_ZERO_FILL", LineRule.ZEROED,
                    new Edit("line.words.fillRelease(0);", "")),
            new Mutation("WRONG_SLOT_STRIDE", LineRule.SLOT_ADDRESS,
                    new Edit("deviceBase + (long) Long.BYTES * slot.ordinal()", "deviceBase + (long) Integer.BYTES * slot.ordinal()")),
            new Mutation("SHARE_BUSY_SLOT", List.of(LineRule.SLOT_SERVES_ONE_STREAM, LineRule.WORD_NEVER_MOVES_BACK),
                    new Edit("if (owner != null && !owner.equals(stream) && !words.reached(slot, last)) {", "if (false) {")));

    private LineMutants() {
    }

    /** {@code source} with {@code mutation}'s edits made, in {@code mutation}'s package. */
    static String mutate(String source, Mutation mutation) {
        String mutated = source;
        for (Edit edit : mutation.edits()) {
            Matcher matcher = loosely(edit.find()).matcher(mutated);
            List<Integer> at = new ArrayList<>();
            while (matcher.find()) {
                at.add(matcher.start());
            }
            if (at.size() != 1) {
                throw new AssertionError("mutation " + mutation.name() + " expects to find once in " + SOURCE + ":\n    "
                        + edit.find() + "\nbut found it " + at.size() + " times: MappedLine changed, so update the "
                        + "mutation to break the same rule in the new code");
            }
            mutated = loosely(edit.find()).matcher(mutated).replaceFirst(Matcher.quoteReplacement(edit.replaceWith()));
        }
        String packageLine = "package io.gpuasync.spi;";
        if (!mutated.contains(packageLine)) {
            throw new AssertionError(SOURCE + " no longer starts with " + packageLine);
        }
        return mutated.replace(packageLine, "package " + mutation.packageName() + "; import io.gpuasync.spi.*;");
    }

    private static Pattern loosely(String snippet) {
        return Pattern.compile(java.util.Arrays.stream(snippet.trim().split("\\s+")).map(Pattern::quote)
                .collect(Collectors.joining("\\s+")));
    }

    /** Every mutant, compiled and loaded: the opener of each, by mutation name. */
    static Map<String, LineKind> compileAll() {
        String source = read(SOURCE);
        Map<String, String> helpers = new LinkedHashMap<>();
        for (Path helper : HELPERS) {
            helpers.put(helper.getFileName().toString().replace(".java", ""), read(helper));
        }
        List<JavaFileObject> units = new ArrayList<>();
        for (Mutation mutation : ALL) {
            units.add(new Source(mutation.packageName() + ".MappedLine", mutate(source, mutation)));
            helpers.forEach((name, text) -> units.add(new Source(mutation.packageName() + "." + name,
                    text.replace("package io.gpuasync.spi;", "package " + mutation.packageName() + "; import io.gpuasync.spi.*;"))));
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new AssertionError("no system Java compiler: the mutants need a JDK, not a JRE");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, byte[]> classes = new HashMap<>();
        StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT, null);
        List<String> options = List.of("-classpath", classPath(Line.class, CompletionLine.class, LineDriver.class),
                "-proc:none", "-nowarn");
        boolean compiled = compiler.getTask(null, new InMemory(files, classes), diagnostics, options, null, units).call();
        if (!compiled) {
            throw new AssertionError("a mutant of MappedLine did not compile (fix its mutation):\n" + diagnostics.getDiagnostics()
                    .stream().map(Object::toString)
                    .collect(Collectors.joining("\n")));
        }
        ClassLoader loader = new ClassLoader("line-mutants", LineMutants.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] bytes = classes.get(name);
                if (bytes == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, bytes, 0, bytes.length);
            }
        };
        Map<String, LineKind> kinds = new LinkedHashMap<>();
        for (Mutation mutation : ALL) {
            try {
                kinds.put(mutation.name(), new Mutant(mutation.name(), loader.loadClass(mutation.packageName() + ".MappedLine")));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError("loading the mutant " + mutation.name(), e);
            }
        }
        return kinds;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the line's source from " + file.toAbsolutePath(), e);
        }
    }

    private static String classPath(Class<?>... from) {
        List<String> entries = new ArrayList<>();
        for (Class<?> type : from) {
            try {
                entries.add(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    /** A mutant's {@code open}, called reflectively. */
    private static final class Mutant implements LineKind {
        private final String name;
        private final Method open;

        Mutant(String name, Class<?> line) throws NoSuchMethodException {
            this.name = name;
            this.open = line.getMethod("open", LineDriver.class, LeakReporter.class, io.gpuasync.core.NanoClock.class,
                    Duration.class);
        }

        @SuppressWarnings("unchecked")
        @Override
        public HostLine<Stream> open(LineDriver<Stream, Domain> driver, LeakReporter reporter, Duration settleBound) {
            return (HostLine<Stream>) invoke(open, null, driver, reporter, io.gpuasync.core.NanoClock.SYSTEM, settleBound);
        }

        private static Object invoke(Method method, Object target, Object... arguments) {
            try {
                return method.invoke(target, arguments);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error r) {
                    throw r;
                }
                throw new IllegalStateException(e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public String toString() {
            return "MappedLine mutant " + name;
        }
    }

    private static final class Source extends SimpleJavaFileObject {
        private final String text;

        Source(String className, String text) {
            super(URI.create("string:///" + className.replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }

    /** Keeps the compiled classes in {@code classes}, by binary name. */
    private static final class InMemory extends ForwardingJavaFileManager<StandardJavaFileManager> {
        private final Map<String, byte[]> classes;

        InMemory(StandardJavaFileManager files, Map<String, byte[]> classes) {
            super(files);
            this.classes = classes;
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                   FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("bytes:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    return new ByteArrayOutputStream() {
                        @Override
                        public void close() {
                            classes.put(className, toByteArray());
                        }
                    };
                }
            };
        }
    }
}
