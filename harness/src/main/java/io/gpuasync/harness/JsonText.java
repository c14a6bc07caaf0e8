package io.gpuasync.harness;

import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/** The bench's JSON, written and read by jackson-jr: trees of maps, lists, strings and numbers. */
final class JsonText {
    private static final JSON PRETTY = JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT);

    private JsonText() {
    }

    /** {@code tree} as indented JSON text, ending with a newline. */
    static String write(Object tree) {
        try {
            return PRETTY.asString(tree) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException("the bench's figures could not be written as JSON: " + e.getMessage(), e);
        }
    }

    /** The object {@code text} holds. */
    static Map<String, Object> read(String text) throws IOException {
        return JSON.std.mapFrom(text);
    }

    /** {@code value} to {@code decimals} places, so that a file does not carry noise digits. */
    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
