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
}
