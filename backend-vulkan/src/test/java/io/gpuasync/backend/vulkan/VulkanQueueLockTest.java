package io.gpuasync.backend.vulkan;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.vulkan.internal.Vk;
import io.gpuasync.core.Slot;
import io.gpuasync.testing.Tickets;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lines' stores and an application's own submissions from several threads never run
 * {@code vkQueueSubmit} on one queue at once. Seen by the build's test layer
 * ({@code src/test/c/test_layer.c}), which sits between the backend and lavapipe and
 * counts overlapping submits; the test first shows that the layer does see overlaps, with raw
 * submits that bypass the lock, so a passing run is not a blind one.
 */
class VulkanQueueLockTest {
    private static final int THREADS = 4;
    private static final int ROUNDS = 200;

    @Test
    void signalsAndUserSubmitsNeverOverlapOnAQueue() throws Throwable {
        Lavapipe.require();
        VulkanBackend vulkan = Lavapipe.backend();
        try (VulkanDevice device = vulkan.createDevice(0)) {
            TestLayer layer = TestLayer.require(device);
            VulkanQueue queue = device.queue(0);
            Assumptions.assumeTrue(seesOwnSubmits(queue, layer),
                    "the loader did not put the test layer under this device's queue (VK_LAYER_PATH, VK_INSTANCE_LAYERS)");

            // The control: raw submits that skip the lock, from several threads, are seen overlapping.
            long before = layer.overlaps();
            race(() -> {
                for (int i = 0; i < ROUNDS; i++) {
                    Vk.vkQueueSubmit(device.vk, MemorySegment.ofAddress(queue.handle()), 0, MemorySegment.NULL, 0);
                }
            });
            long unlocked = layer.overlaps() - before;
            assertTrue(unlocked > 0, "the layer saw no overlap among unsynchronized submits: it could not catch one");

            // The backend's stores and the application's submits, through the queue's lock.
            vulkan.useDevice(device);
            before = layer.overlaps();
            long submitted = layer.submits();
            List<Line<VulkanQueue>> lines = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                lines.add(vulkan.openLine());
            }
            List<Ticket> last = java.util.Collections.synchronizedList(new ArrayList<>());
            int[] next = {0};
            race(() -> {
                int me;
                synchronized (next) {
                    me = next[0]++;
                }
                Ticket ticket = null;
                for (int i = 0; i < ROUNDS; i++) {
                    if (me % 2 == 0) {
                        ticket = lines.get(me).signal(queue, Slot.S0);
                    } else {
                        queue.submit(MemorySegment.NULL, 0, 0);
                    }
                }
                if (ticket != null) {
                    last.add(ticket);
                }
            });
            for (Ticket ticket : last) {
                Tickets.awaitLanded(ticket);
            }
            for (Line<VulkanQueue> line : lines) {
                line.close();
            }
            assertEquals(THREADS * ROUNDS, layer.submits() - submitted, "submits the layer saw");
            assertEquals(0, layer.overlaps() - before, "vkQueueSubmit ran on one queue from two threads at once");
        }
    }

    private static boolean seesOwnSubmits(VulkanQueue queue, TestLayer layer) {
        long before = layer.submits();
        queue.submit(MemorySegment.NULL, 0, 0);
        return layer.submits() == before + 1;
    }

    private interface Body {
        void run() throws Exception;
    }

    private static void race(Body body) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < THREADS; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                    body.run();
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.getFirst());
        }
    }
}
