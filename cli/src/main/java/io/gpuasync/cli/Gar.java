package io.gpuasync.cli;

import io.gpuasync.spi.Backends;

import java.io.File;
import java.io.PrintStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code gar}, the command line: {@code doctor}, {@code bench}, {@code demo}.
 */
public final class Gar {
    /** Everything went as asked. */
    static final int OK = 0;
    /** The run itself failed: a device or driver error, a file that could not be written. */
    static final int FAILED = 1;
    /** Wrong usage, found before any work: a command, option, value, path or backend name. */
    static final int USAGE = 2;
    /** The backend exists but cannot do what was asked here: unavailable, or no bench workload. */
    static final int CANNOT = 3;

    static final String BACKEND_PATH_ENV = "GAR_BACKEND_PATH";

    static final String USAGE_TEXT = """
            usage: gar [--backend-path PATH] <command> [options]

            commands:
              doctor       every backend provider found, usable or not, and why not
              bench        each way to wait, side by side on one backend
              demo         a pipeline through the FILL executor, at fill level 1 and 3
              help [CMD]   this text, or a command's options (also: gar CMD --help)

            --backend-path PATH   extra backend jars or folders of jars, separated by ':', put on
                                  gar's module path (also the environment variable GAR_BACKEND_PATH;
                                  both are used when both are set)

            exit codes: 0 done; 1 the run failed (a device or driver error, a file not written);
                        2 wrong usage (unknown command or option, bad value, unwritable path,
                        no backend of that name), found before any work; 3 the backend cannot do
                        it here (unavailable, or it offers no bench workload)
            """;

    static final String BENCH_HELP = """
            usage: gar bench [options]

            Each way to wait for device work, side by side on the same work: wake (or wait)
            latency p50/p99, the waiter's CPU, bytes allocated per await. sim and cuda have
            benches of their own; any other backend is measured through the bench workload its
            provider offers (BackendProvider.openBenchWorkload).

              --backend NAME   backend to run on (default sim; gar doctor lists those found)
              --work-us N      device work per sample, in microseconds, 1..1000000 (default 200)
              --samples N      measured samples per plan, 1..10000000 (default 2000)
              --warmup N       unmeasured samples first, per plan, 0..10000000 (default 300)
              --json FILE      also write the figures as JSON
              --jfr FILE       record the library's JFR events (io.gpuasync.*) during the run into FILE
              --waiters N,...  also many waiters at once (e.g. 1,16,256, each 1..4096) on 16 lines, for
                               each way a reactor can wait for them (sim only)
              --jitter P       spread the device's work by P percent, 0..1000, log-normal (sim only)
              --host std,uring,netty  the hosts side by side instead: landing to continuation on the
                               thread that wanted it, CPU and timers per await, echo round trips on
                               the loop (also --echo N round trips, default 2000, and --echo-rate
                               N GPU waits fed per second meanwhile, default 10000, 0 as fast as
                               they end; takes --work-us, --samples, --warmup, --json, and
                               --backend: sim, or a backend whose provider offers a bench
                               workload, e.g. cuda, timed from queueing the work)
              --help           this text
            """;

    static final String DOCTOR_HELP = """
            usage: gar doctor

            Lists every backend provider found on the module path (and --backend-path), whether
            it can be used here and, if not, why. Exits 1 when none is usable.
            """;

    static final String DEMO_HELP = """
            usage: gar demo

            Runs a pipeline of batches (host prepare, device work, host consume) through the FILL
            executor at fill level 1 and 3, after a warm-up pass, and compares the throughput
            with the ideal that perfect overlap would give.
            """;

    private static final Map<String, String> HELP = Map.of("bench", BENCH_HELP, "doctor", DOCTOR_HELP, "demo", DEMO_HELP);

    private Gar() {
    }

