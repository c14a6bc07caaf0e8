package io.gpuasync.backend.hip;

import io.gpuasync.backend.hip.internal.HipLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/** The test hooks of the fake libamdhip64 (src/test/c/fake_hip.c). */
final class FakeHip {
    private static final SymbolLookup FAKE = SymbolLookup.libraryLookup(Path.of(HipLibrary.location()), Arena.global());
    private static final MethodHandle ENQUEUE_WORK = Linker.nativeLinker().downcallHandle(
            FAKE.find("fakeEnqueueWork").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
    private static final MethodHandle PRIMARY_REFS = Linker.nativeLinker().downcallHandle(
            FAKE.find("fakePrimaryRefs").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));

    private FakeHip() {
    }

    static void enqueueWork(HipStream stream, long nanos) {
        try {
            int status = (int) ENQUEUE_WORK.invokeExact(MemorySegment.ofAddress(stream.handle()), nanos);
            if (status != 0) {
                throw new IllegalStateException("fakeEnqueueWork returned " + status);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    static int primaryRefs(int device) {
        try {
            return (int) PRIMARY_REFS.invokeExact(device);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
