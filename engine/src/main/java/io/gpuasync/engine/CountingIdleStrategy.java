package io.gpuasync.engine;

import java.util.Objects;

/**
 * An {@link IdleStrategy} that counts what another decided, for a host's {@link HostStats}: one
 * driving thread writes the counts, any thread may read them.
 */
public final class CountingIdleStrategy implements IdleStrategy {
    private final IdleStrategy strategy;
    private volatile long polls;
    private volatile long sleeps;
    private volatile long blocks;

    /** Counts the decisions of {@code strategy}. */
    public CountingIdleStrategy(IdleStrategy strategy) {
        this.strategy = Objects.requireNonNull(strategy, "strategy");
    }

    /** The strategy whose decisions are counted. */
    public IdleStrategy counted() {
        return strategy;
    }

    @Override
    public Idle idle(long deadlineNanos, long nowNanos) {
        Idle idle = strategy.idle(deadlineNanos, nowNanos);
        switch (idle) {
            case POLL -> polls++;
            case SLEEP -> sleeps++;
            case BLOCK -> blocks++;
        }
        return idle;
    }

    @Override
    public void pause() {
        strategy.pause();
    }

    @Override
    public Phases phases() {
        return strategy.phases();
    }

    /** Steps after which the strategy said poll. */
    public long polls() {
        return polls;
    }

    /** Steps after which it said sleep to the deadline. */
    public long sleeps() {
        return sleeps;
    }

    /** Steps after which it said sleep until woken. */
    public long blocks() {
        return blocks;
    }

    @Override
    public String toString() {
        return strategy.toString();
    }
}