    public static void main(String[] args) {
        java.io.Console console = System.console();
        // Progress lines rewrite themselves with '\r': only a terminal shows that as intended.
        boolean terminal = console != null && console.isTerminal();
        System.exit(run(args, System.getenv(BACKEND_PATH_ENV), terminal, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, null, false, out, err);
    }

    static int run(String[] args, String backendPathEnv, boolean terminal, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>(List.of(args));
        try {
            List<Path> backendPath = new ArrayList<>(paths("GAR_BACKEND_PATH", backendPathEnv));
            while (!rest.isEmpty() && rest.getFirst().startsWith("--backend-path")) {
                backendPath.addAll(paths("--backend-path", takeValue(rest, rest.removeFirst(), "gar")));
            }
            if (rest.isEmpty()) {
                err.print(USAGE_TEXT);
                return USAGE;
            }
            String command = rest.removeFirst();
            if (command.equals("help") || command.equals("--help") || command.equals("-h")) {
                if (rest.isEmpty()) {
                    out.print(USAGE_TEXT);
                    return OK;
                }
                String help = HELP.get(rest.getFirst());
                if (help == null) {
                    throw new UsageException("gar", "no help for '" + rest.getFirst() + "': not a command");
                }
                out.print(help);
                return OK;
            }
            if (!HELP.containsKey(command)) {
                throw new UsageException("gar", "unknown command '" + command + "'");
            }
            if (rest.contains("--help") || rest.contains("-h")) {
                out.print(HELP.get(command));
                return OK;
            }
            ModuleLayer layer = layerWith(backendPath);
            return switch (command) {
                case "doctor" -> {
                    noOptions(command, rest);
                    yield Doctor.run(out, Backends.discover(layer));
                }
                case "bench" -> rest.contains("--host")
                        ? HostBench.run(HostBench.options(withCommand(command, rest)), Backends.discover(layer), out, err)
                        : Bench.run(benchOptions(rest, terminal), Backends.discover(layer), out, err);
                case "demo" -> {
                    noOptions(command, rest);
                    yield Demo.run(out);
                }
                default -> throw new IllegalStateException(command);
            };
        } catch (UsageException e) {
            err.println(e.getMessage());
            err.println(e.command.equals("gar") ? "(gar help lists the commands)" : "(gar " + e.command + " --help lists its options)");
            return USAGE;
        }
    }

    /** A mistake in the command line, reported with the command it concerns. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String command;

        UsageException(String command, String message) {
            super((command.equals("gar") ? "gar: " : "gar " + command + ": ") + message);
            this.command = command;
        }
    }

    private static void noOptions(String command, List<String> rest) {
        if (!rest.isEmpty()) {
            throw new UsageException(command, (rest.getFirst().startsWith("-") ? "unknown option '" : "unexpected argument '")
                    + rest.getFirst() + "' (it takes no options)");
        }
    }

    // "--name value" or "--name=value"; a value that is itself an option means the value is missing.
    private static String takeValue(List<String> rest, String option, String command) {
        int equals = option.indexOf('=');
        if (equals >= 0) {
            return option.substring(equals + 1);
        }
        if (rest.isEmpty() || rest.getFirst().startsWith("--")) {
            throw new UsageException(command, option + " needs a value");
        }
        return rest.removeFirst();
    }

    private static String name(String option) {
        int equals = option.indexOf('=');
        return equals >= 0 ? option.substring(0, equals) : option;
    }

    private static List<Path> paths(String what, String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        List<Path> paths = new ArrayList<>();
        for (String part : value.split(File.pathSeparator)) {
            if (part.isEmpty()) {
                continue;
            }
            Path path = Path.of(part);
            if (!Files.exists(path)) {
                throw new UsageException("gar", what + ": no such file or folder '" + part + "'");
            }
            paths.add(path);
        }
        return paths;
    }

    /**
     * The boot layer, or a layer above it holding the modules in {@code paths}: each provider of
     * {@code BackendProvider} among them is bound (spi uses it), and each is allowed native access,
     * as the boot layer's backends are by gar's launcher.
     */
    static ModuleLayer layerWith(List<Path> paths) {
        ModuleLayer boot = ModuleLayer.boot();
        if (paths.isEmpty()) {
            return boot;
        }
        ModuleFinder finder = ModuleFinder.of(paths.toArray(Path[]::new));
        Set<String> roots;
        try {
            roots = finder.findAll().stream().map(m -> m.descriptor().name())
                    .filter(n -> boot.findModule(n).isEmpty()).collect(Collectors.toSet());
        } catch (RuntimeException broken) {
            throw new UsageException("gar", "--backend-path: cannot read the modules there: " + broken.getMessage());
        }
        try {
            Configuration configuration = boot.configuration().resolveAndBind(finder, ModuleFinder.of(), roots);
            ModuleLayer.Controller controller = ModuleLayer.defineModulesWithOneLoader(configuration, List.of(boot),
                    ClassLoader.getSystemClassLoader());
            for (Module module : controller.layer().modules()) {
                controller.enableNativeAccess(module);
            }
            return controller.layer();
        } catch (RuntimeException | LinkageError broken) {
            throw new UsageException("gar", "--backend-path: the modules there do not resolve: " + broken.getMessage());
        }
    }

    static Bench.Options benchOptions(List<String> rest, boolean terminal) {
        String backend = "sim";
        long workMicros = 200;
        int samples = 2000;
        int warmup = 300;
        Path json = null;
        Path jfr = null;
        int[] waiters = null;
        double jitter = 0;
        while (!rest.isEmpty()) {
            String option = rest.removeFirst();
            String name = name(option);
            switch (name) {
                case "--backend" -> backend = takeValue(rest, option, "bench");
                case "--work-us" -> workMicros = between(name, takeValue(rest, option, "bench"), 1, 1_000_000);
                case "--samples" -> samples = (int) between(name, takeValue(rest, option, "bench"), 1, 10_000_000);
                case "--warmup" -> warmup = (int) between(name, takeValue(rest, option, "bench"), 0, 10_000_000);
                case "--json" -> json = writable(name, takeValue(rest, option, "bench"));
                case "--jfr" -> jfr = writable(name, takeValue(rest, option, "bench"));
                case "--waiters" -> waiters = waiterCounts(name, takeValue(rest, option, "bench"));
                case "--jitter" -> jitter = between(name, takeValue(rest, option, "bench"), 0, 1000) / 100.0;
                default -> throw new UsageException("bench", (option.startsWith("-") ? "unknown option '" : "unexpected argument '")
                        + option + "'");
            }
        }
        if (backend.isBlank()) {
            throw new UsageException("bench", "--backend needs a name");
        }
        return new Bench.Options(backend, Duration.ofNanos(workMicros * 1_000), samples, warmup, json, jfr, terminal,
                waiters, jitter);
    }

    private static String[] withCommand(String command, List<String> rest) {
        List<String> all = new ArrayList<>(rest);
        all.addFirst(command);
        return all.toArray(String[]::new);
    }

    private static int[] waiterCounts(String option, String value) {
        String[] parts = value.split(",", -1);
        int[] counts = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            counts[i] = (int) between(option, parts[i].trim(), 1, 4096);
        }
        return counts;
    }

    private static long between(String option, String value, long min, long max) {
        long n;
        try {
            n = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new UsageException("bench", option + " needs a whole number, got '" + value + "'");
        }
        if (n < min || n > max) {
            throw new UsageException("bench", String.format(Locale.ROOT, "%s must be between %d and %d, got %s", option, min, max, value));
        }
        return n;
    }

    // Checked before any work, so that a typo costs nothing: the folder must exist and be
    // writable, and the file, if there, must be a writable file.
    private static Path writable(String option, String value) {
        if (value.isBlank()) {
            throw new UsageException("bench", option + " needs a file name");
        }
        Path file = Path.of(value).toAbsolutePath();
        Path folder = file.getParent();
        if (Files.isDirectory(file)) {
            throw new UsageException("bench", option + " " + value + " is a folder, not a file");
        }
        if (folder == null || !Files.isDirectory(folder)) {
            throw new UsageException("bench", option + " " + value + ": no such folder " + folder);
        }
        if (Files.exists(file) ? !Files.isWritable(file) : !Files.isWritable(folder)) {
            throw new UsageException("bench", option + " " + value + ": not writable");
        }
        return file;
    }
}
