package io.gpuasync.spi;

import io.gpuasync.api.Line;
import io.gpuasync.core.CompletionLine;
import io.gpuasync.spi.FakeDriver.Domain;
import io.gpuasync.spi.FakeDriver.Stream;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;

import javax.tools.Diagnostic;
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
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Copies of {@link MappedLine} with one rule broken each, made at test time from the line's real
 * source: each {@link Mutation} replaces whole statements or expressions of the line, found in
 * the syntax tree that javac's parser ({@link JavacTask}) makes of the source and compared token
 * by token, so that formatting and comments do not matter; a target not found exactly once in
 * its method fails loudly, naming the mutation, so a mutation cannot silently stop mutating.
 * The copies are compiled in memory with {@link JavaCompiler} into packages of their own and
 * loaded by a class loader of their own. Production code holds nothing for them.
 */
final class LineMutants {
    /** The line's source, read from the module's own tree (Surefire runs in the module folder). */
    static final Path SOURCE = Path.of("src/main/java/io/gpuasync/spi/MappedLine.java");
    // The package-private classes the line uses, unchanged: each mutant package gets a copy.
    private static final List<Path> HELPERS = List.of(Path.of("src/main/java/io/gpuasync/spi/LineEstimator.java"));

    /**
     * One edit: the statement or expression {@code find} (one, written as Java source), inside a
     * method named {@code method} of the line, becomes {@code replaceWith}.
     */
    record Edit(String method, String find, String replaceWith) {
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

    private static final String ALLOCATION_FAILED = "throw e.toGpuException(\"allocating the page of a \" + driver.name() + \" line\");";
    private static final String STREAM_OF_STORE = "return addressGiven || waitSince || !words.reached(lastStore, target);";

