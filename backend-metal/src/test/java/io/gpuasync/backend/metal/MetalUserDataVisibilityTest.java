package io.gpuasync.backend.metal;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.gpuasync.api.Line;
import io.gpuasync.api.Ticket;
import io.gpuasync.backend.metal.fake.FakeMetal;
import io.gpuasync.backend.metal.internal.MTLSize;
import io.gpuasync.backend.metal.internal.Msg;
import io.gpuasync.backend.metal.internal.ObjC;
import io.gpuasync.backend.metal.internal.Pool;
import io.gpuasync.backend.metal.internal.Sel;
import io.gpuasync.core.Slot;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a user of a line relies on and no Apple page promises: once a ticket is done, what the
 * work queued before its signal wrote into a shared buffer is there for the CPU to read. The
 * user's work here is a kernel writing a pattern into 512 words of a shared buffer; each round
 * queues it, signals the line behind it, awaits the ticket and reads the whole pattern back.
 * Against the fake in its strictest modes (command buffers out of order, every store visible
 * only at its command buffer's completion); on a Mac against Apple's Metal (mac/check.sh names
 * this class: the check to run first there).
 */
class MetalUserDataVisibilityTest {
    private static final int ROUNDS = 200;
    private static final int WORDS = 512;
    private static final long LANDS_WITHIN_NANOS = Duration.ofSeconds(20).toNanos();
    static final String FILL = """
            #include <metal_stdlib>
            using namespace metal;

            // The user's work: a pattern in 512 words, from one thread.
            kernel void gar_fill(device ulong *out [[buffer(0)]], constant ulong &value [[buffer(1)]]) {
                for (uint i = 0; i < 512; i++) {
                    out[i] = value + i;
                }
            }
            """;

    @Test
    void theUsersResultsAreThereOnceTheTicketIsDone() throws Exception {
        if (FakeMetal.isLoaded()) {
            FakeMetal.METAL.fakeMetalSetMode(FakeMetal.OUT_OF_ORDER | FakeMetal.VISIBLE_AT_COMPLETION_ONLY);
        }
        MetalBackend metal = MetalBackend.load();
        MetalQueue queue = metal.createQueue();
        long device = Msg.word(queue.handle(), Sel.DEVICE);
        long fill = MetalKernels.pipeline(device, FILL, "gar_fill");
        long buffer = Msg.word(device, Sel.NEW_BUFFER_WITH_LENGTH_OPTIONS, 8L * WORDS, MetalKernels.STORAGE_MODE_SHARED);
        Pointer data = new Pointer(Msg.word(buffer, Sel.CONTENTS));
        MTLSize.ByValue one = MTLSize.one();
        try (Line<MetalQueue> line = metal.openLine(); Memory value = new Memory(Long.BYTES)) {
            for (int round = 1; round <= ROUNDS; round++) {
                long pattern = round * 1_000_000L;
                value.setLong(0, pattern);
                try (Pool pool = Pool.push()) {
                    long commands = Msg.word(queue.handle(), Sel.COMMAND_BUFFER);
                    long encoder = Msg.word(commands, Sel.COMPUTE_COMMAND_ENCODER);
                    Msg.send(encoder, Sel.SET_COMPUTE_PIPELINE_STATE, fill);
                    Msg.send(encoder, Sel.SET_BUFFER_OFFSET_AT_INDEX, buffer, 0, 0);
                    Msg.send(encoder, Sel.SET_BYTES_LENGTH_AT_INDEX, Pointer.nativeValue(value), Long.BYTES, 1);
                    Msg.send(encoder, Sel.DISPATCH_THREADGROUPS_THREADS_PER_THREADGROUP, one, one);
                    Msg.send(encoder, Sel.END_ENCODING);
                    Msg.send(commands, Sel.COMMIT);
                }
                Ticket ticket = line.signal(queue, Slot.S0);
                long deadline = System.nanoTime() + LANDS_WITHIN_NANOS;
                while (!ticket.isDone()) {
                    assertTrue(System.nanoTime() - deadline < 0, ticket + " did not land within 20 s");
                    Thread.onSpinWait();
                }
                long[] seen = data.getLongArray(0, WORDS);
                for (int i = 0; i < WORDS; i++) {
                    if (seen[i] != pattern + i) {
                        assertEquals(pattern + i, seen[i], "round " + round + ", word " + i
                                + ": the ticket was done before the work queued ahead of its signal was visible");
                    }
                }
            }
        } finally {
            ObjC.objc_release(buffer);
            ObjC.objc_release(fill);
            metal.destroyQueue(queue);
            if (FakeMetal.isLoaded()) {
                FakeMetal.METAL.fakeMetalSetMode(0);
            }
        }
    }
}
