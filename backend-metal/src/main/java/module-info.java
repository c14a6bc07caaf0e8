/**
 * The Metal backend: a JNA bridge to the Objective-C runtime ({@code objc_msgSend} through one
 * fixed-arity binding per C prototype, selectors registered once, autorelease pools around every
 * sequence of sends) and to Metal, without Rococoa. The bridge lives in a package this module
 * does not export; applications see {@link io.gpuasync.backend.metal.MetalBackend} and {@link
 * io.gpuasync.backend.metal.MetalQueue}.
 */
module io.gpuasync.backend.metal {
    requires transitive io.gpuasync.spi;
    // The bench workload this module still carries (to move to a bench module of its own).
    requires io.gpuasync.bench.spi;
    requires com.sun.jna;

    exports io.gpuasync.backend.metal;
    // JNA binds the natives of these classes and reads MTLSize's fields reflectively.
    opens io.gpuasync.backend.metal.internal to com.sun.jna;

    provides io.gpuasync.spi.BackendProvider with io.gpuasync.backend.metal.MetalProvider;
    provides io.gpuasync.bench.spi.BenchProvider with io.gpuasync.backend.metal.MetalBenchProvider;
}
