package io.gpuasync.harness;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code gar bench --jfr FILE}: a flight recording of the library's own events during the run. */
final class JfrRecording {
    /** The library's events, by their {@code @Name}. */
    static final List<String> EVENTS = List.of("io.gpuasync.Wait", "io.gpuasync.LineLeak", "io.gpuasync.DeviceFailed");

    private final Recording recording;

    private JfrRecording(Recording recording) {
        this.recording = recording;
    }

    static JfrRecording start() {
        Recording recording = new Recording();
        recording.setName("gar bench");
        for (String event : EVENTS) {
            recording.enable(event);
        }
        recording.start();
        return new JfrRecording(recording);
    }

    /** Stops, writes the recording to {@code file}, and says how many of the library's events it holds. */
    long stopAndDump(Path file) throws IOException {
        try (recording) {
            recording.stop();
            recording.dump(file);
        }
        return RecordingFile.readAllEvents(file).stream()
                .filter(e -> EVENTS.contains(e.getEventType().getName()))
                .count();
    }
}
