package io.gpuasync.backend.vulkan.bench;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.vulkan.VulkanBackend;
import io.gpuasync.backend.vulkan.VulkanProvider;
import io.gpuasync.backend.vulkan.VulkanQueue;
import io.gpuasync.bench.spi.BenchWorkload;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The workload {@code gar bench --backend vulkan} measures, on whichever Vulkan the loader picks
 * (the build pins lavapipe with {@code VK_DRIVER_FILES}): its busy work lands before a signal
 * queued behind it, and each of Vulkan's own waits returns once its work is done.
 */
class VulkanBenchWorkloadTest {

    @Test
    void theProviderOffersCalibratedBusyWorkAndVulkansOwnWaits() throws Exception {
        VulkanBackend.unavailability().ifPresent(cause -> Assumptions.abort("no usable Vulkan here: " + cause.getMessage()));
        VulkanProvider provider = new VulkanProvider();
        BenchWorkload<?> offered = new VulkanBenchProvider().open(provider);
        try (BenchWorkload<VulkanQueue> workload = cast(offered); Reactor reactor = Reactor.start();
             Line<VulkanQueue> line = workload.openLine()) {
            assertSame(provider.backend(), workload.backend());
            assertTrue(workload.describe().startsWith("a one-invocation busy compute shader on queue 0 of "), workload.describe());
            for (int i = 0; i < 5; i++) {
                workload.enqueue(Duration.ofNanos(200_000));
                Ticket ticket = line.signal(workload.stream(), Slot.S0);
                assertEquals(ticket, reactor.whenLanded(ticket).get(60, TimeUnit.SECONDS));
            }
            assertEquals(List.of("sem-wait", "sem-poll", "fence-wait"),
                    workload.nativeWaits().stream().map(BenchWorkload.NativeWait::name).toList());
            for (BenchWorkload.NativeWait wait : workload.nativeWaits()) {
                // Twice: the fence is reset after each wait, so the second waits for its own work.
                for (int i = 0; i < 2; i++) {
                    wait.queue(Duration.ofNanos(200_000));
                    wait.await();
                    Ticket behind = line.signal(workload.stream(), Slot.S1);
                    assertEquals(behind, reactor.whenLanded(behind).get(60, TimeUnit.SECONDS), wait.name());
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static BenchWorkload<VulkanQueue> cast(BenchWorkload<?> workload) {
        return (BenchWorkload<VulkanQueue>) workload;
    }
}
