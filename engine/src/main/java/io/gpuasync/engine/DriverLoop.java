package io.gpuasync.engine;

/**
 * The one loop every thread that owns a {@link WaitEngine} runs it with (the std host's
 * dispatcher, the io_uring host's ring thread): the engine's step (telling the {@link Sleeper}
 * when it did work, which ends a rest), then the sleeper's decision (poll, sleep a lateness
 * before the deadline, or rest on the deadline after polling its bound), then the sleep
 * handshake. Agrona's {@code AgentRunner} over an {@code IdleStrategy} in this project's terms:
 * the engine does not know how its driver sleeps, the sleeper does not know what the engine does.
 * An event loop (the Netty host) cannot block in it and runs the same steps from its own tasks.
 */
public final class DriverLoop {
    private DriverLoop() {
    }

    /**
     * Drives {@code engine} until it is closed, then runs its last step (which fails what is left
     * with {@link io.gpuasync.api.GpuException.Kind#CLOSED}). Allocates nothing of its own.
     */
    public static void run(WaitEngine engine, Sleeper sleeper) {
        while (!engine.isClosed()) {
            if (engine.doWork(System.nanoTime()) > 0) {
                sleeper.progressed();
            }
            long target = sleeper.plan(engine.nextDeadline(), System.nanoTime());
            if (target == Sleeper.POLL) {
                sleeper.pause();
                continue;
            }
            if (!engine.prepareToSleep()) {
                continue;
            }
            try {
                sleeper.sleepUntil(target);
            } finally {
                engine.awake();
            }
        }
        engine.doWork(System.nanoTime());
    }
}
