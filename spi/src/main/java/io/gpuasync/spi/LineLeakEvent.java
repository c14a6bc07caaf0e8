package io.gpuasync.spi;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A line's page and domain reference kept rather than freed, for the JDK Flight Recorder; sent
 * beside the line's {@link LeakReporter}, whichever that is.
 */
@Name(LineLeakEvent.NAME)
@Label("GPU Line Leak")
@Category({"GPU Async Reactor"})
@Description("A line's device-mapped page was kept, not freed: closing could not settle, or the line was never closed")
public final class LineLeakEvent extends Event {
    /** The event's name, to enable it in a recording. */
    public static final String NAME = "io.gpuasync.LineLeak";

    @Label("Reason")
    String reason;

    @Label("Line")
    String line;

    @Label("Host Address")
    long hostAddress;

    @Label("Bytes")
    @DataAmount
    long bytes;

    private LineLeakEvent() {
    }

    /**
     * Records a kept page, if a recording enables the event. Public so that the line's rules can
     * be proven against copies of {@link MappedLine} compiled into other packages.
     */
    public static void emit(LeakReporter.Reason reason, String line, long hostAddress, long bytes) {
        LineLeakEvent event = new LineLeakEvent();
        if (event.shouldCommit()) {
            event.reason = reason.name();
            event.line = line;
            event.hostAddress = hostAddress;
            event.bytes = bytes;
            event.commit();
        }
    }
}
