package io.gpuasync.api;

/**
 * One vendor's way to make completion lines: CUDA, HIP, Metal, or the simulated device.
 *
 * @param <S> the backend's stream type
 */
public interface Backend<S> {
    /** The backend's name, as providers are chosen by: {@code cuda}, {@code hip}, {@code sim}. */
    String name();

    /** The type of stream this backend's lines accept. */
    Class<S> streamType();

    /**
     * A new line in the calling thread's current context or device, holding its own reference
     * to it until the line is closed.
     *
     * @throws GpuException {@link GpuException.Kind#NO_DOMAIN} when none is current, or the
     *     driver's failure
     */
    Line<S> openLine();

    /**
     * A new line on device {@code device}, as this backend numbers its devices (from 0),
     * holding its own reference to that device's domain (CUDA's and HIP's primary context) until
     * the line is closed. It reads nothing of the calling thread, so it is the way to open a line
     * from a virtual thread, whose carrier, and with it CUDA's or HIP's current context, may change
     * between any two calls.
     *
     * @throws GpuException the driver's failure (a device that does not exist included), with
     *     its status
     * @throws UnsupportedOperationException from a backend that does not number its devices (the
     *     default): its own methods say how to name one
     */
    default Line<S> openLine(int device) {
        throw new UnsupportedOperationException("the " + name() + " backend does not open lines on a device by number;"
                + " make the device current and call openLine()");
    }
}
