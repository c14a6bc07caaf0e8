package io.gpuasync.harness;

import io.gpuasync.core.WakeModel;
import io.gpuasync.spi.Backends;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code gar bench}: its options, parsed by picocli for both of its benches (the ways of waiting
 * on one backend, and with {@code --host} the hosts side by side), and the bench they ask for.
 * Every value is checked before any work, and a wrong one is named with its option.
 */
public final class BenchCommand {
    /** {@code gar bench --help}. */
    public static final String HELP = """
            usage: gar bench [options]

            Each way to wait for device work, side by side on the same work: wake (or wait)
            latency p50/p99, the waiter's CPU, bytes allocated per await. Every backend is
            measured on the bench workload its bench module offers (io.gpuasync.bench.spi.BenchProvider):
            the line's plans, then the backend's own ways of waiting.

              --backend NAME   backend to run on (default sim; gar doctor lists those found)
              --work-us N      device work per sample, in microseconds, 1..1000000 (default 200)
              --samples N      measured samples per plan, 1..10000000 (default 2000)
              --warmup N       unmeasured samples first, per plan, 0..10000000 (default 300)
              --json FILE      also write the figures as JSON
              --chart FILE     also draw the table as an SVG picture (FILE ends in .svg): each way of
                               waiting a point of p50 against CPU per await, with its p99; with
                               --waiters, CPU per await against the number of waiters too
              --jfr FILE       record the library's JFR events (io.gpuasync.*) during the run into FILE
              --waiters N,...  also many waiters at once (e.g. 1,16,256, each 1..4096) on 16 lines, for
                               each way a reactor can wait for them (sim only)
              --jitter P       spread the device's work by P percent, 0..1000, log-normal
              --wake-quantile Q  the reactors' wake quantile, in (0, 0.5) (default 0.1): the share
                               of landings before the wake and after the spin; lower spins more
              --host std,uring,netty  the hosts side by side instead: landing to continuation on the
                               thread that wanted it, CPU and timers per await, echo round trips on
                               the loop (also --echo N round trips, default 2000, and --echo-rate
                               N GPU waits fed per second meanwhile, default 10000, 0 as fast as
                               they end; takes --work-us, --samples, --warmup, --json, and
                               --backend: sim, or a backend whose provider offers a bench
                               workload, e.g. cuda); with netty, busy poll, std+execute and
                               netty once more after a burst of load: before each, twice as
                               many spinning threads as processors for --burst-ms N (default
                               1000, 0..60000; 0 skips it) while it serves waits
              --help           this text
            """;

    /** Every option {@code gar bench} takes, each with one value ({@code --name value} or {@code --name=value}). */
    static final List<String> OPTIONS = List.of("--backend", "--work-us", "--samples", "--warmup", "--json", "--chart",
            "--jfr", "--waiters", "--jitter", "--wake-quantile", "--host", "--echo", "--echo-rate", "--burst-ms");
    private static final Set<String> HOSTS_ONLY = Set.of("--echo", "--echo-rate", "--burst-ms");
    private static final Set<String> PLANS_ONLY = Set.of("--chart", "--jfr", "--waiters", "--jitter", "--wake-quantile");
    private static final List<String> HOSTS = List.of("std", "uring", "netty");

    private BenchCommand() {
    }

    /**
     * Runs {@code gar bench args} on one of {@code found}; {@code terminal} says whether progress
     * may rewrite a line of {@code err}.
     *
     * @return gar's exit status ({@link ExitStatus})
     * @throws UsageException for a wrong option or value, before any work
     */
    public static int run(List<String> args, List<Backends.Found> found, boolean terminal, PrintStream out,
                          PrintStream err) {
        ParseResult parsed = parse(args);
        if (parsed.hasMatchedOption("--host")) {
            return HostBench.run(hostOptions(parsed), found, out, err);
        }
        return Bench.run(benchOptions(parsed, terminal), found, out, err);
    }

    static ParseResult parse(List<String> args) {
        CommandSpec spec = CommandSpec.create().name("gar bench");
        for (String name : OPTIONS) {
            spec.addOption(OptionSpec.builder(name).arity("1").type(String.class).paramLabel("VALUE").build());
        }
        CommandLine line = new CommandLine(spec);
        try {
            return line.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.MissingParameterException e) {
            String option = e.getMissing().isEmpty() ? "an option" : ((OptionSpec) e.getMissing().getFirst()).longestName();
            throw new UsageException("bench", option + " needs a value");
        } catch (CommandLine.UnmatchedArgumentException e) {
            String first = e.getUnmatched().isEmpty() ? "?" : e.getUnmatched().getFirst();
            throw new UsageException("bench", (first.startsWith("-") ? "unknown option '" : "unexpected argument '")
                    + first + "'");
        } catch (CommandLine.ParameterException e) {
            throw new UsageException("bench", e.getMessage());
        }
    }

