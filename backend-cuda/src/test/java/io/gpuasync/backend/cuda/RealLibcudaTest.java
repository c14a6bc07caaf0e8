package io.gpuasync.backend.cuda;

import io.gpuasync.api.GpuException;
import io.gpuasync.backend.cuda.internal.Cuda;
import io.gpuasync.backend.cuda.internal.CudaLibrary;
import io.gpuasync.spi.Backends;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The backend against NVIDIA's own libcuda.so.1 (Debian non-free libcuda1, which the build
 * fetches and unpacks into target/libcuda1, never installing it: src/test/sh/fetch-libcuda1.sh),
 * on a machine with no NVIDIA device: every entry point the backend and its tests bind is
 * exported, the driver names the statuses the backend names, and {@code cuInit}'s
 * CUDA_ERROR_NO_DEVICE makes the backend UNAVAILABLE with the driver's name for it. It runs in
 * a JVM of its own (the build's real-libcuda execution), since a JVM loads libcuda once; where
 * the package could not be fetched it reports itself skipped, saying why.
 */
class RealLibcudaTest {
    private static final String FETCHED = "gar.real.libcuda";
    private static Path library;
    // cuInit run as root makes the driver's control node (/dev/nvidiactl): what was there before stays.
    private static Set<Path> nodesBefore;

    @BeforeAll
    static void fetched() throws IOException {
        String dir = System.getProperty(FETCHED);
        Assumptions.assumeTrue(dir != null, "run by the build's real-libcuda execution, which sets -D" + FETCHED);
        Path unavailable = Path.of(dir, "UNAVAILABLE");
        Assumptions.assumeFalse(Files.exists(unavailable), () -> "NVIDIA's libcuda1 is not here: " + read(unavailable));
        library = Path.of(dir, "libcuda.so.1");
        Assumptions.assumeTrue(Files.exists(library), "no " + library + " (and no UNAVAILABLE beside it saying why)");
        nodesBefore = nvidiaNodes();
    }

    @AfterAll
    static void removeTheNodesCuInitMade() throws IOException {
        if (nodesBefore == null) {
            return;
        }
        for (Path node : nvidiaNodes()) {
            if (!nodesBefore.contains(node)) {
                Files.deleteIfExists(node);
            }
        }
    }

    private static Set<Path> nvidiaNodes() throws IOException {
        try (Stream<Path> dev = Files.list(Path.of("/dev"))) {
            return Set.copyOf(dev.filter(p -> p.getFileName().toString().startsWith("nvidia")).toList());
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }

    @Test
    void theLibraryLoadedIsNvidiasOwnNotTheFake() {
        assertEquals(library.toString(), CudaLibrary.LIBRARY.location());
        assertTrue(CudaLibrary.LIBRARY.loadFailure().isEmpty(), () -> CudaLibrary.LIBRARY.loadFailure().orElseThrow().toString());
        assertFalse(FakeCuda.isLoaded(), "the library has the fake's test hooks");
    }

    @Test
    void itExportsEveryEntryPointTheBackendAndItsTestsBind() {
        @SuppressWarnings("restricted")
        SymbolLookup real = SymbolLookup.libraryLookup(library, Arena.ofAuto());
        List<String> missing = new ArrayList<>();
        Stream.concat(Cuda.FUNCTIONS.stream().map(Cuda.Function::symbol), DriverCalls.SYMBOLS.stream())
                .filter(symbol -> real.find(symbol).isEmpty())
                .forEach(missing::add);
        assertEquals(List.of(), missing, "not exported by " + library);
    }

    @Test
    void theDriverNamesEachStatusTheBackendNamesAsTheBackendDoes() {
        Map<Integer, String> named = Map.ofEntries(
                Map.entry(Cuda.CUDA_SUCCESS, "CUDA_SUCCESS"),
                Map.entry(Cuda.CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE"),
                Map.entry(Cuda.CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT"),
                Map.entry(Cuda.CUDA_ERROR_NOT_READY, "CUDA_ERROR_NOT_READY"),
                Map.entry(Cuda.CUDA_ERROR_CONTEXT_IS_DESTROYED, "CUDA_ERROR_CONTEXT_IS_DESTROYED"),
                Map.entry(Cuda.CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED, "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED"),
                Map.entry(Cuda.CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED"),
                Map.entry(Cuda.CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"),
                Map.entry(Cuda.CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD, "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD"),
                // What the tests expect of the fake, which models these.
                Map.entry(400, "CUDA_ERROR_INVALID_HANDLE"),
                Map.entry(700, "CUDA_ERROR_ILLEGAL_ADDRESS"),
                Map.entry(901, "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"),
                Map.entry(100, "CUDA_ERROR_NO_DEVICE"));
        named.forEach((status, name) -> assertEquals(name, CudaStatus.NAMES.name(status), "status " + status));
    }

    @Test
    void withNoDeviceCuInitIsNoDeviceAndTheBackendIsUnavailableWithTheDriversName() {
        Assumptions.assumeFalse(Files.exists(Path.of("/dev/nvidia0")),
                "this machine has an NVIDIA device (/dev/nvidia0): the no-device path is not what it takes");
        Throwable cause = CudaBackend.unavailability().orElseThrow();
        assertEquals("cuInit(0) returned 100 (CUDA_ERROR_NO_DEVICE)", cause.getMessage());

        GpuException e = assertThrows(GpuException.class, CudaBackend::load);
        assertEquals(GpuException.Kind.UNAVAILABLE, e.kind());
        assertEquals(-1, e.status());
        assertEquals("CUDA is unavailable: cuInit(0) returned 100 (CUDA_ERROR_NO_DEVICE)", e.getMessage());

        Backends.Found found = Backends.discover().stream().filter(f -> f.name().equals("cuda")).findFirst().orElseThrow();
        assertFalse(found.usable());
        assertEquals(cause.getMessage(), found.problem().getMessage());
    }
}
