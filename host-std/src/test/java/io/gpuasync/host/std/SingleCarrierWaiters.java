package io.gpuasync.host.std;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.core.WaitPlan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The program {@code ReactorTest} runs in a JVM of its own whose virtual threads have exactly one
 * carrier ({@code -Djdk.virtualThreadScheduler.parallelism=1}, {@code maxPoolSize=1}). With one
 * carrier, "a waiting virtual thread leaves its carrier" becomes a matter of who gets to run at
 * all, not of how fast: if any waiter kept the carrier, no other virtual thread would ever run.
 *
 * <p>The device's work is held behind a gate that only a probe virtual thread opens, so no
 * ticket can land before the probe ran. The program waits until every waiter is seen inside
 * {@code Reactor.tryAwait} at the same time (with one carrier, all but one of them are then
 * unmounted in the middle of a wait), then starts the probe, which runs only if the mounted
 * waiter lets go too. Half of the waiters use the default plan (which parks), half a plan that
 * only spins (which a virtual thread turns into yields of its carrier).
 *
 * <p>Prints {@code key=value} lines; exits 0 once every waiter returned, 3 if the waiters never
 * all got inside their wait or the probe never ran within {@code LIVENESS_BOUND_SECONDS} (the
 * bound only ends a run that is already broken; a working run needs no time limit).
 */
final class SingleCarrierWaiters {
    static final int WAITERS = 8;
    static final int LIVENESS_BOUND_SECONDS = 120;

    private SingleCarrierWaiters() {
    }

    public static void main(String[] args) throws Exception {
        SimBackend sim = SimBackend.create(1, (reason, line, address, bytes) -> { });
        Set<String> carriers = ConcurrentHashMap.newKeySet();
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch probeRan = new CountDownLatch(1);
        CountDownLatch returned = new CountDownLatch(WAITERS);
        int[] pendingWhenProbeRan = {-1};
        try (Reactor reactor = Reactor.start();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {
            stream.call(() -> awaitUninterruptibly(gate));
            List<Ticket> tickets = new ArrayList<>();
            List<Thread> waiters = new ArrayList<>();
            for (int i = 0; i < WAITERS; i++) {
                Ticket ticket = line.signal(stream, Slot.of(i));
                WaitPlan plan = i % 2 == 0 ? Reactor.DEFAULT_PLAN : WaitPlan.busySpin();
                tickets.add(ticket);
                waiters.add(Thread.ofVirtual().name("waiter-" + i).start(() -> {
                    carriers.add(carrierOf(Thread.currentThread()));
                    reactor.await(ticket, plan);
                    returned.countDown();
                }));
            }
            if (!allInsideTheirWait(waiters)) {
                System.out.println("failure=the waiters were never all inside Reactor.tryAwait at once: "
                        + "one of them holds the only carrier");
                System.exit(3);
            }
            Thread.ofVirtual().name("probe").start(() -> {
                carriers.add(carrierOf(Thread.currentThread()));
                pendingWhenProbeRan[0] = (int) tickets.stream().filter(t -> !t.isDone()).count();
                probeRan.countDown();
                gate.countDown();
            });
            if (!probeRan.await(LIVENESS_BOUND_SECONDS, TimeUnit.SECONDS)) {
                System.out.println("failure=the probe never ran: a waiter holds the only carrier");
                System.exit(3);
            }
            if (!returned.await(LIVENESS_BOUND_SECONDS, TimeUnit.SECONDS)) {
                System.out.println("failure=" + returned.getCount() + " waiters never returned after the work landed");
                System.exit(3);
            }
        }
        System.out.println("waiters=" + WAITERS);
        System.out.println("pendingWhenProbeRan=" + pendingWhenProbeRan[0]);
        System.out.println("carriers=" + carriers.size() + " " + carriers);
    }

    // Polls from a platform thread, which needs no carrier. A thread seen with Reactor.tryAwait
    // on its stack is inside a wait; all of them at once means each unmounted waiter left the
    // carrier from inside the wait, since only one can be mounted.
    private static boolean allInsideTheirWait(List<Thread> waiters) throws InterruptedException {
        long giveUpAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIVENESS_BOUND_SECONDS);
        while (System.nanoTime() - giveUpAt < 0) {
            if (waiters.stream().allMatch(SingleCarrierWaiters::insideTryAwait)) {
                return true;
            }
            Thread.sleep(1);
        }
        return false;
    }

    private static boolean insideTryAwait(Thread waiter) {
        return Arrays.stream(waiter.getStackTrace()).anyMatch(frame ->
                frame.getClassName().equals(Reactor.class.getName()) && frame.getMethodName().equals("tryAwait"));
    }

    // A mounted virtual thread's toString names its carrier after the '@'
    // ("VirtualThread[#31,waiter-0]/runnable@ForkJoinPool-1-worker-1").
    private static String carrierOf(Thread virtual) {
        String described = virtual.toString();
        return described.substring(described.indexOf('@') + 1);
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        for (;;) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