    static Bench.Options benchOptions(ParseResult parsed, boolean terminal) {
        for (String option : HOSTS_ONLY) {
            if (parsed.hasMatchedOption(option)) {
                throw new UsageException("bench", option + " goes with --host only");
            }
        }
        String backend = backend(parsed);
        int[] waiters = parsed.hasMatchedOption("--waiters") ? waiterCounts(value(parsed, "--waiters", "")) : null;
        if (waiters != null && !backend.equals("sim")) {
            throw new UsageException("bench", "--waiters runs on the simulated device only (--backend sim), not on " + backend);
        }
        Path chart = file(parsed, "--chart");
        if (chart != null && !chart.getFileName().toString().endsWith(".svg")) {
            throw new UsageException("bench", "--chart draws SVG only: the file's name must end in .svg, got '"
                    + parsed.matchedOptionValue("--chart", "") + "'");
        }
        return new Bench.Options(backend, work(parsed), samples(parsed), warmup(parsed), file(parsed, "--json"),
                file(parsed, "--jfr"), terminal, waiters,
                parsed.hasMatchedOption("--jitter") ? between("--jitter", value(parsed, "--jitter", "0"), 0, 1000) / 100.0 : 0,
                chart, parsed.hasMatchedOption("--wake-quantile")
                        ? wakeQuantile(value(parsed, "--wake-quantile", "")) : WakeModel.DEFAULT_QUANTILE);
    }

    static HostBench.Options hostOptions(ParseResult parsed) {
        for (String option : PLANS_ONLY) {
            if (parsed.hasMatchedOption(option)) {
                throw new UsageException("bench", option + " does not go with --host");
            }
        }
        Set<String> hosts = new LinkedHashSet<>();
        for (String host : value(parsed, "--host", "").split("[,|]")) {
            if (!HOSTS.contains(host)) {
                throw new UsageException("bench", "--host takes std, uring or netty (several with commas), got '" + host + "'");
            }
            hosts.add(host);
        }
        int echo = parsed.hasMatchedOption("--echo") ? (int) between("--echo", value(parsed, "--echo", ""), 1, 1_000_000) : 2000;
        int echoRate = parsed.hasMatchedOption("--echo-rate")
                ? (int) between("--echo-rate", value(parsed, "--echo-rate", ""), 0, 1_000_000) : HostEcho.DEFAULT_ECHO_RATE;
        // On by default with netty: the goals hold after a burst of load as well as fresh, and
        // a run that leaves half of them out would read as meeting them all.
        if (parsed.hasMatchedOption("--burst-ms") && !hosts.contains("netty")) {
            throw new UsageException("bench", "--burst-ms goes with a --host that includes netty");
        }
        Duration burst = !hosts.contains("netty") ? Duration.ZERO : Duration.ofMillis(parsed.hasMatchedOption("--burst-ms")
                ? between("--burst-ms", value(parsed, "--burst-ms", ""), 0, 60_000) : HostBurst.DEFAULT_BURST_MILLIS);
        return new HostBench.Options(hosts, work(parsed), samples(parsed), warmup(parsed), echo, echoRate,
                file(parsed, "--json"), backend(parsed), burst);
    }

    private static String value(ParseResult parsed, String option, String otherwise) {
        return parsed.matchedOptionValue(option, otherwise);
    }

    private static String backend(ParseResult parsed) {
        String backend = value(parsed, "--backend", "sim");
        if (backend.isBlank()) {
            throw new UsageException("bench", "--backend needs a name");
        }
        return backend;
    }

    private static Duration work(ParseResult parsed) {
        return Duration.ofNanos(between("--work-us", value(parsed, "--work-us", "200"), 1, 1_000_000) * 1_000);
    }

    private static int samples(ParseResult parsed) {
        return (int) between("--samples", value(parsed, "--samples", "2000"), 1, 10_000_000);
    }

    private static int warmup(ParseResult parsed) {
        return (int) between("--warmup", value(parsed, "--warmup", "300"), 0, 10_000_000);
    }

    private static int[] waiterCounts(String value) {
        String[] parts = value.split(",", -1);
        int[] counts = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            counts[i] = (int) between("--waiters", parts[i].trim(), 1, 4096);
        }
        return counts;
    }

    private static double wakeQuantile(String value) {
        double q;
        try {
            q = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new UsageException("bench", "--wake-quantile needs a number, got '" + value + "'");
        }
        try {
            return WakeModel.requireQuantile(q);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bench", "--wake-quantile: " + e.getMessage());
        }
    }

    private static long between(String option, String value, long min, long max) {
        long n;
        try {
            n = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new UsageException("bench", option + " needs a whole number, got '" + value + "'");
        }
        if (n < min || n > max) {
            throw new UsageException("bench", String.format(Locale.ROOT, "%s must be between %d and %d, got %s", option, min, max,
                    value));
        }
        return n;
    }

    // Checked before any work, so that a typo costs nothing: the folder must exist and be
    // writable, and the file, if there, must be a writable file. Null when not asked for.
    private static Path file(ParseResult parsed, String option) {
        if (!parsed.hasMatchedOption(option)) {
            return null;
        }
        String value = value(parsed, option, "");
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
