package io.gpuasync.backend.sim.bench;

import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.bench.spi.BenchWorkload;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The simulation's bench workload ({@link SimBenchProvider}): busy work on a
 * stream of its own, held at a gate and stamped with the host's clock when it ends.
 *
 * <p>The gate matters on a small machine: the simulated device's busy work takes a core, and
 * without it a device thread woken by the queueing could take the waiter's core and finish the
 * work before the waiter even began to wait. Spinning at the gate, the device thread is already
 * running when the waiter opens it, as a GPU is.
 *
 * <p>Its own way of waiting is the callback model ({@code cuLaunchHostFunc}'s): the stream calls
 * back behind the work, and the call completes a future the waiter joins.
 */
final class SimBenchWorkload implements BenchWorkload<SimStream> {
    private final SimBackend backend;
    private final SimStream stream;
    // Samples released (host side) and passed (device side); the gate holds sample n until n is released.
    private final AtomicLong released = new AtomicLong();
    private long queued;
    private long passed;
    private volatile long lastEnd;
    // One of each for every sample: the device's gate and stamp queue no new lambda per sample.
    private final Runnable gate = this::holdAtGate;
    private final Runnable stamp = () -> lastEnd = System.nanoTime();
    private final NativeWait callback = new Callback();

    SimBenchWorkload(SimBackend backend) {
        this.backend = backend;
        this.stream = backend.device(0).createStream();
    }

    private void holdAtGate() {
        long sample = ++passed;
        while (released.get() < sample) {
            Thread.onSpinWait();
        }
    }

    @Override
    public SimBackend backend() {
        return backend;
    }

    @Override
    public SimStream stream() {
        return stream;
    }

    @Override
    public void enqueue(Duration work) {
        queued++;
        stream.call(gate);
        stream.busy(work);
        stream.call(stamp);
    }

    @Override
    public boolean holdsWork() {
        return true;
    }

    @Override
    public void release() {
        released.set(queued);
    }

    @Override
    public boolean stampsEnd() {
        return true;
    }

    @Override
    public long lastEnd() {
        return lastEnd;
    }

    @Override
    public boolean onDeviceThread(Runnable task) {
        stream.call(task);
        try {
            if (!stream.synchronize(Duration.ofSeconds(10))) {
                throw new IllegalStateException("the simulated device did not run a task within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the simulated device ran a task", e);
        }
        return true;
    }

    @Override
    public String describe() {
        return "a simulated stream's thread spinning for the work's duration";
    }

    @Override
    public List<NativeWait> nativeWaits() {
        return List.of(callback);
    }

    /** Releases whatever still waits at the gate, then closes the stream. */
    @Override
    public void close() {
        release();
        stream.close();
    }

    private final class Callback implements NativeWait {
        private CompletableFuture<Void> future;

        @Override
        public String name() {
            return "callback";
        }

        @Override
        public String how() {
            return "host callback completes a CompletableFuture (cuLaunchHostFunc model)";
        }

        @Override
        public void queue(Duration work) {
            enqueue(work);
            CompletableFuture<Void> next = new CompletableFuture<>();
            stream.call(() -> next.complete(null));
            future = next;
        }

        @Override
        public void await() {
            future.join();
        }
    }
}
