package io.gpuasync.gpu;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.cuda.CudaBackend;
import io.gpuasync.backend.cuda.CudaStream;
import io.gpuasync.core.Slot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The check's close-under-gate step: a CUDA line is closed while another stream of its
 * device is held at a device-side wait (a gate that only the host opens), and the close must
 * return within the line's settle bound and a limit past it. Whether CUDA's
 * {@code cuMemHostUnregister} waits for the whole device is not documented: the line frees on a
 * thread of its own within its bound ({@code LineDriver.freeWaitsForDevice}), so the close ends
 * CLOSED where the free did not wait, and LEAKED at the bound where it did; the report says which.
 *
 * <pre>CloseUnderGate REPORT_FILE</pre>
 *
 * Exit status: 0 when the close returned within the limit, 1 when it did not (or failed), 2 on
 * bad arguments. The held stream is let go in every case before the program ends.
 */
public final class CloseUnderGate {
    /** How long past the line's settle bound the close may take before the step calls it hung. */
    static final Duration GRACE = Duration.ofSeconds(10);

    private CloseUnderGate() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: CloseUnderGate REPORT_FILE");
            System.exit(2);
            return;
        }
        String report = run();
        Files.writeString(Path.of(args[0]), report + System.lineSeparator());
        System.out.println(report);
        // The driver's threads, and a free that waited for the device, may outlive the verdict.
        System.exit(report.startsWith("close-under-gate: PASSED") ? 0 : 1);
    }

    /** Runs the case on device 0 and returns its one-line verdict. */
    static String run() throws InterruptedException {
        List<String> leaks = new CopyOnWriteArrayList<>();
        CudaBackend cuda = CudaBackend.load((reason, line, address, bytes) -> leaks.add(reason.name()));
        cuda.makePrimaryContextCurrent(0);
        CudaStream held = cuda.createStream();
        CudaStream own = cuda.createStream();
        CudaStream opener = cuda.createStream();
        Line<CudaStream> gate = cuda.openLine(0);
        Line<CudaStream> line = cuda.openLine(0);
        Duration bound = io.gpuasync.spi.MappedLine.DEFAULT_SETTLE_BOUND;
        try {
            // Another owner's stream, held until the host stores the gate's word.
            gate.waitOnDevice(held, Slot.S0, 1);
            Ticket stored = line.signal(own, Slot.S0);
            awaitLanded(stored);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            long start = System.nanoTime();
            Thread closer = Thread.ofPlatform().daemon().name("close-under-gate").start(() -> {
                try {
                    line.close();
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            closer.join(bound.plus(GRACE));
            long tookMillis = Duration.ofNanos(System.nanoTime() - start).toMillis();
            if (closer.isAlive()) {
                return "close-under-gate: FAILED: the close had not returned " + tookMillis + " ms after it began (the line's"
                        + " settle bound is " + bound.toMillis() + " ms): it waits for the held stream";
            }
            if (failure.get() != null) {
                return "close-under-gate: FAILED: the close threw " + failure.get();
            }
            return "close-under-gate: PASSED: " + line.state() + " after " + tookMillis + " ms (bound " + bound.toMillis()
                    + " ms" + (leaks.isEmpty() ? "" : ", leak " + leaks) + "): " + (line.state() == Line.State.CLOSED
                    ? "the free did not wait for the held stream" : "the free waited for the held stream, so"
                    + " cuMemHostUnregister waits for the device, and the line kept its page");
        } finally {
            // Lets the held stream, and a free still waiting for it, go on.
            gate.signal(opener, Slot.S0);
            gate.close();
            for (CudaStream stream : List.of(held, own, opener)) {
                cuda.destroyStream(stream);
            }
        }
    }

    private static void awaitLanded(Ticket ticket) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!ticket.isDone()) {
            if (System.nanoTime() - until > 0) {
                throw new IllegalStateException(ticket + " did not land within 30 s");
            }
            Thread.sleep(1);
        }
    }
}
