package io.gpuasync.backend.metal.internal;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bridge's shape, without loading anything: no binding is variadic, and each selector is
 * sent through the binding of its method's C prototype, as Apple's headers declare it.
 */
class BridgeShapeTest {
    /**
     * Apple's declarations (Foundation, the NSObject protocol, and Metal's MTLDevice.h, MTLBuffer.h,
     * MTLLibrary.h, MTLCommandQueue.h, MTLCommandBuffer.h, MTLComputeCommandEncoder.h, MTLEvent.h),
     * written as the C prototype objc_msgSend is cast to: result (self, _cmd, arguments...).
     */
    private static final Map<String, String> APPLE = Map.ofEntries(
            entry("alloc", "instancetype (id, SEL)"),
            entry("initWithUTF8String:", "instancetype (id, SEL, const char *)"),
            entry("UTF8String", "const char * (id, SEL)"),
            entry("localizedDescription", "NSString * (id, SEL)"),
            entry("code", "NSInteger (id, SEL)"),
            entry("count", "NSUInteger (id, SEL)"),
            entry("objectAtIndex:", "id (id, SEL, NSUInteger)"),
            entry("respondsToSelector:", "BOOL (id, SEL, SEL)"),
            entry("name", "NSString * (id, SEL)"),
            entry("supportsFamily:", "BOOL (id, SEL, MTLGPUFamily)"),
            entry("newCommandQueue", "id (id, SEL)"),
            entry("newBufferWithLength:options:", "id (id, SEL, NSUInteger, MTLResourceOptions)"),
            entry("newBufferWithBytesNoCopy:length:options:deallocator:",
                    "id (id, SEL, void *, NSUInteger, MTLResourceOptions, MTLDeallocator)"),
            entry("newLibraryWithSource:options:error:", "id (id, SEL, NSString *, MTLCompileOptions *, NSError **)"),
            entry("newComputePipelineStateWithFunction:error:", "id (id, SEL, id, NSError **)"),
            entry("newEvent", "id (id, SEL)"),
            entry("newSharedEvent", "id (id, SEL)"),
            entry("newFunctionWithName:", "id (id, SEL, NSString *)"),
            entry("contents", "void * (id, SEL)"),
            entry("device", "id (id, SEL)"),
            entry("commandBuffer", "id (id, SEL)"),
            entry("computeCommandEncoder", "id (id, SEL)"),
            entry("encodeSignalEvent:value:", "void (id, SEL, id, uint64_t)"),
            entry("encodeWaitForEvent:value:", "void (id, SEL, id, uint64_t)"),
            entry("commit", "void (id, SEL)"),
            entry("waitUntilCompleted", "void (id, SEL)"),
            entry("addCompletedHandler:", "void (id, SEL, MTLCommandBufferHandler)"),
            entry("status", "MTLCommandBufferStatus (id, SEL)"),
            entry("error", "NSError * (id, SEL)"),
            entry("setComputePipelineState:", "void (id, SEL, id)"),
            entry("setBuffer:offset:atIndex:", "void (id, SEL, id, NSUInteger, NSUInteger)"),
            entry("setBytes:length:atIndex:", "void (id, SEL, const void *, NSUInteger, NSUInteger)"),
            entry("dispatchThreadgroups:threadsPerThreadgroup:", "void (id, SEL, MTLSize, MTLSize)"),
            entry("endEncoding", "void (id, SEL)"),
            entry("signaledValue", "uint64_t (id, SEL)"),
            entry("waitUntilSignaledValue:timeoutMS:", "BOOL (id, SEL, uint64_t, uint64_t)"));

    /** The C types above that travel as one 64-bit integer-class word (NS_ENUMs are NSUInteger/NSInteger). */
    private static final Set<String> WORDS = Set.of("id", "instancetype", "SEL", "const char *", "const void *", "void *",
            "NSString *", "NSError *", "NSError **", "MTLCompileOptions *", "NSUInteger", "NSInteger", "uint64_t",
            "MTLGPUFamily", "MTLResourceOptions", "MTLCommandBufferStatus",
            // typedef void (^MTLCommandBufferHandler)(id<MTLCommandBuffer>): a block is passed as a pointer.
            "MTLCommandBufferHandler",
            // MTLDevice.h spells this parameter out, void (^ __nullable)(void *pointer, NSUInteger length):
            // a block, passed as a pointer (named here as Xamarin's binding names it).
            "MTLDeallocator");

    private static String shape(String cType) {
        if (WORDS.contains(cType)) {
            return "WORD";
        }
        return switch (cType) {
            case "BOOL" -> "BOOL";
            case "void" -> "VOID";
            case "MTLSize" -> "SIZE";
            default -> throw new AssertionError("no shape for the C type " + cType);
        };
    }

