package io.gpuasync.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SlotAndSequencesTest {

    @Test
    void slotsAreEightWordsAtEightByteStrides() {
        assertEquals(8, Slot.COUNT);
        assertEquals(Slot.COUNT, Slot.values().length);
        for (int i = 0; i < Slot.COUNT; i++) {
            Slot slot = Slot.of(i);
            assertEquals(i, slot.index());
            assertEquals(8L * i, slot.byteOffset());
            assertSame(Slot.values()[i], slot);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 8, 9, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void aSlotIndexOutOfRangeIsRefusedNamingTheRange(int index) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Slot.of(index));
        assertEquals("slot index " + index + " is out of range [0, 8)", e.getMessage());
    }

    @Test
    void reachedIsAtOrPast() {
        assertTrue(Sequences.reached(5, 5));
        assertTrue(Sequences.reached(6, 5));
        assertFalse(Sequences.reached(4, 5));
        assertTrue(Sequences.reached(0, 0));
    }

    @Test
    void reachedSurvivesWrapPastLongMaxValue() {
        long beforeWrap = Long.MAX_VALUE;
        long afterWrap = Sequences.next(beforeWrap);
        assertEquals(Long.MIN_VALUE, afterWrap);
        // An unsigned or plain signed comparison gets both of these wrong.
        assertTrue(Sequences.reached(afterWrap, beforeWrap), "MIN_VALUE comes after MAX_VALUE");
        assertFalse(Sequences.reached(beforeWrap, afterWrap), "MAX_VALUE comes before MIN_VALUE");
        assertEquals(1, Sequences.distance(afterWrap, beforeWrap));
        assertEquals(-1, Sequences.distance(beforeWrap, afterWrap));
    }

    @Test
    void reachedSurvivesWrapPastMinusOneIntoZero() {
        assertEquals(0, Sequences.next(-1));
        assertTrue(Sequences.reached(0, -1));
        assertTrue(Sequences.reached(3, -2));
        assertFalse(Sequences.reached(-1, 0));
        assertFalse(Sequences.reached(-2, 3));
    }

    @Test
    void numbersHalfTheRingApartAreOrderedByTheSignOfTheirDistance() {
        assertTrue(Sequences.reached(Long.MAX_VALUE, 0), "2^63 - 1 ahead: reached");
        assertFalse(Sequences.reached(Long.MIN_VALUE, 0), "2^63 apart: no longer ordered, reads as behind");
    }
}
