package io.gpuasync.cli;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A third party's backend module, written and compiled at test time against the project's jars
 * only, as an outside author would: {@code toy} (built on the simulated device, offering a bench
 * workload), {@code plain} (the same, offering none) and {@code faulty} (a workload with two ways
 * of waiting of its own, one of which always fails). Nothing of it is on gar's module path
 * until {@code --backend-path} puts it there.
 */
final class ToyBackendModule {
    private ToyBackendModule() {
    }

    /** Compiles the module into {@code dir}/toy (an exploded module) and returns that folder. */
    static Path compile(Path dir) throws IOException {
        Path src = dir.resolve("src");
        write(src.resolve("module-info.java"), """
                module com.example.toybackend {
                    requires io.gpuasync.backend.sim;
                    requires io.gpuasync.bench.spi;
                    provides io.gpuasync.spi.BackendProvider
                        with com.example.toybackend.ToyProvider, com.example.toybackend.PlainProvider,
                             com.example.toybackend.FaultyProvider;
                    provides io.gpuasync.bench.spi.BenchProvider
                        with com.example.toybackend.ToyProvider.Bench, com.example.toybackend.FaultyProvider.Bench;
                }
                """);
        write(src.resolve("com/example/toybackend/ToyProvider.java"), """
                package com.example.toybackend;

                import io.gpuasync.api.Backend;
                import io.gpuasync.backend.sim.SimBackend;
                import io.gpuasync.backend.sim.SimStream;
                import io.gpuasync.spi.BackendProvider;
                import io.gpuasync.bench.spi.BenchProvider;
                import io.gpuasync.bench.spi.BenchWorkload;
                import java.time.Duration;
                import java.util.Optional;

                public final class ToyProvider implements BackendProvider {
                    static final SimBackend DEVICE = SimBackend.create(1);

                    public String name() { return "toy"; }
                    public Optional<Throwable> unavailabilityCause() { return Optional.empty(); }
                    public Backend<?> backend() { return DEVICE; }

                    public static final class Bench implements BenchProvider {
                      public String backend() { return "toy"; }

                      public BenchWorkload<?> open(BackendProvider provider) {
                        SimStream stream = DEVICE.device(0).createStream();
                        return new BenchWorkload<SimStream>() {
                            public Backend<SimStream> backend() { return DEVICE; }
                            public SimStream stream() { return stream; }
                            public void enqueue(Duration work) { stream.busy(work); }
                            public String describe() { return "the toy backend's stream, busy for the work's duration"; }
                            public void close() { stream.close(); }
                        };
                      }
                    }
                }
                """);
        write(src.resolve("com/example/toybackend/PlainProvider.java"), """
                package com.example.toybackend;

                import io.gpuasync.api.Backend;
                import io.gpuasync.spi.BackendProvider;
                import java.util.Optional;

                public final class PlainProvider implements BackendProvider {
                    public String name() { return "plain"; }
                    public Optional<Throwable> unavailabilityCause() { return Optional.empty(); }
                    public Backend<?> backend() { return ToyProvider.DEVICE; }
                }
                """);
        write(src.resolve("com/example/toybackend/FaultyProvider.java"), """
                package com.example.toybackend;

                import io.gpuasync.api.Backend;
                import io.gpuasync.backend.sim.SimStream;
                import io.gpuasync.spi.BackendProvider;
                import io.gpuasync.bench.spi.BenchProvider;
                import io.gpuasync.bench.spi.BenchWorkload;
                import java.time.Duration;
                import java.util.List;
                import java.util.Optional;

                public final class FaultyProvider implements BackendProvider {
                    public String name() { return "faulty"; }
                    public Optional<Throwable> unavailabilityCause() { return Optional.empty(); }
                    public Backend<?> backend() { return ToyProvider.DEVICE; }

                    public static final class Bench implements BenchProvider {
                      public String backend() { return "faulty"; }

                      public BenchWorkload<?> open(BackendProvider provider) {
                        SimStream stream = ToyProvider.DEVICE.device(0).createStream();
                        BenchWorkload.NativeWait sync = BenchWorkload.NativeWait.of("sync", "the stream's own synchronize",
                                work -> {
                                    stream.busy(work);
                                    try {
                                        stream.synchronize(Duration.ofSeconds(30));
                                    } catch (InterruptedException e) {
                                        throw new IllegalStateException(e);
                                    }
                                });
                        BenchWorkload.NativeWait broken = BenchWorkload.NativeWait.of("broken", "fails every time",
                                work -> { throw new IllegalStateException("the toy device refuses"); });
                        return new BenchWorkload<SimStream>() {
                            public Backend<SimStream> backend() { return ToyProvider.DEVICE; }
                            public SimStream stream() { return stream; }
                            public void enqueue(Duration work) { stream.busy(work); }
                            public String describe() { return "the faulty backend's stream"; }
                            public List<NativeWait> nativeWaits() { return List.of(broken, sync); }
                            public void close() { stream.close(); }
                        };
                      }
                    }
                }
                """);
        Path out = dir.resolve("toy");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        int status = javac.run(null, messages, messages, "-d", out.toString(),
                "--module-path", System.getProperty("jdk.module.path"),
                src.resolve("module-info.java").toString(),
                src.resolve("com/example/toybackend/ToyProvider.java").toString(),
                src.resolve("com/example/toybackend/PlainProvider.java").toString(),
                src.resolve("com/example/toybackend/FaultyProvider.java").toString());
        if (status != 0) {
            throw new AssertionError("the toy backend did not compile:\n" + messages.toString(StandardCharsets.UTF_8));
        }
        return out;
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