    /** "void (id, SEL, MTLSize, MTLSize)" -> VOID_SIZE_SIZE. */
    private static String prototypeOf(String declaration) {
        int open = declaration.indexOf('(');
        List<String> parts = new ArrayList<>();
        parts.add(shape(declaration.substring(0, open).trim()));
        List<String> arguments = Arrays.stream(declaration.substring(open + 1, declaration.length() - 1).split(","))
                .map(String::trim).toList();
        assertEquals(List.of("id", "SEL"), arguments.subList(0, 2), declaration + ": a method takes self and _cmd first");
        for (String argument : arguments.subList(2, arguments.size())) {
            parts.add(shape(argument));
        }
        return String.join("_", parts);
    }

    @Test
    void noBindingIsVariadic() {
        for (Class<?> bridge : List.of(ObjC.class, MetalC.class, Msg.class, Foundation.class, Pool.class, Block.class)) {
            for (Method method : bridge.getDeclaredMethods()) {
                assertTrue(!method.isVarArgs(), method + " is a Java varargs method: JNA would make a variadic C call");
                for (Class<?> parameter : method.getParameterTypes()) {
                    assertTrue(!parameter.isArray(), method + " takes an array: a variadic send in disguise");
                }
            }
        }
    }

    @Test
    void everySelectorIsSentThroughItsApplePrototype() {
        Set<String> declared = new TreeSet<>();
        for (Sel sel : Sel.values()) {
            declared.add(sel.selector());
            String apple = APPLE.get(sel.selector());
            assertTrue(apple != null, sel.selector() + " is sent but not in the table of Apple's declarations");
            assertEquals(prototypeOf(apple), sel.prototype().name(), sel.selector() + ", declared " + apple);
            long colons = sel.selector().chars().filter(c -> c == ':').count();
            assertEquals(colons, sel.prototype().arguments(), sel.selector() + ": one argument per colon");
        }
        assertEquals(new TreeSet<>(APPLE.keySet()), declared, "the table and the selectors sent");
    }

    @Test
    void eachPrototypeHasExactlyOneBindingOfItsShape() throws Exception {
        Set<String> bindings = new TreeSet<>();
        for (Method method : ObjC.class.getDeclaredMethods()) {
            if (method.getName().startsWith("msgSend")) {
                assertTrue(Modifier.isNative(method.getModifiers()) && Modifier.isStatic(method.getModifiers()), method.toString());
                assertTrue(bindings.add(method.getName()), "two bindings named " + method.getName());
            }
        }
        Set<String> used = new TreeSet<>();
        for (Prototype prototype : EnumSet.allOf(Prototype.class)) {
            used.add(prototype.method());
            Method binding = Arrays.stream(ObjC.class.getDeclaredMethods())
                    .filter(m -> m.getName().equals(prototype.method())).findFirst()
                    .orElseThrow(() -> new AssertionError("no binding " + prototype.method()));
            String[] parts = prototype.name().split("_");
            Class<?> result = switch (parts[0]) {
                case "WORD" -> long.class;
                case "BOOL" -> byte.class;
                case "VOID" -> void.class;
                default -> throw new AssertionError(prototype.name());
            };
            assertEquals(result, binding.getReturnType(), prototype + ": the result");
            Class<?>[] parameters = binding.getParameterTypes();
            assertEquals(2 + prototype.arguments(), parameters.length, prototype + ": the arguments");
            assertEquals(long.class, parameters[0], "self");
            assertEquals(long.class, parameters[1], "_cmd");
            for (int i = 1; i < parts.length; i++) {
                Class<?> expected = parts[i].equals("SIZE") ? MTLSize.ByValue.class : long.class;
                assertEquals(expected, parameters[1 + i], prototype + ": argument " + i);
            }
        }
        assertEquals(bindings, used, "every binding serves one prototype");
    }

    @Test
    void aSendThroughAnotherPrototypeIsRefusedBeforeTheCall() {
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Msg.word(1, Sel.COMMIT));
        assertTrue(refused.getMessage().contains("commit has prototype VOID"), refused.getMessage());
    }

    @Test
    void offMacNothingIsTriedAndTheCauseSaysWhy() {
        Throwable cause = MetalLibraries.offMac("Linux", false).orElseThrow();
        assertTrue(cause.getMessage().contains("Metal exists only on macOS, and this is Linux"), cause.getMessage());
        assertTrue(MetalLibraries.offMac("Mac OS X", false).isEmpty());
        assertTrue(MetalLibraries.offMac("Linux", true).isEmpty(), "a named fake is tried anywhere");
    }

    @Test
    void mtlSizeIsThreeWordsBy24Bytes() {
        assertEquals(24, MTLSize.one().size());
    }
}
