package io.gpuasync.core;

/** A clock that moves only when a test moves it, so every time in a test is exact. */
final class ManualClock implements NanoClock {
    private long now;

    ManualClock(long start) {
        this.now = start;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    void advance(long nanos) {
        now += nanos;
    }

    void set(long nanos) {
        now = nanos;
    }
}
