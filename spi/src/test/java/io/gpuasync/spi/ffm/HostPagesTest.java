package io.gpuasync.spi.ffm;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostPagesTest {

    @Test
    void aPageIsAlignedZeroedAndKeptUntilFreedOnce() throws Exception {
        HostPages pages = new HostPages();
        MemorySegment page = pages.allocate(4096, 4096);
        assertEquals(0, page.address() % 4096);
        assertEquals(4096, page.byteSize());
        assertEquals(0L, page.get(ValueLayout.JAVA_LONG, 4088));
        assertEquals(1, pages.size());
        MemorySegment raw = HostPages.unscoped(page);
        assertEquals(page.address(), raw.address());
        assertTrue(raw.scope().isAlive(), "the line's view is not the arena's");
        assertTrue(pages.free(raw), "freed by the address the line holds");
        assertFalse(page.scope().isAlive(), "the page's arena is closed");
        assertFalse(pages.free(raw), "a page is freed once");
        assertEquals(0, pages.size());
    }

    @Test
    void aPageTooLargeForTheJvmIsAStatusNotALeak() {
        HostPages pages = new HostPages();
        assertThrows(io.gpuasync.spi.LineException.class, () -> pages.allocate(Long.MAX_VALUE, 4096));
        assertEquals(0, pages.size());
    }
}
