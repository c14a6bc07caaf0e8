package io.gpuasync.backend.metal.internal;

import static io.gpuasync.backend.metal.internal.Prototype.BOOL_WORD;
import static io.gpuasync.backend.metal.internal.Prototype.BOOL_WORD_WORD;
import static io.gpuasync.backend.metal.internal.Prototype.VOID;
import static io.gpuasync.backend.metal.internal.Prototype.VOID_SIZE_SIZE;
import static io.gpuasync.backend.metal.internal.Prototype.VOID_WORD;
import static io.gpuasync.backend.metal.internal.Prototype.VOID_WORD_WORD;
import static io.gpuasync.backend.metal.internal.Prototype.VOID_WORD_WORD_WORD;
import static io.gpuasync.backend.metal.internal.Prototype.WORD;
import static io.gpuasync.backend.metal.internal.Prototype.WORD_WORD;
import static io.gpuasync.backend.metal.internal.Prototype.WORD_WORD_WORD;
import static io.gpuasync.backend.metal.internal.Prototype.WORD_WORD_WORD_WORD;
import static io.gpuasync.backend.metal.internal.Prototype.WORD_WORD_WORD_WORD_WORD;

/**
 * Every selector the backend sends, with the prototype of its method. A selector is registered
 * once, when the runtime is loaded, and kept: registering it on every send would add a hash of
 * its name in the runtime's table to every send.
 *
 * <p>Ownership follows the Cocoa naming rule: only {@code alloc}, {@code new...},
 * {@code copy...} and {@code mutableCopy...} return a reference the caller owns; everything
 * else is autoreleased or owned by its receiver, so it is used only inside an autorelease pool
 * ({@link Pool}) and retained if kept beyond it.
 */
public enum Sel {
    // NSObject, NSString, NSError, NSArray
    ALLOC("alloc", WORD),
    INIT_WITH_UTF8_STRING("initWithUTF8String:", WORD_WORD),
    UTF8_STRING("UTF8String", WORD),
    LOCALIZED_DESCRIPTION("localizedDescription", WORD),
    CODE("code", WORD),
    COUNT("count", WORD),
    OBJECT_AT_INDEX("objectAtIndex:", WORD_WORD),
    RESPONDS_TO_SELECTOR("respondsToSelector:", BOOL_WORD),
    // MTLDevice
    NAME("name", WORD),
    SUPPORTS_FAMILY("supportsFamily:", BOOL_WORD),
    NEW_COMMAND_QUEUE("newCommandQueue", WORD),
    NEW_BUFFER_WITH_LENGTH_OPTIONS("newBufferWithLength:options:", WORD_WORD_WORD),
    NEW_BUFFER_WITH_BYTES_NO_COPY("newBufferWithBytesNoCopy:length:options:deallocator:", WORD_WORD_WORD_WORD_WORD),
    NEW_LIBRARY_WITH_SOURCE_OPTIONS_ERROR("newLibraryWithSource:options:error:", WORD_WORD_WORD_WORD),
    NEW_COMPUTE_PIPELINE_STATE_WITH_FUNCTION_ERROR("newComputePipelineStateWithFunction:error:", WORD_WORD_WORD),
    NEW_EVENT("newEvent", WORD),
    NEW_SHARED_EVENT("newSharedEvent", WORD),
    // MTLLibrary, MTLBuffer, MTLCommandQueue (device), MTLCommandBuffer
    NEW_FUNCTION_WITH_NAME("newFunctionWithName:", WORD_WORD),
    CONTENTS("contents", WORD),
    DEVICE("device", WORD),
    COMMAND_BUFFER("commandBuffer", WORD),
    COMPUTE_COMMAND_ENCODER("computeCommandEncoder", WORD),
    ENCODE_SIGNAL_EVENT_VALUE("encodeSignalEvent:value:", VOID_WORD_WORD),
    ENCODE_WAIT_FOR_EVENT_VALUE("encodeWaitForEvent:value:", VOID_WORD_WORD),
    COMMIT("commit", VOID),
    WAIT_UNTIL_COMPLETED("waitUntilCompleted", VOID),
    ADD_COMPLETED_HANDLER("addCompletedHandler:", VOID_WORD),
    STATUS("status", WORD),
    ERROR("error", WORD),
    // MTLComputeCommandEncoder
    SET_COMPUTE_PIPELINE_STATE("setComputePipelineState:", VOID_WORD),
    SET_BUFFER_OFFSET_AT_INDEX("setBuffer:offset:atIndex:", VOID_WORD_WORD_WORD),
    SET_BYTES_LENGTH_AT_INDEX("setBytes:length:atIndex:", VOID_WORD_WORD_WORD),
    DISPATCH_THREADGROUPS_THREADS_PER_THREADGROUP("dispatchThreadgroups:threadsPerThreadgroup:", VOID_SIZE_SIZE),
    END_ENCODING("endEncoding", VOID),
    // MTLSharedEvent
    SIGNALED_VALUE("signaledValue", WORD),
    WAIT_UNTIL_SIGNALED_VALUE_TIMEOUT_MS("waitUntilSignaledValue:timeoutMS:", BOOL_WORD_WORD);

    private final String selector;
    private final Prototype prototype;
    // Written once by register(), before any send: MetalLibraries publishes the loaded runtime
    // through a volatile verdict that every caller reads first.
    private long id;

    Sel(String selector, Prototype prototype) {
        this.selector = selector;
        this.prototype = prototype;
    }

    /** The selector's name, as {@code sel_registerName} takes it. */
    public String selector() {
        return selector;
    }

    /** The C prototype of the method this selector names, by its calling-convention shape. */
    public Prototype prototype() {
        return prototype;
    }

    /** The registered {@code SEL}. */
    long id() {
        return id;
    }

    /** Registers every selector with the runtime just loaded. */
    static void registerAll() {
        for (Sel sel : values()) {
            sel.id = ObjC.sel_registerName(sel.selector);
            if (sel.id == 0) {
                throw new UnsatisfiedLinkError("sel_registerName(\"" + sel.selector + "\") returned NULL");
            }
        }
    }
}
