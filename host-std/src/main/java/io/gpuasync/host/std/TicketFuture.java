package io.gpuasync.host.std;

import io.gpuasync.api.Ticket;

import java.util.concurrent.CompletableFuture;

/**
 * The future of an async wait, carrying its own ticket: the one object an async wait allocates,
 * and what the dispatcher's queue and completion port hold.
 */
final class TicketFuture extends CompletableFuture<Ticket> {
    final Ticket ticket;
    final long startedNanos;

    TicketFuture(Ticket ticket, long startedNanos) {
        this.ticket = ticket;
        this.startedNanos = startedNanos;
    }
}
