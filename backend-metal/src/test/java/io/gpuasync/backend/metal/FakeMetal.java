package io.gpuasync.backend.metal;

import com.sun.jna.Library;
import com.sun.jna.Native;
import io.gpuasync.backend.metal.internal.MetalLibraries;

/**
 * The test hooks of the fake Objective-C runtime and fake Metal (src/test/c), through JNA like
 * the bridge itself. Null where the libraries loaded are Apple's, which have no hooks: the tests
 * that steer the fake then skip themselves.
 */
final class FakeMetal {
    /** fakeMetalSetMode: each command buffer on a thread of its own, so only events order them. */
    static final int OUT_OF_ORDER = 1;
    /** fakeMetalSetMode: a kernel's store becomes visible only when its command buffer completes. */
    static final int VISIBLE_AT_COMPLETION = 2;
    /**
     * fakeMetalSetMode: every kernel's stores (the line's word, the user's data) become visible
     * only when their command buffer completes, a shared event's signal notwithstanding.
     */
    static final int VISIBLE_AT_COMPLETION_ONLY = 4;

    interface Metal extends Library {
        void fakeMetalSetMode(int modes);

        void fakeMetalNoDefaultDevice(int on);

        long fakeMetalCommandBufferWaiters();

        long fakeMetalNoCopyBuffers();

        long fakeMetalLastDeallocated();

        void fakeMetalFailNext(String selector, int times);

        void fakeMetalFailCommandBuffers(int device, int on);

        void fakeMetalFailStores(int on);

        void fakeMetalSharedEventWaits(int on);

        long fakeMetalDeviceRefs(int device);

        long fakeMetalViolations();

        String fakeMetalLastViolation();
    }

    interface Runtime extends Library {
        long fakeObjcAutoreleasesOutsidePool();

        long fakeObjcLive(String className);

        long fakeObjcSelectorRegistrations();

        long fakeObjcHeapBlocks();

        long fakeObjcBlockCopies();
    }

    static final Metal METAL = load(MetalLibraries.frameworkLocation(), Metal.class, "fakeMetalSetMode");
    static final Runtime RUNTIME = load(MetalLibraries.objcLocation(), Runtime.class, "fakeObjcLive");

    private FakeMetal() {
    }

    private static <T extends Library> T load(String path, Class<T> hooks, String probe) {
        try {
            com.sun.jna.NativeLibrary.getInstance(path).getFunction(probe);
            return Native.load(path, hooks);
        } catch (UnsatisfiedLinkError notTheFake) {
            return null;
        }
    }

    static boolean isLoaded() {
        return METAL != null && RUNTIME != null;
    }

    /** The fake's complaints so far, with the last one, for an assertion message. */
    static String violations() {
        return METAL.fakeMetalViolations() + " violation(s), the last: " + METAL.fakeMetalLastViolation();
    }
}
