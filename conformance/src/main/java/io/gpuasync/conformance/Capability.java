package io.gpuasync.conformance;

/** What a backend can do beyond the required rules, declared by its verification subclass. */
public enum Capability {
    /** More than one domain ({@code domains() >= 2}), so foreign streams can be tried. */
    MANY_DOMAINS,
    /** Failing a domain on purpose ({@code failDomain}), as a device fault would. */
    FAIL_DOMAIN,
    /** A stream waiting on the device for a word ({@code enqueueWaitValue}). */
    DEVICE_SIDE_WAIT,
    /** Telling how many references a domain holds ({@code domainReferences}). */
    REFERENCE_COUNT
}
