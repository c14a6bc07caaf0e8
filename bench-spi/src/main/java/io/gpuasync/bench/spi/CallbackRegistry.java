package io.gpuasync.bench.spi;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Pending native callbacks by token: a token goes to the driver as the callback's user data,
 * and the callback takes back what was registered under it. Tokens are never reused, so a
 * callback that runs after its entry was {@linkplain #forget forgotten} finds nothing.
 *
 * <p>Why tokens and not pointers to Java objects: native code can carry a number safely, never
 * a reference the collector may move.
 *
 * @param <T> what a callback completes, usually a future
 */
public final class CallbackRegistry<T> {
    private final Map<Long, T> pending = new ConcurrentHashMap<>();
    private final AtomicLong next = new AtomicLong(1);

    /** Registers {@code entry} and returns its token, never 0. */
    public long register(T entry) {
        long token = next.getAndIncrement();
        pending.put(token, entry);
        return token;
    }

    /** Takes the entry of {@code token}, or null if it was taken or forgotten. */
    public T take(long token) {
        return pending.remove(token);
    }

    /** Drops {@code entry} wherever it is registered; true if it was. */
    public boolean forget(T entry) {
        return pending.values().remove(entry);
    }

    /** How many entries wait for their callback. */
    public int pending() {
        return pending.size();
    }
}
