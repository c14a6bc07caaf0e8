package io.gpuasync.backend.metal;

import io.gpuasync.backend.metal.internal.Foundation;
import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.spi.LineError;
import io.gpuasync.spi.LineException;
import io.gpuasync.spi.ffm.StatusNames;

import java.util.Map;

/**
 * The statuses of the Metal backend, in one place. Metal reports failures as an {@code NSError}
 * (whose {@code code} becomes the status: an {@code MTLLibraryError}, an {@code
 * MTLCommandBufferError}) or as a bare {@code nil}, which has no code of its own; those get the
 * codes below, far above any Metal error code.
 */
final class MetalStatus {
    static final System.Logger LOG = System.getLogger(MetalStatus.class.getName());

    /** A call that makes an object returned {@code nil} and no {@code NSError}. */
    static final int NIL_RESULT = 1_000_001;
    /** An {@code NSError} whose code is 0 (which cannot be a {@link LineError.Status}). */
    static final int ERROR_WITHOUT_CODE = 1_000_002;
    /** A store aimed at an address that is not a word of a live line of this driver. */
    static final int NOT_A_LINE_WORD = 1_000_003;

    /** The codes above by name; Metal's own codes are named by the {@code NSError} that carries them. */
    static final StatusNames NAMES = StatusNames.of(LOG, 0, Map.of(NIL_RESULT, "NIL_RESULT",
            ERROR_WITHOUT_CODE, "ERROR_WITHOUT_CODE", NOT_A_LINE_WORD, "NOT_A_LINE_WORD"), "status");

    private MetalStatus() {
    }

    /** The failure of {@code call}, which returned nil without an {@code NSError}. */
    static LineException nil(String call) {
        return new LineException(LineError.ofStatus(NIL_RESULT), call + " returned nil");
    }

    /** The failure of {@code call}, described by {@code error} (read inside the pool that holds it). */
    static LineException error(String call, long error) {
        if (error == 0) {
            return nil(call);
        }
        long code = Msg.word(error, Sel.CODE);
        int status = code == 0 ? ERROR_WITHOUT_CODE : (int) code;
        return new LineException(LineError.ofStatus(status), call + " failed: " + Foundation.describeError(error));
    }
}
