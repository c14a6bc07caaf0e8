/**
 * What {@code gar bench} measures a backend with: a backend's {@link io.gpuasync.bench.spi.BenchWorkload},
 * offered by a {@link io.gpuasync.bench.spi.BenchProvider} that {@link java.util.ServiceLoader}
 * finds, and what those share. Exported to every module because a third party's bench module
 * implements it; no library module requires it.
 */
module io.gpuasync.bench.spi {
    requires transitive io.gpuasync.spi;

    exports io.gpuasync.bench.spi;

    uses io.gpuasync.bench.spi.BenchProvider;
}
