package io.gpuasync.stress;

import io.gpuasync.engine.Waker;

/** Counts the wakes a driver would get; read by the arbiter, after both actors finished. */
final class CountingWaker implements Waker {
    int wakes;

    @Override
    public void wake() {
        wakes++;
    }
}
