package io.gpuasync.harness;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.core.Slot;

import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Where the host bench's device work comes from: a backend's {@link BenchWorkload}. Where its
 * device stamps the host's clock when the work ends (the simulation, whose device thread is also
 * pinned to a core of its own and its CPU left out of the figures), latency is from the landing;
 * elsewhere (a GPU cannot stamp the host's clock) from releasing the work from its gate or,
 * without one, from queueing it. Used by the bench's own thread only.
 */
final class HostDevice<S> implements AutoCloseable {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final String name;
    private final BenchWorkload<S> workload;
    private final boolean played;
    private final boolean pinned;
    private final long deviceThread;
    private long queuedAt;
    private long releasedAt;

    HostDevice(String name, BenchWorkload<S> workload) {
        this.name = name;
        this.workload = workload;
        int cores = Runtime.getRuntime().availableProcessors();
        long[] thread = new long[1];
        boolean[] pin = {false};
        played = workload.onDeviceThread(() -> {
            thread[0] = Thread.currentThread().threadId();
            pin[0] = cores >= 2 && Affinity.pinCurrentThread(cores - 1, cores);
        });
        deviceThread = thread[0];
        pinned = pin[0];
    }

    Line<S> openLine() {
        return workload.openLine();
    }

    /** Queues a sample's work and signal; where the workload holds its work, it waits for {@link #release}. */
    Ticket queue(Line<S> line, Duration work) {
        queuedAt = System.nanoTime();
        workload.enqueue(work);
        return line.signal(workload.stream(), Slot.S0);
    }

    /** Lets the work queued so far run, once its waiter is armed. */
    void release() {
        releasedAt = System.nanoTime();
        workload.release();
    }

    /** The {@link System#nanoTime()} the last released sample's latency counts from, once it landed. */
    long from() {
        return workload.stampsEnd() ? workload.lastEnd() : workload.holdsWork() ? releasedAt : queuedAt;
    }

    /** CPU time of the device's own thread (the simulated "GPU"), 0 where it is a real device. */
    long deviceCpuNanos() {
        return played ? THREADS.getThreadCpuTime(deviceThread) : 0;
    }

    /** For the echo's feeder: work and a signal behind it, at once. */
    Ticket feed(Line<S> line, Duration work) {
        Ticket ticket = queue(line, work);
        release();
        return ticket;
    }

    String describe() {
        if (played) {
            return "backend " + name + " (" + (pinned ? "the simulated device's thread runs on core "
                    + (Runtime.getRuntime().availableProcessors() - 1) : "the simulated device's thread is not pinned") + ")";
        }
        return "backend " + name + " (" + workload.describe() + ")";
    }

    /** What the latency counts from, for the report. */
    String measuredFrom() {
        if (workload.stampsEnd()) {
            return "the device's store";
        }
        return (workload.holdsWork() ? "releasing the work from its gate" : "queueing the work")
                + " (the device cannot stamp the host's clock; the work's own time is included)";
    }

    @Override
    public void close() {
        workload.close();
    }
}
