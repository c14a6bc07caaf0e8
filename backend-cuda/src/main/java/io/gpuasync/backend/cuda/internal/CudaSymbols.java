package io.gpuasync.backend.cuda.internal;

import java.lang.foreign.MemorySegment;

/** Checks that the library has a binding's symbol, without making its method handle. */
public final class CudaSymbols {
    private CudaSymbols() {
    }

    /** Whether {@code function}'s symbol is missing from the library. */
    public static boolean missing(Cuda.Function function) {
        return CudaLibrary.find(function.symbol()).equals(MemorySegment.NULL);
    }
}