    static final List<Mutation> ALL = List.of(
            new Mutation("RELEASE_BEFORE_FREE", LineRule.NO_FREE_UNDER_WORK,
                    new Edit("freeAndRelease", "driver.freeHost(domain, page);", "driver.release(domain); driver.freeHost(domain, page);"),
                    new Edit("freeAndRelease", "driver.release(domain);", "")),
            new Mutation("KEEP_DOMAIN", LineRule.RELEASED_ONCE,
                    new Edit("freeAndRelease", "driver.release(domain);", "")),
            new Mutation("CLOSE_TWICE", LineRule.RELEASED_ONCE,
                    new Edit("close", "first = state == State.OPEN;", "first = state == State.OPEN || state == State.CLOSED;")),
            new Mutation("FREE_WHEN_SETTLE_FAILED", List.of(LineRule.LEAK_KEPT_AND_REPORTED, LineRule.NO_FREE_UNDER_WORK),
                    new Edit("finishClose", "settled != Settled.YES", "false")),
            new Mutation("SILENT_LEAK", LineRule.LEAK_KEPT_AND_REPORTED,
                    new Edit("leak", "leakCheck.reporter.leaked(reason, name, leakCheck.address, PAGE);", "")),
            new Mutation("SWALLOW_CLOSE_FAILURE", LineRule.LEAK_KEPT_AND_REPORTED,
                    new Edit("finishClose", "if (driverFailure != null) { rethrowable(driverFailure); }", "")),
            new Mutation("SETTLE_ERROR_ESCAPES", LineRule.LEAK_KEPT_AND_REPORTED,
                    new Edit("finishClose", "settled = Settled.FAILED;",
                            "if (t instanceof Error error) { throw error; } settled = Settled.FAILED;")),
            new Mutation("SKIP_SETTLE", LineRule.NO_FREE_UNDER_WORK,
                    new Edit("finishClose", "used.isEmpty()", "true")),
            new Mutation("SETTLE_UNBOUNDED", LineRule.SETTLE_BOUNDED,
                    new Edit("answerBy", "Math.max(0, left)", "Long.MAX_VALUE")),
            new Mutation("SKIP_STREAM_CHECK", LineRule.FOREIGN_STREAM_REFUSED,
                    new Edit("requireOwnStream", "!inDomain", "false")),
            new Mutation("SKIP_WAIT_STREAM_CHECK", LineRule.FOREIGN_STREAM_REFUSED,
                    new Edit("waitOnDevice", "requireOwnStream(stream, \"a device-side wait on \");", "")),
            new Mutation("WAIT_NOT_SETTLED", LineRule.NO_FREE_UNDER_WORK,
                    new Edit("waitOnDevice", "noteWaitOn(stream);", "")),
            new Mutation("DROP_STREAM_UNDER_WAIT", LineRule.NO_FREE_UNDER_WORK,
                    new Edit("mayTouch", STREAM_OF_STORE, "return addressGiven || !words.reached(lastStore, target);")),
            new Mutation("DROP_STREAM_UNDER_ADDRESS", LineRule.LEAK_KEPT_AND_REPORTED,
                    new Edit("mayTouch", STREAM_OF_STORE, "return waitSince || !words.reached(lastStore, target);")),
            new Mutation("DROP_STREAM_UNDER_STORE", LineRule.NO_FREE_UNDER_WORK,
                    new Edit("mayTouch", STREAM_OF_STORE, "return addressGiven || waitSince;")),
            new Mutation("KEEP_DOMAIN_ON_FAILED_ALLOC", LineRule.FAILED_OPEN_ACQUIRES_NOTHING,
                    new Edit("open", ALLOCATION_FAILED, "{ opened = true; " + ALLOCATION_FAILED + " }")),
            new Mutation("KEEP_PAGE_ON_FAILED_ADDRESS", LineRule.FAILED_OPEN_ACQUIRES_NOTHING,
                    new Edit("open", "if (!opened) { driver.freeHost(domain, page); }", "")),
            new Mutation("KEEP_VIEW", LineRule.HOST_VIEW_RETIRED,
                    new Edit("finishClose", "words.retire();", "")),
            new Mutation("SKIP_ZERO_FILL", LineRule.ZEROED,
                    new Edit("open", "line.words.fillRelease(0);", "")),
            new Mutation("WRONG_SLOT_STRIDE", LineRule.SLOT_ADDRESS,
                    new Edit("slotAddress", "(long) Long.BYTES * slot.ordinal()", "(long) Integer.BYTES * slot.ordinal()")),
            new Mutation("SHARE_BUSY_SLOT", List.of(LineRule.SLOT_SERVES_ONE_STREAM, LineRule.WORD_NEVER_MOVES_BACK),
                    new Edit("signal", "owner != null && !owner.equals(stream) && !words.reached(slot, last)", "false")));

    private LineMutants() {
    }

