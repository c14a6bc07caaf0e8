package io.gpuasync.host.std;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The threads parked in blocking waits of one reactor, in a fixed array, so that closing a line
 * or the reactor wakes them at once instead of at the end of their sleep. A thread takes a free
 * entry with a CAS (no allocation); when all are taken it goes unlisted and notices a close at
 * its next timed wake-up, which the reactor bounds.
 */
final class ParkedThreads {
    static final int UNLISTED = -1;

    private final AtomicReferenceArray<Thread> threads;

    ParkedThreads(int capacity) {
        threads = new AtomicReferenceArray<>(capacity);
    }

    int add(Thread thread) {
        int n = threads.length();
        int start = (int) (thread.threadId() % n);
        for (int i = 0; i < n; i++) {
            int at = (start + i) % n;
            if (threads.getPlain(at) == null && threads.compareAndSet(at, null, thread)) {
                return at;
            }
        }
        return UNLISTED;
    }

    void remove(int at) {
        if (at != UNLISTED) {
            threads.set(at, null);
        }
    }

    void wakeAll() {
        for (int i = 0; i < threads.length(); i++) {
            // A volatile read, so it is ordered after the caller's volatile write of "closed".
            Thread thread = threads.get(i);
            if (thread != null) {
                LockSupport.unpark(thread);
            }
        }
    }
}
