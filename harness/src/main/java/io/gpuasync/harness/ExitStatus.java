package io.gpuasync.harness;

/** gar's exit statuses, which the bench returns as the command line does. */
public final class ExitStatus {
    /** Everything went as asked. */
    public static final int OK = 0;
    /** The run itself failed: a device or driver error, a file that could not be written. */
    public static final int FAILED = 1;
    /** Wrong usage, found before any work: a command, option, value, path or backend name. */
    public static final int USAGE = 2;
    /** The backend exists but cannot do what was asked here: unavailable, or no bench workload. */
    public static final int CANNOT = 3;

    private ExitStatus() {
    }
}
