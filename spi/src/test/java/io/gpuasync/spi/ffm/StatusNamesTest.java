package io.gpuasync.spi.ffm;

import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class StatusNamesTest {
    private static final System.Logger LOG = System.getLogger(StatusNamesTest.class.getName());

    @Test
    void aStatusIsNamedByTheVendorsTableAndAnUnnamedOneByItsNumber() {
        Map<Integer, String> table = new HashMap<>(Map.of(0, "VK_SUCCESS", -4, "VK_ERROR_DEVICE_LOST"));
        StatusNames names = StatusNames.of(LOG, 0, table, "VkResult");
        table.put(-5, "changed after");
        assertEquals("VK_ERROR_DEVICE_LOST", names.name(-4));
        assertEquals("VkResult -5", names.name(-5), "the table is the one given at construction");
        assertEquals("vkQueueSubmit(...) returned -4 (VK_ERROR_DEVICE_LOST)", names.describe("vkQueueSubmit(...)", -4));
    }

    @Test
    void onlyTheSuccessStatusPassesTheCheckAndAFailureCarriesItsStatus() {
        StatusNames names = new StatusNames(LOG, 0, status -> status == 2 ? "CUDA_ERROR_OUT_OF_MEMORY" : null, "status");
        assertDoesNotThrow(() -> names.check(0, "cuInit"));
        LineException e = assertThrows(LineException.class, () -> names.check(2, "cuMemHostRegister(4096 bytes)"));
        assertEquals(LineError.ofStatus(2), e.error());
        assertEquals("cuMemHostRegister(4096 bytes) returned 2 (CUDA_ERROR_OUT_OF_MEMORY): " + LineError.ofStatus(2).message(),
                e.getMessage());
        assertEquals("status 7", names.name(7));
    }
}
