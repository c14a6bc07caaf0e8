package io.gpuasync.conformance;

/**
 * A driver call that {@link Capability#FAULT_INJECTION} can make fail from inside the backend,
 * after part of its work: what a vendor call that fails halfway leaves the driver to undo.
 */
public enum DriverCall {
    /** {@code retainCurrent} fails after it took the reference (the driver must give it back). */
    RETAIN_CURRENT,
    /** {@code allocHost} fails after it allocated (the driver must free what it allocated, and only that). */
    ALLOC_HOST,
    /** {@code deviceAddress} fails (the line must free the page and release the domain). */
    DEVICE_ADDRESS,
    /** {@code writeValue} fails after the store was queued (the line must still settle it). */
    WRITE_VALUE
}
