package io.gpuasync.backend.hip;

import io.gpuasync.backend.hip.internal.Hip;
import io.gpuasync.spi.LineDriver;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The HIP driver table of a mapped line. The domain is the calling thread's current device
 * ({@code hipGetDevice}), with a reference to its primary context taken for the line's life
 * ({@code hipDevicePrimaryCtxRetain} / {@code Release}, deprecated). Unlike CUDA's, HIP's primary
 * context is never torn down by a release (its header says so): the reference keeps the rule's
 * shape, but what could still free the page under a line in HIP is another owner calling
 * {@code hipDeviceReset}, which nothing here prevents. With no device at all,
 * {@code hipGetDevice} fails and the line reports no domain, with HIP's status and name.
 *
 * <p>Calls that act on a device make the line's device current for the call and restore the
 * caller's ({@code hipGetDevice} / {@code hipSetDevice}), so a line closes from any thread.
 */
final class HipDriver implements LineDriver<HipStream, HipDevice> {

    @Override
    public HipDevice retainCurrent() throws LineException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment device = arena.allocate(Hip.C_INT);
            int status = Hip.hipGetDevice(device);
            if (status == Hip.HIP_ERROR_NO_DEVICE || status == Hip.HIP_ERROR_INVALID_DEVICE) {
                throw new LineException(LineError.NO_DOMAIN, HipStatus.describe("hipGetDevice", status));
            }
            HipStatus.check(status, "hipGetDevice");
            int ordinal = device.get(ValueLayout.JAVA_INT, 0);
            MemorySegment context = arena.allocate(Hip.C_POINTER);
            HipStatus.check(Hip.hipDevicePrimaryCtxRetain(context, ordinal), "hipDevicePrimaryCtxRetain(" + ordinal + ")");
            return new HipDevice(ordinal, context.get(ValueLayout.ADDRESS, 0).address());
        }
    }

    @Override
    public void release(HipDevice device) {
        int status = Hip.hipDevicePrimaryCtxRelease(device.ordinal());
        if (status != Hip.HIP_SUCCESS) {
            HipStatus.log("hipDevicePrimaryCtxRelease(" + device.ordinal() + ")", status);
        }
    }

    @Override
    public MemorySegment allocHost(HipDevice device, long bytes) throws LineException {
        try (Arena arena = Arena.ofConfined(); OnDevice on = OnDevice.make(device)) {
            MemorySegment pointer = arena.allocate(Hip.C_POINTER);
            HipStatus.check(Hip.hipHostMalloc(pointer, bytes,
                    Hip.HIP_HOST_MALLOC_PORTABLE | Hip.HIP_HOST_MALLOC_MAPPED | Hip.HIP_HOST_MALLOC_COHERENT),
                    "hipHostMalloc(" + bytes + " bytes, Portable | Mapped | Coherent)");
            return pointer.get(ValueLayout.ADDRESS, 0);
        }
    }

    @Override
    public long deviceAddress(HipDevice device, MemorySegment host) throws LineException {
        try (Arena arena = Arena.ofConfined(); OnDevice on = OnDevice.make(device)) {
            MemorySegment pointer = arena.allocate(Hip.C_POINTER);
            HipStatus.check(Hip.hipHostGetDevicePointer(pointer, host, 0), "hipHostGetDevicePointer");
            return pointer.get(ValueLayout.ADDRESS, 0).address();
        }
    }

    @Override
    public void freeHost(HipDevice device, MemorySegment host) {
        try (OnDevice on = OnDevice.make(device)) {
            int status = Hip.hipHostFree(host);
            if (status != Hip.HIP_SUCCESS) {
                HipStatus.log("hipHostFree(0x" + Long.toHexString(host.address()) + ")", status);
            }
        } catch (LineException e) {
            HipStatus.log("hipSetDevice before hipHostFree", e.error().status());
        }
    }

    /**
     * By the device the stream was created on: HIP 5.2 has no call that tells. The null and
     * per-thread default streams (handles 0 and 2) queue on the calling thread's current device,
     * so for those that device must be the line's too.
     */
    @Override
    public boolean streamIn(HipStream stream, HipDevice device) throws LineException {
        if (stream.handle() == 0 || stream.handle() == 2) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment current = arena.allocate(Hip.C_INT);
                HipStatus.check(Hip.hipGetDevice(current), "hipGetDevice");
                return current.get(ValueLayout.JAVA_INT, 0) == device.ordinal();
            }
        }
        return stream.device() == device.ordinal();
    }

    @Override
    public void writeValue(HipStream stream, long address, long value) throws LineException {
        int status = Hip.hipStreamWriteValue64(stream.segment(), MemorySegment.ofAddress(address), value, 0);
        if (status != Hip.HIP_SUCCESS) {
            throw HipStatus.failure(status, "hipStreamWriteValue64(" + stream + ", 0x" + Long.toHexString(address) + ")");
        }
    }

    @Override
    public boolean settle(HipDevice device, java.util.List<HipStream> streams, long deadlineNanos) {
        try (OnDevice on = OnDevice.make(device)) {
            int status = Hip.hipDeviceSynchronize();
            if (status != Hip.HIP_SUCCESS) {
                HipStatus.log("hipDeviceSynchronize while closing a line", status);
                return false;
            }
            return true;
        } catch (LineException e) {
            return false;
        }
    }

    @Override
    public void checkHealth(HipDevice device) throws LineException {
        try (OnDevice on = OnDevice.make(device)) {
            int status = Hip.hipStreamQuery(MemorySegment.NULL);
            if (status != Hip.HIP_SUCCESS && status != Hip.HIP_ERROR_NOT_READY) {
                throw HipStatus.failure(status, "hipStreamQuery");
            }
        }
    }

    /**
     * Queues on {@code stream} a device-side wait until the word at {@code address} reaches
     * {@code value}: HIP's GTE compares plainly, not cyclically, which is the same until a line
     * has taken 2^63 signals.
     */
    @Override
    public void waitValue(HipStream stream, long address, long value) throws LineException {
        HipStatus.check(Hip.hipStreamWaitValue64(stream.segment(), MemorySegment.ofAddress(address), value,
                Hip.HIP_STREAM_WAIT_VALUE_GTE, -1L), "hipStreamWaitValue64");
    }

    @Override
    public String name() {
        return "hip";
    }

    /** The line's device made current for a call, the caller's restored after. */
    private static final class OnDevice implements AutoCloseable {
        private final int previous;

        private OnDevice(int previous) {
            this.previous = previous;
        }

        static OnDevice make(HipDevice device) throws LineException {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment current = arena.allocate(Hip.C_INT);
                HipStatus.check(Hip.hipGetDevice(current), "hipGetDevice");
                int previous = current.get(ValueLayout.JAVA_INT, 0);
                if (previous != device.ordinal()) {
                    HipStatus.check(Hip.hipSetDevice(device.ordinal()), "hipSetDevice(" + device.ordinal() + ")");
                }
                return new OnDevice(previous);
            }
        }

        @Override
        public void close() {
            int status = Hip.hipSetDevice(previous);
            if (status != Hip.HIP_SUCCESS) {
                HipStatus.log("hipSetDevice(" + previous + ") restoring the caller's device", status);
            }
        }
    }
}
