package io.gpuasync.harness;

/** A mistake in gar's command line, found before any work, reported with the command it concerns. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String command;

    /** A mistake in {@code command}'s arguments ({@code "gar"} for gar's own). */
    public UsageException(String command, String message) {
        super((command.equals("gar") ? "gar: " : "gar " + command + ": ") + message);
        this.command = command;
    }

    /** The command whose arguments were wrong, {@code "gar"} for gar's own. */
    public String command() {
        return command;
    }
}
