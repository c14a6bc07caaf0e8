package io.gpuasync.stress;

import io.gpuasync.api.Ticket;
import io.gpuasync.core.CompletionLine;
import io.gpuasync.core.DeadlineEstimator;
import io.gpuasync.core.Prediction;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WakeModel;
import io.gpuasync.spi.HostLine;
import io.gpuasync.spi.StoreWaits;

import java.time.Duration;

/**
 * A line whose words stay 0, so a wait for sequence 1 stays pending: all the handshakes under
 * test need from a line. jcstress makes millions of states, and a real line maps a native page
 * and registers a cleaner for each; the engine reads nothing of this one but its word (in
 * {@code whenLanded}) and its close listener, and no state here calls {@code doWork}. Public and
 * open for the tests of the engine's package-private parts, which live in its package.
 */
public class PendingLine implements HostLine<Object> {
    static final PendingLine INSTANCE = new PendingLine();

    /** A ticket of this line that never lands. */
    static Ticket pendingTicket() {
        return new Ticket(INSTANCE, Slot.S0, 1);
    }

    protected PendingLine() {
    }

    @Override
    public Ticket signal(Object stream, Slot slot) {
        throw new UnsupportedOperationException("nothing signals this line: its words never move");
    }

    @Override
    public boolean reached(Slot slot, long target) {
        return false;
    }

    @Override
    public long word(Slot slot) {
        return 0;
    }

    @Override
    public void observe(Slot slot, long word) {
    }

    @Override
    public void observe(Slot slot, long word, long fromNanos, long wakeTargetNanos, long seenNanos) {
    }

    @Override
    public void predict(Slot slot, long target, WakeModel model, Prediction into) {
        into.clear();
    }

    @Override
    public long storeToken(Slot slot, long target) {
        return StoreWaits.NO_TOKEN;
    }

    @Override
    public Object storeWaitGroup() {
        return null;
    }

    @Override
    public long storeWakes() {
        return 0;
    }

    @Override
    public boolean awaitStores(long[] tokens, int count, long deadlineNanos, long wakesSeen) {
        return false;
    }

    @Override
    public void wakeStoreWaits() {
    }

    @Override
    public void waitOnDevice(Object stream, Slot slot, long target) {
        throw new UnsupportedOperationException("this line has no device page");
    }

    @Override
    public void expect(Slot slot, Duration serviceTime) {
    }

    @Override
    public DeadlineEstimator.Accuracy accuracy() {
        throw new UnsupportedOperationException("this line predicts nothing");
    }

    @Override
    public void checkHealth() {
    }

    @Override
    public void onClose(Runnable action) {
    }

    @Override
    public CompletionLine words() {
        throw new UnsupportedOperationException("no state here polls the port: its words are never read by one");
    }

    @Override
    public long deviceAddress(Slot slot) {
        throw new UnsupportedOperationException("this line has no device page");
    }

    @Override
    public long lastSignalled(Slot slot) {
        return 0;
    }

    @Override
    public State state() {
        return State.OPEN;
    }

    @Override
    public void close() {
    }
}
