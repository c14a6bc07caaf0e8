package io.gpuasync.host.std;

import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.sim.SimBackend;
import io.gpuasync.backend.sim.SimStream;
import io.gpuasync.core.Slot;
import io.gpuasync.spi.Backends;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The examples the docs show, compiled here and run: the README's "Using it" and {@link Reactor}'s
 * class Javadoc. Each is quoted between two marker comments below, and a test compares the quote
 * with what the document shows, line by line (indentation and runs of spaces aside), so a
 * document that shows code this file does not compile fails the build.
 */
class DocumentedExamplesTest {
    private static final Path MODULE = Path.of(System.getProperty("user.dir"));
    private static final Path ROOT = MODULE.getParent();
    private static final String SELF = "src/test/java/io/gpuasync/host/std/DocumentedExamplesTest.java";

    // ---------------------------------------------------------------- the examples

    @Test
    void theReadmesFirstExampleRunsAndGivesEverythingBack() {
        // begin: README.md, Using it
        SimBackend sim = SimBackend.create(1);                       // or Backends.named("cuda"), ...
        try (Reactor reactor = Reactor.start();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {                // holds its own reference to the device
            stream.busy(Duration.ofNanos(200_000));                  // the device's work
            Ticket ticket = line.signal(stream, Slot.S0);            // a store of the next sequence behind it
            reactor.await(ticket);                                   // sleeps, spins over the likely landing, then the driver's wait
            reactor.whenLanded(line.signal(stream, Slot.S1))         // or a CompletableFuture
                   .thenRun(() -> System.out.println("landed"));

            try (FillExecutor<SimStream> fill = new FillExecutor<>(reactor, line, stream, Slot.S2, 3)) {
                fill.submit(s -> { s.busy(Duration.ofNanos(500_000)); return () -> "batch done"; });
            }
        }
        // end: README.md, Using it
        // Closing the line settled the device and freed its page, then let the device go.
        assertEquals(0, sim.device(0).liveAllocations(), "the line's page is freed");
        assertEquals(0, sim.device(0).retains(), "the line's reference to the device is given back");
    }

    @Test
    void reactorsJavadocExampleRuns() {
        // begin: Reactor's Javadoc
        SimBackend sim = (SimBackend) Backends.named("sim");           // backend discovery is the spi's
        try (Reactor reactor = Reactor.start();
             SimStream stream = sim.device(0).createStream();
             Line<SimStream> line = sim.openLine()) {
            stream.busy(Duration.ofNanos(200_000));                    // the device's work
            reactor.await(line.signal(stream, Slot.S0));               // blocks, mostly asleep
            boolean landed = reactor.tryAwait(line.signal(stream, Slot.S0),
                    Reactor.DEFAULT_PLAN.withTimeout(Duration.ofSeconds(5))); // false if the plan gave up
            reactor.whenLanded(line.signal(stream, Slot.S0))            // or a future, completed on the dispatcher
                   .thenRun(() -> System.out.println("landed"));
        }
        // end: Reactor's Javadoc
    }

    // ---------------------------------------------------------------- the documents quote them

    @Test
    void theReadmeShowsTheCompiledExample() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        String marker = "<!-- using-it: compiled and run by host-std/" + SELF + " -->";
        int at = readme.indexOf(marker);
        assertTrue(at >= 0, "the README marks its first example with " + marker);
        int open = readme.indexOf("```java\n", at) + "```java\n".length();
        int close = readme.indexOf("\n```", open);
        assertEquals(quoted("README.md, Using it"), normalized(readme.substring(open, close).lines().toList()),
                "the README's \"Using it\" is the example compiled in " + SELF);
    }

    @Test
    void reactorsJavadocShowsTheCompiledExample() throws IOException {
        String source = Files.readString(MODULE.resolve("src/main/java/io/gpuasync/host/std/Reactor.java"));
        int open = source.indexOf(" * <pre>{@code\n");
        assertTrue(open >= 0, "Reactor's class Javadoc has its example");
        open += " * <pre>{@code\n".length();
        int close = source.indexOf(" * }</pre>", open);
        List<String> javadoc = source.substring(open, close).lines().map(l -> l.replaceFirst("^\\s*\\* ?", "")).toList();
        assertEquals(quoted("Reactor's Javadoc"), normalized(javadoc),
                "Reactor's Javadoc example is the one compiled in " + SELF);
    }

    /** The lines of this file between "begin: NAME" and "end: NAME". */
    private static List<String> quoted(String name) throws IOException {
        List<String> self = Files.readAllLines(MODULE.resolve(SELF));
        int begin = self.indexOf("        // begin: " + name);
        int end = self.indexOf("        // end: " + name);
        assertTrue(begin >= 0 && end > begin, "this file quotes " + name);
        return normalized(self.subList(begin + 1, end));
    }

    // Indentation and runs of spaces (a comment's alignment) differ between a document and the code.
    private static List<String> normalized(List<String> lines) {
        return lines.stream().map(l -> l.strip().replaceAll("\\s+", " ")).filter(l -> !l.isEmpty()).toList();
    }
}
