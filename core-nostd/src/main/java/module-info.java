/**
 * The allocation-free core of gpu-async-reactor: the completion line (eight 64-bit words a device
 * stores sequence numbers into), its slots, wrap-safe sequence comparison, the deadline estimator,
 * typed wait plans and their step machine, and the completion port.
 *
 * <p>Depends on {@code java.base} alone and starts no thread; nothing on a wait, step or poll path
 * allocates.
 */
module io.gpuasync.core {
    exports io.gpuasync.core;
}
