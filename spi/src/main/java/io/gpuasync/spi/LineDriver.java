package io.gpuasync.spi;

import java.lang.foreign.MemorySegment;

/**
 * What a {@link MappedLine} needs of a vendor's driver: the table each backend supplies. The
 * line is its only caller, and passes back only values this driver handed out; the ownership
 * rules are the line's, so a driver only does what each method says.
 *
 * <p>Calls that can fail throw {@link LineException}; {@link #release} and {@link #freeHost}
 * cannot report failure, as the vendor calls behind them (a release, a free) leave nothing a
 * caller could do differently.
 *
 * @param <S> the vendor's stream handle; its {@code equals} says whether two are one stream
 * @param <D> a domain the line holds a reference to: the handles needed to use and release it
 */
public interface LineDriver<S, D> {

    /**
     * Takes a reference to the domain of the calling thread's current context or device, which
     * keeps it alive until {@link #release}.
     *
     * @throws LineException {@link LineError.NoDomain} when none is current
     */
    D retainCurrent() throws LineException;

    /** Drops one reference taken by {@link #retainCurrent}, once. */
    void release(D domain);

    /**
     * A page-locked, device-mapped host allocation of {@code bytes}, owned by {@code domain} and
     * aligned to a page. The segment's size may be 0 (a raw pointer); the line sizes it.
     */
    MemorySegment allocHost(D domain, long bytes) throws LineException;

    /** The device address of {@code host}, a page from {@link #allocHost} not yet freed. */
    long deviceAddress(D domain, MemorySegment host) throws LineException;

    /** Frees a page from {@link #allocHost}, once, while {@code domain} is still retained. */
    void freeHost(D domain, MemorySegment host);

    /** Whether {@code stream} belongs to {@code domain}. */
    boolean streamIn(S stream, D domain) throws LineException;

    /** Queues on {@code stream} a 64-bit store of {@code value} at device address {@code address}. */
    void writeValue(S stream, long address, long value) throws LineException;

    /**
     * Waits for all work queued in {@code domain}, from any thread (a driver whose wait needs a
     * current context makes it current for the call and restores the caller's).
     *
     * @return false if the driver could not wait, so stores may still be pending
     */
    boolean settle(D domain);

    /**
     * Returns normally if {@code domain} can still make progress; throws the driver's sticky
     * error if it cannot (a CUDA context after an illegal address, a lost device). Asked only
     * for a wait long past its predicted landing, so it may cost a driver call. The default
     * cannot tell, and says healthy.
     */
    default void checkHealth(D domain) throws LineException {
    }

    /** A name for this driver in messages: {@code cuda}, {@code hip}, {@code sim}. */
    String name();
}
