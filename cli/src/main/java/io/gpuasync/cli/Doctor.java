package io.gpuasync.cli;

import io.gpuasync.harness.Machine;
import io.gpuasync.host.std.TimerSlack;
import io.gpuasync.host.uring.Uring;
import io.gpuasync.spi.Backends;

import java.io.PrintStream;
import java.util.List;

/** {@code gar doctor}: what is here, and why what is not usable is not. */
final class Doctor {
    private Doctor() {
    }

    static int run(PrintStream out, List<Backends.Found> found) {
        out.println("gar doctor");
        out.println("  java      " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ")");
        out.println("  machine   " + Machine.describe());
        out.println("  timer slack " + TimerSlack.unavailabilityCause()
                .map(t -> "cannot be set: " + t.getMessage())
                .orElseGet(() -> "can be set per thread (this thread: " + TimerSlack.currentNanos() + " ns)"));
        out.println("  hosts");
        out.println("    std      available (dispatcher thread)");
        out.println("    uring    " + Uring.unavailabilityCause()
                .map(t -> "UNAVAILABLE: " + t.getMessage())
                .orElseGet(() -> "available (io_uring features 0x" + Integer.toHexString(Uring.probe().features())
                        + ", " + String.join(", ", Uring.probe().opcodes()) + ")"));
        out.println("    netty    " + NettyTransport.describe());
        out.println("  backends  " + (found.isEmpty() ? "none found on the module path" : found.size() + " found"));
        int usable = 0;
        for (Backends.Found f : found) {
            if (f.usable()) {
                usable++;
                out.printf("    %-8s available%n", f.name());
            } else {
                out.printf("    %-8s UNAVAILABLE: %s%n", f.name(), why(f.problem()));
            }
            for (String device : f.provider() == null ? java.util.List.<String>of() : f.provider().describeDevices()) {
                out.printf("             %s%n", device);
            }
        }
        if (usable == 0) {
            out.println("  no usable backend: nothing can be awaited here");
            return 1;
        }
        return 0;
    }

    // The cause's own words ("cuInit(0) returned 100 (CUDA_ERROR_NO_DEVICE)"), not its class:
    // the backends word their causes for users. One with no message is named by its class.
    private static String why(Throwable problem) {
        if (problem == null) {
            return "no provider could be made";
        }
        return problem.getMessage() != null && !problem.getMessage().isBlank() ? problem.getMessage() : problem.toString();
    }
}
