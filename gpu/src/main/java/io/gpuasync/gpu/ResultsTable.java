package io.gpuasync.gpu;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The check's record of a run, from what its steps left in its output folder: a Markdown
 * section ready to paste into {@code bench/RESULTS.md} (the device as {@code nvidia-smi} and the
 * driver itself describe it, the date, and every peer's figures at every work size side by
 * side), and one JSON file holding the same with the figures of the bench files it came from.
 *
 * <pre>ResultsTable OUT_DIR</pre>
 *
 * reads {@code device.txt} (the probe's lines), {@code nvidia-smi.csv} and {@code nvidia-smi.txt}
 * when there are any, every {@code bench-*.json}, and {@code hosts.json} (the std, io_uring and
 * Netty hosts' bench) when there is one; writes {@code results.md} and
 * {@code results.json}, also when no bench left figures (they say so; the summary says why).
 * Exit status 0 once both are written, 2 on bad arguments.
 */
public final class ResultsTable {
    private static final Pattern CUDA_VERSION = Pattern.compile("CUDA Version:\\s*([0-9.]+)");

    /** One bench file: its work size, the peers in its order, and the file's own text. */
    record Bench(String backend, long workNanos, int samples, String machine, String java, String date,
                 List<Map<String, Object>> peers, String text) {
    }

    private ResultsTable() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ResultsTable OUT_DIR");
            System.exit(2);
            return;
        }
        Path out = Path.of(args[0]);
        List<Bench> benches = readBenches(out);
        Map<String, String> device = readDevice(out.resolve("device.txt"));
        String smiCsv = readIfThere(out.resolve("nvidia-smi.csv")).strip();
        String smiText = readIfThere(out.resolve("nvidia-smi.txt"));
        String hosts = readIfThere(out.resolve("hosts.json"));
        Files.writeString(out.resolve("results.md"), markdown(device, smiCsv, smiText, benches) + hostsMarkdown(hosts));
        Files.writeString(out.resolve("results.json"), json(device, smiCsv, smiText, benches, hosts));
        System.out.println("wrote " + out.resolve("results.md") + " and " + out.resolve("results.json"));
    }

    static List<Bench> readBenches(Path out) throws IOException {
        List<Bench> benches = new ArrayList<>();
        try (Stream<Path> files = Files.list(out)) {
            for (Path file : files.filter(f -> f.getFileName().toString().matches("bench-.*\\.json")).toList()) {
                benches.add(bench(Files.readString(file)));
            }
        }
        benches.sort(Comparator.comparingLong(Bench::workNanos));
        return benches;
    }

    @SuppressWarnings("unchecked")
    static Bench bench(String text) {
        Map<String, Object> root = parse(text);
        List<Map<String, Object>> peers = new ArrayList<>();
        for (Object plan : (List<Object>) root.get("plans")) {
            peers.add((Map<String, Object>) plan);
        }
        return new Bench((String) root.get("backend"), number(root, "work_ns"), (int) number(root, "samples"),
                (String) root.get("machine"), (String) root.get("java"), (String) root.get("date"), peers, text);
    }

    /**
     * The object a bench's JSON holds (jackson-jr).
     *
     * @throws IllegalArgumentException if it is not JSON, saying where
     */
    static Map<String, Object> parse(String text) {
        try {
            return JSON.std.mapFrom(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            throw new IllegalArgumentException("not a bench file's JSON" + where + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a bench file's JSON: " + e.getMessage(), e);
        }
    }

    static Map<String, String> readDevice(Path file) throws IOException {
        Map<String, String> device = new LinkedHashMap<>();
        for (String line : readIfThere(file).lines().toList()) {
            int colon = line.indexOf(": ");
            if (colon > 0) {
                device.put(line.substring(0, colon), line.substring(colon + 2));
            }
        }
        return device;
    }

    private static String readIfThere(Path file) throws IOException {
        return Files.isReadable(file) ? Files.readString(file) : "";
    }

    static String markdown(Map<String, String> device, String smiCsv, String smiText, List<Bench> benches) {
        StringBuilder md = new StringBuilder();
        String backend = benches.isEmpty() ? device.getOrDefault("api", "?") : benches.getFirst().backend();
        String date = benches.isEmpty() ? "" : benches.getFirst().date();
        md.append(String.format(Locale.ROOT, "## %s: `gar bench --backend %s` on %s (`gpu/check.sh`)%n%n",
                date.length() >= 10 ? date.substring(0, 10) : "(no bench ran)", backend,
                device.getOrDefault("device.0.name", "no device found")));
        md.append("Device: ").append(describeDevice(device)).append('\n');
        if (!smiCsv.isEmpty()) {
            md.append("nvidia-smi (name, driver, memory): ").append(smiCsv.lines().findFirst().orElse("")).append('\n');
        }
        Matcher cuda = CUDA_VERSION.matcher(smiText);
        if (cuda.find()) {
            md.append("nvidia-smi's CUDA version: ").append(cuda.group(1)).append('\n');
        }
        if (benches.isEmpty()) {
            md.append("\nNo bench figures: no bench step left a JSON file (see summary.md for why).\n");
            return md.toString();
        }
        Bench first = benches.getFirst();
        md.append(String.format(Locale.ROOT, "Host: %s; Java %s; run at %s; %d samples per peer.%n", first.machine(),
                first.java(), first.date(), first.samples()));
        md.append("""
                Each figure times the whole wait, from queueing the work (a calibrated memset) and its signal to \
                the waiter running; the work is the same for every peer, so the differences are differences in \
                waking. Waiting CPU is the waiter's CPU over its waiting time (with the dispatcher's for `future`).

                """);
        md.append("| peer | how it waits |");
        for (Bench b : benches) {
            String work = b.workNanos() % 1000 == 0 ? b.workNanos() / 1000 + " us" : micros(b.workNanos());
            md.append(String.format(" %s p50 | %s p99 | %s waiting CPU | %s CPU/await | %s bytes/await |",
                    work, work, work, work, work));
        }
        md.append("\n|---|---|").append("---:|".repeat(5 * benches.size())).append('\n');
        for (Map<String, Object> peer : first.peers()) {
            String name = (String) peer.get("plan");
            md.append("| ").append(name).append(" | ").append(peer.get("how")).append(" |");
            for (Bench b : benches) {
                Map<String, Object> same = b.peers().stream().filter(p -> name.equals(p.get("plan"))).findFirst().orElse(null);
                if (same == null) {
                    md.append(" - | - | - | - | - |");
                    continue;
                }
                md.append(String.format(Locale.ROOT, " %s | %s | %.1f%% | %s | %.1f |",
                        micros(number(same, "p50_ns")), micros(number(same, "p99_ns")),
                        100 * decimal(same, "cpu_fraction"), micros(number(same, "cpu_ns_per_await")),
                        decimal(same, "alloc_bytes_per_await")));
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static long number(Map<String, Object> peer, String key) {
        return ((Number) peer.get(key)).longValue();
    }

    private static double decimal(Map<String, Object> peer, String key) {
        return ((Number) peer.get(key)).doubleValue();
    }

    private static String micros(long nanos) {
        return String.format(Locale.ROOT, "%.1f us", nanos / 1e3);
    }

    private static String describeDevice(Map<String, String> device) {
        if (device.isEmpty()) {
            return "not probed (no device.txt)";
        }
        StringBuilder d = new StringBuilder();
        d.append(device.getOrDefault("device.0.name", "none"));
        if (device.containsKey("device.0.memory_mib")) {
            d.append(", ").append(device.get("device.0.memory_mib")).append(" MiB");
        }
        if (device.containsKey("device.0.compute_capability")) {
            d.append(", compute capability ").append(device.get("device.0.compute_capability"));
        }
        d.append("; ").append(device.getOrDefault("devices", "?")).append(" device(s)");
        String api = device.getOrDefault("api", "cuda");
        d.append("; ").append(switch (api) {
            case "cuda" -> "cuDriverGetVersion";
            case "hip" -> "hipDriverGetVersion";
            default -> "driver (" + api + ")";
        }).append(": ")
                .append(device.getOrDefault("driver_version", "unknown"));
        if (device.containsKey("runtime_version")) {
            d.append("; hipRuntimeGetVersion: ").append(device.get("runtime_version"));
        }
        d.append("; library ").append(device.getOrDefault("library", "?"));
        if (device.containsKey("error")) {
            d.append("; probe error: ").append(device.get("error"));
        }
        return d.toString();
    }

    /**
     * The hosts' section: each row of {@code gar bench --host} (landing to continuation, CPU,
     * timers and polls per await) and the echo's round trips; empty without a hosts bench.
     */
    @SuppressWarnings("unchecked")
    static String hostsMarkdown(String hostsJson) {
        if (hostsJson.isBlank()) {
            return "";
        }
        Map<String, Object> root = parse(hostsJson);
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "%n### The hosts: `gar bench --host %s --backend %s`%n%n", root.get("hosts"),
                root.get("backend")));
        md.append(String.format(Locale.ROOT, "%s; %d us of work per sample; %d samples per row. Each figure runs from "
                        + "queueing the work to the continuation on the thread that wanted it (the Netty loop; for std "
                        + "and uring their own thread).%n%n", root.get("device"),
                number(root, "work_ns") / 1000, number(root, "samples")));
        md.append("| row | p50 | p99 | CPU/await | timers/await | polls/await |\n|---|---:|---:|---:|---:|---:|\n");
        for (Object o : (List<Object>) root.get("rows")) {
            Map<String, Object> row = (Map<String, Object>) o;
            Object polls = row.get("polls_per_await");
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.2f | %s |%n", row.get("row"),
                    micros(number(row, "p50_ns")), micros(number(row, "p99_ns")), micros(number(row, "cpu_ns_per_await")),
                    decimal(row, "timers_per_await"), polls == null ? "-"
                            : String.format(Locale.ROOT, "%.1f", ((Number) polls).doubleValue())));
        }
        List<Object> echoes = (List<Object>) root.get("echo");
        if (echoes != null && !echoes.isEmpty()) {
            md.append("\nLoopback echo on the Netty loop (one request in flight):\n\n| GPU waits | p50 | p99 | round trips "
                    + "| completions meanwhile |\n|---|---:|---:|---:|---:|\n");
            for (Object o : echoes) {
                Map<String, Object> echo = (Map<String, Object>) o;
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %d |%n", echo.get("gpu_waits"),
                        micros(number(echo, "p50_ns")), micros(number(echo, "p99_ns")), number(echo, "round_trips"),
                        number(echo, "completions_during")));
            }
        }
        return md.toString();
    }

    static String json(Map<String, String> device, String smiCsv, String smiText, List<Bench> benches) {
        return json(device, smiCsv, smiText, benches, "");
    }

    /** The record as one JSON object: the device, nvidia-smi's lines, and each bench file's figures whole. */
    static String json(Map<String, String> device, String smiCsv, String smiText, List<Bench> benches, String hosts) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("device", device);
        json.put("nvidia_smi", smiCsv);
        Matcher cuda = CUDA_VERSION.matcher(smiText);
        json.put("nvidia_smi_cuda_version", cuda.find() ? cuda.group(1) : null);
        json.put("benches", benches.stream().map(b -> parse(b.text())).toList());
        json.put("hosts", hosts.isBlank() ? null : parse(hosts));
        try {
            return JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT, JSON.Feature.WRITE_NULL_PROPERTIES).asString(json) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException("the results could not be written as JSON: " + e.getMessage(), e);
        }
    }
}
