package io.gpuasync.engine;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A device found dead by a wait's health check or the watchdog: its waits fail with its status. */
@Name(DeviceFailedEvent.NAME)
@Label("GPU Device Failed")
@Category({"GPU Async Reactor"})
@Description("A line's device was found failed; its pending waits fail with DEVICE_FAILED")
public final class DeviceFailedEvent extends Event {
    /** The event's name, to enable it in a recording. */
    public static final String NAME = "io.gpuasync.DeviceFailed";

    @Label("Line")
    String line;

    @Label("Vendor Status")
    int status;

    @Label("Message")
    String message;

    @Label("Found By")
    @Description("WAITER (a blocking wait's health check) or WATCHDOG (the wait engine's)")
    String foundBy;

    /** Records that {@code failure} was found on {@code line} by {@code foundBy} (WAITER or WATCHDOG), if enabled. */
    public static void emit(Object line, io.gpuasync.api.GpuException failure, String foundBy) {
        DeviceFailedEvent event = new DeviceFailedEvent();
        if (event.shouldCommit()) {
            event.line = String.valueOf(line);
            event.status = failure.status();
            event.message = failure.getMessage();
            event.foundBy = foundBy;
            event.commit();
        }
    }
}
