package io.gpuasync.spi;

import io.gpuasync.api.Backend;
import io.gpuasync.api.GpuException;
import io.gpuasync.api.Line;
import org.junit.jupiter.api.Test;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.ServiceConfigurationError;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BackendsTest {

    private record NamedBackend(String name) implements Backend<Object> {
        @Override
        public Class<Object> streamType() {
            return Object.class;
        }

        @Override
        public Line<Object> openLine() {
            throw new UnsupportedOperationException();
        }
    }

    private static BackendProvider provider(String name, Throwable unavailable) {
        Backend<?> backend = new NamedBackend(name);
        return new BackendProvider() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Optional<Throwable> unavailabilityCause() {
                return Optional.ofNullable(unavailable);
            }

            @Override
            public Backend<?> backend() {
                ensureAvailability();
                return backend;
            }
        };
    }

    /** A loader that yields {@code providers}, throwing a configuration error where one is null. */
    private static Iterable<BackendProvider> loader(BackendProvider... providers) {
        return () -> new Iterator<>() {
            int at;

            @Override
            public boolean hasNext() {
                return at < providers.length;
            }

            @Override
            public BackendProvider next() {
                if (at >= providers.length) {
                    throw new NoSuchElementException();
                }
                BackendProvider p = providers[at++];
                if (p == null) {
                    throw new ServiceConfigurationError("io.gpuasync.spi.BackendProvider: Provider x.Broken could not be instantiated");
                }
                return p;
            }
        };
    }

    @Test
    void aBrokenProviderIsReportedAndTheOthersStillFound() {
        List<Backends.Found> found = Backends.discover(loader(provider("sim", null), null,
                provider("cuda", new UnsatisfiedLinkError("libcuda.so.1: cannot open shared object file"))));
        assertEquals(3, found.size());
        assertEquals("sim", found.get(0).name());
        assertTrue(found.get(0).usable());
        assertNull(found.get(1).provider());
        assertTrue(found.get(1).problem() instanceof ServiceConfigurationError);
        assertFalse(found.get(2).usable());
        assertTrue(found.get(2).problem().getMessage().contains("libcuda.so.1"));
    }

    @Test
    void theSimulationComesLastAndAThirdPartyDeviceBeforeIt() {
        List<Backends.Found> found = Backends.discover(loader(provider("sim", null), provider("acme", null),
                provider("cuda", new UnsatisfiedLinkError("no libcuda"))));
        assertEquals("acme", Backends.preferred(found).name());
        assertEquals("hip", Backends.preferred(Backends.discover(loader(provider("sim", null), provider("hip", null))))
                .name());
    }

    @Test
    void aBackendAskedForByNameIsFoundOrTheErrorSaysWhatWas() {
        List<Backends.Found> found = Backends.discover(loader(provider("sim", null),
                provider("cuda", new UnsatisfiedLinkError("libcuda.so.1: cannot open shared object file"))));
        assertEquals("sim", Backends.named("sim", found).name());
        GpuException missing = assertThrows(GpuException.class, () -> Backends.named("hip", found));
        assertEquals("no backend named 'hip'; found sim, cuda. Is its module on the module path?", missing.getMessage());
        GpuException unavailable = assertThrows(GpuException.class, () -> Backends.named("cuda", found));
        assertEquals(GpuException.Kind.UNAVAILABLE, unavailable.kind());
        assertTrue(unavailable.getMessage().contains("libcuda.so.1"), unavailable.getMessage());
    }

    @Test
    void noUsableBackendIsAnErrorListingEachCause() {
        GpuException e = assertThrows(GpuException.class, () -> Backends.preferred(
                Backends.discover(loader(provider("cuda", new UnsatisfiedLinkError("no libcuda"))))));
        assertTrue(e.getMessage().contains("cuda: java.lang.UnsatisfiedLinkError: no libcuda"), e.getMessage());
        GpuException none = assertThrows(GpuException.class, () -> Backends.preferred(List.of()));
        assertEquals("no usable backend: none found on the module path", none.getMessage());
        assertSame(GpuException.Kind.UNAVAILABLE, none.kind());
    }
}
