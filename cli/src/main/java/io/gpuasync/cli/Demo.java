package io.gpuasync.cli;

import io.gpuasync.api.Line;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.FillExecutor;
import io.gpuasync.host.std.Reactor;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code gar demo}: what the FILL executor is for. A pipeline of batches, each prepared on the
 * host (1 ms), processed on the device (2 ms) and consumed on the host (0.5 ms): at fill level 1
 * the three take turns; at fill level 3 the host prepares and consumes while the device works,
 * and the device never waits.
 */
final class Demo {
    private static final int BATCHES = 40;
    private static final Duration PREPARE = Duration.ofMillis(1);
    private static final Duration DEVICE = Duration.ofMillis(2);
    private static final Duration CONSUME = Duration.ofNanos(500_000);

    private Demo() {
    }

    static int run(PrintStream out) {
        SimBackend sim = SimBackend.create(1);
        out.printf("gar demo: %d batches, each prepared on the host (%d us), processed on the device (%d us), "
                        + "consumed on the host (%d us)%n", BATCHES, PREPARE.toNanos() / 1_000, DEVICE.toNanos() / 1_000,
                CONSUME.toNanos() / 1_000);
        try (Reactor reactor = Reactor.builder().backend(sim).build();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {
            double serial = pipeline(reactor, line, stream, 1, out);
            double filled = pipeline(reactor, line, stream, 3, out);
            out.printf(Locale.ROOT, "fill level 3 ran %.2fx the batches per second of fill level 1 "
                    + "(ideal: %.2fx, the device's share of each batch)%n", filled / serial,
                    (double) (PREPARE.toNanos() + DEVICE.toNanos() + CONSUME.toNanos()) / DEVICE.toNanos());
        }
        return 0;
    }

    private static double pipeline(Reactor reactor, Line<SimStream> line, SimStream stream, int fillLevel, PrintStream out) {
        List<CompletableFuture<Integer>> results = new ArrayList<>();
        long start = System.nanoTime();
        try (FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S0, fillLevel)) {
            for (int i = 0; i < BATCHES; i++) {
                int batch = i;
                hostWork(PREPARE);
                results.add(fill.submit(s -> {
                    s.sleep(DEVICE);
                    return () -> {
                        hostWork(CONSUME);
                        return batch;
                    };
                }));
            }
        }
        long elapsed = System.nanoTime() - start;
        for (int i = 0; i < BATCHES; i++) {
            if (results.get(i).join() != i) {
                throw new IllegalStateException("batch " + i + " came back out of order");
            }
        }
        double perSecond = BATCHES / (elapsed / 1e9);
        out.printf(Locale.ROOT, "  fill level %d: %d batches in %5.1f ms, %6.1f batches/s, results in order%n",
                fillLevel, BATCHES, elapsed / 1e6, perSecond);
        return perSecond;
    }

    // Host work that takes its time without needing a core (the machine may have only two).
    private static void hostWork(Duration duration) {
        long end = System.nanoTime() + duration.toNanos();
        long left;
        while ((left = end - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }
}
