package io.gpuasync.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code gar}, the command line: {@code doctor}, {@code bench}, {@code demo}.
 */
public final class Gar {
    static final String USAGE = """
            usage: gar <command> [options]

            commands:
              doctor                 every backend provider found, usable or not, and why not
              bench                  each way to wait, side by side on one backend: wake latency
                                     p50/p99, waiting CPU, bytes allocated per await
                --backend NAME         backend to run on (default sim)
                --work-us N            device work per sample, in microseconds (default 200)
                --samples N            measured samples per plan (default 2000)
                --warmup N             unmeasured samples first, per plan (default 300)
                --json FILE            also write the figures as JSON
                --waiters N[,N...]     also many waiters at once (e.g. 1,16,256) on 16 lines,
                                       each way a reactor can wait for them
                --jitter P             spread the device's work by P percent (log-normal)
                --host std,uring,netty the hosts side by side instead (landing to continuation on the
                                       thread that wanted it, CPU and timers per await, echo on the
                                       loop); also --echo N round trips (default 2000)
              demo                   a pipeline through the FILL executor, at fill level 1 and 3
              help                   this text
            """;

    private Gar() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
            out.print(USAGE);
            return args.length == 0 ? 2 : 0;
        }
        try {
            return switch (args[0]) {
                case "doctor" -> {
                    noOptions(args);
                    yield Doctor.run(out);
                }
                case "bench" -> HostBench.wanted(args)
                        ? HostBench.run(HostBench.options(args), out, err)
                        : Bench.run(benchOptions(args), out, err);
                case "demo" -> {
                    noOptions(args);
                    yield Demo.run(out);
                }
                default -> throw new UsageException("unknown command '" + args[0] + "'");
            };
        } catch (UsageException e) {
            err.println("gar: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
    }

    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    private static void noOptions(String[] args) {
        if (args.length > 1) {
            throw new UsageException(args[0] + " takes no options, got " + String.join(" ", List.of(args).subList(1, args.length)));
        }
    }

    static Bench.Options benchOptions(String[] args) {
        String backend = "sim";
        long workMicros = 200;
        int samples = 2000;
        int warmup = 300;
        Path json = null;
        int[] waiters = null;
        double jitter = 0;
        List<String> rest = new ArrayList<>(List.of(args).subList(1, args.length));
        while (!rest.isEmpty()) {
            String option = rest.removeFirst();
            if (rest.isEmpty()) {
                throw new UsageException(option + " needs a value");
            }
            String value = rest.removeFirst();
            switch (option) {
                case "--backend" -> backend = value;
                case "--work-us" -> workMicros = positive(option, value, 1_000_000);
                case "--samples" -> samples = (int) positive(option, value, 10_000_000);
                case "--warmup" -> warmup = (int) nonNegative(option, value);
                case "--json" -> json = Path.of(value);
                case "--waiters" -> waiters = waiterCounts(option, value);
                case "--jitter" -> jitter = nonNegative(option, value) / 100.0;
                default -> throw new UsageException("unknown bench option '" + option + "'");
            }
        }
        return new Bench.Options(backend, Duration.ofNanos(workMicros * 1_000), samples, warmup, json, waiters, jitter);
    }

    private static int[] waiterCounts(String option, String value) {
        String[] parts = value.split(",", -1);
        int[] counts = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            counts[i] = (int) positive(option, parts[i].trim(), 4096);
        }
        return counts;
    }

    private static long positive(String option, String value, long max) {
        long n = nonNegative(option, value);
        if (n == 0 || n > max) {
            throw new UsageException(option + " must be between 1 and " + max + ", got " + value);
        }
        return n;
    }

    private static long nonNegative(String option, String value) {
        try {
            long n = Long.parseLong(value);
            if (n < 0) {
                throw new UsageException(option + " must not be negative, got " + value);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs a whole number, got '" + value + "'");
        }
    }
}
