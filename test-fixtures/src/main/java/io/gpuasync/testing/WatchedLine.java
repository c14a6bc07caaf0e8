package io.gpuasync.testing;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.CompletionLine;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.WakeModel;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.HostLine;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A line that tells a test when a host holds a wait on it: everything is the line's own, and
 * the tickets it signals are its own, so that a host waits through it; {@link #nextWait()} gives a
 * latch counted down when a host next registers to learn of the line's close, which every host
 * does for each wait it holds (a blocking waiter before it runs its plan, the wait engine before
 * it takes a wait in) and never for a ticket that had landed when the wait began. It also counts
 * how often a host read a word through the line and asked it for a prediction.
 *
 * @param <S> the backend's stream type
 */
public final class WatchedLine<S> implements HostLine<S> {
    private final HostLine<S> line;
    private final AtomicReference<CountDownLatch> nextWait = new AtomicReference<>();
    private final AtomicReference<CountDownLatch> nextStoreWait = new AtomicReference<>();
    private final AtomicInteger wordReads = new AtomicInteger();
    private final AtomicInteger predictions = new AtomicInteger();

    /** Watches {@code line}, which it closes when it is closed. */
    public WatchedLine(Line<S> line) {
        this.line = HostLine.of(Objects.requireNonNull(line, "line"));
    }

    /** A latch counted down once a host holds the next wait on this line (one started after this call). */
    public CountDownLatch nextWait() {
        CountDownLatch held = new CountDownLatch(1);
        nextWait.set(held);
        return held;
    }

    /** A latch counted down once a host next blocks in the driver's wait for a store of this line ({@link #awaitStores}). */
    public CountDownLatch nextStoreWait() {
        CountDownLatch held = new CountDownLatch(1);
        nextStoreWait.set(held);
        return held;
    }

    /** How many times {@link #word} was called. */
    public int wordReads() {
        return wordReads.get();
    }

    /** How many times {@link #predict} was called. */
    public int predictions() {
        return predictions.get();
    }

    @Override
    public void onClose(Runnable action) {
        line.onClose(action);
        CountDownLatch held = nextWait.getAndSet(null);
        if (held != null) {
            held.countDown();
        }
    }

    @Override
    public Ticket signal(S stream, Slot slot) {
        Ticket ticket = line.signal(stream, slot);
        return new Ticket(this, ticket.slot(), ticket.target());
    }

    @Override
    public boolean reached(Slot slot, long target) {
        return line.reached(slot, target);
    }

    @Override
    public long word(Slot slot) {
        wordReads.incrementAndGet();
        return line.word(slot);
    }

    @Override
    public void waitOnDevice(S stream, Slot slot, long target) {
        line.waitOnDevice(stream, slot, target);
    }

    @Override
    public void expect(Slot slot, Duration serviceTime) {
        line.expect(slot, serviceTime);
    }

    @Override
    public long deviceAddress(Slot slot) {
        return line.deviceAddress(slot);
    }

    @Override
    public long deviceAddress(S stream, Slot slot) {
        return line.deviceAddress(stream, slot);
    }

    @Override
    public long lastSignalled(Slot slot) {
        return line.lastSignalled(slot);
    }

    @Override
    public State state() {
        return line.state();
    }

    @Override
    public void close() {
        line.close();
    }

    @Override
    public void observe(Slot slot, long word) {
        line.observe(slot, word);
    }

    @Override
    public void observe(Slot slot, long word, long fromNanos, long wakeTargetNanos, long seenNanos) {
        line.observe(slot, word, fromNanos, wakeTargetNanos, seenNanos);
    }

    @Override
    public void predict(Slot slot, long target, WakeModel model, Prediction into) {
        predictions.incrementAndGet();
        line.predict(slot, target, model, into);
    }

    @Override
    public long storeToken(Slot slot, long target) {
        return line.storeToken(slot, target);
    }

    @Override
    public Object storeWaitGroup() {
        return line.storeWaitGroup();
    }

    @Override
    public long storeWakes() {
        return line.storeWakes();
    }

    @Override
    public boolean awaitStores(long[] tokens, int count, long deadlineNanos, long wakesSeen) {
        CountDownLatch held = nextStoreWait.getAndSet(null);
        if (held != null) {
            held.countDown();
        }
        return line.awaitStores(tokens, count, deadlineNanos, wakesSeen);
    }

    @Override
    public void wakeStoreWaits() {
        line.wakeStoreWaits();
    }

    @Override
    public DeadlineEstimator.Accuracy accuracy() {
        return line.accuracy();
    }

    @Override
    public void checkHealth() {
        line.checkHealth();
    }

    @Override
    public CompletionLine words() {
        return line.words();
    }

    @Override
    public String toString() {
        return line.toString();
    }
}
