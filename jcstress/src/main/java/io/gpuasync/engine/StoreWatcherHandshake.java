package io.gpuasync.engine;

import io.gpuasync.stress.PendingLine;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import java.util.concurrent.atomic.AtomicLong;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * {@link StoreWatcher}'s handshake: the driving thread's {@code add} (bump the set's version, then
 * wake the group's store waits) against one pass of the watcher (copy the set, read the group's
 * wake count, check the version, wait in the driver with that count). Lives in the engine's
 * package for its package-private watcher; jcstress runs on the class path.
 *
 * <p>The JMM properties: the version is written under the lock and volatile; the wake count is an
 * atomic the add increments after its version write, and the pass reads it before its volatile
 * read of the version. If the pass's read of the wake count sees the add's wake, the add's version
 * write happens-before the pass's version read, so the pass sees the set changed and copies again;
 * if it does not, the driver's wait is handed an older count and returns at once. So the driver is
 * never left waiting on a set without the new store and with no wake to end the wait.
 *
 * <p>r1: 1 if the pass waited in the driver with the new token in its copy; r2: 1 if the pass
 * waited in the driver with a wake count that already held the add's wake; r3: 1 if the pass saw
 * the set changed and waited not at all; r4: 1 if the add's wake was counted by the end.
 */
@JCStressTest
@Description("an add to a store watcher's set against one pass of its thread: no wait in the driver on an older set with the wake already counted")
@Outcome(id = "1, 0, 0, 1", expect = ACCEPTABLE, desc = "the copy held the new store; the driver's wait had an older count and returns at once")
@Outcome(id = "1, 1, 0, 1", expect = ACCEPTABLE, desc = "the copy held the new store and the wait had the current count")
@Outcome(id = "0, 0, 0, 1", expect = ACCEPTABLE, desc = "the copy was older, but the driver's wait had an older count: the add's wake ends it")
@Outcome(id = "0, 0, 1, 1", expect = ACCEPTABLE, desc = "the pass saw the set change after its copy and did not wait")
@Outcome(id = "0, 1, 0, 1", expect = FORBIDDEN, desc = "waiting in the driver on an older set with the wake already counted: the new store's wait would hang to the slice's end")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class StoreWatcherHandshake {
    private static final long OLD_TOKEN = 11;
    private static final long NEW_TOKEN = 22;

    private final GroupLine line = new GroupLine();
    private final StoreWatcher watcher = new StoreWatcher("group", 2, () -> { }, () -> false, Long.MAX_VALUE / 4);
    private final long wakesBefore;

    public StoreWatcherHandshake() {
        // One watched store already, so the pass has a line to wait through.
        watcher.add(0, OLD_TOKEN, line);
        wakesBefore = line.wakes.get();
    }

    @Actor
    public void drivingThread() {
        watcher.add(1, NEW_TOKEN, line);
    }

    @Actor
    public void watcherThread(IIII_Result r) {
        StoreWatcher.Pass pass = watcher.watchOnce();
        if (pass == StoreWatcher.Pass.SET_CHANGED) {
            r.r3 = 1;
        } else if (line.waited) {
            r.r1 = line.waitedWithNewToken ? 1 : 0;
            r.r2 = line.wakesSeen > wakesBefore ? 1 : 0;
        } else {
            r.r3 = 9;
        }
    }

    @Arbiter
    public void end(IIII_Result r) {
        r.r4 = line.wakes.get() > wakesBefore ? 1 : 0;
    }

    /** A line of one store-wait group that counts its wakes and records the one wait it is asked for. */
    static final class GroupLine extends PendingLine {
        final AtomicLong wakes = new AtomicLong();
        // Watcher thread only, read by it after the wait.
        boolean waited;
        boolean waitedWithNewToken;
        long wakesSeen;

        @Override
        public Object storeWaitGroup() {
            return "group";
        }

        @Override
        public long storeWakes() {
            return wakes.get();
        }

        @Override
        public boolean awaitStores(long[] tokens, int count, long deadlineNanos, long wakesSeen) {
            waited = true;
            this.wakesSeen = wakesSeen;
            for (int i = 0; i < count; i++) {
                waitedWithNewToken |= tokens[i] == NEW_TOKEN;
            }
            // Returns at once: the outcome says whether a real driver would have blocked.
            return false;
        }

        @Override
        public void wakeStoreWaits() {
            wakes.incrementAndGet();
        }
    }
}