    /** {@code source} (a {@code MappedLine.java}) with {@code mutation}'s edits made, in {@code mutation}'s package. */
    static String mutate(String source, Mutation mutation) {
        Parsed line = Parsed.of("MappedLine", source);
        List<Splice> splices = new ArrayList<>();
        for (Edit edit : mutation.edits()) {
            Tree target = Parsed.snippet(edit.find());
            List<Tree> found = line.find(edit.method(), target);
            if (found.size() != 1) {
                throw new AssertionError("mutation " + mutation.name() + " expects to find once, in a method named "
                        + edit.method() + " of " + SOURCE + ":\n    " + edit.find() + "\nbut found it " + found.size()
                        + " times: MappedLine changed, so update the mutation to break the same rule in the new code");
            }
            splices.add(line.splice(found.getFirst(), edit.replaceWith()));
        }
        splices.addAll(line.movedTo(mutation.packageName()));
        return Splice.apply(source, splices, mutation.name());
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
                    Splice.apply(text, Parsed.of(name, text).movedTo(mutation.packageName()), mutation.name()))));
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

    /** One replacement of the text between {@code start} and {@code end}. */
    private record Splice(int start, int end, String with) {
        /** {@code source} with every splice made; splices that overlap fail, naming {@code mutation}. */
        static String apply(String source, List<Splice> splices, String mutation) {
            List<Splice> fromTheEnd = new ArrayList<>(splices);
            fromTheEnd.sort(Comparator.comparingInt(Splice::start).reversed());
            StringBuilder text = new StringBuilder(source);
            int before = source.length();
            for (Splice splice : fromTheEnd) {
                if (splice.end() > before) {
                    throw new AssertionError("mutation " + mutation + " edits overlapping parts of the source");
                }
                text.replace(splice.start(), splice.end(), splice.with());
                before = splice.start();
            }
            return text.toString();
        }
    }

    /**
     * A source file as javac's parser sees it: its syntax tree and where each node lies in the
     * text. Nodes are compared by javac's own rendering of them with the whitespace taken out, so
     * the source's layout, line breaks and comments never decide a match.
     */
    private record Parsed(CompilationUnitTree unit, SourcePositions positions) {
        static Parsed of(String className, String text) {
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            if (compiler == null) {
                throw new AssertionError("no system Java compiler: the mutants need a JDK, not a JRE");
            }
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            JavacTask task = (JavacTask) compiler.getTask(null, null, diagnostics, List.of("-proc:none"), null,
                    List.of(new Source(className, text)));
            CompilationUnitTree unit;
            try {
                unit = task.parse().iterator().next();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                    .map(Object::toString).toList();
            if (!errors.isEmpty()) {
                throw new AssertionError("javac cannot parse " + className + ":\n" + String.join("\n", errors));
            }
            return new Parsed(unit, Trees.instance(task).getSourcePositions());
        }

        /** The one statement or expression {@code find} is, parsed on its own. */
        static Tree snippet(String find) {
            String trimmed = find.strip();
            boolean statement = trimmed.endsWith(";") || trimmed.endsWith("}");
            Parsed parsed = of("Snippet", statement ? "class Snippet { void m() { " + find + " } }"
                    : "class Snippet { Object m() { return " + find + "; } }");
            MethodTree method = (MethodTree) ((ClassTree) parsed.unit().getTypeDecls().getFirst()).getMembers().getFirst();
            List<? extends StatementTree> body = method.getBody().getStatements();
            if (body.size() != 1) {
                throw new AssertionError("a mutation's target is one statement or expression, not: " + find);
            }
            return statement ? body.getFirst() : ((ReturnTree) body.getFirst()).getExpression();
        }

        private static String rendered(Tree tree) {
            return tree.toString().replaceAll("\\s+", "");
        }

        /** Every node alike to {@code wanted} inside a method named {@code method}, outermost first. */
        List<Tree> find(String method, Tree wanted) {
            String shape = rendered(wanted);
            List<Tree> found = new ArrayList<>();
            new TreeScanner<Void, String>() {
                @Override
                public Void visitMethod(MethodTree node, String enclosing) {
                    return super.visitMethod(node, node.getName().toString());
                }

                @Override
                public Void scan(Tree node, String enclosing) {
                    if (node != null && node.getKind() == wanted.getKind() && method.equals(enclosing)
                            && rendered(node).equals(shape)) {
                        found.add(node);
                    }
                    return super.scan(node, enclosing);
                }
            }.scan(unit, null);
            return found;
        }

        /** Replaces {@code node}'s text with {@code with}. */
        Splice splice(Tree node, String with) {
            long start = positions.getStartPosition(unit, node);
            long end = positions.getEndPosition(unit, node);
            if (start < 0 || end < start) {
                throw new IllegalStateException("javac gave no position for " + node);
            }
            return new Splice((int) start, (int) end, with);
        }

        /** The edits that move this file into {@code packageName}, importing what it used from its own package. */
        List<Splice> movedTo(String packageName) {
            ExpressionTree name = unit.getPackageName();
            if (name == null || !name.toString().equals("io.gpuasync.spi")) {
                throw new AssertionError(unit.getSourceFile().getName() + " is not in package io.gpuasync.spi");
            }
            Tree first = unit.getImports().isEmpty() ? unit.getTypeDecls().getFirst() : unit.getImports().getFirst();
            long at = positions.getStartPosition(unit, first);
            return List.of(splice(name, packageName), new Splice((int) at, (int) at, "import io.gpuasync.spi.*; "));
        }
    }
}
