package io.gpuasync.backend.hip;

import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.spi.EventStoreWaits;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The HIP events behind a line's stores ({@link EventStoreWaits}): made with
 * {@code hipEventBlockingSync | hipEventDisableTiming}, so that {@code hipEventSynchronize}
 * blocks its thread "until the event completes" instead of spinning (hip_runtime_api.h), and
 * records no time. Creating and destroying run with the line's device current, the caller's
 * restored after; a syncer makes the device current for its life ({@code hipSetDevice}).
 */
final class HipStoreEvents implements EventStoreWaits.Events<HipStream, HipDevice> {
    // Output arguments, one per thread (the signalling threads'): freed with the thread.
    private static final ThreadLocal<MemorySegment> OUT = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(Hip.C_POINTER));

    @Override
    public long create(HipDevice device) throws LineException {
        try (HipDriver.OnDevice on = HipDriver.OnDevice.make(device)) {
            HipStatus.NAMES.check(Hip.hipEventCreateWithFlags(OUT.get(), Hip.HIP_EVENT_BLOCKING_SYNC | Hip.HIP_EVENT_DISABLE_TIMING),
                    "hipEventCreateWithFlags(BlockingSync | DisableTiming) for a store wait");
            return OUT.get().get(ValueLayout.JAVA_LONG, 0);
        }
    }

    /**
     * Refuses a stream that is capturing a graph, as the store itself is refused: an event
     * recorded there joins the graph and reads as done (clr, {@code hipEventRecord},
     * {@code hip::Event::query}), which would mark the store landed before it did. The stream
     * was checked to be the line's when the store was queued ({@link HipDriver#streamIn}).
     */
    @Override
    public void record(HipDevice device, long event, HipStream stream) throws LineException {
        HipDriver.refuseIfCapturing(stream, "an event behind a store");
        HipStatus.NAMES.check(Hip.hipEventRecord(MemorySegment.ofAddress(event), stream.segment()),
                "hipEventRecord behind a store on " + stream);
    }

    @Override
    public void enter(HipDevice device) throws LineException {
        HipStatus.NAMES.check(Hip.hipSetDevice(device.ordinal()), "hipSetDevice(" + device.ordinal() + ") on a store-wait syncer");
    }

    @Override
    public void leave(HipDevice device) {
    }

    @Override
    public int synchronize(long event) {
        return Hip.hipEventSynchronize(MemorySegment.ofAddress(event));
    }

    @Override
    public void destroy(HipDevice device, long event) {
        int status;
        try (HipDriver.OnDevice on = HipDriver.OnDevice.make(device)) {
            status = Hip.hipEventDestroy(MemorySegment.ofAddress(event));
        } catch (LineException e) {
            status = e.error().status();
        }
        if (status != Hip.HIP_SUCCESS) {
            HipStatus.NAMES.log("hipEventDestroy of a store-wait event", status);
        }
    }

    @Override
    public LineException failure(int status, String call) {
        return HipStatus.NAMES.failure(status, call);
    }
}
