package io.gpuasync.spi.ffm;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeadlinePollTest {

    @Test
    void aPassedDeadlineEndsThePollWithoutAPause() {
        DeadlinePoll poll = new DeadlinePoll(System.nanoTime() - 1);
        assertFalse(poll.pause());
    }

    @Test
    void beforeItsDeadlineThePollPausesAndGoesOn() {
        DeadlinePoll poll = new DeadlinePoll(System.nanoTime() + 3_600_000_000_000L);
        for (int i = 0; i < 8; i++) {
            assertTrue(poll.pause());
        }
    }
}
