package io.gpuasync.host.std;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimerSlackTest {

    @Test
    void theSlackIsSetForTheCallingThreadOnly() throws InterruptedException {
        if (!System.getProperty("os.name").toLowerCase().contains("linux")) {
            assertTrue(TimerSlack.unavailabilityCause().isPresent());
            return;
        }
        long mine = TimerSlack.currentNanos();
        AtomicLong inThread = new AtomicLong(-1);
        Thread thread = Thread.ofPlatform().start(() -> {
            if (TimerSlack.setCurrentNanos(1)) {
                inThread.set(TimerSlack.currentNanos());
            }
        });
        thread.join();
        assertEquals(1, inThread.get(), "prctl(PR_SET_TIMERSLACK, 1) through FFM");
        assertEquals(mine, TimerSlack.currentNanos(), "another thread's slack is its own");
        assertThrows(IllegalArgumentException.class, () -> TimerSlack.setCurrentNanos(0));
    }
}
