package io.gpuasync.harness;

import io.gpuasync.api.Ticket;

import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * One row of the host bench: a way of being told that a wait landed, what the row is called and
 * how it waits, and what it counts. {@code timers}: the timeouts it submitted so far (armed or
 * moved); {@code polls}: the steps after which its idle strategy said poll, so far; {@code learned}:
 * the host whose learned timer lateness the row shows when measured after a burst, or null.
 * One record, so that a row's name, its description and its waits cannot drift apart.
 */
record Contender(String name, String how, Arm arm, LongSupplier timers, LongSupplier polls, Learned learned) {
    /** For a contender that counts neither timers nor polls. */
    static final LongSupplier NONE = () -> 0;

    /** Arranges for {@code ran} to complete with {@link System#nanoTime()} on the thread that wanted the wait. */
    @FunctionalInterface
    interface Arm {
        void arm(Ticket ticket, CompletableFuture<Long> ran);
    }

    /** A host's learned timer lateness in nanoseconds, as {@code nanos} reads it now. */
    record Learned(String host, LongSupplier nanos) {
    }

    /** A contender that counts neither timers nor polls and shows no host's lateness. */
    static Contender of(String name, String how, Arm arm) {
        return new Contender(name, how, arm, NONE, NONE, null);
    }
}
