package io.gpuasync.backend.cuda;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.core.Slot;
import io.gpuasync.host.std.Reactor;
import jcuda.driver.CUstream;
import jcuda.runtime.cudaStream_t;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.javacpp.Pointer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.lwjgl.PointerBuffer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The interop lines of {@code docs/backends.md}, compiled against the libraries they name (JCuda, JavaCPP's CUDA
 * presets, LWJGL's CUDA bindings: main jars only, no natives) and run where the library allows
 * it without its natives or a GPU. Each example takes the library's own stream object and must
 * reach {@link CudaStream#wrap} with the handle inside it; where a driver can be used (the fake,
 * or a real one), a ticket signalled on the wrapped stream lands, which only a handle the driver
 * made can do.
 */
class InteropTest {
    // ---------------------------------------------------------------- the examples (docs/backends.md)

    // JCuda 12 makes NativePointerObject.getNativePointer() protected: a subclass reads it.
    static final class JCudaHandle extends CUstream {
        JCudaHandle(CUstream stream) {
            super(new cudaStream_t(stream));   // copies the pointer; owns nothing
        }

        long value() {
            return getNativePointer();
        }
    }

    static CudaStream fromJCuda(CUstream jcudaStream) {
        return CudaStream.wrap(new JCudaHandle(jcudaStream).value());
    }

    static CudaStream fromJavaCpp(CUstream_st javacppStream) {
        return CudaStream.wrap(javacppStream.address());
    }

    static CudaStream fromLwjgl(PointerBuffer pStream) {   // as filled by CU.cuStreamCreate(pStream, 0)
        return CudaStream.wrap(pStream.get(0));
    }

    // ---------------------------------------------------------------- the checks

    private static final long HANDLE = 0x7f00_1234_5670L;

    @Test
    void jcudaReachesWrapWithTheStreamsHandle() {
        assertEquals(HANDLE, fromJCuda(jcudaStream(HANDLE)).handle());
        assertEquals(0, fromJCuda(new CUstream()).handle(), "a fresh CUstream is the default stream, 0");
        landsThrough(handle -> fromJCuda(jcudaStream(handle)));
    }

    @Test
    void javacppReachesWrapWithTheStreamsHandle() {
        assertEquals(HANDLE, fromJavaCpp(javacppStream(HANDLE)).handle());
        landsThrough(handle -> fromJavaCpp(javacppStream(handle)));
    }

    @Test
    void lwjglReachesWrapWithTheStreamsHandle() {
        PointerBuffer pStream;
        try {
            pStream = PointerBuffer.allocateDirect(1);
        } catch (UnsatisfiedLinkError | ExceptionInInitializerError | NoClassDefFoundError noNatives) {
            Assumptions.abort("LWJGL's buffers need liblwjgl.so from its platform natives jar, which this build "
                    + "does not take; the example compiled against lwjgl-cuda (" + noNatives + ")");
            return;
        }
        pStream.put(0, HANDLE);
        assertEquals(HANDLE, fromLwjgl(pStream).handle());
    }

    // JCuda's own natives fill in a CUstream's pointer, through a package-private constructor
    // taking one; the test reaches it by reflection (the class path has no module to open).
    private static CUstream jcudaStream(long handle) {
        try {
            var constructor = CUstream.class.getDeclaredConstructor(long.class);
            constructor.setAccessible(true);
            return constructor.newInstance(handle);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("JCuda's CUstream(long) is gone: the test needs another way to make a stream", e);
        }
    }

    // JavaCPP's Pointer keeps its address in a protected field that its own natives set.
    private static CUstream_st javacppStream(long handle) {
        return new CUstream_st(new Pointer() {
            {
                address = handle;
            }
        });
    }

    // A stream the driver (the fake, or a real one) made, handed through another library's type
    // and back: the wrapped handle must be one the driver knows, or the signal fails. Where no
    // driver can be used, the handle checks above are the whole test.
    private static void landsThrough(Function<Long, CudaStream> viaLibrary) {
        if (CudaBackend.unavailability().isPresent()) {
            return;
        }
        CudaBackend cuda = CudaBackend.load();
        Contexts.makeCurrent(0);
        CudaStream made = cuda.createStream();
        try (Reactor reactor = Reactor.start(); Line<CudaStream> line = cuda.openLine()) {
            CudaStream wrapped = viaLibrary.apply(made.handle());
            assertEquals(made, wrapped);
            Ticket ticket = line.signal(wrapped, Slot.S3);
            reactor.await(ticket);
            assertTrue(ticket.isDone());
        } finally {
            cuda.destroyStream(made);
        }
    }

    // ---------------------------------------------------------------- docs/backends.md quotes this file

    private static final String SELF = "backend-cuda/src/test/java/io/gpuasync/backend/cuda/InteropTest.java";
    private static final String DOCS = "docs/backends.md";

    /**
     * The project's root, found from where this class was loaded (backend-cuda/target/test-classes
     * in a build, .device/classes/backend-cuda in the GPU check's runtime), never from the working
     * directory: the first folder above it that holds the docs page and this file's source.
     */
    static Path projectRoot() {
        Path here;
        try {
            here = Path.of(InteropTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException | RuntimeException e) {
            throw new AssertionError("cannot tell where " + InteropTest.class + " was loaded from", e);
        }
        for (Path p = here.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve(DOCS)) && Files.isRegularFile(p.resolve(SELF))) {
                return p;
            }
        }
        return Assumptions.abort("no folder above " + here + " holds " + DOCS + " and " + SELF
                + ": the interop block of " + DOCS + " cannot be compared with this file's source");
    }

    @Test
    void everyInteropLineOfTheDocsIsInThisCompiledFile() throws IOException {
        Path root = projectRoot();
        String docs = Files.readString(root.resolve(DOCS));
        String self = Files.readString(root.resolve(SELF));
        int start = docs.indexOf("<!-- interop: quoted from backend-cuda/src/test/java/io/gpuasync/backend/cuda/InteropTest.java -->");
        assertTrue(start >= 0, "the interop block of " + DOCS + " is marked");
        int open = docs.indexOf("```java\n", start) + "```java\n".length();
        int close = docs.indexOf("```", open);
        List<String> lines = docs.substring(open, close).lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        assertTrue(lines.size() >= 5, "the block has the examples: " + lines);
        for (String line : lines) {
            String code = line.replaceAll("\\s*//.*$", "").strip();
            if (!code.isEmpty()) {
                assertTrue(self.contains(code), DOCS + " line not in compiled code: " + line);
            }
        }
    }
}
