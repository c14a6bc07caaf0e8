package io.gpuasync.backend.hip;

import io.gpuasync.spi.LineException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * A gate for the tests: streams held by a device-side wait on a word of a page of the gate's
 * own, which the host opens with one store. No store of the device is ever ordered behind such
 * a wait, so it holds its streams however HIP shares hardware queues, until {@link #open()}.
 */
final class HipGate implements AutoCloseable {
    private static final VarHandle WORD = ValueLayout.JAVA_LONG.varHandle();

    private final HipDriver driver;
    private final HipDevice device;
    private final MemorySegment page;
    private final long word;

    @SuppressWarnings("restricted")
    HipGate(HipBackend hip, int device) throws LineException {
        this.driver = (HipDriver) hip.driver();
        this.device = driver.retainDevice(device);
        this.page = driver.allocHost(this.device, 4096).reinterpret(4096);
        page.fill((byte) 0);
        this.word = driver.deviceAddress(this.device, page);
    }

    /** Holds {@code stream}'s later work until {@link #open()}. */
    void hold(HipStream stream) throws LineException {
        driver.waitValue(stream, word, 1);
    }

    /** Lets every held stream go on. */
    void open() {
        WORD.setRelease(page, 0L, 1L);
    }

    /** Opens the gate, then frees its page (which waits for the device's streams) and its device. */
    @Override
    public void close() {
        open();
        driver.freeHost(device, page);
        driver.release(device);
    }
}
