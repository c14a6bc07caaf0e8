package io.gpuasync.cli;

import io.gpuasync.harness.BenchCommand;
import io.gpuasync.harness.ExitStatus;
import io.gpuasync.harness.UsageException;
import io.gpuasync.spi.Backends;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.io.File;
import java.io.PrintStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code gar}, the command line: {@code doctor}, {@code bench}, {@code demo}.
 */
public final class Gar {
    /** Everything went as asked. */
    static final int OK = ExitStatus.OK;
    /** The run itself failed: a device or driver error, a file that could not be written. */
    static final int FAILED = ExitStatus.FAILED;
    /** Wrong usage, found before any work: a command, option, value, path or backend name. */
    static final int USAGE = ExitStatus.USAGE;
    /** The backend exists but cannot do what was asked here: unavailable, or no bench workload. */
    static final int CANNOT = ExitStatus.CANNOT;

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

    private static final Map<String, String> HELP = Map.of("bench", BenchCommand.HELP, "doctor", DOCTOR_HELP, "demo", DEMO_HELP);

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
        try {
            // gar's own options come before the command; from the command on, the words are the command's.
            CommandSpec spec = CommandSpec.create().name("gar");
            spec.addOption(OptionSpec.builder("--backend-path").arity("1").type(String[].class).paramLabel("PATH").build());
            CommandLine parser = new CommandLine(spec);
            parser.setUnmatchedArgumentsAllowed(true);
            parser.setStopAtUnmatched(true);
            ParseResult parsed;
            try {
                parsed = parser.parseArgs(args);
            } catch (CommandLine.MissingParameterException e) {
                throw new UsageException("gar", "--backend-path needs a value");
            } catch (CommandLine.ParameterException e) {
                throw new UsageException("gar", e.getMessage());
            }
            List<Path> backendPath = new ArrayList<>(paths("GAR_BACKEND_PATH", backendPathEnv));
            for (String value : parsed.matchedOptionValue("--backend-path", new String[0])) {
                backendPath.addAll(paths("--backend-path", value));
            }
            List<String> rest = new ArrayList<>(parsed.unmatched());
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
                case "bench" -> BenchCommand.run(rest, Backends.discover(layer), terminal, out, err);
                case "demo" -> {
                    noOptions(command, rest);
                    yield Demo.run(out);
                }
                default -> throw new IllegalStateException(command);
            };
        } catch (UsageException e) {
            err.println(e.getMessage());
            err.println(e.command().equals("gar") ? "(gar help lists the commands)" : "(gar " + e.command() + " --help lists its options)");
            return USAGE;
        }
    }

    private static void noOptions(String command, List<String> rest) {
        if (!rest.isEmpty()) {
            throw new UsageException(command, (rest.getFirst().startsWith("-") ? "unknown option '" : "unexpected argument '")
                    + rest.getFirst() + "' (it takes no options)");
        }
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
}
