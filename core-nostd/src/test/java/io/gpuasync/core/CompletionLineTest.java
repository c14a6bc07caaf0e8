package io.gpuasync.core;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompletionLineTest {

    @Test
    void wordsAreReadAndWrittenAtTheirSlotOffsets() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment segment = arena.allocate(64, 64);
            CompletionLine line = CompletionLine.over(segment);
            for (Slot slot : Slot.values()) {
                line.setRelease(slot, 100 + slot.index());
            }
            for (Slot slot : Slot.values()) {
                assertEquals(100 + slot.index(), line.getAcquire(slot));
                // What a device would see at base + 8k.
                assertEquals(100 + slot.index(), segment.get(java.lang.foreign.ValueLayout.JAVA_LONG, 8L * slot.index()));
            }
            line.fillRelease(0);
            for (Slot slot : Slot.values()) {
                assertEquals(0, line.getAcquire(slot));
            }
            line.setRelease(Slot.S3, 7);
            assertTrue(line.reached(Slot.S3, 7));
            assertFalse(line.reached(Slot.S3, 8));
        }
    }

    @Test
    void aSegmentOfAnotherSizeIsRefusedNamingItsSize() {
        try (Arena arena = Arena.ofConfined()) {
            IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                    () -> CompletionLine.over(arena.allocate(32, 64)));
            assertEquals("a completion line needs a segment of exactly 64 bytes; this one has 32", small.getMessage());
            IllegalArgumentException large = assertThrows(IllegalArgumentException.class,
                    () -> CompletionLine.over(arena.allocate(4096, 64)));
            assertTrue(large.getMessage().endsWith("this one has 4096"), large.getMessage());
        }
    }

    @Test
    void aMisalignedSegmentIsRefusedNamingItsAddress() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment misaligned = arena.allocate(128, 64).asSlice(8, 64);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> CompletionLine.over(misaligned));
            assertTrue(e.getMessage().contains("64-byte aligned address; 0x" + Long.toHexString(misaligned.address())),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith("is 8 bytes past a boundary"), e.getMessage());
        }
    }

    @Test
    void heapAndReadOnlyAndNullSegmentsAreRefused() {
        IllegalArgumentException heap = assertThrows(IllegalArgumentException.class,
                () -> CompletionLine.over(MemorySegment.ofArray(new long[8])));
        assertTrue(heap.getMessage().contains("on the heap"), heap.getMessage());
        assertThrows(NullPointerException.class, () -> CompletionLine.over(null));
    }

    @Test
    void aReadOnlyViewReadsTheSameWordsAndRefusesStores() {
        try (Arena arena = Arena.ofConfined()) {
            CompletionLine line = CompletionLine.over(arena.allocate(64, 64));
            CompletionLine view = line.readOnly();
            line.setRelease(Slot.S4, 12);
            assertEquals(12, view.getAcquire(Slot.S4));
            assertTrue(view.isReadOnly());
            assertFalse(line.isReadOnly());
            assertThrows(UnsupportedOperationException.class, () -> view.setRelease(Slot.S4, 13));
            assertThrows(UnsupportedOperationException.class, () -> view.fillRelease(0));
            assertEquals(12, line.getAcquire(Slot.S4));
        }
    }

    @Test
    void aLineOverAClosedArenaThrowsInsteadOfReadingFreedMemory() {
        Arena arena = Arena.ofShared();
        CompletionLine line = CompletionLine.over(arena.allocate(64, 64));
        line.setRelease(Slot.S0, 1);
        arena.close();
        assertThrows(IllegalStateException.class, () -> line.getAcquire(Slot.S0));
        assertThrows(IllegalStateException.class, () -> line.setRelease(Slot.S0, 2));
    }

    /** After retire, every view of the words refuses access, and touches nothing. */
    @Test
    void retiringRefusesEveryViewAndIsIdempotent() {
        try (Arena arena = Arena.ofConfined()) {
            CompletionLine line = CompletionLine.over(arena.allocate(64, 64));
            CompletionLine view = line.readOnly();
            line.setRelease(Slot.S2, 7);
            assertEquals(7, view.getAcquire(Slot.S2));
            assertFalse(view.isRetired());
            line.retire();
            assertTrue(view.isRetired());
            assertThrows(IllegalStateException.class, () -> view.getAcquire(Slot.S2));
            assertThrows(IllegalStateException.class, () -> line.getAcquire(Slot.S0));
            assertThrows(IllegalStateException.class, () -> line.setRelease(Slot.S0, 1));
            assertThrows(IllegalStateException.class, () -> line.fillRelease(0));
            line.retire();
        }
    }
}
