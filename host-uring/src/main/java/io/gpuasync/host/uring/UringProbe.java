package io.gpuasync.host.uring;

import io.gpuasync.host.uring.internal.Ring;
import io.gpuasync.host.uring.internal.RingSleeper;
import io.gpuasync.host.uring.internal.UringAbi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the kernel offers io_uring, found by asking it: the {@code io_uring_disabled} setting, a
 * real {@code io_uring_setup}, the features it reports, the opcodes {@code IORING_REGISTER_PROBE}
 * lists, and whether it knows {@code IORING_TIMEOUT_UPDATE} (a move of a timeout that does not
 * exist answers {@code -ENOENT} on a kernel that knows it, {@code -EINVAL} on one that does not).
 *
 * @param cause     why the host cannot run here, or empty when it can
 * @param features  {@code io_uring_params.features}, 0 when no ring was set up
 * @param opcodes   the supported opcodes' names among those the host needs, as found
 */
public record UringProbe(Optional<Throwable> cause, int features, List<String> opcodes) {
    /** The system property that turns the io_uring host off ({@code -Dgar.uring.enabled=false}), as Netty's {@code io.netty.transport.noNative}. */
    public static final String ENABLED_PROPERTY = "gar.uring.enabled";
    /** Linux 6.6+: 0 allows io_uring, 1 allows it only to {@code kernel.io_uring_group} (and CAP_SYS_ADMIN), 2 forbids it. */
    public static final Path DISABLED_SETTING = Path.of("/proc/sys/kernel/io_uring_disabled");

    private static final String[] NEEDED = {"IORING_OP_NOP", "IORING_OP_TIMEOUT", "IORING_OP_TIMEOUT_REMOVE", "IORING_OP_READ"};
    private static final int[] NEEDED_CODES = {UringAbi.IORING_OP_NOP, UringAbi.IORING_OP_TIMEOUT,
            UringAbi.IORING_OP_TIMEOUT_REMOVE, UringAbi.IORING_OP_READ};

    public UringProbe {
        opcodes = List.copyOf(opcodes);
    }

    public boolean isAvailable() {
        return cause.isEmpty();
    }

    /** Probes this machine as the host would run on it: {@link #ENABLED_PROPERTY} and {@link #DISABLED_SETTING}. */
    public static UringProbe run() {
        return run(System.getProperty(ENABLED_PROPERTY, "true"), System.getProperty("os.name", ""), DISABLED_SETTING);
    }

    /**
     * Probes with the given inputs, so that each reason for refusal can be shown on any machine.
     *
     * @param enabled         the value of {@link #ENABLED_PROPERTY} ("false" turns the host off)
     * @param osName          {@code os.name}
     * @param disabledSetting where to read {@code io_uring_disabled} (absent before Linux 6.6)
     */
    public static UringProbe run(String enabled, String osName, Path disabledSetting) {
        if ("false".equalsIgnoreCase(enabled.trim())) {
            return refused(new UnsupportedOperationException("the io_uring host is turned off by -D"
                    + ENABLED_PROPERTY + "=" + enabled));
        }
        if (!osName.toLowerCase(Locale.ROOT).contains("linux")) {
            return refused(new UnsupportedOperationException("io_uring is a Linux interface; this is " + osName));
        }
        String setting;
        try {
            setting = Files.readString(disabledSetting).trim();
        } catch (NoSuchFileException e) {
            setting = "0";     // before Linux 6.6 there is no switch: setup itself answers
        } catch (IOException e) {
            return refused(new UnsupportedOperationException("cannot read " + disabledSetting + ": " + e, e));
        }
        if (setting.equals("2")) {
            return refused(new UnsupportedOperationException("io_uring is disabled for every process: "
                    + disabledSetting + " = 2"));
        }
        try (RingSleeper sleeper = RingSleeper.open(4)) {
            Ring ring = sleeper.ring();
            boolean[] supported = ring.probeOpcodes();
            List<String> found = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < NEEDED.length; i++) {
                (supported[NEEDED_CODES[i]] ? found : missing).add(NEEDED[i]);
            }
            Optional<Throwable> cause = missingOpcodes(missing);
            if (cause.isEmpty()) {
                cause = timeoutUpdateSupport(ring);
            }
            return new UringProbe(cause, ring.features(), found);
        } catch (SyscallException e) {
            String hint = switch (e.errnoName()) {
                case "EPERM" -> setting.equals("1")
                        ? " (" + disabledSetting + " = 1: only members of kernel.io_uring_group may use io_uring)"
                        : " (a seccomp filter, such as a container runtime's default profile, may refuse io_uring)";
                case "ENOSYS" -> " (the kernel has no io_uring: built without CONFIG_IO_URING, or older than 5.1)";
                case "ENOMEM" -> " (the rings could not be allocated or locked: RLIMIT_MEMLOCK on kernels before 5.12)";
                default -> "";
            };
            return refused(new UnsupportedOperationException("io_uring unavailable: " + e.getMessage() + hint, e));
        } catch (RuntimeException | LinkageError e) {
            return refused(new UnsupportedOperationException("io_uring unavailable: " + e, e));
        }
    }

    /** The refusal for a kernel whose probe lacks some of the opcodes the host submits, or empty. */
    static Optional<Throwable> missingOpcodes(List<String> missing) {
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new UnsupportedOperationException("the kernel's io_uring lacks " + String.join(", ", missing)
                + " (IORING_REGISTER_PROBE); the host needs " + String.join(", ", NEEDED)));
    }

    private static Optional<Throwable> timeoutUpdateSupport(Ring ring) {
        long probeData = 0x7072_6f62_6500L;     // "probe": no such timeout exists on this new ring
        ring.prepareTimeoutUpdate(probeData + 1, 0, probeData);
        ring.enter(1, 0);
        int[] result = {Integer.MIN_VALUE};
        ring.reap((userData, res, flags) -> {
            if (userData == probeData) {
                result[0] = res;
            }
        });
        if (result[0] == -UringAbi.ENOENT) {
            return Optional.empty();
        }
        return Optional.of(new UnsupportedOperationException("the kernel's io_uring cannot move a timeout: "
                + "IORING_OP_TIMEOUT_REMOVE with IORING_TIMEOUT_UPDATE answered "
                + (result[0] == Integer.MIN_VALUE ? "nothing" : String.valueOf(result[0]))
                + " where a kernel from 5.11 on answers -ENOENT"));
    }

    private static UringProbe refused(Throwable cause) {
        return new UringProbe(Optional.of(cause), 0, List.of());
    }
}
