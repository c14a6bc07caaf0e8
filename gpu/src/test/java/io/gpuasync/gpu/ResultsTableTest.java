package io.gpuasync.gpu;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The table for bench/RESULTS.md, from files in the shapes the check's steps write. */
class ResultsTableTest {
    // Two peers, as gar bench --json writes them (its quoting of a name with a quote in it too).
    private static String bench(long workNanos, long spinP50, long syncP50) {
        return """
                {
                  "backend": "cuda",
                  "work_ns": %d,
                  "samples": 2000,
                  "machine": "Linux amd64, 16 cores, \\"EPYC\\"",
                  "java": "25.0.3+9-LTS",
                  "date": "2026-12-01T10:00:00Z",
                  "plans": [
                    {"plan": "spin", "how": "busy spin", "p50_ns": %d, "p99_ns": 250000, "cpu_fraction": 1.0000, "alloc_bytes_per_await": 0.0, "cpu_ns_per_await": 201000, "samples": 2000, "estimator": ""},
                    {"plan": "stream-sync", "how": "cuStreamSynchronize", "p50_ns": %d, "p99_ns": 260000, "cpu_fraction": 0.9512, "alloc_bytes_per_await": 0.5, "cpu_ns_per_await": 190000, "samples": 2000, "estimator": ""}
                  ]
                }
                """.formatted(workNanos, spinP50, syncP50);
    }

    private static final String DEVICE = """
            api: cuda
            library: libcuda.so.1
            driver_version: 12080 (12.8)
            devices: 1
            device.0.name: NVIDIA H200
            device.0.memory_mib: 143771
            device.0.compute_capability: 9.0
            """;

    @Test
    void everyPeerSitsSideBySideAtEveryWorkSizeWithTheDeviceAndTheDate(@TempDir Path out) throws IOException {
        Files.writeString(out.resolve("bench-1000us.json"), bench(1_000_000, 1_003_000, 1_010_000));
        Files.writeString(out.resolve("bench-200us.json"), bench(200_000, 203_400, 209_900));
        Files.writeString(out.resolve("device.txt"), DEVICE);
        Files.writeString(out.resolve("nvidia-smi.csv"), "NVIDIA H200, 570.124.06, 143771 MiB\n");
        Files.writeString(out.resolve("nvidia-smi.txt"), "| NVIDIA-SMI 570.124.06   Driver Version: 570.124.06   CUDA Version: 12.8 |\n");

        ResultsTable.main(new String[] {out.toString()});

        String md = Files.readString(out.resolve("results.md"));
        assertTrue(md.startsWith("## 2026-12-01: `gar bench --backend cuda` on NVIDIA H200"), md);
        assertTrue(md.contains("NVIDIA H200, 143771 MiB, compute capability 9.0; 1 device(s); cuDriverGetVersion: 12080 (12.8)"), md);
        assertTrue(md.contains("nvidia-smi (name, driver, memory): NVIDIA H200, 570.124.06, 143771 MiB"), md);
        assertTrue(md.contains("nvidia-smi's CUDA version: 12.8"), md);
        assertTrue(md.contains("Linux amd64, 16 cores, \"EPYC\""), md);
        // The smaller work size first, whatever order the files were found in.
        assertTrue(md.contains("| peer | how it waits | 200 us p50 |"), md);
        assertTrue(md.indexOf("200 us p50") < md.indexOf("1000 us p50"), md);
        assertTrue(md.contains("| spin | busy spin | 203.4 us | 250.0 us | 100.0% | 201.0 us | 0.0 | 1003.0 us |"), md);
        assertTrue(md.contains("| stream-sync | cuStreamSynchronize | 209.9 us | 260.0 us | 95.1% | 190.0 us | 0.5 | 1010.0 us |"), md);
        // The header row has as many cells as every peer's row.
        List<String> rows = md.lines().filter(l -> l.startsWith("|")).toList();
        long cells = rows.getFirst().chars().filter(c -> c == '|').count();
        for (String row : rows) {
            assertEquals(cells, row.chars().filter(c -> c == '|').count(), row);
        }

        Map<String, Object> json = ResultsTable.parse(Files.readString(out.resolve("results.json")));
        assertEquals("NVIDIA H200", ((Map<?, ?>) json.get("device")).get("device.0.name"));
        assertEquals("12.8", json.get("nvidia_smi_cuda_version"));
        List<?> benches = (List<?>) json.get("benches");
        assertEquals(2, benches.size());
        assertEquals(200_000L, ((Number) ((Map<?, ?>) benches.getFirst()).get("work_ns")).longValue());
        // Each bench file's figures whole, the machine's quoted name as it was read.
        assertEquals("Linux amd64, 16 cores, \"EPYC\"", ((Map<?, ?>) benches.getFirst()).get("machine"));
        assertEquals(2, ((List<?>) ((Map<?, ?>) benches.getFirst()).get("plans")).size());
    }

