package io.gpuasync.backend.hip;

/**
 * A reference to a device's primary context, as a line holds it: the device stays initialized
 * until the line lets go.
 *
 * @param ordinal the device
 * @param context the primary context handle
 */
public record HipDevice(int ordinal, long context) {
    @Override
    public String toString() {
        return "HIP device " + ordinal;
    }
}
