package io.gpuasync.host.uring;

import io.gpuasync.engine.EngineSettings;
import io.gpuasync.host.uring.internal.Ring;

import java.nio.file.Path;

/**
 * What a JVM says about the io_uring host when the kernel refuses it: run by
 * {@link UringRefusedTest} in a child JVM under a seccomp filter. One line per question, each
 * "name: answer", read back by the test. Argument: where to read {@code io_uring_disabled}.
 */
public final class RefusedChild {
    private RefusedChild() {
    }

    public static void main(String[] args) throws Exception {
        Path setting = Path.of(args[0]);
        System.out.println("probe: " + UringProbe.run("true", "Linux", setting).cause().map(Throwable::getMessage)
                .orElse("available"));
        try (Ring ring = Ring.open(4)) {
            System.out.println("ring: opened fd " + ring.fd());
        } catch (SyscallException e) {
            System.out.println("ring: " + e.getMessage() + " [errno " + e.errno() + " " + e.errnoName() + "]");
        }
        try (UringReactor host = UringReactor.start()) {
            System.out.println("start: started " + host.isClosed());
        } catch (UnsupportedOperationException e) {
            System.out.println("start: " + e.getMessage());
        }
        UringReactor.HostChoice choice = UringReactor.startOrFallBack(EngineSettings.DEFAULTS, UringReactor.Fallback.STD_HOST);
        try (choice) {
            System.out.println("fallback: " + choice.name() + " / " + choice.note());
        }
    }
}
