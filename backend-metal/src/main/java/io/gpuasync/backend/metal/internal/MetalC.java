package io.gpuasync.backend.metal.internal;

/** The Metal framework's C functions, bound with JNA's direct mapping by {@link MetalLibraries}. */
public final class MetalC {
    private MetalC() {
    }

    /** {@code id<MTLDevice> MTLCreateSystemDefaultDevice(void)}: owned (a create rule), or 0. */
    public static native long MTLCreateSystemDefaultDevice();

    /** {@code NSArray<id<MTLDevice>> *MTLCopyAllDevices(void)} (macOS): owned (a copy rule). */
    public static native long MTLCopyAllDevices();
}
