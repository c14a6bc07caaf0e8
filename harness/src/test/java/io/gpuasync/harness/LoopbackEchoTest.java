package io.gpuasync.harness;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.host.netty.NettyReactor;
import io.netty.channel.IoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The bench's loopback echo answers on a loop that GPU completions also continue on. Counts, no clocks. */
@Timeout(120)
class LoopbackEchoTest {
    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
    private final List<MultiThreadIoEventLoopGroup> groups = new ArrayList<>();

    @BeforeAll
    static void ioUringRuns() {
        assumeTrue(IoUring.isAvailable(), () -> "Netty's io_uring transport is unavailable: " + IoUring.unavailabilityCause());
    }

    @AfterEach
    void shutDown() throws Exception {
        for (MultiThreadIoEventLoopGroup group : groups) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await();
        }
    }

    @Test
    void anEchoOnTheSameLoopKeepsAnsweringWhileThousandsOfCompletionsArrive() throws Exception {
        MultiThreadIoEventLoopGroup serverGroup = new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory());
        MultiThreadIoEventLoopGroup clientGroup = new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory());
        groups.add(serverGroup);
        groups.add(clientGroup);
        IoEventLoop loop = serverGroup.next();
        NettyReactor awaits = NettyReactor.on(loop);
        try (SimStream stream = sim.device(0).createStream(); Line<SimStream> line = sim.openLine();
             LoopbackEcho echo = LoopbackEcho.start(serverGroup, clientGroup)) {
            int completions = 3_000;
            AtomicInteger onLoop = new AtomicInteger();
            List<CompletableFuture<Ticket>> waits = new ArrayList<>();
            for (int i = 0; i < completions; i++) {
                stream.busy(Duration.ofNanos(5_000));
                Ticket ticket = line.signal(stream, Slot.S0);
                CompletableFuture<Ticket> continued = new CompletableFuture<>();
                waits.add(continued);
                // As a handler on the loop would ask for it.
                loop.execute(() -> awaits.whenLanded(ticket).whenComplete((t, e) -> {
                    if (loop.inEventLoop()) {
                        onLoop.incrementAndGet();
                    }
                    continued.complete(t);
                }));
            }
            long[] trips = echo.roundTrips(500, Duration.ofSeconds(60));
            for (CompletableFuture<Ticket> wait : waits) {
                wait.get(60, TimeUnit.SECONDS);
            }
            assertEquals(500, trips.length, "every request was echoed within the bound");
            assertEquals(completions, onLoop.get());
            assertFalse(awaits.isClosed());
        }
    }
}
