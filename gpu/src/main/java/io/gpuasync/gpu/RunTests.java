package io.gpuasync.gpu;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The check's test runner: runs the JUnit Platform (Jupiter and jqwik) over the packages and
 * classes named, and writes one line per test as it ends, flushed at once, so that a step cut
 * off by its time bound still says which test it was in. The GPU machine has no Maven, and the
 * console launcher's tree is written only as it goes to a terminal; this report is the record.
 *
 * <pre>
 * RunTests --report FILE [--package P]... [--class C]... [--exclude REGEX]... [--config KEY=VALUE]...
 * </pre>
 *
 * Exit status: 0 when at least one test ran and none failed, 1 when any failed, 2 on bad
 * arguments, 3 when the selection found no test at all (a misspelt package must not pass).
 */
public final class RunTests {
    /** What the runner was asked to run. */
    record Request(Path report, List<DiscoverySelector> selectors, List<String> excludes, Map<String, String> config) {
    }

    /** What one run found: the counts, and each failure's line. */
    record Outcome(int succeeded, int failed, int skipped, List<String> failures) {
        int exitStatus() {
            if (failed > 0) {
                return 1;
            }
            return succeeded == 0 ? 3 : 0;
        }
    }

    private RunTests() {
    }

    public static void main(String[] args) {
        Request request;
        try {
            request = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("RunTests: " + e.getMessage());
            System.exit(2);
            return;
        }
        Outcome outcome = run(request);
        System.out.printf("tests: %d succeeded, %d failed, %d skipped%n", outcome.succeeded(), outcome.failed(),
                outcome.skipped());
        // Engines may leave threads behind (a stream's thread in a fake driver): the verdict is in.
        System.exit(outcome.exitStatus());
    }

    static Request parse(String[] args) {
        Path report = null;
        List<DiscoverySelector> selectors = new ArrayList<>();
        List<String> excludes = new ArrayList<>();
        Map<String, String> config = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            String value = args[i + 1];
            switch (args[i]) {
                case "--report" -> report = Path.of(value);
                case "--package" -> selectors.add(DiscoverySelectors.selectPackage(value));
                case "--class" -> selectors.add(DiscoverySelectors.selectClass(value));
                case "--exclude" -> excludes.add(value);
                case "--config" -> {
                    int equals = value.indexOf('=');
                    if (equals <= 0) {
                        throw new IllegalArgumentException("--config needs KEY=VALUE, got '" + value + "'");
                    }
                    config.put(value.substring(0, equals), value.substring(equals + 1));
                }
                default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'");
            }
        }
        if (report == null) {
            throw new IllegalArgumentException("--report FILE is required");
        }
        if (selectors.isEmpty()) {
            throw new IllegalArgumentException("name at least one --package or --class to run");
        }
        return new Request(report, selectors, excludes, config);
    }

    static Outcome run(Request request) {
        LauncherDiscoveryRequestBuilder discovery = LauncherDiscoveryRequestBuilder.request()
                .selectors(request.selectors())
                .configurationParameters(request.config());
        if (!request.excludes().isEmpty()) {
            discovery.filters(ClassNameFilter.excludeClassNamePatterns(request.excludes().toArray(String[]::new)));
        }
        LauncherDiscoveryRequest built = discovery.build();
        try (PrintWriter report = new PrintWriter(Files.newBufferedWriter(request.report(), StandardCharsets.UTF_8))) {
            Recorder recorder = new Recorder(report);
            Launcher launcher = LauncherFactory.create();
            launcher.execute(built, recorder);
            return new Outcome(recorder.succeeded.get(), recorder.failed.get(), recorder.skipped.get(),
                    List.copyOf(recorder.failures));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report " + request.report(), e);
        }
    }

    /** Writes each test's end as it happens; counts tests, not the containers around them. */
    private static final class Recorder implements TestExecutionListener {
        private final PrintWriter report;
        final AtomicInteger succeeded = new AtomicInteger();
        final AtomicInteger failed = new AtomicInteger();
        final AtomicInteger skipped = new AtomicInteger();
        final List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());

        Recorder(PrintWriter report) {
            this.report = report;
        }

        private synchronized void line(String text) {
            report.println(text);
            report.flush();
            System.out.println(text);
        }

        // Class#method: the class the engine ran (a property inherited from the conformance
        // suite is named for the backend's subclass, not the suite), the method it says.
        private static String name(TestIdentifier test) {
            java.util.Optional<String> method = test.getSource().filter(MethodSource.class::isInstance)
                    .map(MethodSource.class::cast).map(MethodSource::getMethodName);
            return test.getUniqueIdObject().getSegments().stream()
                    .filter(segment -> segment.getType().equals("class"))
                    .reduce((outer, inner) -> inner)
                    .map(segment -> segment.getValue().substring(segment.getValue().lastIndexOf('.') + 1)
                            + method.map(m -> "#" + m).orElse(""))
                    .orElse(method.orElse(test.getDisplayName()));
        }

        @Override
        public void executionStarted(TestIdentifier test) {
            if (test.isTest()) {
                line("STARTED   " + name(test));
            }
        }

        @Override
        public void executionSkipped(TestIdentifier test, String reason) {
            if (test.isTest()) {
                skipped.incrementAndGet();
                line("SKIPPED   " + name(test) + ": " + reason);
            } else if (test.isContainer()) {
                line("SKIPPED   " + name(test) + " (all of it): " + reason);
            }
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            String cause = result.getThrowable().map(t -> t.getClass().getSimpleName() + ": " + t.getMessage()).orElse("");
            if (!test.isTest()) {
                // A container that fails (a class's set-up) fails every test in it without running them.
                if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                    failed.incrementAndGet();
                    failures.add(name(test) + ": " + cause);
                    line("FAILED    " + name(test) + " (set-up): " + cause);
                }
                return;
            }
            switch (result.getStatus()) {
                case SUCCESSFUL -> {
                    succeeded.incrementAndGet();
                    line("PASSED    " + name(test));
                }
                case ABORTED -> {
                    skipped.incrementAndGet();
                    line("SKIPPED   " + name(test) + ": " + cause);
                }
                case FAILED -> {
                    failed.incrementAndGet();
                    failures.add(name(test) + ": " + cause);
                    line("FAILED    " + name(test) + ": " + cause);
                    result.getThrowable().ifPresent(t -> {
                        java.io.StringWriter trace = new java.io.StringWriter();
                        t.printStackTrace(new PrintWriter(trace));
                        line(trace.toString().lines().limit(12).map(l -> "          " + l)
                                .reduce((a, b) -> a + "\n" + b).orElse(""));
                    });
                }
            }
        }
    }
}
