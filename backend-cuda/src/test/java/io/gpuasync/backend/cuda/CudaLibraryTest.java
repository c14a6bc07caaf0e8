package io.gpuasync.backend.cuda;

import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.backend.cuda.internal.CudaLibrary;
import io.gpuasync.spi.ffm.NativeLibrary;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where the NVreg_EnableStreamMemOPs hint belongs: a driver from before
 * CUDA 11.7, when stream memory operations needed that module option, lacks the v2 entry
 * points and fails the symbol check, so that is where the hint is said.
 */
class CudaLibraryTest {
    private static final String OLD_DRIVER = "gar.test.cuda.before-v2-memops";

    @Test
    void aDriverWithoutTheV2StreamMemoryOperationsIsRefusedWithTheHintItNeeds() {
        String path = System.getProperty(OLD_DRIVER, "");
        Assumptions.assumeTrue(!path.isEmpty() && Files.isReadable(Path.of(path)),
                "the build's fake of a driver before CUDA 11.7 is at -D" + OLD_DRIVER);
        NativeLibrary old = new NativeLibrary(OLD_DRIVER, "GAR_TEST_UNSET", "libcuda.so.1");
        Throwable cause = old.unavailability(Cuda.FUNCTIONS.stream().map(Cuda.Function::symbol).toList()).orElseThrow();
        String message = CudaLibrary.explained(cause).getMessage();
        assertTrue(message.contains("cuStreamWriteValue64_v2") && message.contains("NVreg_EnableStreamMemOPs"), message);
    }

    @Test
    void anyOtherMissingSymbolIsLeftAsItWas() {
        UnsatisfiedLinkError missing = new UnsatisfiedLinkError("unresolved symbol: cuEventQuery in libcuda.so.1");
        assertTrue(CudaLibrary.explained(missing) == missing);
    }
}
