package io.gpuasync.backend.cuda;

import java.lang.foreign.MemorySegment;

/**
 * One line's hold on a device's primary context: the {@code CUcontext} handle and its device,
 * the stream the line queries the context's health on (its own, never used for work), and the
 * line's page once it has one. Each line has its own: equal handles are one context, but two
 * lines' holds are two objects.
 */
public final class CudaContext {
    private final long handle;
    private final int device;
    private final long healthStream;
    // Set once by allocHost on the opening thread, read by the settler and the watchdog: the
    // line publishes itself to them through its own locks after the page exists.
    private volatile MemorySegment page;
    // Set when a reset by another owner was seen: the line's own stream went with it.
    private volatile boolean reset;

    CudaContext(long handle, int device, long healthStream) {
        this.handle = handle;
        this.device = device;
        this.healthStream = healthStream;
    }

    /** The {@code CUcontext} value. */
    public long handle() {
        return handle;
    }

    /** The {@code CUdevice} ordinal. */
    public int device() {
        return device;
    }

    long healthStream() {
        return healthStream;
    }

    MemorySegment page() {
        return page;
    }

    void page(MemorySegment page) {
        this.page = page;
    }

    boolean wasReset() {
        return reset;
    }

    void markReset() {
        reset = true;
    }

    @Override
    public String toString() {
        return "primary context 0x" + Long.toHexString(handle) + " of device " + device;
    }
}
