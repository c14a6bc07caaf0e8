package io.gpuasync.backend.vulkan.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The SPIR-V the backend runs, made from {@code src/main/glsl} by its {@code make-spirv.sh}. */
public final class Shaders {
    /** The line's store: push constants {@code (uint64 address, uint64 value)}. */
    public static final String STORE = "store.spv";
    /** The busy loop: push constants {@code (uint64 sink, uint32 iterations, uint32 seed)}. */
    public static final String BUSY = "busy.spv";

    private Shaders() {
    }

    /** The bytes of one of the shaders above. */
    public static byte[] load(String name) {
        try (InputStream in = Shaders.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no " + name + " beside " + Shaders.class.getName());
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + name, e);
        }
    }
}
