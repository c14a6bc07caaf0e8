package io.gpuasync.spi.ffm;

import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * A vendor's names for its statuses, and the messages every backend builds from them, in one
 * place: {@code "cuMemHostRegister(...) returned 2 (CUDA_ERROR_OUT_OF_MEMORY)"}. A backend
 * supplies only its table: a map from code to the header's name (Vulkan's {@code VkResult}s), or
 * the library's own function ({@code cuGetErrorName}, {@code hipGetErrorName}); a code the table
 * does not name reads {@code "<unnamed> N"}.
 */
public final class StatusNames {
    private final System.Logger log;
    private final int success;
    private final IntFunction<String> names;
    private final String unnamed;

    /**
     * @param log      where failures nobody can be told of are logged ({@link #log}, {@link #warn})
     * @param success  the one status that is not a failure ({@code CUDA_SUCCESS}, {@code VK_SUCCESS})
     * @param names    the vendor's name of a status, or null where it has none
     * @param unnamed  what a status without a name is called, before its number ({@code "status"}, {@code "VkResult"})
     */
    public StatusNames(System.Logger log, int success, IntFunction<String> names, String unnamed) {
        this.log = Objects.requireNonNull(log, "log");
        this.success = success;
        this.names = Objects.requireNonNull(names, "names");
        this.unnamed = Objects.requireNonNull(unnamed, "unnamed");
    }

    /** The names of a header's table, by value. */
    public static StatusNames of(System.Logger log, int success, Map<Integer, String> table, String unnamed) {
        Map<Integer, String> copy = Map.copyOf(table);
        return new StatusNames(log, success, copy::get, unnamed);
    }

    /** The vendor's name of {@code status}, or {@code "<unnamed> N"}. */
    public String name(int status) {
        String name = names.apply(status);
        return name != null ? name : unnamed + " " + status;
    }

    /** {@code "call returned N (NAME)"}. */
    public String describe(String call, int status) {
        return call + " returned " + status + " (" + name(status) + ")";
    }

    /** Returns if {@code status} is the success status; else throws its {@link #failure}. */
    public void check(int status, String call) throws LineException {
        if (status != success) {
            throw failure(status, call);
        }
    }

    /** The failure of {@code call}, which returned {@code status}. */
    public LineException failure(int status, String call) {
        return new LineException(LineError.ofStatus(status), describe(call, status));
    }

    /** For failures of calls that cannot report them (a free, a release, a destroy). */
    public void log(String call, int status) {
        log.log(System.Logger.Level.WARNING, describe(call, status));
    }

    /** For what went wrong where there is no status to name. */
    public void warn(String message) {
        log.log(System.Logger.Level.WARNING, message);
    }
}
