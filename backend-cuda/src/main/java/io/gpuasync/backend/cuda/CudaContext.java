package io.gpuasync.backend.cuda;

/**
 * A reference to a device's primary context, as a line holds it: the {@code CUcontext} handle
 * and its device. Equal handles are one context; a line takes and gives back one reference.
 *
 * @param handle the {@code CUcontext} value
 * @param device the {@code CUdevice} ordinal
 */
public record CudaContext(long handle, int device) {
    @Override
    public String toString() {
        return "primary context 0x" + Long.toHexString(handle) + " of device " + device;
    }
}
