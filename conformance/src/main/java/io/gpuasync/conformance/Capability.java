package io.gpuasync.conformance;

/** What a backend can do beyond the required rules, declared by its verification subclass. */
public enum Capability {
    /** More than one domain ({@code domains() >= 2}), so foreign streams and other current domains can be checked. */
    MANY_DOMAINS,
    /** Failing a domain on purpose ({@code failDomain}), as a device fault would. */
    FAIL_DOMAIN,
    /** A stream waiting on the device for a word: the driver implements {@code LineDriver.waitValue}. */
    DEVICE_SIDE_WAIT,
    /**
     * A device-side wait queued before the store it waits for (the driver's
     * {@code LineDriver.checkWaitAheadOfStore} accepts it): gates that hold a stream until a later
     * store, and waits for what nothing has stored yet. A driver whose streams may share a
     * hardware queue (HIP's) refuses such waits, and declares only {@link #DEVICE_SIDE_WAIT}.
     */
    WAIT_AHEAD_OF_STORE,
    /** Telling how many references a domain holds ({@code domainReferences}). */
    REFERENCE_COUNT,
    /** Telling how many pages a domain has allocated and not freed ({@code hostPages}). */
    PAGE_COUNT,
    /**
     * Making the backend's own next call of a kind fail after doing part of its work
     * ({@code failInside}), so that the driver's own failure paths run.
     */
    FAULT_INJECTION,
    /**
     * Leaving the calling thread with no domain current ({@code clearCurrent}), as a fresh CUDA
     * or HIP thread starts, so that opening without one and asking health from one can be checked.
     */
    NO_CURRENT_DOMAIN,
    /**
     * The driver's own wait for stores ({@code LineDriver.storeWaits()} returns one). Found, not
     * declared: the suite asks the driver, so a driver that offers one is always checked.
     */
    STORE_WAITS
}
