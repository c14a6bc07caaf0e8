package io.gpuasync.host.std;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** The {@code io.gpuasync.Wait} events a body's waits record, every one whatever it lasted. */
final class WaitEvents {
    /** What runs while the events are recorded. */
    interface Body {
        void run() throws Exception;
    }

    private WaitEvents() {
    }

    /** Runs {@code body} under a recording of the wait events, kept in a file in {@code dir}; returns them. */
    static List<RecordedEvent> recordedWhile(Path dir, Body body) throws Exception {
        Path file = Files.createTempFile(dir, "waits", ".jfr");
        try (Recording recording = new Recording()) {
            recording.enable(WaitEvent.NAME).withThreshold(Duration.ZERO);
            recording.start();
            body.run();
            recording.stop();
            recording.dump(file);
        }
        return RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals(WaitEvent.NAME)).toList();
    }
}