    // As gar bench --host std,uring,netty --backend cuda --json writes it (HostBench.json).
    private static final String HOSTS = """
            {
              "hosts": "std,uring,netty",
              "backend": "cuda",
              "device": "backend cuda (a calibrated cuMemsetD32Async of up to 256 MiB on a stream of device 0)",
              "work_ns": 200000,
              "samples": 2000,
              "machine": "Linux amd64, 16 cores",
              "date": "2026-12-01T10:05:00Z",
              "rows": [
                {"row": "busy-poll", "p50_ns": 203000, "p99_ns": 240000, "cpu_ns_per_await": 210000, "timers_per_await": 0.000, "samples": 2000, "polls_per_await": 0.0},
                {"row": "netty", "p50_ns": 205500, "p99_ns": 251000, "cpu_ns_per_await": 35000, "timers_per_await": 1.250, "samples": 2000, "polls_per_await": 14.5}
              ],
              "echo": [
                {"gpu_waits": "none", "p50_ns": 30000, "p99_ns": 61000, "round_trips": 2000, "completions_during": 0},
                {"gpu_waits": "netty", "p50_ns": 31000, "p99_ns": 64000, "round_trips": 2000, "completions_during": 4100}
              ]
            }
            """;

    @Test
    void theHostsBenchGetsItsOwnTableAndIsKeptWhole(@TempDir Path out) throws IOException {
        Files.writeString(out.resolve("bench-200us.json"), bench(200_000, 203_400, 209_900));
        Files.writeString(out.resolve("hosts.json"), HOSTS);
        Files.writeString(out.resolve("device.txt"), DEVICE);
        ResultsTable.main(new String[] {out.toString()});

        String md = Files.readString(out.resolve("results.md"));
        assertTrue(md.contains("### The hosts: `gar bench --host std,uring,netty --backend cuda`"), md);
        assertTrue(md.contains("| busy-poll | 203.0 us | 240.0 us | 210.0 us | 0.00 | 0.0 |"), md);
        assertTrue(md.contains("| netty | 205.5 us | 251.0 us | 35.0 us | 1.25 | 14.5 |"), md);
        assertTrue(md.contains("| netty | 31.0 us | 64.0 us | 2000 | 4100 |"), md);
        assertTrue(md.indexOf("| spin |") < md.indexOf("### The hosts"), "the hosts follow the waits' table");

        Map<?, ?> json = ResultsTable.parse(Files.readString(out.resolve("results.json")));
        Map<?, ?> hosts = (Map<?, ?>) json.get("hosts");
        assertEquals("cuda", hosts.get("backend"));
        assertEquals(2, ((List<?>) hosts.get("rows")).size());
        assertEquals(1, ((List<?>) json.get("benches")).size());
    }

    @Test
    void withoutBenchFiguresTheTableSaysSoAndTheJsonIsStillWhole(@TempDir Path out) throws IOException {
        Files.writeString(out.resolve("device.txt"), "api: hip\nlibrary: libamdhip64.so\nerror: hipGetDeviceCount returned 100\n");
        ResultsTable.main(new String[] {out.toString()});
        String md = Files.readString(out.resolve("results.md"));
        assertTrue(md.contains("No bench figures"), md);
        assertTrue(md.contains("probe error: hipGetDeviceCount returned 100"), md);
        Map<?, ?> json = ResultsTable.parse(Files.readString(out.resolve("results.json")));
        assertEquals(List.of(), json.get("benches"));
        assertTrue(json.containsKey("hosts") && json.get("hosts") == null, "no hosts bench ran: " + json);
    }

    @Test
    void aBenchFileThatIsNotJsonIsRefusedSayingWhere() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultsTable.bench("{\"backend\": \"cuda\", \"plans\": [}"));
        assertTrue(e.getMessage().startsWith("not a bench file's JSON at line 1, column "), e.getMessage());
    }
}
