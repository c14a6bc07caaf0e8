package io.gpuasync.backend.metal.fake;

import com.sun.jna.Library;
import com.sun.jna.Native;
import io.gpuasync.backend.metal.MetalQueue;
import io.gpuasync.backend.metal.internal.MetalLibraries;
import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.Pool;
import io.gpuasync.backend.metal.internal.Sel;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The test hooks of the fake Objective-C runtime and fake Metal (src/test/c), through JNA like
 * the bridge itself. Null where the libraries loaded are Apple's, which have no hooks: the tests
 * that steer the fake then skip themselves. A package of its own, so that backend-metal-bench's
 * tests reach it from the test jar.
 */
public final class FakeMetal {
    private static final long BOUND_NANOS = Duration.ofSeconds(20).toNanos();

    /** fakeMetalSetMode: each command buffer on a thread of its own, so only events order them. */
    public static final int OUT_OF_ORDER = 1;
    /** fakeMetalSetMode: a kernel's store becomes visible only when its command buffer completes. */
    public static final int VISIBLE_AT_COMPLETION = 2;
    /**
     * fakeMetalSetMode: every kernel's stores (the line's word, the user's data) become visible
     * only when their command buffer completes, a shared event's signal notwithstanding.
     */
    public static final int VISIBLE_AT_COMPLETION_ONLY = 4;

    public interface Metal extends Library {
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

    public interface Runtime extends Library {
        long fakeObjcAutoreleasesOutsidePool();

        long fakeObjcLive(String className);

        long fakeObjcSelectorRegistrations();

        long fakeObjcHeapBlocks();

        long fakeObjcBlockCopies();
    }

    public static final Metal METAL = load(MetalLibraries.frameworkLocation(), Metal.class, "fakeMetalSetMode");
    public static final Runtime RUNTIME = load(MetalLibraries.objcLocation(), Runtime.class, "fakeObjcLive");

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

    public static boolean isLoaded() {
        return METAL != null && RUNTIME != null;
    }

    /** The fake's complaints so far, with the last one, for an assertion message. */
    public static String violations() {
        return METAL.fakeMetalViolations() + " violation(s), the last: " + METAL.fakeMetalLastViolation();
    }

    /** Skips the calling test unless the fake is what is loaded; sets it in order. */
    public static void assumeLoaded() {
        assumeTrue(isLoaded(), "steers the fake runtime and Metal, which are not the libraries loaded");
        METAL.fakeMetalSetMode(0);
    }

    /**
     * Leaves the fake as it starts (in order, nothing failing, shared-event waits served) and
     * checks that no object was autoreleased outside a pool since the count was {@code before}.
     */
    public static void resetAndCheckPools(long before) {
        if (isLoaded()) {
            METAL.fakeMetalSetMode(0);
            METAL.fakeMetalFailCommandBuffers(0, 0);
            METAL.fakeMetalFailStores(0);
            METAL.fakeMetalSharedEventWaits(1);
            assertEquals(before, RUNTIME.fakeObjcAutoreleasesOutsidePool(), "objects autoreleased with no pool in place");
        }
    }

    /**
     * The live count of {@code className} once it stopped moving: earlier tests' command buffers
     * complete on the fake queue's thread after those tests ended, and release the events their
     * commands retained then (seen: a count read at a test's start one lower a moment later). It
     * stands still for 20 ms in a row, within 20 s at most (a liveness bound, not a timing).
     */
    public static long settledLive(String className) {
        long deadline = System.nanoTime() + BOUND_NANOS;
        long seen = RUNTIME.fakeObjcLive(className);
        for (int still = 0; still < 10 && System.nanoTime() - deadline < 0; ) {
            LockSupport.parkNanos(2_000_000);
            long now = RUNTIME.fakeObjcLive(className);
            still = now == seen ? still + 1 : 0;
            seen = now;
        }
        return seen;
    }

    /** Waits (up to 20 s: a liveness bound, not a timing) until {@code count} is at most {@code bound}. */
    public static void awaitAtMost(String what, LongSupplier count, long bound) {
        long deadline = System.nanoTime() + BOUND_NANOS;
        while (count.getAsLong() > bound) {
            assertTrue(System.nanoTime() - deadline < 0, what + ": " + count.getAsLong() + ", expected at most " + bound);
            Thread.onSpinWait();
        }
    }

    /** Commits on {@code queue} a command buffer that signals {@code event} with {@code value}. */
    public static void commitSignal(MetalQueue queue, long event, long value) {
        commitEventCommand(queue, Sel.ENCODE_SIGNAL_EVENT_VALUE, event, value);
    }

    /** Commits on {@code queue} a command buffer that waits on the device for {@code event} to reach {@code value}. */
    public static void commitWait(MetalQueue queue, long event, long value) {
        commitEventCommand(queue, Sel.ENCODE_WAIT_FOR_EVENT_VALUE, event, value);
    }

    // Sel stays out of the public signatures: the bench module's tests, in the unnamed module, cannot see it.
    private static void commitEventCommand(MetalQueue queue, Sel sel, long event, long value) {
        try (Pool pool = Pool.push()) {
            long commands = Msg.word(queue.handle(), Sel.COMMAND_BUFFER);
            Msg.send(commands, sel, event, value);
            Msg.send(commands, Sel.COMMIT);
        }
    }
}
