package io.gpuasync.engine;

/** The built-in {@link IdleStrategy}s; stateless, so one of each serves every driver. */
enum BuiltInIdle implements IdleStrategy {
    BUSY_SPIN(Phases.POLL) {
        @Override
        public Idle idle(long deadlineNanos, long nowNanos) {
            return Idle.POLL;
        }
    },
    YIELDING(Phases.POLL) {
        @Override
        public Idle idle(long deadlineNanos, long nowNanos) {
            return Idle.POLL;
        }

        @Override
        public void pause() {
            Thread.yield();
        }
    },
    PARK_TO_DEADLINE(Phases.SLEEP_DRIVER),
    BLOCK_UNTIL_WOKEN(Phases.DRIVER),
    ADAPTIVE(Phases.SLEEP_SPIN_DRIVER);

    private final Phases phases;

    BuiltInIdle(Phases phases) {
        this.phases = phases;
    }

    // Sleeps to a deadline ahead, polls one that is due, blocks without one: the engine's
    // phases say when a wait is due, so this is all a sleeping strategy decides.
    @Override
    public Idle idle(long deadlineNanos, long nowNanos) {
        if (deadlineNanos == WaitEngine.NO_DEADLINE) {
            return Idle.BLOCK;
        }
        return deadlineNanos - nowNanos > 0 ? Idle.SLEEP : Idle.POLL;
    }

    @Override
    public Phases phases() {
        return phases;
    }

    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
