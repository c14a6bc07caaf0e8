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
import java.util.concurrent.atomic.AtomicLong;
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
        try (Reactor reactor = Reactor.start();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {
            // Unmeasured first passes at both levels: a cold first pass (class loading, the JIT,
            // the estimator learning) would make fill level 1 look slow and the ratio beat its ideal.
            pipeline(reactor, line, stream, 1, new StageTimes(), null);
            pipeline(reactor, line, stream, 3, new StageTimes(), null);
            StageTimes measured = new StageTimes();
            double serial = pipeline(reactor, line, stream, 1, measured, out);
            double filled = pipeline(reactor, line, stream, 3, measured, out);
            double nominal = (double) (PREPARE.toNanos() + DEVICE.toNanos() + CONSUME.toNanos()) / DEVICE.toNanos();
            out.printf(Locale.ROOT, "fill level 3 ran %.2fx the batches per second of fill level 1 (after a warm-up pass "
                    + "at each level)%n", filled / serial);
            out.printf(Locale.ROOT, "ideal: %.2fx = (prepare + device + consume) / device, which assumes the host's two "
                    + "stages overlap the device's completely, the device is the slowest stage, and waking costs "
                    + "nothing%n", nominal);
            out.printf(Locale.ROOT, "  with the stage times measured in this run (prepare %.0f us, device %.0f us, "
                            + "consume %.0f us; sleeps end late on a busy machine) the ideal is %.2fx%n",
                    measured.meanMicros(measured.prepare), measured.meanMicros(measured.device),
                    measured.meanMicros(measured.consume), measured.ideal());
        }
        return 0;
    }

    // What each stage really took, summed over the measured passes; the device's time is taken on
    // the stream's thread, around its sleep.
    private static final class StageTimes {
        final AtomicLong prepare = new AtomicLong();
        final AtomicLong device = new AtomicLong();
        final AtomicLong consume = new AtomicLong();
        final AtomicLong batches = new AtomicLong();

        double meanMicros(AtomicLong total) {
            return batches.get() == 0 ? 0 : total.get() / 1e3 / batches.get();
        }

        double ideal() {
            return device.get() == 0 ? 0 : (double) (prepare.get() + device.get() + consume.get()) / device.get();
        }
    }

    private static double pipeline(Reactor reactor, Line<SimStream> line, SimStream stream, int fillLevel,
                                   StageTimes times, PrintStream out) {
        List<CompletableFuture<Integer>> results = new ArrayList<>();
        long start = System.nanoTime();
        try (FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S0, fillLevel)) {
            for (int i = 0; i < BATCHES; i++) {
                int batch = i;
                results.add(fill.submit(s -> {
                    // Prepared once there is room for it: at fill level 1 the three stages take
                    // turns; at 3 the host prepares while the device works on the batches before.
                    times.prepare.addAndGet(hostWork(PREPARE));
                    long[] deviceStart = new long[1];
                    s.call(() -> deviceStart[0] = System.nanoTime());
                    s.sleep(DEVICE);
                    s.call(() -> times.device.addAndGet(System.nanoTime() - deviceStart[0]));
                    return () -> {
                        times.consume.addAndGet(hostWork(CONSUME));
                        return batch;
                    };
                }));
            }
        }
        long elapsed = System.nanoTime() - start;
        times.batches.addAndGet(BATCHES);
        for (int i = 0; i < BATCHES; i++) {
            if (results.get(i).join() != i) {
                throw new IllegalStateException("batch " + i + " came back out of order");
            }
        }
        double perSecond = BATCHES / (elapsed / 1e9);
        if (out != null) {
            out.printf(Locale.ROOT, "  fill level %d: %d batches in %5.1f ms, %6.1f batches/s, results in order%n",
                    fillLevel, BATCHES, elapsed / 1e6, perSecond);
        }
        return perSecond;
    }

    // Host work that takes its time without needing a core (the machine may have only two).
    private static long hostWork(Duration duration) {
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        long left;
        while ((left = end - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
        return System.nanoTime() - start;
    }
}
