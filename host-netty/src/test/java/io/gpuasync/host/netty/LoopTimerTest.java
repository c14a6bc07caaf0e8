package io.gpuasync.host.netty;

import io.netty.channel.IoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Our own timeout SQEs on a real Netty io_uring event loop: submitted through its registration, seen in handle(). */
@Timeout(60)
class LoopTimerTest {
    private static final long HOUR = 3_600_000_000_000L;
    private static MultiThreadIoEventLoopGroup group;

    record Fire(Thread thread, long at) {
    }

    @BeforeAll
    static void startLoop() {
        assumeTrue(IoUring.isAvailable(), () -> "Netty's io_uring transport is unavailable: " + IoUring.unavailabilityCause());
        group = new MultiThreadIoEventLoopGroup(1, IoUringIoHandler.newFactory());
    }

    @AfterAll
    static void stopLoop() throws InterruptedException {
        if (group != null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await();
        }
    }

    private static <T> T onLoop(IoEventLoop loop, Callable<T> task) throws Exception {
        return loop.submit(task).get();
    }

    @Test
    void anAbsoluteTimeoutFiresOnTheLoopThreadAfterItsDeadline() throws Exception {
        IoEventLoop loop = group.next();
        LinkedBlockingQueue<Fire> fires = new LinkedBlockingQueue<>();
        LoopTimer timer = new LoopTimer(loop, () -> fires.add(new Fire(Thread.currentThread(), System.nanoTime())), () -> { });
        timer.register().sync();
        Thread loopThread = onLoop(loop, Thread::currentThread);
        long deadline = System.nanoTime() + 2_000_000;
        onLoop(loop, () -> {
            timer.moveTo(deadline);
            return null;
        });
        Fire fire = fires.take();
        assertSame(loopThread, fire.thread());
        assertTrue(fire.at() >= deadline, "fired before its deadline");
        assertEquals(1L, (long) onLoop(loop, () -> timer.timeout().fired()));
        assertEquals(1L, (long) onLoop(loop, () -> timer.timeout().armed()));
        onLoop(loop, () -> {
            timer.close();
            return null;
        });
    }

    @Test
    void aNewDeadlineMovesTheSubmittedTimeout() throws Exception {
        IoEventLoop loop = group.next();
        LinkedBlockingQueue<Fire> fires = new LinkedBlockingQueue<>();
        LoopTimer timer = new LoopTimer(loop, () -> fires.add(new Fire(Thread.currentThread(), System.nanoTime())), () -> { });
        timer.register().sync();
        onLoop(loop, () -> {
            timer.moveTo(System.nanoTime() + HOUR);
            return null;
        });
        long soon = System.nanoTime() + 1_000_000;
        onLoop(loop, () -> {
            timer.moveTo(soon);         // only the move can make it fire within the test's life
            return null;
        });
        Fire fire = fires.take();
        assertTrue(fire.at() >= soon);
        assertEquals(1L, (long) onLoop(loop, () -> timer.timeout().armed()), "one IORING_OP_TIMEOUT");
        assertEquals(1L, (long) onLoop(loop, () -> timer.timeout().moved()), "moved by IORING_TIMEOUT_UPDATE");
        assertEquals(1L, (long) onLoop(loop, () -> timer.timeout().fired()));
        onLoop(loop, () -> {
            timer.close();
            return null;
        });
    }

    @Test
    void noDeadlineRemovesItAndItNeverFires() throws Exception {
        IoEventLoop loop = group.next();
        LinkedBlockingQueue<Fire> fires = new LinkedBlockingQueue<>();
        LoopTimer timer = new LoopTimer(loop, () -> fires.add(new Fire(Thread.currentThread(), System.nanoTime())), () -> { });
        timer.register().sync();
        onLoop(loop, () -> {
            timer.moveTo(System.nanoTime() + HOUR);
            timer.moveTo(LoopTimer.NO_DEADLINE);
            return null;
        });
        // A later timer on the same loop fires; the removed one's -ECANCELED must not count as a fire.
        long later = System.nanoTime() + 1_000_000;
        onLoop(loop, () -> {
            timer.moveTo(later);
            return null;
        });
        fires.take();
        assertEquals(2L, (long) onLoop(loop, () -> timer.timeout().armed()));
        assertEquals(1L, (long) onLoop(loop, () -> timer.timeout().removed()));
        assertEquals(1L, (long) onLoop(loop, () -> timer.timeout().fired()));
        assertTrue(fires.isEmpty());
        onLoop(loop, () -> {
            timer.close();
            return null;
        });
        assertFalse(onLoop(loop, timer::isRegistered));
    }
}
