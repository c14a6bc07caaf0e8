package io.gpuasync.spi;

/** The labels of the mapped line's invariants, as the property test reports them. */
final class Rules {
    static final String FREE_WHILE_RETAINED = "the page is freed only while the domain is retained";
    static final String RELEASED_ONCE =
            "every retain is released exactly once and every page freed exactly once, unless settle failed";
    static final String LEAK_REPORTED = "when settle fails, page and domain are both kept and the leak reported";
    static final String NO_FREE_UNDER_STORE = "nothing is freed after a queued store unless settle succeeded";
    static final String FOREIGN_QUEUES_NOTHING = "a foreign stream queues nothing";
    static final String FAILED_OPEN_ACQUIRES_NOTHING = "a failed construction leaves nothing acquired";
    static final String ZEROED = "the words read 0 after construction";
    static final String SLOT_ADDRESS = "the device address of slot k is base + 8k";
    static final String ONE_STREAM_PER_SLOT =
            "a slot serves one stream at a time, its tickets counting up by one and its word never moving back";
    static final String HOST_VIEW_DIES = "the host's view of a page dies before the page is freed";

    static final String[] ALL = {FREE_WHILE_RETAINED, RELEASED_ONCE, LEAK_REPORTED, NO_FREE_UNDER_STORE,
        FOREIGN_QUEUES_NOTHING, FAILED_OPEN_ACQUIRES_NOTHING, ZEROED, SLOT_ADDRESS, ONE_STREAM_PER_SLOT, HOST_VIEW_DIES};

    private Rules() {
    }
}
