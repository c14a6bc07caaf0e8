package io.gpuasync.spi;

/**
 * One ownership rule of {@link MappedLine} broken on purpose. Only the line's own property test
 * uses these, to prove that each of its invariants catches the violation it names: a test that
 * passes against a correct line and also against a broken one proves nothing. Package-private,
 * so nothing outside this package can open a sabotaged line.
 */
enum Sabotage {
    NONE,
    /** Release the domain before freeing the page (the CWE-416 of 0.1.0). */
    RELEASE_BEFORE_FREE,
    /** Never release the domain on close. */
    KEEP_DOMAIN,
    /** Free the page even when settling failed. */
    FREE_WHEN_SETTLE_FAILED,
    /** Keep the page quietly when settling failed. */
    SILENT_LEAK,
    /** Free without settling, after stores were queued. */
    SKIP_SETTLE,
    /** Release everything again on a second close. */
    CLOSE_TWICE,
    /** Queue a store from any stream. */
    SKIP_STREAM_CHECK,
    /** Keep the domain when the page could not be allocated. */
    KEEP_DOMAIN_ON_FAILED_ALLOC,
    /** Keep the page when its device address could not be had. */
    KEEP_PAGE_ON_FAILED_ADDRESS,
    /** Leave the host's view of the page alive after close. */
    KEEP_VIEW,
    /** Hand out the page as the driver left it. */
    SKIP_ZERO_FILL,
    /** Store slot k at base + 4k. */
    WRONG_SLOT_STRIDE,
    /** Accept a store into a slot another stream still has pending. */
    SHARE_BUSY_SLOT
}
