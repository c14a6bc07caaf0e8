package io.gpuasync.backend.metal;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.gpuasync.backend.metal.internal.Foundation;
import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.ObjC;
import io.gpuasync.backend.metal.internal.Pool;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.spi.LineException;

/**
 * The compute kernels of one device, compiled from source once ({@code
 * newLibraryWithSource:options:error:}) and kept for the process, as the devices are: the store
 * of a sequence number into a line's word, and a busy loop that is the work of a chosen duration.
 *
 * <p>The store is a 64-bit {@code atomic_max} on GPUs of family Apple9 and later (MSL 3.1's
 * 64-bit atomics), which also keeps a word from moving back; elsewhere a plain 64-bit store.
 * Known risk, not seen here: on a GPU without 64-bit atomics nothing in Metal's documentation
 * promises that a 64-bit store is single-copy atomic, so a host reading while the word changes
 * could see a torn value (in practice the word becomes visible to the host only at the end of
 * its command buffer, see {@link MetalDriver}).
 */
final class MetalKernels {
    /** {@code MTLGPUFamilyApple9}: 64-bit atomic min/max in MSL 3.1. */
    static final long FAMILY_APPLE9 = 1009;
    /** {@code MTLResourceStorageModeShared | MTLResourceCPUCacheModeDefaultCache}. */
    static final long STORAGE_MODE_SHARED = 0;

    static final String SOURCE = """
            #include <metal_stdlib>
            using namespace metal;

            // One thread stores a line's next sequence number into its word.
            kernel void gar_store(device ulong *word [[buffer(0)]], constant ulong &value [[buffer(1)]]) {
                *word = value;
            }

            // Work of a chosen duration: a dependent chain the compiler cannot shorten.
            kernel void gar_busy(device ulong *sink [[buffer(0)]], constant ulong &iterations [[buffer(1)]]) {
                ulong x = iterations;
                for (ulong i = 0; i < iterations; i++) {
                    x = x * 6364136223846793005ul + 1442695040888963407ul;
                }
                if (x == 0) {
                    *sink = x;
                }
            }
            """;

    static final String ATOMIC_SOURCE = """
            #include <metal_stdlib>
            using namespace metal;

            // A word never moves back: the larger of the two stays.
            kernel void gar_store_max(device atomic_ulong *word [[buffer(0)]], constant ulong &value [[buffer(1)]]) {
                atomic_max_explicit(word, value, memory_order_relaxed);
            }
            """;

    final long store;
    final long busy;
    final boolean atomicStore;
    /** The busy kernel's output, which nothing reads (a shared buffer of 8 bytes). */
    final long sink;

    private MetalKernels(long store, long busy, boolean atomicStore, long sink) {
        this.store = store;
        this.busy = busy;
        this.atomicStore = atomicStore;
        this.sink = sink;
    }

    /**
     * Compiles the kernels for {@code device}, releasing whatever was made if a step fails. The
     * strings and the error word are made before the pool that the sends run in, as nothing may
     * block inside a pool (see {@link Pool}).
     */
    static MetalKernels compile(long device) throws LineException {
        long busy = 0;
        long store = 0;
        long sink = 0;
        boolean done = false;
        long source = Foundation.newString(SOURCE);
        long atomicSource = Foundation.newString(ATOMIC_SOURCE);
        long busyName = Foundation.newString("gar_busy");
        long storeName = 0;
        try (Memory errorOut = new Memory(Long.BYTES)) {
            boolean atomics = Msg.bool(device, Sel.SUPPORTS_FAMILY, FAMILY_APPLE9);
            storeName = Foundation.newString(atomics ? "gar_store_max" : "gar_store");
            try (Pool pool = Pool.push()) {
                busy = pipeline(device, source, busyName, "gar_busy", errorOut);
                store = atomics ? pipeline(device, atomicSource, storeName, "gar_store_max", errorOut)
                        : pipeline(device, source, storeName, "gar_store", errorOut);
                sink = Msg.word(device, Sel.NEW_BUFFER_WITH_LENGTH_OPTIONS, 8, STORAGE_MODE_SHARED);
                if (sink == 0) {
                    throw MetalStatus.nil("newBufferWithLength:8 options:MTLResourceStorageModeShared");
                }
                done = true;
                return new MetalKernels(store, busy, atomics, sink);
            }
        } finally {
            if (!done) {
                release(busy);
                release(store);
            }
            release(storeName);
            ObjC.objc_release(busyName);
            ObjC.objc_release(atomicSource);
            ObjC.objc_release(source);
        }
    }

    /**
     * A compute pipeline of the kernel {@code name} in {@code source}, compiled for {@code
     * device}: owned, release it. For tools that queue work of their own beside a line (the
     * user-data visibility check).
     */
    static long pipeline(long device, String source, String name) throws LineException {
        long text = Foundation.newString(source);
        long functionName = Foundation.newString(name);
        try (Memory errorOut = new Memory(Long.BYTES)) {
            try (Pool pool = Pool.push()) {
                return pipeline(device, text, functionName, name, errorOut);
            }
        } finally {
            ObjC.objc_release(functionName);
            ObjC.objc_release(text);
        }
    }

    private static void release(long object) {
        if (object != 0) {
            ObjC.objc_release(object);
        }
    }

    // Runs inside the caller's pool: the NSError is autoreleased, and read before it is popped.
    private static long pipeline(long device, long source, long functionName, String name, Memory errorOut)
            throws LineException {
        long library = 0;
        long function = 0;
        try {
            errorOut.setLong(0, 0);
            library = Msg.word(device, Sel.NEW_LIBRARY_WITH_SOURCE_OPTIONS_ERROR, source, 0, Pointer.nativeValue(errorOut));
            if (library == 0) {
                throw MetalStatus.error("newLibraryWithSource:options:error: (kernel " + name + ")", errorOut.getLong(0));
            }
            function = Msg.word(library, Sel.NEW_FUNCTION_WITH_NAME, functionName);
            if (function == 0) {
                throw MetalStatus.nil("newFunctionWithName:@\"" + name + "\"");
            }
            errorOut.setLong(0, 0);
            long pipeline = Msg.word(device, Sel.NEW_COMPUTE_PIPELINE_STATE_WITH_FUNCTION_ERROR, function,
                    Pointer.nativeValue(errorOut));
            if (pipeline == 0) {
                throw MetalStatus.error("newComputePipelineStateWithFunction:error: (" + name + ")", errorOut.getLong(0));
            }
            return pipeline;
        } finally {
            release(function);
            release(library);
        }
    }
}
