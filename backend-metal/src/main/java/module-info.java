/**
 * The Metal backend: a JNA bridge to the Objective-C runtime ({@code objc_msgSend} through one
 * fixed-arity binding per C prototype, selectors registered once, autorelease pools around every
 * sequence of sends) and to Metal, without Rococoa. The bridge lives in a package exported only
 * to the bench module; applications see {@link io.gpuasync.backend.metal.MetalBackend} and {@link
 * io.gpuasync.backend.metal.MetalQueue}.
 */
// The bench module is built after this one: the qualified export names a module not yet there.
@SuppressWarnings("module")
module io.gpuasync.backend.metal {
    requires transitive io.gpuasync.spi;
    requires com.sun.jna;

    exports io.gpuasync.backend.metal;
    // The bridge and MetalInternals, for the bench module's own ways of waiting only.
    exports io.gpuasync.backend.metal.internal to io.gpuasync.backend.metal.bench;
    // JNA binds the natives of these classes and reads MTLSize's fields reflectively.
    opens io.gpuasync.backend.metal.internal to com.sun.jna;

    provides io.gpuasync.spi.BackendProvider with io.gpuasync.backend.metal.MetalProvider;
}
