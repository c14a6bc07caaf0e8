package io.gpuasync.host.std;

import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FillExecutorTest {
    private final SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
    private final Reactor reactor = Reactor.start();
    private final SimStream stream = sim.device(0).createStream();
    private final Line<SimStream> line = sim.openLine();

    @AfterEach
    void closeAll() {
        line.close();
        stream.close();
        reactor.close();
    }

    @Test
    void continuationsRunInSubmissionOrderWithAtMostTheFillLevelInFlight() throws Exception {
        AtomicInteger onDevice = new AtomicInteger();
        AtomicInteger mostOnDevice = new AtomicInteger();
        List<Integer> continued = new CopyOnWriteArrayList<>();
        List<CompletableFuture<Integer>> results = new ArrayList<>();
        try (FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S0, 3)) {
            for (int i = 0; i < 60; i++) {
                int job = i;
                results.add(fill.submit(s -> {
                    int now = onDevice.incrementAndGet();
                    mostOnDevice.accumulateAndGet(now, Math::max);
                    s.busy(Duration.ofNanos(100_000 + (job % 5) * 50_000));
                    return () -> {
                        onDevice.decrementAndGet();
                        continued.add(job);
                        return job * 2;
                    };
                }));
            }
        }
        for (int i = 0; i < 60; i++) {
            assertEquals(i * 2, results.get(i).get(10, TimeUnit.SECONDS));
            assertEquals(i, continued.get(i), "continuations in submission order");
        }
        assertEquals(3, mostOnDevice.get(), "the stream was kept filled to 3");
    }

    @Test
    void aFailingJobFailsItsOwnFutureAndTheRestGoOn() throws Exception {
        try (FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S1, 2)) {
            CompletableFuture<String> first = fill.submit(s -> {
                s.busy(Duration.ofNanos(50_000));
                return () -> "first";
            });
            CompletableFuture<String> cannotQueue = fill.submit(s -> {
                throw new IllegalStateException("out of device memory");
            });
            CompletableFuture<String> throwsLater = fill.submit(s -> {
                s.busy(Duration.ofNanos(50_000));
                return () -> {
                    throw new IllegalArgumentException("bad result");
                };
            });
            CompletableFuture<String> last = fill.submit(s -> {
                s.busy(Duration.ofNanos(50_000));
                return () -> "last";
            });
            assertEquals("first", first.get(10, TimeUnit.SECONDS));
            assertEquals("out of device memory", cause(cannotQueue).getMessage());
            assertEquals("bad result", cause(throwsLater).getMessage());
            assertEquals("last", last.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void trySubmitDeclinesWhenFullAndSubmitWaitsForRoom() throws Exception {
        try (FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S2, 1)) {
            CompletableFuture<String> slow = fill.submit(s -> {
                s.sleep(Duration.ofMillis(100));
                return () -> "slow";
            });
            Optional<CompletableFuture<String>> declined = fill.trySubmit(s -> () -> "never");
            assertTrue(declined.isEmpty());
            long before = System.nanoTime();
            CompletableFuture<String> next = fill.submit(s -> () -> "next");
            assertTrue(slow.isDone(), "submit waited until the job in flight finished");
            assertTrue(System.nanoTime() - before > TimeUnit.MILLISECONDS.toNanos(50));
            assertEquals("next", next.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void continuationsMayRunOnAnExecutorStillInOrder() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Integer> order = new CopyOnWriteArrayList<>();
        try (FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S3, 4, pool)) {
            for (int i = 0; i < 40; i++) {
                int job = i;
                fill.submit(s -> {
                    s.busy(Duration.ofNanos(20_000));
                    return () -> order.add(job);
                });
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(40, order.size());
        for (int i = 0; i < 40; i++) {
            assertEquals(i, order.get(i));
        }
    }

    @Test
    void aContinuationCannotWaitForRoomItWouldFreeItself() throws Exception {
        try (FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S5, 1)) {
            CompletableFuture<String> outer = fill.submit(s -> {
                s.busy(Duration.ofNanos(50_000));
                return () -> {
                    fill.submit(inner -> () -> "never");
                    return "unreachable";
                };
            });
            Throwable e = cause(outer);
            assertInstanceOf(IllegalStateException.class, e);
            assertTrue(e.getMessage().contains("use trySubmit there"), e.getMessage());
        }
    }

    @Test
    void closeWaitsForTheJobsInFlight() throws Exception {
        FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S6, 2);
        CompletableFuture<String> slow = fill.submit(s -> {
            s.sleep(Duration.ofMillis(100));
            return () -> "slow";
        });
        fill.close();
        assertTrue(slow.isDone(), "close returned before the job in flight finished");
        assertEquals("slow", slow.get());
    }

    @Test
    void aClosedExecutorRefusesAndBadSettingsAreRefused() {
        FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S4, 2);
        fill.close();
        fill.close();
        assertEquals(GpuException.Kind.CLOSED, assertThrows(GpuException.class, () -> fill.submit(s -> () -> 1)).kind());
        assertThrows(IllegalArgumentException.class, () -> new FillExecutor<>(reactor, line, stream, Slot.S4, 0));
        assertThrows(NullPointerException.class, () -> new FillExecutor<>(reactor, line, null, Slot.S4, 1));
    }

    private static Throwable cause(CompletableFuture<?> future) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
        return assertInstanceOf(RuntimeException.class, e.getCause());
    }
}
