package io.gpuasync.backend.metal;

import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.spi.StoreWaits;

import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

/**
 * The Metal driver's own wait for its stores: each queue a line stores through has a store event
 * (an {@code MTLSharedEvent}) that a command buffer committed after each store's signals with the
 * count of the line's stores on that queue so far ({@code MetalDriver.signalBehind}). Metal runs
 * that signal only after the command buffers before it on the queue completed, and a command
 * buffer's end is where Apple makes shared storage coherent, so the event reaching a store's count
 * means its word is there to read; the queue runs its command buffers in order, so the counts
 * only go up. A token is the queue's index in its line (bits 48 to 62) and the count (bits 0 to
 * 47).
 *
 * <p>Metal has no wait for any of several events, nor one a host can end:
 * {@code waitUntilSignaledValue:timeoutMS:} (macOS 12, iOS 15) waits for one event, for whole
 * milliseconds. So a wait blocks in it on one token's event for at most {@value #SLICE_MILLIS}
 * ms at a time and between slices reads every token's event, the wake count and the deadline:
 * a wake, or a store on another queue, is seen within a slice (and however late the system's
 * timed wait returns). The last fraction of a millisecond before the deadline is parked in Java.
 * {@code MTLSharedEventListener} would call a block for each event at its value, but on a
 * dispatch queue (a Java upcall there per notification) and with no way to withdraw it when the
 * wait ends first. Steady state allocates nothing: sends with words, an atomic read, a park.
 */
final class MetalStoreWaits implements StoreWaits<MetalQueue, MetalDomain> {
    /** The longest one blocking wait in Metal lasts, in milliseconds: how late a wake may be seen. */
    static final long SLICE_MILLIS = 1;

    static final int QUEUE_SHIFT = 48;
    static final long VALUE_MASK = (1L << QUEUE_SHIFT) - 1;
    /** The most queues of one line a token can name (bit 63 stays clear: no token is {@link #NO_TOKEN}). */
    static final int MAX_QUEUES = 1 << (63 - QUEUE_SHIFT);

    private static final long MILLI = 1_000_000;

    static long token(int queueIndex, long count) {
        return ((long) queueIndex << QUEUE_SHIFT) | count;
    }

    /** The token of the store that the queue's store event last counted, if it is this one. */
    @Override
    public long queued(MetalDomain domain, MetalQueue queue, long address, long value) {
        MetalDomain.QueueUse use;
        synchronized (domain.lock) {
            use = domain.queues.get(queue);
        }
        if (use == null || use.index >= MAX_QUEUES || use.signalledAddress != address || use.signalledValue != value) {
            return NO_TOKEN;
        }
        long count = use.storeSignals;
        return count > 0 && count <= VALUE_MASK ? token(use.index, count) : NO_TOKEN;
    }

    @Override
    public long wakes(MetalDomain domain) {
        return domain.storeWakes.get();
    }

    /** Counts the wake; a wait blocked in Metal sees it when its slice ends. */
    @Override
    public void wake(MetalDomain domain) {
        domain.storeWakes.incrementAndGet();
    }

    /**
     * {@inheritDoc}
     *
     * <p>The events it waits on are the line's own (a line is its own Metal domain), released
     * only with its domain, which the line lets go only after every wait in here returned.
     *
     * @throws IllegalArgumentException for a token that {@link #queued} gave for no store of
     *     {@code domain}'s line, or {@code count} outside {@code tokens}
     */
    @Override
    public boolean awaitAny(MetalDomain domain, long[] tokens, int count, long deadlineNanos, long wakesSeen) {
        Objects.checkFromIndexSize(0, count, tokens.length);
        MetalDomain.QueueUse[] uses = domain.indexed;
        for (int i = 0; i < count; i++) {
            eventOf(domain, uses, tokens[i], i);
        }
        for (;;) {
            if (domain.storeWakes.get() != wakesSeen || count == 0) {
                return false;
            }
            long waitOn = 0;
            long waitFor = 0;
            for (int i = 0; i < count; i++) {
                long token = tokens[i];
                long event = eventOf(domain, uses, token, i);
                long value = token & VALUE_MASK;
                if (Msg.word(event, Sel.SIGNALED_VALUE) >= value) {
                    return true;
                }
                // The first token's event, at the lowest count asked of it: the first of them to land.
                if (waitOn == 0 || event == waitOn && value < waitFor) {
                    waitOn = event;
                    waitFor = value;
                }
            }
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            if (left < MILLI) {
                LockSupport.parkNanos(this, left);
            } else if (Msg.bool(waitOn, Sel.WAIT_UNTIL_SIGNALED_VALUE_TIMEOUT_MS, waitFor,
                    Math.min(SLICE_MILLIS, left / MILLI))) {
                return true;
            }
        }
    }

    // The store event that tokens[at] names; refused, by name, if no store of the line got it.
    private static long eventOf(MetalDomain domain, MetalDomain.QueueUse[] uses, long token, int at) {
        int queue = (int) (token >>> QUEUE_SHIFT);
        long value = token & VALUE_MASK;
        MetalDomain.QueueUse use = token >= 0 && queue < uses.length ? uses[queue] : null;
        long event = use == null ? 0 : use.storeEvent;
        if (event == 0 || value == 0 || value > use.storeSignals) {
            throw new IllegalArgumentException("token 0x" + Long.toHexString(token) + " (tokens[" + at + "]) is none that "
                    + "queued gave for the line on " + domain + ", which stored through " + uses.length + " queues");
        }
        return event;
    }
}
