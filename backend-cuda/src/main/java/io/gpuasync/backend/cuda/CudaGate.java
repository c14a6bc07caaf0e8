package io.gpuasync.backend.cuda;

import io.gpuasync.api.GpuException;
import io.gpuasync.backend.cuda.internal.CudaInternals;
import io.gpuasync.spi.LineException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A gate on the device: a stream holds at it ({@code cuStreamWaitValue64} on a word of a page
 * of the gate's own) until the host opens it with one store. For measurements that must start
 * every clock alike: hold the stream, queue the work and whatever the waiter needs, take every
 * snapshot, then start the clock and open the gate. Whatever the queueing calls cost, the device
 * starts the work only once the gate opens.
 * <pre>{@code
 * try (CudaGate gate = CudaGate.open(cuda)) {
 *     gate.hold(stream);
 *     work.enqueue(stream, duration);
 *     Ticket ticket = line.signal(stream, Slot.S0);
 *     long start = System.nanoTime();
 *     gate.open();
 *     reactor.await(ticket);
 * }
 * }</pre>
 * Closing opens the gate and waits (up to 10 s) for the streams it held before freeing the page;
 * if they do not pass it, the page is kept and the reason logged. Not thread-safe: one thread
 * holds and opens.
 */
final class CudaGate implements CudaInternals.Gate {
    private static final Duration SETTLE_BOUND = Duration.ofSeconds(10);
    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle();

    private final CudaDriver driver;
    private final CudaContext context;
    private final MemorySegment page;
    private final long deviceAddress;
    private final List<CudaStream> held = new ArrayList<>(2);
    // The value the next open() stores; every hold waits for it.
    private long next = 1;
    private boolean closed;

    private CudaGate(CudaDriver driver, CudaContext context, MemorySegment page, long deviceAddress) {
        this.driver = driver;
        this.context = context;
        this.page = page;
        this.deviceAddress = deviceAddress;
    }

    /** A closed gate in the calling thread's current device's primary context. */
    @SuppressWarnings("restricted")
    public static CudaGate open(CudaBackend backend) {
        CudaDriver driver = (CudaDriver) backend.driver();
        CudaContext context;
        try {
            context = driver.retainCurrent();
        } catch (LineException e) {
            throw e.toGpuException("opening a gate");
        }
        MemorySegment page = null;
        try {
            page = driver.allocHost(context, 4096).reinterpret(4096);
            page.fill((byte) 0);
            return new CudaGate(driver, context, page, driver.deviceAddress(context, page));
        } catch (LineException | RuntimeException e) {
            if (page != null) {
                driver.freeHost(context, page);
            }
            driver.release(context);
            throw e instanceof LineException l ? l.toGpuException("opening a gate") : (RuntimeException) e;
        }
    }

    @Override
    public void hold(CudaStream stream) {
        requireOpen();
        try {
            if (!driver.streamIn(stream, context)) {
                throw new GpuException(GpuException.Kind.FOREIGN_STREAM, stream + " is not of the gate's " + context);
            }
            if (!held.contains(stream)) {
                held.add(stream);
            }
            driver.waitForHost(stream, deviceAddress, next);
        } catch (LineException e) {
            throw e.toGpuException("holding " + stream + " at a gate");
        }
    }

    @Override
    public void open() {
        requireOpen();
        WORD.setRelease(page, 0L, next);
        next++;
    }

    private void requireOpen() {
        if (closed) {
            throw new GpuException(GpuException.Kind.CLOSED, "the gate is closed");
        }
    }

    /** Opens the gate, waits for the streams it held, then frees its page and its context reference. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        open();
        closed = true;
        if (!held.isEmpty() && !driver.settle(context, List.copyOf(held), System.nanoTime() + SETTLE_BOUND.toNanos())) {
            CudaStatus.LOG.log(System.Logger.Level.WARNING, "a gate's streams did not pass it within " + SETTLE_BOUND
                    + "; its page at 0x" + Long.toHexString(page.address()) + " and its context reference are kept");
            return;
        }
        driver.freeHost(context, page);
        driver.release(context);
    }
}
