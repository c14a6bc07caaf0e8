package io.gpuasync.gpu;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The check's test runner over a fixture with one test of each outcome. */
class RunTestsTest {

    @Test
    void eachTestsEndIsReportedAndCounted(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("tests.txt");
        RunTests.Outcome outcome = RunTests.run(RunTests.parse(new String[] {
            "--report", report.toString(), "--class", ThreeOutcomes.class.getName()}));
        assertEquals(1, outcome.succeeded());
        assertEquals(1, outcome.failed());
        assertEquals(1, outcome.skipped());
        assertEquals(1, outcome.exitStatus(), "a failure fails the step");
        List<String> lines = Files.readAllLines(report);
        assertTrue(lines.contains("PASSED    ThreeOutcomes#passes"), lines::toString);
        assertTrue(lines.contains("FAILED    ThreeOutcomes#fails: AssertionFailedError: as it should"), lines::toString);
        assertTrue(lines.contains("SKIPPED   ThreeOutcomes#skipsItself: TestAbortedException: Assumption failed: no device here"),
                lines::toString);
        assertTrue(lines.indexOf("STARTED   ThreeOutcomes#passes") < lines.indexOf("PASSED    ThreeOutcomes#passes"));
    }

    @Test
    void anExcludedClassDoesNotRunAndAnEmptySelectionIsNotAPass(@TempDir Path dir) {
        RunTests.Outcome outcome = RunTests.run(RunTests.parse(new String[] {
            "--report", dir.resolve("r.txt").toString(), "--package", "io.gpuasync.gpu",
            "--exclude", ".*Test", "--exclude", ".*ThreeOutcomes"}));
        assertEquals(0, outcome.succeeded() + outcome.failed() + outcome.skipped());
        assertEquals(3, outcome.exitStatus(), "no test found must not read as passed");
    }

    @Test
    void badArgumentsSayWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RunTests.parse(new String[] {"--class", "X"}))
                .getMessage().contains("--report FILE is required"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RunTests.parse(new String[] {"--report", "r"}))
                .getMessage().contains("--package or --class"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RunTests.parse(new String[] {"--report"}))
                .getMessage().contains("--report needs a value"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> RunTests.parse(new String[] {"--report", "r", "--class", "X", "--config", "novalue"}))
                .getMessage().contains("KEY=VALUE"));
    }
}
