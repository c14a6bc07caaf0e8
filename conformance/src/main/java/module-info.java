/**
 * The conformance suite: {@link io.gpuasync.conformance.LineDriverVerification}, an abstract
 * jqwik verification that a backend's tests subclass to check that its driver keeps the rules of
 * a mapped line.
 */
module io.gpuasync.conformance {
    requires transitive io.gpuasync.spi;
    requires transitive net.jqwik.api;
    // TestAbortedException: a rule a driver cannot keep by its vendor's design is reported aborted.
    requires org.opentest4j;

    exports io.gpuasync.conformance;
}
