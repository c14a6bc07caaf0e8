package io.gpuasync.testing;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What each test instance of a {@link ClosesAfterEach} kept. Keyed by the instance, since an
 * interface holds no state; JUnit makes one instance per test, removed here when it is released.
 */
final class KeptResources {
    private static final Map<Object, KeptResources> BY_TEST = new IdentityHashMap<>();

    private final Deque<AutoCloseable> kept = new ArrayDeque<>();

    private KeptResources() {
    }

    static KeptResources of(Object test) {
        synchronized (BY_TEST) {
            return BY_TEST.computeIfAbsent(test, t -> new KeptResources());
        }
    }

    synchronized void keep(AutoCloseable closeable) {
        kept.push(closeable);
    }

    /** Closes what {@code test} kept, the last kept first, and forgets the test. */
    static void release(Object test) throws Exception {
        KeptResources resources;
        synchronized (BY_TEST) {
            resources = BY_TEST.remove(test);
        }
        if (resources == null) {
            return;
        }
        Throwable failure = null;
        for (AutoCloseable closeable = resources.next(); closeable != null; closeable = resources.next()) {
            try {
                closeable.close();
            } catch (Throwable t) {
                if (failure == null) {
                    failure = t;
                } else {
                    failure.addSuppressed(t);
                }
            }
        }
        if (failure instanceof Exception e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException("closing a kept resource failed", failure);
        }
    }

    private synchronized AutoCloseable next() {
        return kept.poll();
    }
}
