package io.gpuasync.backend.metal.internal;

import com.sun.jna.Callback;
import com.sun.jna.CallbackReference;
import com.sun.jna.CallbackThreadInitializer;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.util.Objects;

/**
 * Objective-C blocks capturing one 64-bit word, built by hand in the layout of the Block ABI
 * (clang's "Block Implementation Specification"), for Metal methods that take a handler ({@code
 * addCompletedHandler:}, a {@code void (^)(id)}) or a deallocator ({@code
 * newBufferWithBytesNoCopy:length:options:deallocator:}, a {@code void (^)(void *, NSUInteger)}).
 * A block literal is
 * <pre>
 *  0  void *isa                 &amp;_NSConcreteStackBlock
 *  8  int flags                 BLOCK_HAS_SIGNATURE
 * 12  int reserved              0
 * 16  void (*invoke)(void *block, ...)
 * 24  struct descriptor *       {unsigned long reserved = 0; unsigned long size = 40;
 *                                const char *signature; const char *layout = NULL}
 * 32  uint64_t captured         what this block captured
 * </pre>
 * as clang lays out a block literal that captures one scalar. The descriptor is libclosure's
 * {@code Block_descriptor_1} followed, for {@code BLOCK_HAS_SIGNATURE}, by {@code
 * Block_descriptor_3}: "{@code const char *signature; const char *layout; // contents depend on
 * BLOCK_HAS_EXTENDED_LAYOUT}" (libclosure's {@code Block_private.h}). The layout is NULL, as clang
 * emits it for a block that captures no object; the signature's text lives apart from the
 * descriptor, never where the runtime reads the layout pointer. It is a stack block: a method that
 * keeps its handler copies it first ({@code Block_copy} makes a heap block of {@code size} bytes,
 * which the method releases once it has called it), so the literal is needed only until that
 * method returns, and one literal per call is all there is to free. The invoke function is a JNA
 * callback that this object keeps strongly reachable: JNA frees the native stub of a collected
 * callback, and a heap copy may be invoked long after the call that made it returned. So a
 * {@code Block} is made once and kept (a static field), never one per call.
 */
public final class Block {
    /** The block's function: {@code void invoke(struct Block_literal *block, id argument)}. */
    public interface Invoke extends Callback {
        void invoke(long block, long argument);
    }

    /** A deallocator's function: {@code void invoke(struct Block_literal *block, void *pointer, NSUInteger length)}. */
    public interface Deallocate extends Callback {
        void invoke(long block, long pointer, long length);
    }

    // Flags of the Block ABI (Block_private.h).
    static final int BLOCK_HAS_SIGNATURE = 1 << 30;
    static final int LITERAL_SIZE = 40;
    private static final int CAPTURED = 32;
    // The Objective-C type encodings as clang writes them: void (^)(id) returns void, takes the
    // block itself at offset 0 and an object at 8, 16 bytes of arguments; void (^)(void *,
    // NSUInteger) a pointer at 8 and an unsigned long long at 16, 24 bytes.
    static final String HANDLER_SIGNATURE = "v16@?0@8";
    static final String DEALLOCATOR_SIGNATURE = "v24@?0^v8Q16";
    static final int DESCRIPTOR_SIZE = 4 * Long.BYTES;

    // Never read: held so that JNA's native stub for it lives as long as this Block.
    private final Callback invoke;
    private final long invokeAddress;
    private final Memory descriptor;
    private final Memory signature;
    private final long stackBlockClass;

    /**
     * A block whose invoke function is {@code invoke}, run on the threads of whoever calls it,
     * which JNA attaches to the JVM as daemon threads named {@code threadName} and leaves
     * attached until they end (attaching on every call would cost more than the handler).
     *
     * @throws UnsatisfiedLinkError if the blocks runtime's {@code _NSConcreteStackBlock} is not found
     */
    public Block(Invoke invoke, String threadName) {
        this(invoke, HANDLER_SIGNATURE, threadName);
    }

    /** A deallocator block, {@code void (^)(void *pointer, NSUInteger length)}, as {@link #Block(Invoke, String)}. */
    public Block(Deallocate invoke, String threadName) {
        this(invoke, DEALLOCATOR_SIGNATURE, threadName);
    }

    private Block(Callback invoke, String encoding, String threadName) {
        this.invoke = Objects.requireNonNull(invoke, "invoke");
        stackBlockClass = MetalLibraries.dataSymbol("_NSConcreteStackBlock");
        Native.setCallbackThreadInitializer(invoke, new CallbackThreadInitializer(true, false, threadName));
        invokeAddress = Pointer.nativeValue(CallbackReference.getFunctionPointer(invoke));
        byte[] text = Native.toByteArray(encoding);
        // Both live as long as this object, as a compiler's descriptors live as long as the image.
        signature = new Memory(text.length);
        signature.write(0, text, 0, text.length);
        descriptor = new Memory(DESCRIPTOR_SIZE);
        descriptor.setLong(0, 0);
        descriptor.setLong(Long.BYTES, LITERAL_SIZE);
        descriptor.setPointer(2L * Long.BYTES, signature);
        descriptor.setPointer(3L * Long.BYTES, Pointer.NULL);
    }

    /**
     * A stack block literal capturing {@code captured}: pass {@link Pointer#nativeValue} of it
     * to a method that copies its handler, then close it once that method has returned.
     */
    public Memory literal(long captured) {
        Memory literal = new Memory(LITERAL_SIZE);
        literal.setLong(0, stackBlockClass);
        literal.setInt(8, BLOCK_HAS_SIGNATURE);
        literal.setInt(12, 0);
        literal.setLong(16, invokeAddress);
        literal.setPointer(24, descriptor);
        literal.setLong(CAPTURED, captured);
        return literal;
    }

    /** What the block at {@code block} (as its invoke function receives it) captured. */
    public static long captured(long block) {
        return new Pointer(block).getLong(CAPTURED);
    }
}
