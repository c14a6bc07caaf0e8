package io.gpuasync.backend.cuda;

/**
 * The whole suite again with the backend's store waits on: a blocking-sync event recorded behind
 * every store, so that the properties of the driver's own wait (line35 to line37) run, and every
 * other property runs with the events and syncers beside the stores.
 */
class CudaStoreWaitsConformanceTest extends CudaConformanceTest {
    @Override
    boolean storeWaits() {
        return true;
    }
}
