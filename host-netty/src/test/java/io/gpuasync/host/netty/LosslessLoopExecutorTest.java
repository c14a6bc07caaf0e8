package io.gpuasync.host.netty;

import io.netty.channel.IoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Tasks handed to real Netty loops as they end. Counts and threads; no clocks. */
@Timeout(120)
class LosslessLoopExecutorTest {
    private static final int LOOPS = 16;
    private static final int THREADS = 3;
    private static final int TASKS_PER_THREAD = 3_000;

    @Test
    void everyTaskHandedWhileTheLoopEndsRunsOnceOnTheLoopOrOnTheAfterLoopThread() throws Exception {
        int tasks = THREADS * TASKS_PER_THREAD;
        for (int round = 0; round < LOOPS; round++) {
            MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
            IoEventLoop loop = group.next();
            LosslessLoopExecutor executor = new LosslessLoopExecutor(loop);
            AtomicIntegerArray runs = new AtomicIntegerArray(tasks);
            AtomicIntegerArray where = new AtomicIntegerArray(2);   // on the loop, after it
            CountDownLatch ran = new CountDownLatch(tasks);
            CountDownLatch someRan = new CountDownLatch(THREADS * 20);
            List<Thread> handers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int first = t * TASKS_PER_THREAD;
                handers.add(Thread.ofPlatform().name("hander-" + t).start(() -> {
                    for (int i = first; i < first + TASKS_PER_THREAD; i++) {
                        int task = i;
                        executor.execute(() -> {
                            runs.incrementAndGet(task);
                            someRan.countDown();
                            boolean onLoop = loop.inEventLoop();
                            where.incrementAndGet(onLoop ? 0 : 1);
                            if (onLoop || Thread.currentThread().getName().equals(NettyReactor.AFTER_LOOP_THREAD_NAME)) {
                                ran.countDown();
                            }
                        });
                    }
                }));
            }
            // The loop ends while the tasks are being handed to it.
            someRan.await(30, TimeUnit.SECONDS);
            assertTrue(group.shutdownGracefully(0, 5, TimeUnit.SECONDS).await(30, TimeUnit.SECONDS));
            for (Thread hander : handers) {
                hander.join(30_000);
            }
            ran.await(30, TimeUnit.SECONDS);
            int once = 0;
            int twice = 0;
            for (int i = 0; i < tasks; i++) {
                once += runs.get(i) == 1 ? 1 : 0;
                twice += runs.get(i) > 1 ? 1 : 0;
            }
            String counts = "round " + round + ": " + tasks + " tasks, " + once + " ran once, " + twice + " more than once, "
                    + where.get(0) + " runs on the loop, " + where.get(1) + " after it, " + ran.getCount() + " not on either";
            assertEquals(tasks, once, counts);
            assertEquals(0, ran.getCount(), counts);
        }
    }
}
